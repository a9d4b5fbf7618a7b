#include "training/trainer.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <limits>
#include <random>
#include <sstream>

#include "common/atomic_file.h"
#include "nn/torch/autocast.h"
#include "nn/torch/checkpoint.h"
#include "selfplay/model_store.h"
#include "training/loss_scaler.h"
#include "training/process_group.h"
#include "training/training_data.h"

namespace kishi::training {

// The longest a long training goes without a progress line.
constexpr std::chrono::seconds PROGRESS_INTERVAL{60};

namespace {
// The policy logits with every entry that is no legal move (0 in `legal`) far
// below the rest: a large finite number, not infinity, so that a target's
// zeros times its log-softmax stay zero.
torch::Tensor legal_only(const torch::Tensor& logits, const torch::Tensor& legal) {
  return logits.masked_fill(legal == 0, -1e9);
}
}  // namespace

TrainConfig TrainConfig::from(const Config& t, const Config& network) {
  TrainConfig c;
  c.batch_size = int(t.get_int("batch_size", c.batch_size, 1, 1 << 20));
  c.window_positions = t.get_int("window_positions", c.window_positions, 1, INT64_MAX);
  ValueTargets& v = c.value;
  v.root_value_mix = float(t.get_double("root_value_mix", v.root_value_mix));
  v.material_mix = float(t.get_double("material_value_mix", v.material_mix));
  v.material_scale = float(t.get_double("material_scale", v.material_scale));
  if (v.root_value_mix < 0 || v.material_mix < 0 || v.root_value_mix + v.material_mix > 1)
    throw ConfigError("keys 'train.root_value_mix' and 'train.material_value_mix' in " +
                      t.source() + " must be at least 0 and sum to at most 1");
  v.material_search_plies = int(t.get_int("material_search_plies", v.material_search_plies, 0, 60));
  v.material_search_nodes =
      t.get_int("material_search_nodes", v.material_search_nodes, 1, int64_t(1) << 40);
  if (!(v.material_scale > 0))
    throw ConfigError("key 'train.material_scale' in " + t.source() + " must be above 0");
  v.value_only = t.get_bool("value_only_positions", v.value_only);
  c.mirror = t.get_bool("mirror", c.mirror);
  c.legal_policy = t.get_bool("legal_policy", c.legal_policy);
  c.sync_batch_norm = t.get_bool("sync_batch_norm", c.sync_batch_norm);
  c.optimizer = t.get_string("optimizer", c.optimizer);
  if (c.optimizer != "sgd" && c.optimizer != "adamw")
    throw ConfigError("key 'train.optimizer' in " + t.source() + " must be \"sgd\" or \"adamw\"");
  c.learning_rate = t.get_double("learning_rate", c.learning_rate);
  c.momentum = t.get_double("momentum", c.momentum);
  c.weight_decay = t.get_double("weight_decay", c.weight_decay);
  c.lr_decay_steps = t.get_int("lr_decay_steps", c.lr_decay_steps);
  c.lr_decay_factor = t.get_double("lr_decay_factor", c.lr_decay_factor);
  c.steps_per_export = t.get_int("steps_per_export", c.steps_per_export, 1, INT64_MAX);
  c.ema_decay = t.get_double("ema_decay", c.ema_decay);
  if (!(c.ema_decay >= 0 && c.ema_decay < 1))
    throw ConfigError("key 'train.ema_decay' in " + t.source() +
                      " must be at least 0 and below 1 (0: no average)");
  c.device = network.get_string("device", c.device);
  // 0: torch's default.
  c.threads = int(network.get_int("threads", c.threads, 0, 1024));
  // The trainer's own precision, else the network's (self-play's forward
  // passes) where it is one that trains.
  const std::string played = network.get_string("precision", "fp32");
  const std::string precision =
      t.get_string("precision", played == "auto" || played == "int8" ? "fp32" : played);
  try {
    c.precision = nn::parse_precision(precision);
    if (c.precision == nn::Precision::Auto || c.precision == nn::Precision::INT8)
      throw std::invalid_argument(precision +
                                  " is a precision for play, not for training (fp32, "
                                  "fp16, bf16)");
  } catch (const std::invalid_argument& e) {
    throw ConfigError("key 'train.precision' or 'network.precision' in " + t.source() + ": " +
                      e.what());
  }
  return c;
}

struct Trainer::Impl {
  std::string run_dir;
  std::unique_ptr<TrainingGame> game;
  nn::GameEncoding encoding;
  TrainConfig config;
  nn::PolicyValueNet net{nullptr};
  // The weights' moving average (config.ema_decay > 0), else none.
  nn::PolicyValueNet averaged{nullptr};
  nn::ModelConfig model_config;
  std::unique_ptr<torch::optim::Optimizer> optimizer;
  torch::Device device{torch::kCPU};
  int64_t step = 0;
  std::mt19937_64 rng{12345};
  std::unique_ptr<ProcessGroup> group;  // a data-parallel training's, or none
  LossScaler scaler{false};

