// The policy/value network: a residual tower with optional squeeze-excitation,
// a policy head (logits over the POLICY_SIZE actions) and a value head
// (win/draw/loss logits for the side to move). Includes torch: only for the
// translation units that build or run the network.
#pragma once

#include <torch/torch.h>

#include "nn/model_config.h"

namespace kishi::nn {

class ResidualBlockImpl : public torch::nn::Module {
 public:
  ResidualBlockImpl(int channels, bool squeeze_excitation);
  torch::Tensor forward(torch::Tensor x);

 private:
  torch::nn::Conv2d conv1_{nullptr}, conv2_{nullptr};
  torch::nn::BatchNorm2d bn1_{nullptr}, bn2_{nullptr};
  torch::nn::Linear se_reduce_{nullptr}, se_expand_{nullptr};
};
TORCH_MODULE(ResidualBlock);

struct NetworkOutput {
  torch::Tensor policy_logits;  // [batch, POLICY_SIZE]
  torch::Tensor value_logits;   // [batch, 3]: win, draw, loss for the side to move
};

class PolicyValueNetImpl : public torch::nn::Module {
 public:
  explicit PolicyValueNetImpl(const ModelConfig& config);
  // x: [batch, INPUT_PLANES, 9, 9]
  NetworkOutput forward(torch::Tensor x);
  const ModelConfig& config() const { return config_; }

 private:
  ModelConfig config_;
  torch::nn::Conv2d stem_{nullptr};
  torch::nn::BatchNorm2d stem_bn_{nullptr};
  torch::nn::ModuleList tower_{nullptr};
  torch::nn::Conv2d policy_conv_{nullptr}, policy_out_{nullptr};
  torch::nn::BatchNorm2d policy_bn_{nullptr};
  torch::nn::Conv2d value_conv_{nullptr};
  torch::nn::BatchNorm2d value_bn_{nullptr};
  torch::nn::Linear value_hidden_{nullptr}, value_out_{nullptr};
};
TORCH_MODULE(PolicyValueNet);

}  // namespace kishi::nn
