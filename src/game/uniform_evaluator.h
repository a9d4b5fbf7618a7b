// An evaluator that knows nothing of the game: a uniform prior and an even
// value. With it the search is a plain tree search whose only knowledge is the
// game's final states: for tests, and for games with no built-in evaluator.
#pragma once

#include "game/leaf_evaluator.h"

namespace kishi::game {

template <class G>
class UniformEvaluator final : public LeafEvaluator<G> {
 public:
  using Evaluation = typename LeafEvaluator<G>::Evaluation;
  void evaluate(const typename G::State&, const typename G::ActionList& legal,
                Evaluation& out) override {
    out.policy.resize(legal.size());
    for (size_t i = 0; i < legal.size(); ++i) out.policy[i] = {legal[i], 1.0f / legal.size()};
    out.wdl = {0, 1, 0};
  }
};

}  // namespace kishi::game
