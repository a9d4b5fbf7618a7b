// The policy/value network: a residual tower with optional squeeze-excitation,
// a policy head (logits over the encoding's policy planes) and a value head
// (win/draw/loss logits for the side to move); the encoding's shape sets the
// input and policy sizes, so one model serves every game. Includes torch: only for the
// translation units that build or run the network.
#pragma once

#include <torch/torch.h>

#include "game/encoding.h"
#include "nn/model_config.h"
#include "nn/network_weights.h"
#include "nn/torch/batch_norm.h"

namespace kishi::nn {

class ResidualBlockImpl : public torch::nn::Module {
 public:
  ResidualBlockImpl(int channels, bool squeeze_excitation);
  torch::Tensor forward(torch::Tensor x);
  BlockWeights folded() const;

 private:
  torch::nn::Conv2d conv1_{nullptr}, conv2_{nullptr};
  BatchNorm bn1_{nullptr}, bn2_{nullptr};
  torch::nn::Linear se_reduce_{nullptr}, se_expand_{nullptr};
};
TORCH_MODULE(ResidualBlock);

struct NetworkOutput {
  torch::Tensor policy_logits;  // [batch, policy_size]
  torch::Tensor value_logits;   // [batch, 3]: win, draw, loss for the side to move
};

class PolicyValueNetImpl : public torch::nn::Module {
 public:
  PolicyValueNetImpl(const ModelConfig& config, const game::EncodingShape& shape);
  // x: [batch, planes, height, width]
  NetworkOutput forward(torch::Tensor x);
  const ModelConfig& config() const { return config_; }
  // The weights with the batch norms folded in, for the other backends.
  NetworkWeights folded(const game::EncodingShape& shape) const;
  // Batch statistics over the processes of a data-parallel training (nullptr: this one's).
  void set_batch_stats_reducer(BatchStatsReducer* reducer);

 private:
  ModelConfig config_;
  torch::nn::Conv2d stem_{nullptr};
  BatchNorm stem_bn_{nullptr};
  torch::nn::ModuleList tower_{nullptr};
  torch::nn::Conv2d policy_conv_{nullptr}, policy_out_{nullptr};
  BatchNorm policy_bn_{nullptr};
  torch::nn::Conv2d value_conv_{nullptr};
  BatchNorm value_bn_{nullptr};
  torch::nn::Linear value_hidden_{nullptr}, value_out_{nullptr};
};
TORCH_MODULE(PolicyValueNet);

}  // namespace kishi::nn
