// The floating-point precision of the network's passes: fp32, or fp16 / bf16
// autocast (matrix products and convolutions in 16 bits, weights, batch
// norms, softmaxes and losses in 32). Torch-free, for the option parsers.
#pragma once

#include <stdexcept>
#include <string>

namespace kishi::nn {

enum class Precision { FP32, FP16, BF16 };

inline const char* precision_name(Precision p) {
  return p == Precision::FP16 ? "fp16" : p == Precision::BF16 ? "bf16" : "fp32";
}

// Throws std::invalid_argument naming the text and the choices.
inline Precision parse_precision(const std::string& text) {
  for (Precision p : {Precision::FP32, Precision::FP16, Precision::BF16})
    if (text == precision_name(p)) return p;
  throw std::invalid_argument("unknown precision '" + text + "' (fp32, fp16, bf16)");
}

}  // namespace kishi::nn