  bool writes() const { return !group || group->rank() == 0; }
  int ranks() const { return group ? group->size() : 1; }
  int rank() const { return group ? group->rank() : 0; }

  // Every rank starts where rank 0 does: the same step, rank 0's weights.
  void join_group() {
    auto rank0_step = torch::tensor({step}, torch::kInt64);
    group->broadcast(rank0_step);
    if (rank0_step.item<int64_t>() != step)
      throw std::runtime_error(group->settings().who() + " starts at step " + std::to_string(step) +
                               ", rank 0 at step " + std::to_string(rank0_step.item<int64_t>()) +
                               ": every rank must see the same run directory (a shared one)");
    torch::NoGradGuard no_grad;
    std::vector<torch::Tensor> state;
    for (const auto& p : net->parameters()) state.push_back(p);
    for (const auto& b : net->buffers()) state.push_back(b);
    std::vector<torch::Tensor> flat;
    for (const auto& t : state) flat.push_back(t.to(torch::kDouble).flatten());
    auto all = torch::cat(flat);
    group->broadcast(all);
    int64_t at = 0;
    for (auto& t : state) {
      t.copy_(all.slice(0, at, at + t.numel()).view_as(t));
      at += t.numel();
    }
    if (config.sync_batch_norm) net->set_batch_stats_reducer(group.get());
  }

  // Sums the gradients and the two losses over the ranks.
  void sum_gradients(torch::Tensor& policy_loss, torch::Tensor& value_loss) {
    std::vector<torch::Tensor> parts;
    const auto params = net->parameters();
    for (const auto& p : params)
      parts.push_back(p.grad().defined() ? p.grad().flatten()
                                         : torch::zeros({p.numel()}, p.options()));
    parts.push_back(policy_loss.detach().reshape({1}));
    parts.push_back(value_loss.detach().reshape({1}));
    auto flat = torch::cat(parts);
    group->sum(flat);
    int64_t at = 0;
    for (const auto& p : params) {
      if (p.grad().defined()) p.mutable_grad().copy_(flat.slice(0, at, at + p.numel()).view_as(p));
      at += p.numel();
    }
    policy_loss = flat[at];
    value_loss = flat[at + 1];
  }

  std::string state_path() const { return run_dir + "/train/state.ckpt"; }

  // What is exported and tested: the average where there is one.
  nn::PolicyValueNet& exported() { return averaged ? averaged : net; }

  void start_average() {
    averaged = nn::PolicyValueNet(model_config, encoding.shape);
    averaged->to(device);
    averaged->eval();
    torch::NoGradGuard no_grad;
    const auto from = net->parameters(), to = averaged->parameters();
    for (size_t i = 0; i < from.size(); ++i) to[i].copy_(from[i]);
    const auto from_buffers = net->buffers(), to_buffers = averaged->buffers();
    for (size_t i = 0; i < from_buffers.size(); ++i) to_buffers[i].copy_(from_buffers[i]);
  }

  // The batch norms' running statistics are averaged like the weights; their
  // counters are copied.
  void update_average() {
    torch::NoGradGuard no_grad;
    const double weight = 1 - config.ema_decay;
    const auto from = net->parameters(), to = averaged->parameters();
    for (size_t i = 0; i < from.size(); ++i) to[i].lerp_(from[i], weight);
    const auto from_buffers = net->buffers(), to_buffers = averaged->buffers();
    for (size_t i = 0; i < from_buffers.size(); ++i)
      if (to_buffers[i].is_floating_point())
        to_buffers[i].lerp_(from_buffers[i], weight);
      else
        to_buffers[i].copy_(from_buffers[i]);
  }

  double learning_rate() const {
    double lr = config.learning_rate;
    if (config.lr_decay_steps > 0)
      lr *= std::pow(config.lr_decay_factor, double(step / config.lr_decay_steps));
    return lr;
  }

