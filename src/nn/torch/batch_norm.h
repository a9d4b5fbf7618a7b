// Batch normalization whose batch statistics may span the processes of a
// data-parallel training (synchronized batch norm): each process normalizes
// its share of the batch by the whole batch's mean and variance, so N
// processes of batch B train as one process of batch N*B. Parameters and
// buffers are torch's BatchNorm2d's, under the same names: checkpoints do not
// change. Includes torch.
#pragma once

#include <torch/torch.h>

namespace kishi::nn {

// Sums a tensor over the processes of a training, in place (an all-reduce).
class BatchStatsReducer {
 public:
  virtual ~BatchStatsReducer() = default;
  virtual void sum(torch::Tensor& t) = 0;
};

// torch's BatchNorm2d's parameters and buffers, under its names (a
// subclass of it does not link against Debian's LibTorch).
class BatchNormImpl : public torch::nn::Module {
 public:
  explicit BatchNormImpl(int64_t channels);
  // In training with a reducer: statistics over every process's batch;
  // otherwise torch's batch norm.
  torch::Tensor forward(const torch::Tensor& x);
  BatchStatsReducer* reducer = nullptr;
  static constexpr double EPS = 1e-5, MOMENTUM = 0.1;  // torch's defaults
  torch::Tensor weight, bias, running_mean, running_var, num_batches_tracked;
};
TORCH_MODULE(BatchNorm);

}  // namespace kishi::nn
