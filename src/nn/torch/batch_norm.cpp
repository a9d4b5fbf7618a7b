#include "nn/torch/batch_norm.h"

namespace kishi::nn {

namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

// y = (x - mean) / sqrt(var + eps) * weight + bias over [batch, C, H, W], the
// mean and (biased) variance of every process's batch. The statistics are
// summed in double: E[x^2] - E[x]^2 in float loses digits torch's own keeps.
struct SyncBatchNorm : torch::autograd::Function<SyncBatchNorm> {
  static torch::Tensor forward(AutogradContext* ctx, const torch::Tensor& x,
                               const torch::Tensor& weight, const torch::Tensor& bias,
                               BatchNormImpl* bn) {
    const int64_t c = x.size(1);
    const auto xd = x.to(torch::kDouble);
    auto stats = torch::cat({xd.sum({0, 2, 3}), (xd * xd).sum({0, 2, 3}),
                             torch::full({1}, double(x.numel() / c), xd.options())});
    bn->reducer->sum(stats);
    const double n = stats[2 * c].item<double>();
    const auto mean = stats.slice(0, 0, c) / n;
    const auto var = (stats.slice(0, c, 2 * c) / n - mean * mean).clamp_min(0);
    const auto invstd = (var + BatchNormImpl::EPS).rsqrt();
    const auto shape = std::vector<int64_t>{1, c, 1, 1};
    const auto xhat = ((xd - mean.view(shape)) * invstd.view(shape)).to(x.scalar_type());
    {
      torch::NoGradGuard no_grad;
      const double m = BatchNormImpl::MOMENTUM;
      bn->running_mean.mul_(1 - m).add_(mean.to(x.scalar_type()), m);
      bn->running_var.mul_(1 - m).add_((var * (n / std::max(n - 1, 1.0))).to(x.scalar_type()), m);
      bn->num_batches_tracked.add_(1);
    }
    ctx->save_for_backward({xhat, invstd.to(x.scalar_type()), weight});
    ctx->saved_data["n"] = n;
    ctx->saved_data["bn"] = reinterpret_cast<int64_t>(bn);
    return xhat * weight.view(shape) + bias.view(shape);
  }

  static variable_list backward(AutogradContext* ctx, variable_list grads) {
    const auto saved = ctx->get_saved_variables();
    const auto& xhat = saved[0];
    const auto& invstd = saved[1];
    const auto& weight = saved[2];
    const double n = ctx->saved_data["n"].toDouble();
    auto* bn = reinterpret_cast<BatchNormImpl*>(ctx->saved_data["bn"].toInt());
    const auto& dy = grads[0];
    const int64_t c = dy.size(1);
    // This process's shares of the parameters' gradients: the training sums
    // them over the processes with every other gradient.
    const auto dbias = dy.sum({0, 2, 3});
    const auto dweight = (dy * xhat).sum({0, 2, 3});
    auto total = torch::cat({dbias, dweight}).to(torch::kDouble);
    bn->reducer->sum(total);
    const auto shape = std::vector<int64_t>{1, c, 1, 1};
    const auto sum_dy = total.slice(0, 0, c).to(dy.scalar_type()).view(shape);
    const auto sum_dy_xhat = total.slice(0, c, 2 * c).to(dy.scalar_type()).view(shape);
    const auto dx = (weight * invstd / n).view(shape) * (n * dy - sum_dy - xhat * sum_dy_xhat);
    return {dx, dweight, dbias, torch::Tensor()};
  }
};

}  // namespace

BatchNormImpl::BatchNormImpl(int64_t channels) {
  weight = register_parameter("weight", torch::ones({channels}));
  bias = register_parameter("bias", torch::zeros({channels}));
  running_mean = register_buffer("running_mean", torch::zeros({channels}));
  running_var = register_buffer("running_var", torch::ones({channels}));
  num_batches_tracked = register_buffer("num_batches_tracked", torch::zeros({}, torch::kLong));
}

torch::Tensor BatchNormImpl::forward(const torch::Tensor& x) {
  if (reducer && is_training()) return SyncBatchNorm::apply(x, weight, bias, this);
  if (is_training()) num_batches_tracked.add_(1);
  return torch::batch_norm(x, weight, bias, running_mean, running_var, is_training(), MOMENTUM, EPS,
                           torch::globalContext().userEnabledCuDNN());
}

}  // namespace kishi::nn
