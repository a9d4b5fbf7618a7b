// The policy/value network as oneDNN primitives, the CPU backend that reaches
// AVX-512, VNNI and bf16 where LibTorch's own kernels stop at AVX2: each
// convolution with its batch norm folded in and its ReLU or residual add as a
// post-op, in fp32, bf16 or int8 (u8 sources, s8 weights), the squeeze-excitation as a mean, two
// inner products and one fused multiply-add-ReLU. Weights are reordered once per batch size, into
// the layout oneDNN picks for this CPU. Free of torch and of oneDNN's headers
// for its callers.
#pragma once

#include <memory>
#include <span>
#include <string>

#include "nn/network_weights.h"
#include "nn/precision.h"

namespace kishi::nn {

class OneDnnNetwork {
 public:
  // Throws std::runtime_error when oneDNN cannot run `precision` here. int8
  // is calibrated on `calibration`: encoded positions of the game, one after
  // another.
  OneDnnNetwork(NetworkWeights weights, Precision precision, int threads,
                std::span<const float> calibration = {});
  ~OneDnnNetwork();
  OneDnnNetwork(const OneDnnNetwork&) = delete;
  OneDnnNetwork& operator=(const OneDnnNetwork&) = delete;

  // input: [batch][planes][height][width]; writes policy_logits
  // [batch][policy_size] and value_logits [batch][3] (win, draw, loss).
  void forward(const float* input, int batch, float* policy_logits, float* value_logits);
  Precision precision() const;
  std::string describe() const;  // "onednn bf16"

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// What this CPU gives oneDNN, in its words ("avx512_core_bf16"), and whether
// bf16 and int8 run in hardware (not emulated) here.
struct CpuSupport {
  std::string isa;
  bool bf16 = false;
  bool vnni = false;
};
CpuSupport onednn_cpu_support();

}  // namespace kishi::nn
