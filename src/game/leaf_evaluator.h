// How the search meets an evaluator: one call per leaf, blocking. The network
// implementation batches the calls of many threads (nn/batcher.h); the search
// never sees batches, tensors or devices.
#pragma once

#include "game/evaluation.h"

namespace kishi::game {

template <class G>
class LeafEvaluator {
 public:
  using Evaluation = EvaluationOf<typename G::Action>;
  virtual ~LeafEvaluator() = default;
  // Fills `out` for state s, whose legal actions `legal` are not empty. The
  // policy lists every legal action once, in any order.
  virtual void evaluate(const typename G::State& s, const typename G::ActionList& legal,
                        Evaluation& out) = 0;
};

}  // namespace kishi::game
