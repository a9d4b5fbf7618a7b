// The network as the search's LeafEvaluator: each search thread's leaf goes to
// the batcher, which gathers the leaves of all threads into one forward pass.
#pragma once

#include "engine/search/leaf_evaluator.h"
#include "engine/search/shogi_game.h"
#include "nn/batcher.h"

namespace kishi::nn {

class NetworkLeafEvaluator final : public search::LeafEvaluator<search::ShogiGame> {
 public:
  explicit NetworkLeafEvaluator(EvaluationBatcher& batcher) : batcher_(batcher) {}
  void evaluate(const shogi::Position& pos, const shogi::MoveList&, Evaluation& out) override {
    out = batcher_.evaluate(pos);
  }

 private:
  EvaluationBatcher& batcher_;
};

}  // namespace kishi::nn
