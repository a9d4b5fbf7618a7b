// kishi train: train the run's network on its newest self-play positions.
#include <cstdio>

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
  if (auto rc = parse_args(app, argc, argv)) return *rc;

  const RunConfig rc = load_run_config(config_path);
  training::Trainer trainer(
      run_dir,
      games::with_game(rc.game, selfplay_rules(rc),
                       [](const auto& game) { return training::training_game(game); }),
      rc.train);
  const auto m = trainer.train(steps);
  std::printf(
      "train: step %lld | policy loss %.4f | value loss %.4f | lr %.4g | %.0f samples/s | window "
      "%lld positions\n",
      (long long)m.step, m.policy_loss, m.value_loss, m.learning_rate, m.samples_per_second,
      (long long)m.window_positions);
  return 0;
}

}  // namespace kishi::command
