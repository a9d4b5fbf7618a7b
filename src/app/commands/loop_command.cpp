// kishi loop: the training loop on one machine. Self-play runs all the time on
// a thread of its own (its games batched on one network thread) while the
// trainer trains on the main thread; iteration i trains once
// i * games_per_iteration games exist, so the ratio of training to new data
// stays what the config says. Every few iterations the newest model plays the
// random mover, the greedy player and the model evaluated before it.
// Ctrl-C stops after the current training phase (or evaluation); self-play
// games still unfinished are dropped. The same command resumes the run.
// With [loop] teacher_games, the self-play thread first plays that many
// teacher games (the game's alpha-beta on both sides), counted in loop.json.
// --no-selfplay trains on the games of outside workers (kishi selfplay on any
// host that shares the run directory); WORLD_SIZE processes train it as one,
// data-parallel, rank 0 leading (docs/scale.md).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <thread>

#include "app/commands/commands.h"
#include "app/commands/interrupt.h"
#include "app/commands/parse_args.h"
#include "app/commands/run_config.h"
#include "common/worker_errors.h"
#include "nn/torch/network_evaluator.h"
#include "selfplay/model_store.h"
#include "selfplay/selfplay_runner.h"
#include "selfplay/teacher_runner.h"
#include "training/distributed.h"
#include "training/evaluation.h"
#include "training/trainer.h"
#include "training/training_data.h"

