// The batched-evaluation interface: all the search knows of a network.
#pragma once

#include <span>

#include "engine/common/evaluation.h"
#include "engine/shogi/position.h"

namespace kishi::nn {

using Evaluation = EvaluationOf<shogi::Move>;

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // Evaluates positions[i] into results[i]; the spans have the same size.
  virtual void evaluate(std::span<const shogi::Position* const> positions,
                        std::span<Evaluation> results) = 0;
};

}  // namespace kishi::nn
