// What an evaluator says of a position: a prior over its legal actions and
// win/draw/loss probabilities for the side to move. Shared by the network layer
// and the search, for any game.
#pragma once

#include <array>
#include <utility>
#include <vector>

namespace kishi {

template <class Action>
struct EvaluationOf {
  // Prior probability of each legal action (summing to 1; empty when there is none).
  std::vector<std::pair<Action, float>> policy;
  // Win, draw, loss probabilities for the side to move.
  std::array<float, 3> wdl = {0, 1, 0};
  float value() const { return wdl[0] - wdl[2]; }  // expected score in [-1, 1]
};

}  // namespace kishi
