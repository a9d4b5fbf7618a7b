// kishi train: train the run's network on its newest self-play positions, in
// one process or in WORLD_SIZE data-parallel ones (docs/scale.md).
#include <cstdio>
#include <optional>

#include "engine/command/commands.h"
#include "engine/command/parse_args.h"
#include "engine/command/run_config.h"
#include "training/trainer.h"

namespace kishi::command {

int train(int argc, char** argv) {
  CLI::App app{"Train the run's network on its newest self-play positions", "kishi train"};
  std::string run_dir, config_path;
  int64_t steps = 100;
  app.add_option("--run", run_dir, "run directory")->required();
  app.add_option("--config", config_path, "TOML config ([run], [network], [train])")->required();
  app.add_option("--steps", steps, "training steps")->capture_default_str();
  double timeout = 60;
  app.add_option("--timeout", timeout,
                 "with WORLD_SIZE > 1 processes: the longest wait for a peer, seconds")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 86400.0));
  if (auto rc = parse_args(app, argc, argv)) return *rc;

  const RunConfig rc = load_run_config(config_path);
  // Several processes (torchrun's variables): data-parallel, rank 0 writes.
  std::optional<training::ProcessGroupSettings> group;
  try {
    group = training::process_group_from_environment();
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "kishi train: %s\n", e.what());
    return 2;
  }
  if (group) group->timeout_seconds = timeout;
  training::Trainer trainer(
      run_dir,
      games::with_game(rc.game, selfplay_rules(rc),
                       [](const auto& game) { return training::training_game(game); }),
      rc.train, group);
  const auto m = trainer.train(steps);
  if (group && group->rank != 0) return 0;  // rank 0 speaks for the group
  std::printf(
      "train: step %lld | policy loss %.4f | value loss %.4f | lr %.4g | %.0f samples/s | window "
      "%lld positions of %d chunks\n",
      (long long)m.step, m.policy_loss, m.value_loss, m.learning_rate, m.samples_per_second,
      (long long)m.window_positions, m.window_chunks);
  return 0;
}

}  // namespace kishi::command
