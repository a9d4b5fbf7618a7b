// What an evaluator says of a position: a prior over its legal actions and
// win/draw/loss probabilities for the side to move. Shared by the network layer
// and the search, for any game.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
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

// Centipawns for a value in [-1, 1] (side to move): 600 * ln(w / (1 - w)) for
// the expected score w = (v + 1) / 2, the customary scale of shogi engines.
inline int value_to_cp(float value) {
  const double w = std::clamp((double(value) + 1) / 2, 1e-7, 1 - 1e-7);
  return int(std::lround(std::clamp(600 * std::log(w / (1 - w)), -30000.0, 30000.0)));
}

// The expected score w in [0, 1] of `cp` centipawns: value_to_cp's inverse.
inline double cp_to_win_rate(int cp) { return 1 / (1 + std::exp(-cp / 600.0)); }

}  // namespace kishi
