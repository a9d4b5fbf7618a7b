#include "training/loss_scaler.h"

#include <stdexcept>

namespace kishi::training {

LossScaler::LossScaler(bool enabled, double initial_scale, int growth_interval)
    : enabled_(enabled), scale_(enabled ? initial_scale : 1.0), growth_interval_(growth_interval) {}

bool LossScaler::unscale(const std::vector<torch::Tensor>& parameters) const {
  if (!enabled_) return true;
  torch::NoGradGuard no_grad;
  bool finite = true;
  for (const auto& p : parameters) {
    if (!p.grad().defined()) continue;
    p.grad().div_(scale_);
    finite = finite && torch::isfinite(p.grad()).all().item<bool>();
  }
  return finite;
}

void LossScaler::update(bool finite) {
  if (!enabled_) return;
  if (!finite) {
    scale_ = std::max(scale_ / 2, 1.0);
    good_steps_ = 0;
  } else if (++good_steps_ >= growth_interval_) {
    scale_ *= 2;
    good_steps_ = 0;
  }
}

void LossScaler::restore(const std::vector<double>& state) {
  if (state.size() != 2 || !(state[0] >= 1))
    throw std::runtime_error("training state: a damaged loss scale");
  scale_ = state[0];
  good_steps_ = int64_t(state[1]);
}

}  // namespace kishi::training
