#include "nn/backend_choice.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace kishi::nn {

namespace {

constexpr int CHECK_POSITIONS = 128;
constexpr double MIN_TOP1 = 0.97;
constexpr double MAX_MEAN_VALUE_ERROR = 0.03;
constexpr double TIMING_SECONDS = 0.3;

std::string thousands(double x) {
  std::string digits = std::to_string(std::llround(x)), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

struct Agreement {
  double top1 = 1, mean_value_error = 0;
  bool holds() const { return top1 >= MIN_TOP1 && mean_value_error <= MAX_MEAN_VALUE_ERROR; }
};

// `legal`: each row's legal moves' policy indices, or empty for all entries.
Agreement agreement(const ForwardOutputs& want, const ForwardOutputs& got, int rows,
                    const std::vector<std::vector<int>>& legal) {
  const size_t policy_size = want.policy_logits.size() / rows;
  Agreement a;
  int same = 0;
  for (int i = 0; i < rows; ++i) {
    const auto row = [&](const ForwardOutputs& o) -> ptrdiff_t {
      const auto begin = o.policy_logits.begin() + ptrdiff_t(i * policy_size);
      if (legal.empty()) return std::max_element(begin, begin + ptrdiff_t(policy_size)) - begin;
      return *std::max_element(legal[size_t(i)].begin(), legal[size_t(i)].end(),
                               [&](int x, int y) { return begin[x] < begin[y]; });
    };
    same += row(want) == row(got);
    a.mean_value_error += std::abs(want.values[i] - got.values[i]) / rows;
  }
  a.top1 = double(same) / rows;
  return a;
}

// Positions per second of `pass` at `batch`, after a warm-up (plans, caches).
double positions_per_second(const ForwardPass& pass, const std::vector<float>& inputs, int batch) {
  using Clock = std::chrono::steady_clock;
  ForwardOutputs out;
  pass(inputs.data(), batch, out);
  pass(inputs.data(), batch, out);
  const auto start = Clock::now();
  int calls = 0;
  double elapsed = 0;
  while (calls < 3 || elapsed < TIMING_SECONDS) {
    pass(inputs.data(), batch, out);
    ++calls;
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  }
  return calls * batch / elapsed;
}

std::string cache_key(const ChoiceRequest& r) {
  return r.model_key + "|" + r.device + "|" + r.cpu_isa + "|threads " + std::to_string(r.threads) +
         "|batch " + std::to_string(r.batch) + "|asked " + r.asked.name();
}

}  // namespace

std::vector<ForwardPath> candidate_paths(const ChoiceRequest& r,
                                         std::vector<std::string>& left_out) {
  const bool cpu = r.device == "cpu";
  std::vector<ForwardPath> paths;
  for (Backend b : {Backend::LibTorch, Backend::OneDnn}) {
    if (r.asked.backend != Backend::Auto && r.asked.backend != b) continue;
    if (b == Backend::OneDnn && !cpu) continue;  // oneDNN here is the CPU's
    for (Precision p : {Precision::FP32, Precision::BF16, Precision::INT8, Precision::FP16}) {
      if (r.asked.precision != Precision::Auto && r.asked.precision != p) continue;
      const ForwardPath path{b, p};
      if (p == Precision::FP16 && (cpu || b != Backend::LibTorch)) continue;
      if (p == Precision::INT8 && b != Backend::OneDnn) continue;
      if (cpu && p == Precision::BF16 && !r.cpu_bf16) {
        left_out.push_back(path.name() + ": no bf16 in hardware here (" + r.cpu_isa + ")");
        continue;
      }
      if (p == Precision::INT8 && !r.cpu_vnni) {
        left_out.push_back(path.name() + ": no VNNI here (" + r.cpu_isa + ")");
        continue;
      }
      paths.push_back(path);
    }
  }
  return paths;
}

BackendChoice choose_backend(const ChoiceRequest& r, const MakeForwardPass& make,
                             const BackendChoiceCache& cache) {
  std::vector<std::string> left_out;
  const std::vector<ForwardPath> paths = candidate_paths(r, left_out);
  std::string where = "at batch " + std::to_string(r.batch) + " with " + std::to_string(r.threads) +
                      (r.threads == 1 ? " thread" : " threads");
  if (paths.empty())
    throw std::runtime_error("no forward pass can run " + r.asked.name() + " on " + r.device +
                             (left_out.empty() ? "" : ": " + left_out.front()));
  const std::string key = cache_key(r);
  if (const auto cached = cache.find(key)) {
    try {
      const ForwardPath path{parse_backend(cached->backend), parse_precision(cached->precision)};
      if (std::find(paths.begin(), paths.end(), path) != paths.end())
        return {path, "auto chose " + path.name() + " " + where + " (cached in " + cache.path() +
                          ": " + cached->measured + ")"};
    } catch (const std::invalid_argument&) {
      // A cache entry from another build: measured again below.
    }
  }
  if (paths.size() == 1)
    return {paths.front(), "auto chose " + paths.front().name() + " " + where +
                               ": the only path here" +
                               (left_out.empty() ? "" : " (" + left_out.front() + ")")};

  const int count = std::max(CHECK_POSITIONS, r.batch);
  const std::vector<float> inputs = r.check_inputs(count);
  const std::vector<std::vector<int>> legal =
      r.check_legal ? r.check_legal(CHECK_POSITIONS) : std::vector<std::vector<int>>{};
  ForwardOutputs reference;
  make({Backend::LibTorch, Precision::FP32})(inputs.data(), CHECK_POSITIONS, reference);
  std::optional<ForwardPath> best;
  double best_speed = 0;
  std::string measured;
  for (const ForwardPath& path : paths) {
    std::string entry;
    try {
      const ForwardPass pass = make(path);
      ForwardOutputs out;
      pass(inputs.data(), CHECK_POSITIONS, out);
      const Agreement a = agreement(reference, out, CHECK_POSITIONS, legal);
      const double speed = positions_per_second(pass, inputs, r.batch);
      entry = path.name() + " " + thousands(speed) + "/s";
      if (path.precision != Precision::FP32) {
        char text[64];
        std::snprintf(text, sizeof text, ", top-1 %.1f%%, value %.3f", 100 * a.top1,
                      a.mean_value_error);
        entry += text;
      }
      if (!a.holds())
        entry += " (too far from fp32)";
      else if (speed > best_speed)
        best = path, best_speed = speed;
    } catch (const std::exception& e) {
      entry = path.name() + ": " + e.what();
    }
    measured += (measured.empty() ? "" : "; ") + entry;
  }
  if (!best) throw std::runtime_error("auto found no forward pass that runs here: " + measured);
  for (const std::string& reason : left_out) measured += "; " + reason;
  const std::string failure =
      cache.store(key, {backend_name(best->backend), precision_name(best->precision), measured});
  return {*best, "auto chose " + best->name() + " " + where + ", " + thousands(best_speed) +
                     " positions/s (" + measured + "); " +
                     (failure.empty() ? "kept in " + cache.path() : "not kept: " + failure)};
}

}  // namespace kishi::nn
