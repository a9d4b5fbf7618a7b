#include "nn/torch/autocast.h"

#include <ATen/autocast_mode.h>
#include <torch/version.h>

namespace kishi::nn {

namespace {

// LibTorch 2.4 keys autocast by device type; earlier ones (Debian's 1.13) have
// one pair of functions for CUDA and one for the CPU.
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
bool enabled(c10::DeviceType t) { return at::autocast::is_autocast_enabled(t); }
void set_enabled(c10::DeviceType t, bool on) { at::autocast::set_autocast_enabled(t, on); }
c10::ScalarType dtype(c10::DeviceType t) { return at::autocast::get_autocast_dtype(t); }
void set_dtype(c10::DeviceType t, c10::ScalarType d) { at::autocast::set_autocast_dtype(t, d); }
#else
bool enabled(c10::DeviceType t) {
  return t == c10::DeviceType::CUDA ? at::autocast::is_enabled() : at::autocast::is_cpu_enabled();
}
void set_enabled(c10::DeviceType t, bool on) {
  if (t == c10::DeviceType::CUDA)
    at::autocast::set_enabled(on);
  else
    at::autocast::set_cpu_enabled(on);
}
c10::ScalarType dtype(c10::DeviceType t) {
  return t == c10::DeviceType::CUDA ? at::autocast::get_autocast_gpu_dtype()
                                    : at::autocast::get_autocast_cpu_dtype();
}
void set_dtype(c10::DeviceType t, c10::ScalarType d) {
  if (t == c10::DeviceType::CUDA)
    at::autocast::set_autocast_gpu_dtype(d);
  else
    at::autocast::set_autocast_cpu_dtype(d);
}
#endif

}  // namespace

void check_precision(const torch::Device& device, Precision precision) {
  if (precision == Precision::Auto)
    throw std::invalid_argument(
        "precision auto chooses the forward pass's precision for play; training takes fp32, fp16 "
        "or bf16");
  if (precision == Precision::INT8)
    throw std::invalid_argument(
        "precision int8 runs the forward pass on the onednn backend (--backend onednn), not on "
        "LibTorch, and never trains");
  if (precision == Precision::FP16 && !device.is_cuda())
    throw std::invalid_argument("precision fp16 needs a CUDA device (on " + device.str() +
                                ": fp32 or bf16)");
  if (precision != Precision::FP32 && !device.is_cuda() && !device.is_cpu())
    throw std::invalid_argument(std::string("precision ") + precision_name(precision) + " on " +
                                device.str() + ": only fp32");
}

Autocast::Autocast(const torch::Device& device, Precision precision) {
  if (precision == Precision::FP32) return;
  check_precision(device, precision);
  active_ = true;
  type_ = device.type();
  was_enabled_ = enabled(type_);
  was_dtype_ = dtype(type_);
  set_enabled(type_, true);
  set_dtype(type_,
            precision == Precision::FP16 ? c10::ScalarType::Half : c10::ScalarType::BFloat16);
  at::autocast::increment_nesting();
}

Autocast::~Autocast() {
  if (!active_) return;
  // The casts of the weights are cached for the scope; the outermost one drops them.
  if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
  set_enabled(type_, was_enabled_);
  set_dtype(type_, was_dtype_);
}

}  // namespace kishi::nn
