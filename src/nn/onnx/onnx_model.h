// The network as an ONNX model, for runtimes kishi does not ship (onnxruntime,
// TensorRT, OpenVINO, DirectML), written with ONNX's own protobuf classes and
// checked by its checker. Built from the folded weights (nn/network_weights.h):
// no torch here. Layout of the inputs and outputs: docs/nn-encoding.md.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "nn/network_weights.h"

namespace kishi::nn {

// The graph's names, for runtimes and for the test data beside a model.
inline constexpr const char* ONNX_INPUT = "planes";          // [batch, planes, height, width]
inline constexpr const char* ONNX_POLICY = "policy_logits";  // [batch, policy_planes*height*width]
inline constexpr const char* ONNX_VALUE = "value_logits";    // [batch, 3]: win, draw, loss
inline constexpr int ONNX_OPSET = 13;

// What the model is for, stored in its metadata.
struct OnnxModelInfo {
  std::string game;      // "shogi"
  std::string encoding;  // the encoding's version, "shogi-planes-v1"
  int64_t step = 0;      // training steps behind the weights
};

// The serialized ModelProto of `weights`, batch size left open. Throws
// std::runtime_error with ONNX's message when the checker or the shape
// inference refuses it.
std::string onnx_model(const NetworkWeights& weights, const OnnxModelInfo& info);

// Checks a model file as a runtime would read it; throws std::runtime_error
// naming the file and what is wrong.
void check_onnx_file(const std::string& path);

// A serialized TensorProto of floats (ONNX's test-data files, input_0.pb).
std::string onnx_tensor(const std::string& name, std::span<const int64_t> dims,
                        std::span<const float> values);

}  // namespace kishi::nn
