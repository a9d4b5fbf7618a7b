// The training loop on one machine, in its phases. Self-play runs all the
// time on a thread of its own (its games batched on one network thread) while
// the trainer trains on the caller's thread; iteration i trains once
// i * games_per_iteration games exist, so the ratio of training to new data
// stays what the config says. Every few iterations the newest model plays the
// random mover, the greedy player and the model evaluated before it. A stop
// request ends it after the current phase; games under way are dropped, and
// the same run directory resumes. With teacher games, the self-play thread
// first plays that many (the game's alpha-beta on both sides). Without its own
// self-play it trains on the games of outside workers (docs/scale.md).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include "common/atomic_file.h"
#include "common/worker_errors.h"
#include "selfplay/model_store.h"
#include "selfplay/selfplay_runner.h"
#include "selfplay/teacher_runner.h"
#include "training/distributed.h"
#include "training/evaluation.h"
#include "training/trainer.h"
#include "training/training_data.h"

namespace kishi::training {

struct LoopConfig {
  std::string run_dir;
  std::string config_text;           // written to RUN/config.toml
  selfplay::RunnerOptions selfplay;  // the self-play thread's
  TrainConfig train;
  int64_t games_per_iteration = 32;
  int64_t steps_per_iteration = 100;
  int eval_every = 2;   // iterations between evaluations
  int eval_games = 10;  // against each baseline, both colours
  int eval_playouts = 16;
  int64_t teacher_games = 0;  // played before self-play, by the alpha-beta at teacher_depth
  int teacher_depth = 2;
  double minutes = -1;      // stop after this long; < 0: when asked
  int64_t iterations = -1;  // stop after this many iterations of this call; < 0: when asked
  bool own_selfplay = true;
};

// What loop.json keeps between calls: the iteration, the games' counters, the
// last evaluation and the run's Elo.
class LoopState {
 public:
  explicit LoopState(const std::string& run_dir) : path_(run_dir + "/loop.json") {
    if (std::ifstream in(path_); in) {
      try {
        json_ = nlohmann::json::parse(in);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "kishi loop: %s is damaged (%s); counting from 0\n", path_.c_str(),
                     e.what());
      }
    }
  }
  nlohmann::json& json() { return json_; }
  int iteration() const { return json_["iteration"].get<int>(); }
  int64_t counter(const char* key) const { return json_.value(key, int64_t(0)); }
  void save() const { write_file_atomically(path_, json_.dump(2) + "\n"); }

 private:
  std::string path_;
  nlohmann::json json_ = {{"iteration", 0}, {"games", 0}, {"positions", 0}};
};

template <game::Game G>
class Loop {
 public:
  Loop(const G& game, const LoopConfig& c, const std::optional<ProcessGroupSettings>& group,
       std::atomic<bool>& interrupted)
      : game_(game),
        c_(c),
        group_(group),
        interrupted_(interrupted),
        sp_(c.selfplay),
        state_((prepare(), c.run_dir)),  // the run made before its state is read
        trainer_(c.run_dir, training_game(game), c.train, group),
        games_(state_.counter("games")),
        positions_(state_.counter("positions")),
        resign_checks_(state_.counter("resign_checks")),
        false_resigns_(state_.counter("false_resignations")),
        teacher_games_(state_.counter("teacher_games")) {}

  ~Loop() { stop_selfplay(); }  // also when the trainer or an evaluation throws

  int run() {
    std::printf(
        "loop: run %s, %s, iteration %d; Ctrl-C stops after the current phase, the same "
        "command resumes\n",
        c_.run_dir.c_str(),
        std::filesystem::exists(c_.run_dir + "/train/state.ckpt") ? "resuming" : "new",
        state_.iteration());
    start_selfplay();
    for (int64_t done = 0;; ++done) {
      const int iteration = state_.iteration() + 1;
      const bool go = wait_for_games(iteration, done);
      if (group_) trainer_.agree(go);  // the other ranks train now, or stop
      if (!go) break;
      const auto m = trainer_.train(c_.steps_per_iteration);
      trainer_.export_model();
      state_.json()["iteration"] = iteration;
      save_counters();
      if (c_.eval_games > 0 && iteration % c_.eval_every == 0) evaluate(iteration);
      state_.save();
      append_metrics(iteration);
      print_progress(iteration, m);
    }
    finish();
    return 0;
  }

 private:
  void prepare() {
    sp_.verbose = false;
    selfplay::prepare_run(c_.run_dir, game_, sp_);
    write_file_atomically(c_.run_dir + "/config.toml", c_.config_text + "\n");
  }

