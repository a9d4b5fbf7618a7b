// kishi loop: the training loop (training/loop.h) of a run's config. Ctrl-C
// stops it after the current phase; the same command resumes the run.
// --no-selfplay trains on the games of outside workers (kishi selfplay on any
// host that shares the run directory); WORLD_SIZE processes train it as one,
// data-parallel, rank 0 leading (docs/scale.md).
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

#include "app/commands/commands.h"
#include "app/commands/interrupt.h"
#include "app/commands/option_groups.h"
#include "app/commands/parse_args.h"
#include "app/commands/run_config.h"
#include "nn/torch/network_evaluator.h"
#include "selfplay/model_store.h"
#include "training/distributed.h"
#include "training/loop.h"

namespace kishi::command {

namespace {

training::LoopConfig loop_config(const RunConfig& rc, const std::string& run_dir) {
  training::LoopConfig c;
  c.run_dir = run_dir;
  c.config_text = rc.text;
  c.selfplay = runner_options(rc);
  c.train = rc.train;
  c.games_per_iteration = rc.loop.games_per_iteration;
  c.steps_per_iteration = rc.loop.steps_per_iteration;
  c.eval_every = rc.loop.eval_every;
  c.eval_games = rc.loop.eval_games;
  c.eval_playouts = rc.loop.eval_playouts;
  c.teacher_games = rc.loop.teacher_games;
  c.teacher_depth = rc.loop.teacher_depth;
  return c;
}

// A [model]'s every key, as the note below needs: two shapes may differ in
// their heads alone.
std::string shape(const nn::ModelConfig& m) {
  return m.describe() + " (policy_channels " + std::to_string(m.policy_channels) +
         ", value_channels " + std::to_string(m.value_channels) + ", value_hidden " +
         std::to_string(m.value_hidden) + ")";
}

// A new run from a given model (--init): loading it checks that it is one of
// this game's encoding; a shape other than the config's [model] is noted. A run
// with models resumes instead.
int start_from(const RunConfig& rc, const std::string& run_dir, const std::string& init_model) {
  if (selfplay::latest_model(run_dir)) {
    std::printf("loop: %s has models; --init %s is for a new run, not used\n", run_dir.c_str(),
                init_model.c_str());
    return 0;
  }
  try {
    const auto model = games::with_game(rc.game, selfplay_rules(rc), [&](const auto& game) {
      return nn::NetworkEvaluator::from_checkpoint(init_model, nn::game_encoding(game), {});
    });
    std::filesystem::create_directories(run_dir + "/models");
    model->save(selfplay::model_path(run_dir, 0), 0);
    std::printf("loop: new run %s from %s (%s)\n", run_dir.c_str(), init_model.c_str(),
                model->describe().c_str());
    // The run trains the model it starts from; a [model] that says otherwise
    // would mislead whoever reads the config later.
    if (model->config() != rc.model)
      std::printf(
          "loop: note: the run trains --init's shape, %s; the config's [model], %s, is "
          "not used\n",
          shape(model->config()).c_str(), shape(rc.model).c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kishi loop: error: --init %s: %s\n", init_model.c_str(), e.what());
    return 1;
  }
}

}  // namespace

int loop(int argc, char** argv) {
  CLI::App app{"Self-play and training side by side, with evaluations against the baselines",
               "kishi loop"};
  RunOptions run;
  double minutes = -1;
  int64_t iterations = -1;
  add_run_options(app, run, "run directory (default: runs/<config name>)", Need::Required,
                  Need::Optional);
  app.add_option("--minutes", minutes, "stop after this many minutes (default: when interrupted)");
  app.add_option("--iterations", iterations, "stop after this many iterations in this call");
  bool no_selfplay = false;
  app.add_flag("--no-selfplay", no_selfplay,
               "train on the games other processes (kishi selfplay, any host) write to the run");
  std::string init_model;
  app.add_option("--init", init_model,
                 "a new run starts from this model (a supervised one) instead of random weights");
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  const RunConfig rc = load_run_config(run.config_path);
  std::string& run_dir = run.run_dir;
  if (run_dir.empty()) run_dir = "runs/" + std::filesystem::path(run.config_path).stem().string();
  if (!init_model.empty())
    if (const int failed = start_from(rc, run_dir, init_model)) return failed;
  // Several processes (torchrun's variables): data-parallel training, rank 0 leads.
  std::optional<training::ProcessGroupSettings> group;
  try {
    group = training::process_group_from_environment();
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "kishi loop: %s\n", e.what());
    return 2;
  }
  training::LoopConfig c = loop_config(rc, run_dir);
  c.minutes = minutes;
  c.iterations = iterations;
  c.own_selfplay = !no_selfplay;
  return games::with_game(rc.game, selfplay_rules(rc), [&](const auto& game) {
    return training::run_loop(game, c, group, stop_requested_by_signal());
  });
}

}  // namespace kishi::command
