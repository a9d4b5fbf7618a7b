// The network as the search's LeafEvaluator for any game: the leaf is encoded
// on the search thread, with the policy indices of the legal actions the
// search generated, and goes to the batcher, which gathers the leaves of all
// threads into one forward pass.
#pragma once

#include <vector>

#include "game/encoding.h"
#include "game/leaf_evaluator.h"
#include "nn/batcher.h"

namespace kishi::nn {

template <class G, class E = typename G::Encoding>
requires game::EncodingFor<E, G>
class NetworkLeafEvaluator final : public game::LeafEvaluator<G> {
 public:
  using Evaluation = typename game::LeafEvaluator<G>::Evaluation;
  explicit NetworkLeafEvaluator(EvaluationBatcher& batcher, E encoding = {})
      : batcher_(batcher), encoding_(encoding) {}

  void evaluate(const typename G::State& s, const typename G::ActionList& legal,
                Evaluation& out) override {
    thread_local std::vector<float> input;
    thread_local std::vector<int> indices;
    const auto encode = [&] {
      input.resize(E::SHAPE.input_size());
      encoding_.encode(s, input.data());
      indices.resize(legal.size());
      for (size_t i = 0; i < legal.size(); ++i) indices[i] = encoding_.policy_index(s, legal[i]);
      return EncodedPosition{input.data(), indices};
    };
    PolicyValue pv = batcher_.evaluate([&] { return encoding_.key(s); }, encode);
    // Two positions sharing a cache key could bring another one's priors.
    if (pv.priors.size() != legal.size()) pv = batcher_.evaluate(encode());
    out.wdl = pv.wdl;
    out.policy.resize(legal.size());
    for (size_t i = 0; i < legal.size(); ++i) out.policy[i] = {legal[i], pv.priors[i]};
  }

 private:
  EvaluationBatcher& batcher_;
  E encoding_;
};

}  // namespace kishi::nn
