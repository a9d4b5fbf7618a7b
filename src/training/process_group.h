// A torch c10d process group (Gloo) for data-parallel training: the
// rendezvous at a TCP store on rank 0, and the collectives the trainer needs,
// each bounded by the settings' timeout. A failed collective (a peer died,
// stalled or never came) throws std::runtime_error saying which rank, which
// operation and what to do. Includes torch.
#pragma once

#include <torch/torch.h>

#include <memory>
#include <string>

#include "nn/torch/batch_norm.h"
#include "training/distributed.h"

namespace kishi::training {

class ProcessGroup final : public nn::BatchStatsReducer {
 public:
  explicit ProcessGroup(const ProcessGroupSettings& settings);
  ~ProcessGroup() override;
  int rank() const { return settings_.rank; }
  int size() const { return settings_.size; }
  const ProcessGroupSettings& settings() const { return settings_; }
  // All-reduce (sum) in place; a contiguous tensor.
  void sum(torch::Tensor& t) override;
  // Rank 0's tensor to every rank, in place (a wait of other than the
  // settings' timeout where given).
  void broadcast(torch::Tensor& t, double timeout_seconds = 0);
  // Rank 0's text to every rank.
  std::string broadcast(const std::string& text);

 private:
  struct Impl;
  ProcessGroupSettings settings_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace kishi::training
