// `auto`: the fastest path whose results hold, with paths of known speed and
// accuracy; its cache file damaged, stale and unwritable; and, in processes
// whose oneDNN is held below VNNI or bf16 (DNNL_MAX_CPU_ISA, tests/CMakeLists.txt),
// the paths left out with their reason.
#include "nn/backend_choice.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "games/registry.h"
#include "nn/onednn/onednn_network.h"
#include "nn/torch/network_evaluator.h"

namespace kishi::nn {
namespace {

namespace fs = std::filesystem;

constexpr int POLICY = 4;

// A path that takes `micros` per position and answers move `top` with value `value`.
ForwardPass fake_pass(int micros, int top, float value) {
  return [=](const float*, int rows, ForwardOutputs& out) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(micros * rows);
    while (std::chrono::steady_clock::now() < until) {
    }
    out.policy_logits.assign(size_t(rows) * POLICY, 0.f);
    for (int i = 0; i < rows; ++i) out.policy_logits[size_t(i) * POLICY + top] = 1.f;
    out.values.assign(rows, value);
  };
}

ChoiceRequest cpu_request(bool bf16, bool vnni) {
  ChoiceRequest r;
  r.asked = {Backend::Auto, Precision::Auto};
  r.device = "cpu";
  r.cpu_isa = "test";
  r.cpu_bf16 = bf16;
  r.cpu_vnni = vnni;
  r.batch = 8;
  r.model_key = "model";
  r.check_inputs = [](int count) { return std::vector<float>(size_t(count), 0.f); };
  return r;
}

class TempDir {
 public:
  TempDir() : path_(fs::temp_directory_path() / ("kishi-choice-" + std::to_string(::getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

TEST(BackendChoice, CandidatesFollowTheCpuAndWhatWasAsked) {
  std::vector<std::string> left_out;
  auto all = candidate_paths(cpu_request(true, true), left_out);
  EXPECT_EQ(all.size(), 5u);  // libtorch fp32, bf16; onednn fp32, bf16, int8
  EXPECT_TRUE(left_out.empty());
  auto plain = candidate_paths(cpu_request(false, false), left_out);
  EXPECT_EQ(plain.size(), 2u);  // fp32 on each
  ASSERT_EQ(left_out.size(), 3u);
  EXPECT_NE(left_out[2].find("no VNNI"), std::string::npos) << left_out[2];
  ChoiceRequest gpu = cpu_request(true, true);
  gpu.device = "cuda";
  left_out.clear();
  auto on_gpu = candidate_paths(gpu, left_out);
  EXPECT_EQ(on_gpu.size(), 3u);  // libtorch fp32, bf16, fp16
  ChoiceRequest onednn = cpu_request(true, true);
  onednn.asked.backend = Backend::OneDnn;
  EXPECT_EQ(candidate_paths(onednn, left_out).size(), 3u);
}

TEST(BackendChoice, TakesTheFastestPathWhoseResultsHold) {
  TempDir dir;
  const BackendChoiceCache cache(dir.file("choices.json"));
  // int8 is the fastest but picks another move; onednn bf16 holds.
  const auto make = [](const ForwardPath& p) -> ForwardPass {
    if (p == ForwardPath{Backend::OneDnn, Precision::INT8}) return fake_pass(20, 1, 0.f);
    if (p == ForwardPath{Backend::OneDnn, Precision::BF16}) return fake_pass(40, 0, 0.01f);
    return fake_pass(200, 0, 0.f);
  };
  const BackendChoice choice = choose_backend(cpu_request(true, true), make, cache);
  EXPECT_EQ(choice.path, (ForwardPath{Backend::OneDnn, Precision::BF16})) << choice.note;
  EXPECT_NE(choice.note.find("onednn int8"), std::string::npos) << choice.note;
  EXPECT_NE(choice.note.find("too far from fp32"), std::string::npos) << choice.note;
  EXPECT_NE(choice.note.find("kept in"), std::string::npos) << choice.note;
  // A value off by more than 0.03 on average fails as well.
  const auto far = [](const ForwardPath& p) -> ForwardPass {
    if (p.precision != Precision::FP32) return fake_pass(20, 0, 0.05f);
    return fake_pass(p.backend == Backend::OneDnn ? 60 : 200, 0, 0.f);
  };
  ChoiceRequest other = cpu_request(true, true);
  other.model_key = "other";
  EXPECT_EQ(choose_backend(other, far, cache).path,
            (ForwardPath{Backend::OneDnn, Precision::FP32}));
}

// With the check positions' legal moves, top-1 is among them alone: a network
// trained with legal_policy leaves the other entries free, and a path that
// differs only there is as good as the reference.
TEST(BackendChoice, TopOneIsAmongTheLegalMovesWhenTheyAreGiven) {
  TempDir dir;
  const BackendChoiceCache cache(dir.file("choices.json"));
  // int8, the fastest, puts its largest logit on entry 1, the others on 0;
  // entries 2 and 3 are the legal moves, equal on every path.
  const auto make = [](const ForwardPath& p) -> ForwardPass {
    if (p == ForwardPath{Backend::OneDnn, Precision::INT8}) return fake_pass(20, 1, 0.f);
    return fake_pass(p.backend == Backend::OneDnn ? 60 : 200, 0, 0.f);
  };
  ChoiceRequest r = cpu_request(true, true);
  EXPECT_NE(choose_backend(r, make, cache).path, (ForwardPath{Backend::OneDnn, Precision::INT8}));
  r.model_key = "legal";
  r.check_legal = [](int count) { return std::vector<std::vector<int>>(count, {2, 3}); };
  const BackendChoice legal = choose_backend(r, make, cache);
  EXPECT_EQ(legal.path, (ForwardPath{Backend::OneDnn, Precision::INT8})) << legal.note;
  EXPECT_NE(legal.note.find("top-1 100.0%"), std::string::npos) << legal.note;
}

TEST(BackendChoice, CacheIsUsedRewrittenWhenDamagedAndOptional) {
  TempDir dir;
  const std::string path = dir.file("choices.json");
  int built = 0;
  const auto make = [&built](const ForwardPath& p) -> ForwardPass {
    ++built;
    return fake_pass(p.backend == Backend::OneDnn ? 20 : 100, 0, 0.f);
  };
  ChoiceRequest r = cpu_request(false, false);
  const BackendChoiceCache cache(path);
  const BackendChoice first = choose_backend(r, make, cache);
  EXPECT_GT(built, 0);
  built = 0;
  const BackendChoice again = choose_backend(r, make, cache);
  EXPECT_EQ(built, 0) << "measured again: " << again.note;
  EXPECT_EQ(again.path, first.path);
  EXPECT_NE(again.note.find("cached in " + path), std::string::npos) << again.note;
  // Stale: another model is measured, the first one's entry stays.
  r.model_key = "changed";
  choose_backend(r, make, cache);
  EXPECT_GT(built, 0);
  EXPECT_TRUE(cache.find("model|cpu|test|threads 1|batch 8|asked auto auto").has_value());
  // Damaged: read as empty, measured, rewritten as JSON.
  std::ofstream(path) << "{\"model\": [1, 2";
  built = 0;
  const BackendChoice repaired = choose_backend(r, make, cache);
  EXPECT_GT(built, 0);
  EXPECT_NE(repaired.note.find("kept in"), std::string::npos) << repaired.note;
  std::ifstream in(path);
  EXPECT_TRUE(nlohmann::json::parse(in, nullptr, false).is_object());
  // Unwritable (its directory is a file): chosen all the same, and said.
  std::ofstream(dir.file("file")) << "x";
  const BackendChoiceCache unwritable(dir.file("file") + "/choices.json");
  const BackendChoice without = choose_backend(r, make, unwritable);
  EXPECT_EQ(without.path, first.path);
  EXPECT_NE(without.note.find("not kept"), std::string::npos) << without.note;
}

// A real network: `auto` runs each path, names its choice, and the second
// load reads the choice from the cache under XDG_CACHE_HOME.
TEST(BackendChoice, NetworkEvaluatorChoosesAndCaches) {
  TempDir dir;
  ::setenv("XDG_CACHE_HOME", dir.file("cache").c_str(), 1);
  const GameEncoding encoding =
      games::with_game("shogi", {}, [](const auto& game) { return game_encoding(game); });
  const NetworkOptions options{
      .threads = 1, .precision = Precision::Auto, .backend = Backend::Auto, .batch = 8};
  auto net = NetworkEvaluator::random({.blocks = 1, .channels = 16}, encoding, 3, options);
  EXPECT_NE(net->choice_note().find("auto chose"), std::string::npos) << net->choice_note();
  EXPECT_NE(net->choice_note().find("kept in " + dir.file("cache")), std::string::npos)
      << net->choice_note();
  auto again = NetworkEvaluator::random({.blocks = 1, .channels = 16}, encoding, 3, options);
  EXPECT_NE(again->choice_note().find("cached in"), std::string::npos) << again->choice_note();
  auto changed = NetworkEvaluator::random({.blocks = 1, .channels = 16}, encoding, 4, options);
  EXPECT_EQ(changed->choice_note().find("cached in"), std::string::npos) << changed->choice_note();
  ::unsetenv("XDG_CACHE_HOME");
}

// Run with DNNL_MAX_CPU_ISA set (tests/CMakeLists.txt): what oneDNN is
// allowed decides the paths, and `auto` says why it left the others out.
TEST(BackendChoiceOnALesserCpu, LeavesOutWhatTheCpuLacks) {
  if (!std::getenv("DNNL_MAX_CPU_ISA")) GTEST_SKIP() << "run with DNNL_MAX_CPU_ISA set";
  const CpuSupport cpu = onednn_cpu_support();
  std::vector<std::string> left_out;
  const auto paths =
      runnable_paths({.precision = Precision::Auto, .backend = Backend::Auto}, left_out);
  const auto has = [&](Backend b, Precision p) {
    return std::find(paths.begin(), paths.end(), ForwardPath{b, p}) != paths.end();
  };
  EXPECT_FALSE(cpu.bf16) << cpu.isa;
  EXPECT_FALSE(has(Backend::OneDnn, Precision::BF16));
  EXPECT_TRUE(has(Backend::OneDnn, Precision::FP32));
  EXPECT_EQ(has(Backend::OneDnn, Precision::INT8), cpu.vnni);
  std::string reasons;
  for (const auto& r : left_out) reasons += r + "; ";
  EXPECT_NE(reasons.find("no bf16 in hardware"), std::string::npos) << reasons;
  if (!cpu.vnni) {
    EXPECT_NE(reasons.find("no VNNI"), std::string::npos) << reasons;
  }

  TempDir dir;
  ::setenv("XDG_CACHE_HOME", dir.file("cache").c_str(), 1);
  const GameEncoding encoding =
      games::with_game("gnome", {}, [](const auto& game) { return game_encoding(game); });
  auto net = NetworkEvaluator::random(
      {.blocks = 1, .channels = 16}, encoding, 3,
      {.threads = 1, .precision = Precision::Auto, .backend = Backend::Auto, .batch = 4});
  EXPECT_NE(net->choice_note().find("no bf16 in hardware"), std::string::npos)
      << net->choice_note();
  ::unsetenv("XDG_CACHE_HOME");
}

}  // namespace
}  // namespace kishi::nn
