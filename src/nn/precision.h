// The precision of the network's passes: fp32, or fp16 / bf16 autocast
// (matrix products and convolutions in 16 bits, weights, batch norms,
// softmaxes and losses in 32); int8 (convolutions in 8-bit integers) for
// inference on the onednn backend only; `auto` for inference: the fastest
// whose results hold (nn/torch/backend_choice.h). Torch-free, for the option
// parsers.
#pragma once

#include <stdexcept>
#include <string>

namespace kishi::nn {

enum class Precision { FP32, FP16, BF16, INT8, Auto };

inline const char* precision_name(Precision p) {
  switch (p) {
    case Precision::FP16: return "fp16";
    case Precision::BF16: return "bf16";
    case Precision::INT8: return "int8";
    case Precision::Auto: return "auto";
    default: return "fp32";
  }
}

// Throws std::invalid_argument naming the text and the choices.
inline Precision parse_precision(const std::string& text) {
  for (Precision p :
       {Precision::FP32, Precision::FP16, Precision::BF16, Precision::INT8, Precision::Auto})
    if (text == precision_name(p)) return p;
  throw std::invalid_argument("unknown precision '" + text + "' (auto, fp32, fp16, bf16, int8)");
}

}  // namespace kishi::nn
