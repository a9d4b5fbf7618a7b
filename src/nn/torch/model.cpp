#include "nn/torch/model.h"

namespace kishi::nn {

namespace {
torch::nn::Conv2d conv(int in, int out, int kernel, bool bias = false) {
  return torch::nn::Conv2d(
      torch::nn::Conv2dOptions(in, out, kernel).padding(kernel / 2).bias(bias));
}
std::vector<float> floats(const torch::Tensor& t) {
  const auto c = t.detach().to(torch::kCPU, torch::kFloat32).contiguous();
  return {c.data_ptr<float>(), c.data_ptr<float>() + c.numel()};
}

// The convolution's weights with the batch norm after it (if any) folded in.
ConvWeights fold(const torch::nn::Conv2d& conv, const BatchNorm& bn) {
  torch::NoGradGuard no_grad;
  const auto& o = conv->options;
  auto w = conv->weight.detach().to(torch::kFloat32);
  auto b = o.bias() ? conv->bias.detach().to(torch::kFloat32) : torch::zeros({w.size(0)});
  if (bn) {
    const auto scale = bn->weight / (bn->running_var + BatchNormImpl::EPS).sqrt();
    w = w * scale.view({-1, 1, 1, 1});
    b = (b - bn->running_mean) * scale + bn->bias;
  }
  return {int(o.in_channels()), int(o.out_channels()), int(o.kernel_size()->at(0)), floats(w),
          floats(b)};
}

LinearWeights linear(const torch::nn::Linear& l) {
  return {int(l->options.in_features()), int(l->options.out_features()), floats(l->weight),
          floats(l->bias)};
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

BlockWeights ResidualBlockImpl::folded() const {
  BlockWeights w{fold(conv1_, bn1_), fold(conv2_, bn2_), {}, {}};
  if (se_reduce_) {
    w.se_reduce = linear(se_reduce_);
    w.se_expand = linear(se_expand_);
  }
  return w;
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

NetworkWeights PolicyValueNetImpl::folded(const game::EncodingShape& shape) const {
  NetworkWeights w;
  w.config = config_;
  w.shape = shape;
  w.stem = fold(stem_, stem_bn_);
  for (const auto& block : *tower_) w.tower.push_back(block->as<ResidualBlock>()->folded());
  w.policy_conv = fold(policy_conv_, policy_bn_);
  w.policy_out = fold(policy_out_, nullptr);
  w.value_conv = fold(value_conv_, value_bn_);
  w.value_hidden = linear(value_hidden_);
  w.value_out = linear(value_out_);
  return w;
}

}  // namespace kishi::nn
