// The batched-evaluation interface: all the search knows of a network.
#pragma once

#include <array>
#include <span>
#include <utility>
#include <vector>

#include "engine/shogi/position.h"

namespace kishi::nn {

struct Evaluation {
  // Prior probability of each legal move (summing to 1; empty when there is none).
  std::vector<std::pair<shogi::Move, float>> policy;
  // Win, draw, loss probabilities for the side to move.
  std::array<float, 3> wdl = {0, 1, 0};
  float value() const { return wdl[0] - wdl[2]; }  // expected score in [-1, 1]
};

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // Evaluates positions[i] into results[i]; the spans have the same size.
  virtual void evaluate(std::span<const shogi::Position* const> positions,
                        std::span<Evaluation> results) = 0;
};

}  // namespace kishi::nn
