// A network, the batcher that gathers its leaves and the leaf evaluator a
// search calls: the three every command that plays with a network builds, in
// the order they depend on each other (and are torn down in reverse).
#pragma once

#include <memory>
#include <string>

#include "nn/batcher.h"
#include "nn/game_encoding.h"
#include "nn/network_leaf_evaluator.h"
#include "nn/torch/network_evaluator.h"

namespace kishi::nn {

template <class G>
struct BatchedNetwork {
  BatchedNetwork(std::unique_ptr<NetworkEvaluator> network, const BatcherOptions& options)
      : net(std::move(network)),
        batcher(std::make_unique<EvaluationBatcher>(*net, options)),
        leaf(std::make_unique<NetworkLeafEvaluator<G>>(*batcher)) {}
  // The checkpoint at `path`, which must be a network for `game` (CheckpointError
  // otherwise); `auto` is timed at the batcher's batch size.
  BatchedNetwork(const std::string& path, const G& game, NetworkOptions network,
                 const BatcherOptions& options)
      : BatchedNetwork(NetworkEvaluator::from_checkpoint(
                           path, game_encoding(game), (network.batch = options.max_batch, network)),
                       options) {}

  std::unique_ptr<NetworkEvaluator> net;
  std::unique_ptr<EvaluationBatcher> batcher;
  std::unique_ptr<NetworkLeafEvaluator<G>> leaf;
};

}  // namespace kishi::nn
