// kishi loop: the training loop on one machine. Self-play and training take
// turns; every few iterations the newest model plays the random mover and the
// greedy player. Ctrl-C stops after the current phase; the same command again
// resumes the run where it stopped.
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/command/commands.h"
#include "engine/command/interrupt.h"
#include "engine/command/parse_args.h"
#include "engine/command/run_config.h"
#include "engine/match/records.h"
#include "selfplay/model_store.h"
#include "selfplay/selfplay_runner.h"
#include "training/evaluation.h"
#include "training/trainer.h"

namespace kishi::command {

int loop(int argc, char** argv) {
  CLI::App app{"Self-play and training in turns, with evaluations against the baselines",
               "kishi loop"};
  std::string config_path, run_dir;
  double minutes = -1;
  int64_t iterations = -1;
  app.add_option("--config", config_path, "TOML config, e.g. configs/quickstart.toml")->required();
  app.add_option("--run", run_dir, "run directory (default: runs/<config name>)");
  app.add_option("--minutes", minutes, "stop after this many minutes (default: when interrupted)");
  app.add_option("--iterations", iterations, "stop after this many iterations in this call");
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  const RunConfig rc = load_run_config(config_path);
  if (run_dir.empty()) run_dir = "runs/" + std::filesystem::path(config_path).stem().string();
  std::atomic<bool>& interrupted = stop_requested_by_signal();

  selfplay::RunnerOptions sp = runner_options(rc);
  sp.verbose = false;
  selfplay::prepare_run(run_dir, sp);
  match::write_file_atomically(run_dir + "/config.toml", rc.text + "\n");
  const std::string game(shogi::game_name(rc.game));
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
  training::Trainer trainer(run_dir, game, rc.train);
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed_minutes = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / 60;
  };
  for (int64_t done = 0; !interrupted && (iterations < 0 || done < iterations) &&
                         (minutes < 0 || elapsed_minutes() < minutes);
       ++done) {
    const int iteration = state["iteration"].get<int>() + 1;
    const auto played =
        selfplay::run_selfplay(run_dir, sp, rc.loop.games_per_iteration, interrupted);
    if (interrupted) break;
    const auto m = trainer.train(rc.loop.steps_per_iteration);
    trainer.export_model();
    state["iteration"] = iteration;
    state["games"] = state["games"].get<int64_t>() + played.games;
    state["positions"] = state["positions"].get<int64_t>() + played.positions;
    std::string eval_text;
    if (rc.loop.eval_games > 0 && iteration % rc.loop.eval_every == 0) {
      const auto model = *selfplay::latest_model(run_dir);
      nlohmann::json eval = {{"iteration", iteration}, {"step", model.step}};
      for (const auto& [name, baseline] : {std::pair{"random", training::Baseline::Random},
                                           std::pair{"greedy", training::Baseline::Greedy}}) {
        const auto r = training::play_against_baseline(
            model.path, rc.game, rc.network, baseline, rc.loop.eval_games, rc.loop.eval_playouts,
            rc.selfplay.max_plies, rc.selfplay.leaf_mate_plies, rc.seed + iteration);
        eval[name] = {
            {"wins", r.wins}, {"draws", r.draws}, {"losses", r.losses}, {"score", r.score()}};
        char buf[64];
        std::snprintf(buf, sizeof buf, " | vs %s %.0f%%", name, 100 * r.score());
        eval_text += buf;
      }
      std::ofstream(run_dir + "/metrics.jsonl", std::ios::app)
          << nlohmann::json({{"evaluation", eval}}).dump() << "\n";
      state["last_evaluation"] = eval;
    }
    match::write_file_atomically(run_dir + "/loop.json", state.dump(2) + "\n");
    const auto unix_seconds = std::chrono::duration_cast<std::chrono::seconds>(
                                  std::chrono::system_clock::now().time_since_epoch())
                                  .count();
    std::ofstream(run_dir + "/metrics.jsonl", std::ios::app)
        << nlohmann::json({{"loop",
                            {{"iteration", iteration},
                             {"games", state["games"]},
                             {"positions", state["positions"]},
                             {"time", unix_seconds}}}})
               .dump()
        << "\n";
    std::printf(
        "loop: iteration %d | games %lld | positions %lld | step %lld | policy loss %.3f | value "
        "loss %.3f%s | %.1f min\n",
        iteration, (long long)state["games"].get<int64_t>(),
        (long long)state["positions"].get<int64_t>(), (long long)m.step, m.policy_loss,
        m.value_loss, eval_text.c_str(), elapsed_minutes());
    std::fflush(stdout);
  }
  std::printf("loop: stopped at iteration %d; run the same command to resume\n",
              state["iteration"].get<int>());
  return 0;
}

}  // namespace kishi::command
