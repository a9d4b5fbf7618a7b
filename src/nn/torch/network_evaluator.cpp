#include "nn/torch/network_evaluator.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <tuple>

#include "nn/backend_choice.h"
#include "nn/onednn/onednn_network.h"
#include "nn/torch/autocast.h"
#include "nn/torch/checkpoint.h"

namespace kishi::nn {

using Clock = std::chrono::steady_clock;

struct NetworkEvaluator::Impl {
  PolicyValueNet net{nullptr};
  GameEncoding encoding;
  torch::Device device{torch::kCPU};
  NetworkOptions options;
  std::unique_ptr<OneDnnNetwork> onednn;  // runs the forward pass when the backend is oneDNN
  EvaluationTimes times;
  std::vector<float> input;          // reused between calls
  std::vector<float> policy, value;  // the oneDNN backend's outputs
  std::string choice_note;           // what `auto` chose and why
  int64_t step = 0;                  // training steps behind the weights
};

namespace {

// int8's calibration and auto's check: positions of random games, the same on
// every load, and not the same for both.
constexpr int CALIBRATION_POSITIONS = 512;
constexpr uint64_t CALIBRATION_SEED = 0x6b697368;
constexpr uint64_t CHECK_SEED = 0x636865636b;

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

// The evaluator's state for a path fixed in `options` (no `auto`).
std::unique_ptr<NetworkEvaluator::Impl> make_fixed_impl(PolicyValueNet net,
                                                        const GameEncoding& encoding,
                                                        const NetworkOptions& options) {
  auto impl = std::make_unique<NetworkEvaluator::Impl>();
  impl->encoding = encoding;
  impl->device = parse_device(options.device);
  impl->options = options;
  if (options.backend == Backend::LibTorch) check_precision(impl->device, options.precision);
  if (options.threads > 0) torch::set_num_threads(options.threads);
  net->to(impl->device);
  net->eval();
  impl->net = net;
  if (options.backend == Backend::OneDnn) {
    if (!impl->device.is_cpu())
      throw std::runtime_error("the onednn backend runs on the CPU, not on '" + options.device +
                               "' (--backend libtorch there)");
    std::vector<float> calibration;
    if (options.precision == Precision::INT8 && encoding.sample_inputs)
      calibration = encoding.sample_inputs(CALIBRATION_POSITIONS, CALIBRATION_SEED);
    impl->onednn = std::make_unique<OneDnnNetwork>(net->folded(encoding.shape), options.precision,
                                                   options.threads, calibration);
  }
  return impl;
}

// Waits for queued GPU work, so that each phase is timed alone.
void sync(const torch::Device& device) {
  if (device.is_cuda()) torch::cuda::synchronize(device.index());
}

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// Fills p (policy logits) and v (win/draw/loss probabilities) of the first
// `rows` inputs in m.input with LibTorch; returns the tensors that own them.
std::pair<torch::Tensor, torch::Tensor> torch_forward(NetworkEvaluator::Impl& m, int rows) {
  const EncodingShape& shape = m.encoding.shape;
  torch::NoGradGuard no_grad;
  auto t0 = Clock::now();
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
  auto policy = out.policy_logits.to(torch::kCPU, torch::kFloat32).contiguous();
  auto wdl = torch::softmax(out.value_logits, 1).to(torch::kCPU, torch::kFloat32).contiguous();
  m.times.copy += seconds_since(t0);
  return {policy, wdl};
}

// The same with oneDNN, into m.policy and m.value.
void onednn_forward(NetworkEvaluator::Impl& m, int rows) {
  const auto t0 = Clock::now();
  m.policy.resize(size_t(rows) * m.encoding.shape.policy_size());
  m.value.resize(size_t(rows) * 3);
  m.onednn->forward(m.input.data(), rows, m.policy.data(), m.value.data());
  for (int i = 0; i < rows; ++i) {
    float* v = m.value.data() + 3 * i;
    const float top = std::max({v[0], v[1], v[2]});
    float sum = 0;
    for (int k = 0; k < 3; ++k) sum += (v[k] = std::exp(v[k] - top));
    for (int k = 0; k < 3; ++k) v[k] /= sum;
  }
  m.times.forward += seconds_since(t0);
}

// The first `rows` inputs in m.input through the network: policy logits (p)
// and win/draw/loss probabilities (v), held by m or by the tensors here.
struct RawOutputs {
  torch::Tensor policy, wdl;
  const float* p = nullptr;
  const float* v = nullptr;
};
RawOutputs forward_rows(NetworkEvaluator::Impl& m, int rows) {
  RawOutputs o;
  if (m.onednn) {
    onednn_forward(m, rows);
    o.p = m.policy.data();
    o.v = m.value.data();
  } else {
    std::tie(o.policy, o.wdl) = torch_forward(m, rows);
    o.p = o.policy.data_ptr<float>();
    o.v = o.wdl.data_ptr<float>();
  }
  return o;
}

// A hash of the weights and the encoding: auto's cache key for the model.
std::string model_hash(PolicyValueNet& net, const GameEncoding& encoding) {
  uint64_t h = 14695981039346656037ULL;  // FNV-1a, over 8-byte words
  const auto mix = [&h](uint64_t word) { h = (h ^ word) * 1099511628211ULL; };
  for (char c : encoding.version) mix(uint8_t(c));
  const auto add = [&](const torch::Tensor& t) {
    const torch::Tensor c = t.detach().to(torch::kCPU).contiguous();
    const auto* bytes = static_cast<const uint8_t*>(c.data_ptr());
    const size_t size = c.numel() * c.element_size();
    for (size_t i = 0; i < size; i += 8) {
      uint64_t word = 0;
      std::memcpy(&word, bytes + i, std::min<size_t>(8, size - i));
      mix(word);
    }
  };
  for (const auto& p : net->parameters()) add(p);
  for (const auto& b : net->buffers()) add(b);
  char text[20];
  std::snprintf(text, sizeof text, "%016llx", (unsigned long long)h);
  return text;
}

// What `options` asks of this device and CPU.
ChoiceRequest request_for(const NetworkOptions& options) {
  const CpuSupport cpu = onednn_cpu_support();
  ChoiceRequest r;
  r.asked = {options.backend, options.precision};
  r.device = parse_device(options.device).str();
  r.cpu_isa = cpu.isa;
  r.cpu_bf16 = cpu.bf16;
  r.cpu_vnni = cpu.vnni;
  return r;
}

NetworkOptions with_path(NetworkOptions options, const ForwardPath& path) {
  options.backend = path.backend;
  options.precision = path.precision;
  return options;
}

// The evaluators `auto` built while it measured, by path: the reference and
// the chosen one are built once.
using BuiltPaths = std::vector<std::pair<ForwardPath, std::unique_ptr<NetworkEvaluator::Impl>>>;

// The path `auto` takes in `options` for `net` (nn/backend_choice.h).
BackendChoice choose(PolicyValueNet net, const GameEncoding& encoding,
                     const NetworkOptions& options, BuiltPaths& built) {
  if (!encoding.sample_inputs)
    throw std::runtime_error("auto needs positions of the game to check the backends on");
  ChoiceRequest r = request_for(options);
  if (options.threads > 0) torch::set_num_threads(options.threads);
  r.threads = options.threads > 0 ? options.threads : torch::get_num_threads();
  r.batch = options.batch;
  r.model_key = model_hash(net, encoding);
  r.check_inputs = [&encoding](int count) { return encoding.sample_inputs(count, CHECK_SEED); };
  if (encoding.sample_legal)
    r.check_legal = [&encoding](int count) { return encoding.sample_legal(count, CHECK_SEED); };
  const size_t input_size = encoding.shape.input_size();
  const size_t policy_size = size_t(encoding.shape.policy_size());
  const auto make = [&](const ForwardPath& path) -> ForwardPass {
    auto found = std::find_if(built.begin(), built.end(),
                              [&](const auto& entry) { return entry.first == path; });
    if (found == built.end())
      found = built.emplace(built.end(), path,
                            make_fixed_impl(net, encoding, with_path(options, path)));
    NetworkEvaluator::Impl* impl = found->second.get();
    return [impl, input_size, policy_size](const float* inputs, int rows, ForwardOutputs& out) {
      impl->input.assign(inputs, inputs + rows * input_size);
      const RawOutputs o = forward_rows(*impl, rows);
      out.policy_logits.assign(o.p, o.p + rows * policy_size);
      out.values.resize(rows);
      for (int i = 0; i < rows; ++i) out.values[i] = o.v[3 * i] - o.v[3 * i + 2];
    };
  };
  return choose_backend(r, make, BackendChoiceCache(BackendChoiceCache::default_path()));
}

// The evaluator's state, with `auto` resolved by measurement.
std::unique_ptr<NetworkEvaluator::Impl> make_impl(PolicyValueNet net, const GameEncoding& encoding,
                                                  const NetworkOptions& options) {
  if (options.backend != Backend::Auto && options.precision != Precision::Auto)
    return make_fixed_impl(net, encoding, options);
  BuiltPaths built;
  const BackendChoice choice = choose(net, encoding, options, built);
  const auto found = std::find_if(built.begin(), built.end(),
                                  [&](const auto& entry) { return entry.first == choice.path; });
  auto impl = found != built.end()
                  ? std::move(found->second)
                  : make_fixed_impl(net, encoding, with_path(options, choice.path));
  impl->times = {};  // the timing runs are not the caller's
  impl->choice_note = choice.note;
  return impl;
}

}  // namespace

NetworkEvaluator::NetworkEvaluator(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
NetworkEvaluator::~NetworkEvaluator() = default;

std::unique_ptr<NetworkEvaluator> NetworkEvaluator::from_checkpoint(const std::string& path,
                                                                    const GameEncoding& encoding,
                                                                    const NetworkOptions& options) {
  auto loaded = load_checkpoint(path, encoding);
  loaded.info.encoding.sample_inputs = encoding.sample_inputs;
  loaded.info.encoding.sample_legal = encoding.sample_legal;
  auto impl = make_impl(loaded.net, loaded.info.encoding, options);
  impl->step = loaded.info.step;
  return std::unique_ptr<NetworkEvaluator>(new NetworkEvaluator(std::move(impl)));
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
  const size_t input_size = m.encoding.shape.input_size();
  const size_t policy_size = size_t(m.encoding.shape.policy_size());

  // LibTorch's CPU convolution leaves oneDNN for a much slower kernel at batch
  // size 1 (about 15x here), so a lone position is run with a zero companion.
  const int rows = n == 1 && m.device.is_cpu() && !m.onednn ? 2 : n;
  auto t0 = Clock::now();
  m.input.resize(size_t(rows) * input_size);
  std::fill(m.input.begin() + size_t(n) * input_size, m.input.end(), 0.0f);
  for (int i = 0; i < n; ++i)
    std::copy_n(positions[i].input, input_size, m.input.data() + size_t(i) * input_size);
  m.times.encode += seconds_since(t0);

  const RawOutputs o = forward_rows(m, rows);
  const float *p = o.p, *v = o.v;

  t0 = Clock::now();
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

NetworkWeights NetworkEvaluator::folded_weights() const {
  return impl_->net->folded(impl_->encoding.shape);
}

int64_t NetworkEvaluator::step() const { return impl_->step; }

void NetworkEvaluator::reference_logits(std::span<const float> inputs, std::vector<float>& policy,
                                        std::vector<float>& value) const {
  const EncodingShape& shape = impl_->encoding.shape;
  const int64_t rows = int64_t(inputs.size() / shape.input_size());
  torch::NoGradGuard no_grad;
  // from_blob does not write through its pointer; the forward pass reads a copy on the device.
  const auto x = torch::from_blob(const_cast<float*>(inputs.data()),
                                  {rows, shape.planes, shape.height, shape.width}, torch::kFloat32)
                     .to(impl_->device);
  const NetworkOutput out = impl_->net->forward(x);
  const auto copy = [](const torch::Tensor& t, std::vector<float>& to) {
    const auto c = t.to(torch::kCPU, torch::kFloat32).contiguous();
    to.assign(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
  };
  copy(out.policy_logits, policy);
  copy(out.value_logits, value);
}

const EvaluationTimes& NetworkEvaluator::times() const { return impl_->times; }
void NetworkEvaluator::reset_times() { impl_->times = {}; }

const std::string& NetworkEvaluator::choice_note() const { return impl_->choice_note; }

const ModelConfig& NetworkEvaluator::config() const { return impl_->net->config(); }

std::string NetworkEvaluator::describe() const {
  if (impl_->onednn)
    return impl_->net->config().describe() + " on " + impl_->onednn->describe() + ", " +
           std::to_string(impl_->options.threads > 0 ? impl_->options.threads
                                                     : torch::get_num_threads()) +
           " threads";
  return impl_->net->config().describe() + " on " + impl_->options.device + ", " +
         std::to_string(torch::get_num_threads()) + " threads" +
         (impl_->options.precision == Precision::FP32
              ? ""
              : std::string(", ") + precision_name(impl_->options.precision) + " autocast");
}

std::vector<ForwardPath> runnable_paths(const NetworkOptions& options,
                                        std::vector<std::string>& left_out) {
  return candidate_paths(request_for(options), left_out);
}

bool cuda_available() { return torch::cuda::is_available(); }

}  // namespace kishi::nn