namespace kishi::command {

namespace {

// A rank other than 0 of a data-parallel loop: trains whenever rank 0 does,
// until rank 0 stops (its word, or its exit, which the group reports).
template <game::Game G>
int follow_loop(const G& game, const RunConfig& rc, const std::string& run_dir,
                const training::ProcessGroupSettings& group) {
  training::Trainer trainer(run_dir, training::training_game(game), rc.train, group);
  std::printf("loop: %s trains beside rank 0 from step %lld\n", group.who().c_str(),
              (long long)trainer.step());
  std::fflush(stdout);
  while (trainer.agree(true)) trainer.train(rc.loop.steps_per_iteration);
  std::printf("loop: %s stopped with rank 0 at step %lld\n", group.who().c_str(),
              (long long)trainer.step());
  return 0;
}

template <game::Game G>
int run_loop(const G& game, const RunConfig& rc, const std::string& run_dir, double minutes,
             int64_t iterations, bool own_selfplay,
             const std::optional<training::ProcessGroupSettings>& group) {
  std::atomic<bool>& interrupted = stop_requested_by_signal();
  // Rank 0 of a data-parallel loop (or the only process) plays, evaluates and
  // writes; the other ranks train beside it when it says so.
  const bool lead = !group || group->rank == 0;
  if (!lead) return follow_loop(game, rc, run_dir, *group);

  selfplay::RunnerOptions sp = runner_options(rc);
  sp.verbose = false;
  selfplay::prepare_run(run_dir, game, sp);
  write_file_atomically(run_dir + "/config.toml", rc.text + "\n");
  nlohmann::json state = {{"iteration", 0}, {"games", 0}, {"positions", 0}};
  if (std::ifstream in(run_dir + "/loop.json"); in) {
    try {
      state = nlohmann::json::parse(in);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "kishi loop: %s/loop.json is damaged (%s); counting from 0\n",
                   run_dir.c_str(), e.what());
    }
  }
  std::printf(
      "loop: run %s, %s, iteration %d; Ctrl-C stops after the current phase, the same command "
      "resumes\n",
      run_dir.c_str(), std::filesystem::exists(run_dir + "/train/state.ckpt") ? "resuming" : "new",
      state["iteration"].get<int>());
  training::Trainer trainer(run_dir, training::training_game(game), rc.train, group);
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed_minutes = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / 60;
  };
  // Games finished so far, this call's included: the trainer's pacing.
  std::atomic<int64_t> games{state["games"].get<int64_t>()};
  std::atomic<int64_t> positions{state["positions"].get<int64_t>()};
  // Games played out although one side's value stayed under the resignation
  // threshold, and how many of them that side did not lose.
  std::atomic<int64_t> resign_checks{state.value("resign_checks", int64_t(0))};
  std::atomic<int64_t> false_resigns{state.value("false_resignations", int64_t(0))};
  std::atomic<int64_t> teacher_games{state.value("teacher_games", int64_t(0))};
  sp.on_game = [&](const selfplay::Chunk& chunk) {
    positions += int64_t(chunk.positions());
    for (const auto& g : chunk.games)
      if (g.would_have_resigned) {
        ++resign_checks;
        if (g.result != -g.would_have_resigned) ++false_resigns;
      }
    ++games;
    if (selfplay::is_teacher_model_id(chunk.model_id)) ++teacher_games;
  };
  const auto save_counters_in_state = [&] {
    state["games"] = games.load();
    state["positions"] = positions.load();
    state["resign_checks"] = resign_checks.load();
    state["false_resignations"] = false_resigns.load();
    state["teacher_games"] = teacher_games.load();
  };
  // Without its own self-play the loop trains on what other processes write:
  // each new chunk of RUN/games is read once, for the counts.
  std::set<std::string> chunks_seen;
  const auto count_outside_games = [&] {
    for (const std::string& path : training::newest_chunks(run_dir))
      if (chunks_seen.insert(path).second)
        if (const auto chunk = selfplay::read_chunk(path)) sp.on_game(*chunk);
  };
  if (!own_selfplay) {
    for (const std::string& path : training::newest_chunks(run_dir)) chunks_seen.insert(path);
    std::printf("loop: self-play off; training on the games other processes write to %s/games\n",
                run_dir.c_str());
  }
  std::atomic<bool> stop_selfplay{false};
  WorkerErrors selfplay_errors;
  std::thread selfplay_thread;
  const int64_t teacher_left = own_selfplay ? rc.loop.teacher_games - teacher_games : 0;
  if (teacher_left > 0)
    std::printf("loop: %lld teacher games (alphabeta-%d on both sides) before self-play\n",
                (long long)teacher_left, rc.loop.teacher_depth);
  if (own_selfplay)
    selfplay_thread = std::thread([&] {
      selfplay_errors.run([&] {
        if (teacher_left > 0) {
          selfplay::TeacherConfig teacher;
          teacher.depth = rc.loop.teacher_depth;
          // One alpha-beta: the trainer has the other core of a small machine.
          selfplay::run_teacher_games(run_dir, game, sp, teacher, 1, teacher_left, stop_selfplay);
        }
        if (!stop_selfplay) selfplay::run_selfplay(run_dir, game, sp, -1, stop_selfplay);
      });
      if (selfplay_errors.failed()) interrupted = true;
    });
  struct JoinOnExit {  // also when the trainer or an evaluation throws
    std::atomic<bool>& stop;
    std::thread& thread;
    ~JoinOnExit() {
      stop = true;
      if (thread.joinable()) thread.join();
    }
  } join_selfplay{stop_selfplay, selfplay_thread};
  for (int64_t done = 0;; ++done) {
    const int iteration = state["iteration"].get<int>() + 1;
    const auto out_of_time = [&] { return minutes >= 0 && elapsed_minutes() >= minutes; };
    bool go = !interrupted && (iterations < 0 || done < iterations) && !out_of_time();
    while (go && games < iteration * rc.loop.games_per_iteration) {
      std::this_thread::sleep_for(std::chrono::milliseconds(own_selfplay ? 50 : 1000));
      if (!own_selfplay) count_outside_games();
      go = !interrupted && !out_of_time();
    }
    if (group) trainer.agree(go);  // the other ranks train now, or stop
    if (!go) break;
    const auto m = trainer.train(rc.loop.steps_per_iteration);
    trainer.export_model();
    state["iteration"] = iteration;
    save_counters_in_state();
    if (rc.loop.eval_games > 0 && iteration % rc.loop.eval_every == 0) {
      const auto model = *selfplay::latest_model(run_dir);
      nlohmann::json eval = {{"iteration", iteration}, {"step", model.step}};
      training::EvalSettings settings;
      settings.network = rc.network;
      settings.games = rc.loop.eval_games;
      settings.playouts = rc.loop.eval_playouts;
      settings.max_plies = rc.selfplay.max_plies;
      settings.root_mate_nodes = rc.selfplay.root_mate_nodes;
      settings.seed = rc.seed + uint64_t(iteration);
      for (const auto& [name, baseline] : {std::pair{"random", training::Baseline::Random},
                                           std::pair{"greedy", training::Baseline::Greedy}}) {
        if (!training::has_baseline(game, baseline)) continue;
        const auto r = training::play_evaluation(
            game, model.path, {.baseline = baseline, .model_path = {}}, settings);
        eval[name] = {
            {"wins", r.wins}, {"draws", r.draws}, {"losses", r.losses}, {"score", r.score()}};
      }
      // The newest model against the one evaluated last time; the differences
      // add up to an Elo curve of the run (the first model is 0). Models are
      // named by file, so a run directory spelled differently still matches.
      const std::string model_file = std::filesystem::path(model.path).filename().string();
      const std::string previous = state.value("evaluated_model", std::string());
      const std::string previous_path = run_dir + "/models/" + previous;
      if (!previous.empty() && previous != model_file && std::filesystem::exists(previous_path)) {
        settings.opening_plies = 6;
        try {
          const auto r = training::play_evaluation(
              game, model.path,
              {.baseline = training::Baseline::Random, .model_path = previous_path}, settings);
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
      std::ofstream(run_dir + "/metrics.jsonl", std::ios::app)
          << nlohmann::json({{"evaluation", eval}}).dump() << "\n";
      state["last_evaluation"] = eval;
    }
    write_file_atomically(run_dir + "/loop.json", state.dump(2) + "\n");
    const auto unix_seconds = std::chrono::duration_cast<std::chrono::seconds>(
                                  std::chrono::system_clock::now().time_since_epoch())
                                  .count();
    std::ofstream(run_dir + "/metrics.jsonl", std::ios::app)
        << nlohmann::json({{"loop",
                            {{"iteration", iteration},
                             {"games", state["games"]},
                             {"positions", state["positions"]},
                             {"resign_checks", state["resign_checks"]},
                             {"false_resignations", state["false_resignations"]},
                             {"teacher_games", state["teacher_games"]},
                             {"time", unix_seconds}}}})
               .dump()
        << "\n";
    // The latest evaluation stays on every line, with the step it was made at.
    std::string eval_text;
    if (state.contains("last_evaluation")) {
      const auto& e = state["last_evaluation"];
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
        iteration, (long long)state["games"].get<int64_t>(),
        (long long)state["positions"].get<int64_t>(), (long long)m.step, m.policy_loss,
        m.value_loss, eval_text.c_str(), elapsed_minutes());
    std::fflush(stdout);
  }
  // Explicitly here (JoinOnExit would too) to rethrow self-play's error and to
  // count the games that finished while the loop was stopping.
  stop_selfplay = true;
  if (selfplay_thread.joinable()) selfplay_thread.join();
  selfplay_errors.rethrow();
  if (!own_selfplay) count_outside_games();  // those written since the last wait
  if (state["games"].get<int64_t>() != games.load()) {
    save_counters_in_state();
    write_file_atomically(run_dir + "/loop.json", state.dump(2) + "\n");
  }
  std::printf("loop: stopped at iteration %d; run the same command to resume\n",
              state["iteration"].get<int>());
  return 0;
}

}  // namespace

int loop(int argc, char** argv) {
  CLI::App app{"Self-play and training side by side, with evaluations against the baselines",
               "kishi loop"};
  std::string config_path, run_dir;
  double minutes = -1;
  int64_t iterations = -1;
  app.add_option("--config", config_path, "TOML config, e.g. configs/quickstart.toml")->required();
  app.add_option("--run", run_dir, "run directory (default: runs/<config name>)");
  app.add_option("--minutes", minutes, "stop after this many minutes (default: when interrupted)");
  app.add_option("--iterations", iterations, "stop after this many iterations in this call");
  bool no_selfplay = false;
  app.add_flag("--no-selfplay", no_selfplay,
               "train on the games other processes (kishi selfplay, any host) write to the run");
  std::string init_model;
  app.add_option("--init", init_model,
                 "a new run starts from this model (a supervised one) instead of random weights");
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  const RunConfig rc = load_run_config(config_path);
  if (run_dir.empty()) run_dir = "runs/" + std::filesystem::path(config_path).stem().string();
  if (!init_model.empty()) {
    if (selfplay::latest_model(run_dir)) {
      // The same command resumes a killed run: its models go on.
      std::printf("loop: %s has models; --init %s is for a new run, not used\n", run_dir.c_str(),
                  init_model.c_str());
    } else {
      try {
        // Loading checks that the model is one of this game's encoding.
        const auto model = games::with_game(rc.game, selfplay_rules(rc), [&](const auto& game) {
          return nn::NetworkEvaluator::from_checkpoint(init_model, nn::game_encoding(game), {});
        });
        std::filesystem::create_directories(run_dir + "/models");
        model->save(selfplay::model_path(run_dir, 0), 0);
        std::printf("loop: new run %s from %s (%s)\n", run_dir.c_str(), init_model.c_str(),
                    model->describe().c_str());
      } catch (const std::exception& e) {
        std::fprintf(stderr, "kishi loop: error: --init %s: %s\n", init_model.c_str(), e.what());
        return 1;
      }
    }
  }
  // Several processes (torchrun's variables): data-parallel training, rank 0 leads.
  std::optional<training::ProcessGroupSettings> group;
  try {
    group = training::process_group_from_environment();
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "kishi loop: %s\n", e.what());
    return 2;
  }
  return games::with_game(rc.game, selfplay_rules(rc), [&](const auto& game) {
    return run_loop(game, rc, run_dir, minutes, iterations, !no_selfplay, group);
  });
}

}  // namespace kishi::command
