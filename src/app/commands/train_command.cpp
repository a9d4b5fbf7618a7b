// kishi train: train the run's network on its newest self-play positions, in
// one process or in WORLD_SIZE data-parallel ones (docs/scale.md).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>

#include "app/commands/commands.h"
#include "app/commands/option_groups.h"
#include "app/commands/parse_args.h"
#include "app/commands/run_config.h"
#include "training/trainer.h"

namespace kishi::command {

int train(int argc, char** argv) {
  CLI::App app{"Train the run's network on its newest self-play positions", "kishi train"};
  RunOptions run;
  int64_t steps = 100;
  add_run_options(app, run, "run directory (trains on its games/, writes to its models/)");
  app.add_option("--steps", steps, "training steps (0: none, only --test's measure of the network)")
      ->capture_default_str()
      ->check(CLI::Range(int64_t{0}, int64_t{1000000000}));
  double timeout = 60;
  app.add_option("--timeout", timeout,
                 "with WORLD_SIZE > 1 processes: the longest wait for a peer, seconds")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 86400.0));
  std::string test_run;
  app.add_option("--test", test_run,
                 "after the steps (or with --steps 0, alone), measure the network on this run's "
                 "positions (held out: kishi import them into their own run)");
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  if (steps == 0 && test_run.empty()) {
    std::fprintf(stderr,
                 "kishi train: --steps 0 trains nothing; add --test RUN to measure the network\n");
    return 2;
  }

  const RunConfig rc = load_run_config(run.config_path);
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
      run.run_dir,
      games::with_game(rc.game, selfplay_rules(rc),
                       [](const auto& game) { return training::training_game(game); }),
      rc.train, group);
  int64_t printed_step = -1;
  const int64_t first_step = trainer.step(), last_step = first_step + steps;
  const auto start = std::chrono::steady_clock::now();
  const auto print = [&](const training::StepMetrics& m) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // The time left at the pace so far, or at the end the time it took.
    const bool done = m.step >= last_step;
    const double minutes = done ? seconds / 60
                                : seconds * double(last_step - m.step) /
                                      double(std::max<int64_t>(m.step - first_step, 1)) / 60;
    std::printf(
        "train: step %lld of %lld | policy loss %.4f | value loss %.4f | lr %.4g | %.0f "
        "samples/s | window %lld positions of %d chunks | %.0f min %s\n",
        (long long)m.step, (long long)last_step, m.policy_loss, m.value_loss, m.learning_rate,
        m.samples_per_second, (long long)m.window_positions, m.window_chunks, minutes,
        done ? "in all" : "left");
    std::fflush(stdout);
    printed_step = m.step;
  };
  // A line a minute and at each exported model while it trains, and one for the
  // steps after the last.
  const auto m = steps > 0 ? std::optional(trainer.train(steps, print)) : std::nullopt;
  if (group && group->rank != 0) return 0;  // rank 0 speaks for the group
  if (m && m->step != printed_step) print(*m);
  if (!test_run.empty()) {
    const auto t = trainer.test(test_run);
    if (t.positions == 0) {
      std::fprintf(stderr, "kishi train: --test %s: no positions (no .kchunk files in %s/games)\n",
                   test_run.c_str(), test_run.c_str());
      return 1;
    }
    std::printf(
        "test: %lld positions (%lld with a policy target) | policy top-1 %.1f%% (%.1f%% over the "
        "legal moves) | policy loss %.4f | value loss %.4f\n",
        (long long)t.positions, (long long)t.policy_positions, 100 * t.policy_top1,
        100 * t.policy_top1_legal, t.policy_loss, t.value_loss);
  }
  return 0;
}

}  // namespace kishi::command
