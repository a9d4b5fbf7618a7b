#include "nn/torch/network_evaluator.h"

#include <chrono>
#include <cmath>

#include "nn/torch/autocast.h"
#include "nn/torch/checkpoint.h"

namespace kishi::nn {

using Clock = std::chrono::steady_clock;

struct NetworkEvaluator::Impl {
  PolicyValueNet net{nullptr};
  GameEncoding encoding;
  torch::Device device{torch::kCPU};
  NetworkOptions options;
  EvaluationTimes times;
  std::vector<float> input;  // reused between calls
};

namespace {

torch::Device parse_device(const std::string& name) {
  if (name == "cpu") return torch::kCPU;
  if (name.rfind("cuda", 0) == 0) {
    if (!torch::cuda::is_available())
      throw std::runtime_error("device '" + name +
                               "' asked for, but this LibTorch build has no CUDA or sees no GPU");
    return torch::Device(name);
  }
  throw std::runtime_error("unknown device '" + name + "' (cpu, cuda, cuda:N)");
}

std::unique_ptr<NetworkEvaluator::Impl> make_impl(PolicyValueNet net, const GameEncoding& encoding,
                                                  const NetworkOptions& options) {
  auto impl = std::make_unique<NetworkEvaluator::Impl>();
  impl->encoding = encoding;
  impl->device = parse_device(options.device);
  impl->options = options;
  check_precision(impl->device, options.precision);
  if (options.threads > 0) torch::set_num_threads(options.threads);
  net->to(impl->device);
  net->eval();
  impl->net = net;
  return impl;
}

// Waits for queued GPU work, so that each phase is timed alone.
void sync(const torch::Device& device) {
  if (device.is_cuda()) torch::cuda::synchronize(device.index());
}

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

}  // namespace

NetworkEvaluator::NetworkEvaluator(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
NetworkEvaluator::~NetworkEvaluator() = default;

std::unique_ptr<NetworkEvaluator> NetworkEvaluator::from_checkpoint(const std::string& path,
                                                                    const GameEncoding& encoding,
                                                                    const NetworkOptions& options) {
  auto loaded = load_checkpoint(path, encoding);
  return std::unique_ptr<NetworkEvaluator>(
      new NetworkEvaluator(make_impl(loaded.net, loaded.info.encoding, options)));
}

std::unique_ptr<NetworkEvaluator> NetworkEvaluator::random(const ModelConfig& config,
                                                           const GameEncoding& encoding,
                                                           uint64_t seed,
                                                           const NetworkOptions& options) {
  torch::manual_seed(seed);
  return std::unique_ptr<NetworkEvaluator>(
      new NetworkEvaluator(make_impl(PolicyValueNet(config, encoding.shape), encoding, options)));
}

void NetworkEvaluator::evaluate(std::span<const EncodedPosition> positions,
                                std::span<PolicyValue> results) {
  Impl& m = *impl_;
  const int n = int(positions.size());
  if (n == 0) return;
  const EncodingShape& shape = m.encoding.shape;
  const size_t input_size = shape.input_size();
  const size_t policy_size = size_t(shape.policy_size());

  // LibTorch's CPU convolution leaves oneDNN for a much slower kernel at batch
  // size 1 (about 15x here), so a lone position is run with a zero companion.
  const int rows = n == 1 && m.device.is_cpu() ? 2 : n;
  auto t0 = Clock::now();
  m.input.resize(size_t(rows) * input_size);
  std::fill(m.input.begin() + size_t(n) * input_size, m.input.end(), 0.0f);
  for (int i = 0; i < n; ++i)
    std::copy_n(positions[i].input, input_size, m.input.data() + size_t(i) * input_size);
  m.times.encode += seconds_since(t0);

  torch::Tensor policy, wdl;
  {
    torch::NoGradGuard no_grad;
    t0 = Clock::now();
    auto x = torch::from_blob(m.input.data(), {rows, shape.planes, shape.height, shape.width},
                              torch::kFloat32)
                 .to(m.device);
    sync(m.device);
    m.times.copy += seconds_since(t0);

    t0 = Clock::now();
    NetworkOutput out;
    {
      Autocast autocast(m.device, m.options.precision);
      out = m.net->forward(x);
    }
    sync(m.device);
    m.times.forward += seconds_since(t0);

    t0 = Clock::now();
    policy = out.policy_logits.to(torch::kCPU, torch::kFloat32).contiguous();
    wdl = torch::softmax(out.value_logits, 1).to(torch::kCPU, torch::kFloat32).contiguous();
    m.times.copy += seconds_since(t0);
  }

  t0 = Clock::now();
  const float* p = policy.data_ptr<float>();
  const float* v = wdl.data_ptr<float>();
  for (int i = 0; i < n; ++i) {
    const std::span<const int> indices = positions[i].policy_indices;
    PolicyValue& e = results[i];
    e.wdl = {v[3 * i], v[3 * i + 1], v[3 * i + 2]};
    e.priors.resize(indices.size());
    const float* logits = p + size_t(i) * policy_size;
    float max_logit = -INFINITY;
    for (size_t j = 0; j < indices.size(); ++j)
      max_logit = std::max(max_logit, e.priors[j] = logits[indices[j]]);
    float sum = 0;
    for (float& x : e.priors) sum += (x = std::exp(x - max_logit));
    for (float& x : e.priors) x /= sum;
  }
  m.times.finish += seconds_since(t0);
  m.times.positions += n;
}

void NetworkEvaluator::save(const std::string& path, int64_t step) const {
  save_checkpoint(path, impl_->net, {impl_->encoding, impl_->net->config(), step});
}

const EvaluationTimes& NetworkEvaluator::times() const { return impl_->times; }
void NetworkEvaluator::reset_times() { impl_->times = {}; }

std::string NetworkEvaluator::describe() const {
  return impl_->net->config().describe() + " on " + impl_->options.device + ", " +
         std::to_string(torch::get_num_threads()) + " threads" +
         (impl_->options.precision == Precision::FP32
              ? ""
              : std::string(", ") + precision_name(impl_->options.precision) + " autocast");
}

bool cuda_available() { return torch::cuda::is_available(); }

}  // namespace kishi::nn
