// An Evaluator backed by the policy/value network: LibTorch holds it (loads,
// saves, runs it on a GPU); on the CPU the forward pass may run on oneDNN's
// primitives instead (NetworkOptions::backend), or the faster of them for this
// model on this machine (`auto`, nn/backend_choice.h). The header is free of torch so
// that callers compile fast; torch lives in the .cpp.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "nn/backend.h"
#include "nn/backend_choice.h"
#include "nn/checkpoint_error.h"
#include "nn/evaluator.h"
#include "nn/game_encoding.h"
#include "nn/model_config.h"
#include "nn/network_weights.h"
#include "nn/precision.h"

namespace kishi::nn {

struct NetworkOptions {
  std::string device = "cpu";  // "cpu", "cuda", "cuda:1"
  int threads = 0;             // intra-op threads of the forward pass; 0: torch's default
  Precision precision = Precision::FP32;  // of the forward pass (nn/precision.h)
  Backend backend = Backend::LibTorch;    // what runs the forward pass (nn/backend.h)
  int batch = 16;  // the batch size the caller sends, at which `auto` times the paths
};

// Where the time of evaluate() goes, summed over calls.
struct EvaluationTimes {
  double encode = 0;   // gathering the encoded inputs into one batch
  double copy = 0;     // input to the device, outputs back (and the value softmax)
  double forward = 0;  // the network's forward pass alone
  double finish = 0;   // softmax over the legal actions' policy indices
  long positions = 0;
  double total() const { return encode + copy + forward + finish; }
};

class NetworkEvaluator final : public Evaluator {
 public:
  // A network from a checkpoint for `encoding` (throws CheckpointError with the reason).
  static std::unique_ptr<NetworkEvaluator> from_checkpoint(const std::string& path,
                                                           const GameEncoding& encoding,
                                                           const NetworkOptions& options);
  // A network with random weights (seeded), for tests and benchmarks.
  static std::unique_ptr<NetworkEvaluator> random(const ModelConfig& config,
                                                  const GameEncoding& encoding, uint64_t seed,
                                                  const NetworkOptions& options);
  ~NetworkEvaluator() override;

  void evaluate(std::span<const EncodedPosition> positions,
                std::span<PolicyValue> results) override;
  // Writes the network as a checkpoint (for a new run's first, random model).
  void save(const std::string& path, int64_t step = 0) const;
  // The weights with the batch norms folded in: what other runtimes are given.
  NetworkWeights folded_weights() const;
  // Training steps behind the weights (0 for random ones).
  int64_t step() const;
  // LibTorch's raw outputs in fp32 for encoded inputs laid one after another:
  // policy logits and value logits (win, draw, loss), what an exported model
  // is checked against.
  void reference_logits(std::span<const float> inputs, std::vector<float>& policy,
                        std::vector<float>& value) const;
  const EvaluationTimes& times() const;
  void reset_times();
  std::string describe() const;  // architecture, device, threads
  const ModelConfig& config() const;  // the network's shape
  // What `auto` chose and from what, in one line; empty when nothing was asked.
  const std::string& choice_note() const;

  struct Impl;

 private:
  explicit NetworkEvaluator(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The paths (backend and precision) `options` leaves open that run on its
// device and this CPU; `left_out` gets why each other one does not.
std::vector<ForwardPath> runnable_paths(const NetworkOptions& options,
                                        std::vector<std::string>& left_out);

// Whether this LibTorch build can run on CUDA and sees a device.
bool cuda_available();

}  // namespace kishi::nn