  void make_optimizer() {
    if (config.optimizer == "adamw")
      optimizer = std::make_unique<torch::optim::AdamW>(
          net->parameters(),
          torch::optim::AdamWOptions(config.learning_rate).weight_decay(config.weight_decay));
    else
      optimizer = std::make_unique<torch::optim::SGD>(net->parameters(),
                                                      torch::optim::SGDOptions(config.learning_rate)
                                                          .momentum(config.momentum)
                                                          .weight_decay(config.weight_decay));
  }

  void set_learning_rate(double lr) {
    for (auto& param_group : optimizer->param_groups()) {
      if (config.optimizer == "adamw")
        static_cast<torch::optim::AdamWOptions&>(param_group.options()).lr(lr);
      else
        static_cast<torch::optim::SGDOptions&>(param_group.options()).lr(lr);
    }
  }

  void save_state() {
    std::filesystem::create_directories(run_dir + "/train");
    std::ostringstream rng_state;
    rng_state << rng;
    nn::save_checkpoint(state_path(), net, {encoding, model_config, step},
                        [&](torch::serialize::OutputArchive& archive) {
                          torch::serialize::OutputArchive opt;
                          optimizer->save(opt);
                          archive.write("optimizer", opt);
                          archive.write("trainer/rng", c10::IValue(rng_state.str()));
                          archive.write("trainer/loss_scale", c10::IValue(scaler.state()));
                          if (averaged) {
                            torch::serialize::OutputArchive average;
                            averaged->save(average);
                            archive.write("trainer/average", average);
                          }
                        });
  }
};

Trainer::Trainer(const std::string& run_dir, std::unique_ptr<TrainingGame> game,
                 const TrainConfig& config, const std::optional<ProcessGroupSettings>& group)
    : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  m.run_dir = run_dir;
  m.game = std::move(game);
  m.encoding = m.game->encoding();
  m.config = config;
  if (config.value.material_mix > 0 && !m.game->has_static_value())
    throw std::runtime_error("train.material_value_mix: the game " + m.encoding.game +
                             " has no static value; set it to 0");
  if (config.threads > 0) torch::set_num_threads(config.threads);
  if (config.device != "cpu") m.device = torch::Device(config.device);
  // The ranks of a host each take their own GPU.
  if (group && config.device == "cuda") m.device = torch::Device(torch::kCUDA, group->local_rank);
  nn::check_precision(m.device, config.precision);
  m.scaler = LossScaler(config.precision == nn::Precision::FP16);
  // The rendezvous first: a rank that cannot meet the others says so before loading.
  if (group) m.group = std::make_unique<ProcessGroup>(*group);
  if (m.writes())
    for (const char* dir : {"/train", "/models"})
      if (const int n = remove_stale_temporaries(run_dir + dir))
        std::printf("removed %d unfinished temporary files from %s%s\n", n, run_dir.c_str(), dir);
  if (std::filesystem::exists(m.state_path())) {
    std::string rng_state;
    std::vector<double> loss_scale;
    torch::serialize::InputArchive opt, average;
    bool has_average = false;
    auto loaded =
        nn::load_checkpoint(m.state_path(), m.encoding, [&](torch::serialize::InputArchive& a) {
          a.read("optimizer", opt);
          c10::IValue v;
          a.read("trainer/rng", v);
          rng_state = v.toStringRef();
          // Absent from states written before mixed precision.
          if (c10::IValue scale; a.try_read("trainer/loss_scale", scale))
            loss_scale = scale.toDoubleVector();
          has_average = a.try_read("trainer/average", average);
        });
    m.net = loaded.net;
    m.model_config = loaded.info.model;
    m.step = loaded.info.step;
    m.net->to(m.device);
    m.make_optimizer();
    m.optimizer->load(opt);
    std::istringstream(rng_state) >> m.rng;
    if (m.scaler.enabled() && !loss_scale.empty()) m.scaler.restore(loss_scale);
    // A state saved without an average (or with the average turned off since) starts one here.
    if (config.ema_decay > 0 && has_average) {
      m.start_average();
      m.averaged->load(average);
      m.averaged->to(m.device);
    }
  } else {
    const auto latest = selfplay::latest_model(run_dir);
    if (!latest)
      throw std::runtime_error("run '" + run_dir +
                               "' has no model to train (run kishi selfplay first)");
    auto loaded = nn::load_checkpoint(latest->path, m.encoding);
    m.net = loaded.net;
    m.model_config = loaded.info.model;
    m.step = loaded.info.step;
    m.net->to(m.device);
    m.make_optimizer();
  }
  if (m.group) m.join_group();
  if (config.ema_decay > 0 && !m.averaged) m.start_average();
}