  double elapsed_minutes() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() / 60;
  }

  // Counts a finished game's chunk (from the self-play threads at once).
  void count(const selfplay::Chunk& chunk) {
    positions_ += int64_t(chunk.positions());
    for (const auto& g : chunk.games)
      if (g.would_have_resigned) {
        ++resign_checks_;
        if (g.result != -g.would_have_resigned) ++false_resigns_;
      }
    ++games_;
    if (selfplay::is_teacher_model_id(chunk.model_id)) ++teacher_games_;
  }

  void save_counters() {
    auto& s = state_.json();
    s["games"] = games_.load();
    s["positions"] = positions_.load();
    s["resign_checks"] = resign_checks_.load();
    s["false_resignations"] = false_resigns_.load();
    s["teacher_games"] = teacher_games_.load();
  }

  // Without its own self-play the loop trains on what other processes write:
  // each new chunk of RUN/games is read once, for the counts.
  void count_outside_games() {
    for (const std::string& path : newest_chunks(c_.run_dir))
      if (chunks_seen_.insert(path).second)
        if (const auto chunk = selfplay::read_chunk(path)) count(*chunk);
  }

  void start_selfplay() {
    sp_.on_game = [this](const selfplay::Chunk& chunk) { count(chunk); };
    if (!c_.own_selfplay) {
      for (const std::string& path : newest_chunks(c_.run_dir)) chunks_seen_.insert(path);
      std::printf("loop: self-play off; training on the games other processes write to %s/games\n",
                  c_.run_dir.c_str());
      return;
    }
    const int64_t teacher_left = c_.teacher_games - teacher_games_;
    if (teacher_left > 0)
      std::printf("loop: %lld teacher games (alphabeta-%d on both sides) before self-play\n",
                  (long long)teacher_left, c_.teacher_depth);
    selfplay_thread_ = std::thread([this, teacher_left] {
      selfplay_errors_.run([&] {
        if (teacher_left > 0) {
          selfplay::TeacherConfig teacher;
          teacher.depth = c_.teacher_depth;
          // One alpha-beta: the trainer has the other core of a small machine.
          selfplay::run_teacher_games(c_.run_dir, game_, sp_, teacher, 1, teacher_left,
                                      stop_selfplay_);
        }
        if (!stop_selfplay_) selfplay::run_selfplay(c_.run_dir, game_, sp_, -1, stop_selfplay_);
      });
      if (selfplay_errors_.failed()) interrupted_ = true;
    });
  }

  void stop_selfplay() {
    stop_selfplay_ = true;
    if (selfplay_thread_.joinable()) selfplay_thread_.join();
  }

  // Waits until the iteration's games exist; false when the loop is to stop.
  bool wait_for_games(int iteration, int64_t done) {
    const auto out_of_time = [&] { return c_.minutes >= 0 && elapsed_minutes() >= c_.minutes; };
    bool go = !interrupted_ && (c_.iterations < 0 || done < c_.iterations) && !out_of_time();
    while (go && games_ < iteration * c_.games_per_iteration) {
      std::this_thread::sleep_for(std::chrono::milliseconds(c_.own_selfplay ? 50 : 1000));
      if (!c_.own_selfplay) count_outside_games();
      go = !interrupted_ && !out_of_time();
    }
    return go;
  }

  EvalSettings eval_settings(int iteration) const {
    EvalSettings settings;
    settings.network = sp_.network;
    settings.games = c_.eval_games;
    settings.playouts = c_.eval_playouts;
    settings.max_plies = sp_.selfplay.max_plies;
    settings.root_mate_nodes = sp_.selfplay.root_mate_nodes;
    settings.seed = sp_.seed + uint64_t(iteration);
    return settings;
  }

  // The newest model against the baselines and the model evaluated last time;
  // the differences add up to an Elo curve of the run (the first model is 0).
  void evaluate(int iteration) {
    const auto model = *selfplay::latest_model(c_.run_dir);
    nlohmann::json eval = {{"iteration", iteration}, {"step", model.step}};
    EvalSettings settings = eval_settings(iteration);
    for (const Baseline baseline : {Baseline::Random, Baseline::Greedy}) {
      if (!has_baseline(game_, baseline)) continue;
      const auto r = play_evaluation(game_, model.path, {.baseline = baseline}, settings);
      eval[players::baseline_name(baseline)] = {
          {"wins", r.wins}, {"draws", r.draws}, {"losses", r.losses}, {"score", r.score()}};
    }
    // Models are named by file, so a run directory spelled differently still matches.
    auto& state = state_.json();
    const std::string model_file = std::filesystem::path(model.path).filename().string();
    const std::string previous = state.value("evaluated_model", std::string());
    const std::string previous_path = c_.run_dir + "/models/" + previous;
    if (!previous.empty() && previous != model_file && std::filesystem::exists(previous_path)) {
      settings.opening_plies = 6;
      try {
        const auto r = play_evaluation(game_, model.path, {.model_path = previous_path}, settings);
        const double n = r.wins + r.draws + r.losses;
        const double score = std::clamp(r.score(), 0.5 / n, 1 - 0.5 / n);
        const double elo = -400 * std::log10(1 / score - 1);
        state["elo"] = state.value("elo", 0.0) + elo;
        eval["previous"] = {{"model", previous},  {"wins", r.wins},     {"draws", r.draws},
                            {"losses", r.losses}, {"score", r.score()}, {"elo", elo}};
      } catch (const std::exception& e) {  // a damaged old model: one link less
        std::fprintf(stderr, "kishi loop: no game against %s: %s\n", previous.c_str(), e.what());
      }
    }
    state["evaluated_model"] = model_file;
    eval["elo"] = state.value("elo", 0.0);
    std::ofstream(c_.run_dir + "/metrics.jsonl", std::ios::app)
        << nlohmann::json({{"evaluation", eval}}).dump() << "\n";
    state["last_evaluation"] = eval;
  }

  void append_metrics(int iteration) {
    const auto& s = state_.json();
    const auto unix_seconds = std::chrono::duration_cast<std::chrono::seconds>(
                                  std::chrono::system_clock::now().time_since_epoch())
                                  .count();
    const nlohmann::json line = {{"iteration", iteration},
                                 {"games", s["games"]},
                                 {"positions", s["positions"]},
                                 {"resign_checks", s["resign_checks"]},
                                 {"false_resignations", s["false_resignations"]},
                                 {"teacher_games", s["teacher_games"]},
                                 {"time", unix_seconds}};
    std::ofstream(c_.run_dir + "/metrics.jsonl", std::ios::app)
        << nlohmann::json({{"loop", line}}).dump() << "\n";
  }

  // A line per iteration; the latest evaluation stays on every line, with the
  // step it was made at.
  void print_progress(int iteration, const StepMetrics& m) {
    const auto& s = state_.json();
    std::string eval_text;
    if (s.contains("last_evaluation")) {
      const auto& e = s["last_evaluation"];
      char buf[96];
      std::snprintf(buf, sizeof buf, " | step %lld: vs random %.0f%%",
                    (long long)e["step"].get<int64_t>(), 100 * e["random"]["score"].get<double>());
      eval_text = buf;
      if (e.contains("greedy")) {
        std::snprintf(buf, sizeof buf, ", vs greedy %.0f%%",
                      100 * e["greedy"]["score"].get<double>());
        eval_text += buf;
      }
      std::snprintf(buf, sizeof buf, ", Elo %+.0f", e.value("elo", 0.0));
      eval_text += buf;
    }
    std::printf(
        "loop: iteration %d | games %lld | positions %lld | step %lld | policy loss %.3f | value "
        "loss %.3f%s | %.1f min\n",
        iteration, (long long)s["games"].get<int64_t>(), (long long)s["positions"].get<int64_t>(),
        (long long)m.step, m.policy_loss, m.value_loss, eval_text.c_str(), elapsed_minutes());
    std::fflush(stdout);
  }

  // Joins self-play to rethrow its error and to count the games that finished
  // while the loop was stopping.
  void finish() {
    stop_selfplay();
    selfplay_errors_.rethrow();
    if (!c_.own_selfplay) count_outside_games();  // those written since the last wait
    if (state_.json()["games"].get<int64_t>() != games_.load()) {
      save_counters();
      state_.save();
    }
    std::printf("loop: stopped at iteration %d; run the same command to resume\n",
                state_.iteration());
  }

  const G& game_;
  const LoopConfig& c_;
  const std::optional<ProcessGroupSettings>& group_;
  std::atomic<bool>& interrupted_;
  selfplay::RunnerOptions sp_;
  LoopState state_;
  Trainer trainer_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  // Games finished so far, this call's included (the trainer's pacing); games
  // played out although one side's value stayed under the resignation
  // threshold, and how many of them that side did not lose; teacher games.
  std::atomic<int64_t> games_, positions_, resign_checks_, false_resigns_, teacher_games_;
  std::set<std::string> chunks_seen_;
  std::atomic<bool> stop_selfplay_{false};
  WorkerErrors selfplay_errors_;
  std::thread selfplay_thread_;
};

// A rank other than 0 of a data-parallel loop: trains whenever rank 0 does,
// until rank 0 stops (its word, or its exit, which the group reports).
template <game::Game G>
int follow_loop(const G& game, const LoopConfig& c, const ProcessGroupSettings& group) {
  Trainer trainer(c.run_dir, training_game(game), c.train, group);
  std::printf("loop: %s trains beside rank 0 from step %lld\n", group.who().c_str(),
              (long long)trainer.step());
  std::fflush(stdout);
  while (trainer.agree(true)) trainer.train(c.steps_per_iteration);
  std::printf("loop: %s stopped with rank 0 at step %lld\n", group.who().c_str(),
              (long long)trainer.step());
  return 0;
}

// Runs the loop until it is asked to stop (*interrupted), out of time or
// iterations; rank 0 of a data-parallel loop (or the only process) plays,
// evaluates and writes, the other ranks train beside it when it says so.
template <game::Game G>
int run_loop(const G& game, const LoopConfig& c, const std::optional<ProcessGroupSettings>& group,
             std::atomic<bool>& interrupted) {
  if (group && group->rank != 0) return follow_loop(game, c, *group);
  return Loop<G>(game, c, group, interrupted).run();
}

}  // namespace kishi::training
