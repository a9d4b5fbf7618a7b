// `auto`: the backend and precision of the forward pass chosen by measuring
// them. On a model's first use on a machine each path this machine can run is
// timed at the caller's batch size and checked against LibTorch fp32 on
// positions of random games; the fastest that holds (top-1 policy agreement at
// least 97%, value within 0.03 on average) wins, and the choice is cached per
// model, device, CPU, threads and batch size (nn/backend_choice_cache.h).
// Torch-free: the paths arrive as functions.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "nn/backend.h"
#include "nn/backend_choice_cache.h"
#include "nn/precision.h"

namespace kishi::nn {

struct ForwardPath {
  Backend backend = Backend::LibTorch;
  Precision precision = Precision::FP32;
  std::string name() const {
    return std::string(backend_name(backend)) + " " + precision_name(precision);
  }
  bool operator==(const ForwardPath&) const = default;
};

// One path's results for `rows` inputs: policy logits [rows][policy size] and
// each row's value (win minus loss).
struct ForwardOutputs {
  std::vector<float> policy_logits, values;
};
using ForwardPass = std::function<void(const float* inputs, int rows, ForwardOutputs& out)>;
// Builds a path's forward pass; throws std::exception when it cannot run here.
using MakeForwardPass = std::function<ForwardPass(const ForwardPath&)>;

struct ChoiceRequest {
  ForwardPath asked;                        // Backend::Auto and Precision::Auto where to choose
  std::string device;                       // "cpu", "cuda:0"
  std::string cpu_isa;                      // what oneDNN reaches here ("avx512_core_bf16")
  bool cpu_bf16 = false, cpu_vnni = false;  // in hardware, not emulated
  int threads = 1, batch = 16;
  std::string model_key;  // a hash of the weights: a changed model is measured again
  // count * input_size floats of positions other than int8's calibration.
  std::function<std::vector<float>(int count)> check_inputs;
  // Their legal moves as policy indices, a list a position: top-1 is then the
  // largest of those entries. Unset: of all of the policy's entries.
  std::function<std::vector<std::vector<int>>(int count)> check_legal;
};

struct BackendChoice {
  ForwardPath path;
  std::string note;  // one line: what was chosen, from what, measured now or cached
};

// The paths `request` allows on its device and CPU; `left_out` gets a reason
// for each one it leaves out.
std::vector<ForwardPath> candidate_paths(const ChoiceRequest& request,
                                         std::vector<std::string>& left_out);

// Throws std::runtime_error when no path can run.
BackendChoice choose_backend(const ChoiceRequest& request, const MakeForwardPass& make,
                             const BackendChoiceCache& cache);

}  // namespace kishi::nn