Trainer::~Trainer() = default;

double Trainer::bare_samples_per_second(int64_t steps) {
  Impl& m = *impl_;
  const int batch = m.config.batch_size;
  m.net->train();
  const game::EncodingShape& shape = m.encoding.shape;
  const auto x = torch::rand({batch, shape.planes, shape.height, shape.width}).to(m.device);
  const auto p = torch::softmax(torch::rand({batch, shape.policy_size()}), 1).to(m.device);
  const auto v = torch::softmax(torch::rand({batch, 3}), 1).to(m.device);
  // A scratch copy of the optimizer's settings, so the real state is untouched.
  auto params = m.net->parameters();
  std::vector<torch::Tensor> saved;
  for (auto& t : params) saved.push_back(t.detach().clone());
  torch::optim::SGD scratch(
      params, torch::optim::SGDOptions(m.learning_rate()).momentum(m.config.momentum));
  const auto start = std::chrono::steady_clock::now();
  for (int64_t s = 0; s < steps; ++s) {
    scratch.zero_grad();
    nn::NetworkOutput out;
    {
      nn::Autocast autocast(m.device, m.config.precision);
      out = m.net->forward(x);
    }
    const auto loss =
        -(p * torch::log_softmax(out.policy_logits.to(torch::kFloat), 1)).sum(1).mean() -
        (v * torch::log_softmax(out.value_logits.to(torch::kFloat), 1)).sum(1).mean();
    m.scaler.scaled(loss).backward();
    scratch.step();
    loss.item<double>();  // wait for the step, as the trainer does
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  torch::NoGradGuard no_grad;
  for (size_t i = 0; i < params.size(); ++i) params[i].copy_(saved[i]);
  return steps * batch / seconds;
}

void Trainer::export_model() {
  Impl& m = *impl_;
  if (!m.writes()) return;
  const std::string path = selfplay::model_path(m.run_dir, m.step);
  if (std::filesystem::exists(path)) return;
  m.net->eval();
  nn::save_checkpoint(path, m.exported(), {m.encoding, m.model_config, m.step});
}
int64_t Trainer::step() const { return impl_->step; }

bool Trainer::agree(bool go) {
  Impl& m = *impl_;
  if (!m.group) return go;
  auto word = torch::tensor({int64_t(go)}, torch::kInt64);
  m.group->broadcast(word, m.group->settings().between_calls_seconds);
  return word.item<int64_t>() != 0;
}

TestMetrics Trainer::test(const std::string& test_run_dir) {
  Impl& m = *impl_;
  const Window window = m.game->read_window(newest_chunks(test_run_dir),
                                            std::numeric_limits<size_t>::max(), m.config.value);
  TestMetrics t;
  t.positions = int64_t(window.samples.size());
  if (window.samples.empty()) return t;
  const game::EncodingShape& shape = m.encoding.shape;
  const size_t input_size = shape.input_size(), policy_size = size_t(shape.policy_size());
  const int batch = m.config.batch_size;
  torch::NoGradGuard no_grad;
  m.net->eval();
  nn::PolicyValueNet& net = m.exported();
  double top1 = 0, top1_legal = 0, policy_sum = 0, value_sum = 0;
  for (size_t first = 0; first < window.samples.size(); first += size_t(batch)) {
    const int rows = int(std::min(window.samples.size() - first, size_t(batch)));
    std::vector<float> input(size_t(rows) * input_size), policy(size_t(rows) * policy_size),
        legal(size_t(rows) * policy_size), value(size_t(rows) * 3);
    std::vector<float> has_policy(static_cast<size_t>(rows));
    for (int row = 0; row < rows; ++row) {
      const Sample& sample = window.samples[first + size_t(row)];
      m.game->encode(sample, false, input.data() + size_t(row) * input_size,
                     policy.data() + size_t(row) * policy_size,
                     legal.data() + size_t(row) * policy_size);
      std::copy(sample.wdl.begin(), sample.wdl.end(), value.begin() + row * 3);
      has_policy[size_t(row)] = sample.policy.empty() ? 0.f : 1.f;
    }
    const auto x = torch::from_blob(input.data(), {rows, shape.planes, shape.height, shape.width})
                       .to(m.device);
    const auto p_target = torch::from_blob(policy.data(), {rows, shape.policy_size()}).to(m.device);
    const auto v_target = torch::from_blob(value.data(), {rows, 3}).to(m.device);
    const auto with_policy = torch::from_blob(has_policy.data(), {rows}).to(m.device);
    nn::NetworkOutput out;
    {
      nn::Autocast autocast(m.device, m.config.precision);
      out = net->forward(x);
    }
    const auto logits = out.policy_logits.to(torch::kFloat);
    const auto legal_logits = legal_only(
        logits, torch::from_blob(legal.data(), {rows, shape.policy_size()}).to(m.device));
    // The loss as the training measures it.
    const auto& trained = m.config.legal_policy ? legal_logits : logits;
    policy_sum +=
        (-(p_target * torch::log_softmax(trained, 1)).sum(1) * with_policy).sum().item<double>();
    const auto target_move = p_target.argmax(1);
    const auto agrees = [&](const torch::Tensor& scores) {
      return ((scores.argmax(1) == target_move).to(torch::kFloat) * with_policy)
          .sum()
          .item<double>();
    };
    top1 += agrees(logits);
    top1_legal += agrees(legal_logits);
    value_sum += -(v_target * torch::log_softmax(out.value_logits.to(torch::kFloat), 1))
                      .sum()
                      .item<double>();
    t.policy_positions += int64_t(with_policy.sum().item<double>());
  }
  m.net->train();
  const double with_targets = double(std::max<int64_t>(t.policy_positions, 1));
  t.policy_top1 = top1 / with_targets;
  t.policy_top1_legal = top1_legal / with_targets;
  t.policy_loss = policy_sum / with_targets;
  t.value_loss = value_sum / double(t.positions);
  return t;
}

StepMetrics Trainer::train(int64_t steps,
                           const std::function<void(const StepMetrics&)>& on_progress) {
  Impl& m = *impl_;
  // The ranks read the chunks rank 0 lists: a chunk that lands meanwhile must
  // not make their windows differ.
  std::vector<std::string> chunks = newest_chunks(m.run_dir);
  if (m.group) {
    std::string list;
    for (const std::string& c : chunks) list += c + '\n';
    list = m.group->broadcast(list);
    chunks.clear();
    for (size_t at = 0, end; (end = list.find('\n', at)) != std::string::npos; at = end + 1)
      chunks.push_back(list.substr(at, end - at));
  }
  const Window window =
      m.game->read_window(chunks, size_t(m.config.window_positions), m.config.value);
  StepMetrics metrics{
      m.step, 0, 0, m.learning_rate(), 0, int64_t(window.samples.size()), window.chunks_read};
  if (window.samples.empty()) return metrics;
  const game::EncodingShape& shape = m.encoding.shape;
  const size_t input_size = shape.input_size(), policy_size = size_t(shape.policy_size());
  const int batch = m.config.batch_size;  // this rank's share
  const int global_batch = batch * m.ranks();
  struct Batch {
    std::vector<float> input, policy, value;
    std::vector<float> legal;  // with legal_policy: 1 at each legal move's policy index
    int policy_rows = 0;  // of the whole batch, samples with a policy target (others: value-only)
  };
  std::uniform_int_distribution<size_t> pick(0, window.samples.size() - 1);
  // Positions are decoded and encoded on a second thread while the network
  // trains on the previous batch. The samples (and their mirroring) are drawn
  // in the same order as without it, so a resumed run draws the same batches.
  const auto make_batch = [&] {
    Batch b{std::vector<float>(size_t(batch) * input_size),
            std::vector<float>(size_t(batch) * policy_size), std::vector<float>(size_t(batch) * 3),
            std::vector<float>(m.config.legal_policy ? size_t(batch) * policy_size : 0)};
    // Every rank draws the whole batch alike and encodes its share of it.
    for (int k = 0; k < global_batch; ++k) {
      const Sample& sample = window.samples[pick(m.rng)];
      const bool mirrored = m.config.mirror && (m.rng() & 1) && m.game->can_mirror();
      if (!sample.policy.empty()) ++b.policy_rows;
      if (k / batch != m.rank()) continue;
      const int row = k % batch;
      m.game->encode(sample, mirrored, b.input.data() + size_t(row) * input_size,
                     b.policy.data() + size_t(row) * policy_size,
                     m.config.legal_policy ? b.legal.data() + size_t(row) * policy_size : nullptr);
      std::copy(sample.wdl.begin(), sample.wdl.end(), b.value.begin() + row * 3);
    }
    return b;
  };
  m.net->train();
  double policy_sum = 0, value_sum = 0;
  const auto start = std::chrono::steady_clock::now();
  // Since the last on_progress call.
  double part_policy = 0, part_value = 0;
  int64_t part_steps = 0;
  auto part_start = start;
  std::future<Batch> next = std::async(std::launch::async, make_batch);
  for (int64_t s = 0; s < steps; ++s) {
    Batch b = next.get();
    if (s + 1 < steps) next = std::async(std::launch::async, make_batch);
    std::vector<float>& input = b.input;
    std::vector<float>& policy = b.policy;
    std::vector<float>& value = b.value;
    const auto x = torch::from_blob(input.data(), {batch, shape.planes, shape.height, shape.width})
                       .to(m.device);
    const auto p_target =
        torch::from_blob(policy.data(), {batch, shape.policy_size()}).to(m.device);
    const auto v_target = torch::from_blob(value.data(), {batch, 3}).to(m.device);
    m.set_learning_rate(m.learning_rate());
    m.optimizer->zero_grad();
    nn::NetworkOutput out;
    {
      nn::Autocast autocast(m.device, m.config.precision);
      out = m.net->forward(x);
    }
    // Averaged over the whole batch's samples that have a policy target (the
    // value over all): the ranks' shares of the losses add up to the batch's.
    // In fp32 whatever the precision of the passes.
    auto logits = out.policy_logits.to(torch::kFloat);
    if (m.config.legal_policy)
      logits = legal_only(
          logits, torch::from_blob(b.legal.data(), {batch, shape.policy_size()}).to(m.device));
    auto policy_loss =
        -(p_target * torch::log_softmax(logits, 1)).sum() / double(std::max(b.policy_rows, 1));
    auto value_loss =
        -(v_target * torch::log_softmax(out.value_logits.to(torch::kFloat), 1)).sum() /
        double(global_batch);
    m.scaler.scaled(policy_loss + value_loss).backward();
    if (m.group) m.sum_gradients(policy_loss, value_loss);
    // Summed first, so that every rank sees the same overflow and skips alike.
    const bool finite = m.scaler.unscale(m.net->parameters());
    if (finite) m.optimizer->step();
    m.scaler.update(finite);
    if (m.averaged) m.update_average();
    ++m.step;
    const double p = policy_loss.item<double>(), v = value_loss.item<double>();
    policy_sum += p;
    value_sum += v;
    part_policy += p;
    part_value += v;
    ++part_steps;
    if (!m.writes()) continue;
    const bool exports = m.step % m.config.steps_per_export == 0;
    if (exports) {
      m.net->eval();
      nn::save_checkpoint(selfplay::model_path(m.run_dir, m.step), m.exported(),
                          {m.encoding, m.model_config, m.step});
      m.net->train();
    }
    const auto now = std::chrono::steady_clock::now();
    if (on_progress && (exports || now - part_start >= PROGRESS_INTERVAL)) {
      on_progress(
          {m.step, part_policy / part_steps, part_value / part_steps, m.learning_rate(),
           part_steps * global_batch / std::chrono::duration<double>(now - part_start).count(),
           int64_t(window.samples.size()), window.chunks_read});
      part_policy = part_value = 0;
      part_steps = 0;
      part_start = now;
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  metrics = {m.step,
             policy_sum / steps,
             value_sum / steps,
             m.learning_rate(),
             steps * global_batch / seconds,
             int64_t(window.samples.size()),
             window.chunks_read};
  if (!m.writes()) return metrics;
  m.save_state();
  std::ofstream(m.run_dir + "/metrics.jsonl", std::ios::app)
      << "{\"step\": " << metrics.step << ", \"policy_loss\": " << metrics.policy_loss
      << ", \"value_loss\": " << metrics.value_loss
      << ", \"learning_rate\": " << metrics.learning_rate
      << ", \"samples_per_second\": " << metrics.samples_per_second
      << ", \"window_positions\": " << metrics.window_positions << "}\n";
  return metrics;
}

}  // namespace kishi::training
