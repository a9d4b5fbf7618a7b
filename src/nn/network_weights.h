// The network's weights as plain arrays, with each batch norm folded into the
// convolution before it: what a backend other than LibTorch runs (nn/onednn/).
// The layers are PolicyValueNet's (nn/torch/model.h), in its order; torch-free.
#pragma once

#include <optional>
#include <vector>

#include "game/encoding.h"
#include "nn/model_config.h"

namespace kishi::nn {

// A convolution with its bias; a batch norm after it is folded in
// (w * gamma / sqrt(var + eps), beta - mean * gamma / sqrt(var + eps)).
struct ConvWeights {
  int in = 0, out = 0, kernel = 1;  // square kernel, padding kernel / 2, stride 1
  std::vector<float> weight;        // [out][in][kernel][kernel]
  std::vector<float> bias;          // [out]
};

struct LinearWeights {
  int in = 0, out = 0;
  std::vector<float> weight;  // [out][in]
  std::vector<float> bias;    // [out]
};

struct BlockWeights {
  ConvWeights conv1, conv2;
  std::optional<LinearWeights> se_reduce, se_expand;  // with squeeze-excitation
};

struct NetworkWeights {
  ModelConfig config;
  game::EncodingShape shape;
  ConvWeights stem;
  std::vector<BlockWeights> tower;
  ConvWeights policy_conv, policy_out;  // policy_out has no batch norm
  ConvWeights value_conv;
  LinearWeights value_hidden, value_out;
};

}  // namespace kishi::nn
