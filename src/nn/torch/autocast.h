// Mixed precision over a scope: torch's autocast for the device's type, in
// the precision asked for; nothing for fp32. Used around forward passes (the
// network evaluator's, the trainer's); the losses stay outside, in fp32.
#pragma once

#include <torch/torch.h>

#include "nn/precision.h"

namespace kishi::nn {

// Throws std::invalid_argument when the device cannot run the precision:
// LibTorch's CPU autocast computes in bf16 only.
void check_precision(const torch::Device& device, Precision precision);

class Autocast {
 public:
  Autocast(const torch::Device& device, Precision precision);
  ~Autocast();
  Autocast(const Autocast&) = delete;
  Autocast& operator=(const Autocast&) = delete;

 private:
  bool active_ = false;
  c10::DeviceType type_ = c10::DeviceType::CPU;
  bool was_enabled_ = false;
  c10::ScalarType was_dtype_ = c10::ScalarType::Float;
};

}  // namespace kishi::nn
