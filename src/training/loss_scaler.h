// Dynamic loss scaling for fp16 training: fp16's gradients of small losses
// underflow to zero, so the loss is multiplied before the backward pass and the
// gradients divided back before the step. A step whose gradients overflowed
// (inf or nan) is skipped and the scale halved; after `growth_interval` good
// steps in a row it doubles. bf16 has fp32's range and needs none (disabled:
// scale 1, every step taken).
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace kishi::training {

class LossScaler {
 public:
  explicit LossScaler(bool enabled, double initial_scale = 65536.0, int growth_interval = 2000);

  bool enabled() const { return enabled_; }
  double scale() const { return scale_; }
  torch::Tensor scaled(const torch::Tensor& loss) const { return enabled_ ? loss * scale_ : loss; }
  // Divides the gradients by the scale; whether all of them are finite (the
  // step is to be taken). Then update() with the answer.
  bool unscale(const std::vector<torch::Tensor>& parameters) const;
  void update(bool finite);

  // For the checkpoint: the scale and the good steps since it last changed.
  std::vector<double> state() const { return {scale_, double(good_steps_)}; }
  void restore(const std::vector<double>& state);

 private:
  bool enabled_;
  double scale_;
  int growth_interval_;
  int64_t good_steps_ = 0;
};

}  // namespace kishi::training
