#include "nn/torch/model.h"

namespace kishi::nn {

namespace {
torch::nn::Conv2d conv(int in, int out, int kernel, bool bias = false) {
  return torch::nn::Conv2d(
      torch::nn::Conv2dOptions(in, out, kernel).padding(kernel / 2).bias(bias));
}
}  // namespace

ResidualBlockImpl::ResidualBlockImpl(int channels, bool squeeze_excitation) {
  conv1_ = register_module("conv1", conv(channels, channels, 3));
  bn1_ = register_module("bn1", BatchNorm(channels));
  conv2_ = register_module("conv2", conv(channels, channels, 3));
  bn2_ = register_module("bn2", BatchNorm(channels));
  if (squeeze_excitation) {
    const int reduced = std::max(channels / 4, 1);
    se_reduce_ = register_module("se_reduce", torch::nn::Linear(channels, reduced));
    se_expand_ = register_module("se_expand", torch::nn::Linear(reduced, channels));
  }
}

torch::Tensor ResidualBlockImpl::forward(torch::Tensor x) {
  auto y = torch::relu(bn1_(conv1_(x)));
  y = bn2_(conv2_(y));
  if (se_reduce_) {
    auto gate = y.mean({2, 3});
    gate = torch::sigmoid(se_expand_(torch::relu(se_reduce_(gate))));
    y = y * gate.unsqueeze(-1).unsqueeze(-1);
  }
  return torch::relu(x + y);
}

PolicyValueNetImpl::PolicyValueNetImpl(const ModelConfig& config, const game::EncodingShape& shape)
    : config_(config) {
  const int c = config.channels;
  stem_ = register_module("stem", conv(shape.planes, c, 3));
  stem_bn_ = register_module("stem_bn", BatchNorm(c));
  tower_ = register_module("tower", torch::nn::ModuleList());
  for (int i = 0; i < config.blocks; ++i)
    tower_->push_back(ResidualBlock(c, config.squeeze_excitation));
  policy_conv_ = register_module("policy_conv", conv(c, config.policy_channels, 1));
  policy_bn_ = register_module("policy_bn", BatchNorm(config.policy_channels));
  policy_out_ =
      register_module("policy_out", conv(config.policy_channels, shape.policy_planes, 1, true));
  value_conv_ = register_module("value_conv", conv(c, config.value_channels, 1));
  value_bn_ = register_module("value_bn", BatchNorm(config.value_channels));
  value_hidden_ = register_module(
      "value_hidden",
      torch::nn::Linear(config.value_channels * shape.height * shape.width, config.value_hidden));
  value_out_ = register_module("value_out", torch::nn::Linear(config.value_hidden, 3));
}

void PolicyValueNetImpl::set_batch_stats_reducer(BatchStatsReducer* reducer) {
  for (const auto& module : modules())
    if (auto bn = std::dynamic_pointer_cast<BatchNormImpl>(module)) bn->reducer = reducer;
}

NetworkOutput PolicyValueNetImpl::forward(torch::Tensor x) {
  x = torch::relu(stem_bn_(stem_(x)));
  for (auto& block : *tower_) x = block->as<ResidualBlock>()->forward(x);
  auto p = policy_out_(torch::relu(policy_bn_(policy_conv_(x))));
  auto v = torch::relu(value_bn_(value_conv_(x))).flatten(1);
  v = value_out_(torch::relu(value_hidden_(v)));
  return {p.flatten(1), v};
}

}  // namespace kishi::nn
