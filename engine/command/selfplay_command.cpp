// kishi selfplay: play games with the newest model of a run and write them as
// chunk files to RUN/games. Several processes may share a run directory.
#include <atomic>
#include <csignal>
#include <cstdio>

#include "engine/command/commands.h"
#include "engine/command/interrupt.h"
#include "engine/command/parse_args.h"
#include "engine/command/run_config.h"
#include "selfplay/selfplay_runner.h"

namespace kishi::command {

int selfplay(int argc, char** argv) {
  CLI::App app{"Self-play with the newest model of a run; games go to RUN/games", "kishi selfplay"};
  std::string run_dir, config_path;
  int64_t max_games = -1;
  app.add_option("--run", run_dir, "run directory (models/ and games/ inside)")->required();
  app.add_option("--config", config_path,
                 "TOML config ([run], [model], [network], [selfplay], [train])")
      ->required();
  app.add_option("--games", max_games, "stop after this many games (default: until interrupted)");
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  const RunConfig rc = load_run_config(config_path);
  std::atomic<bool>& interrupted = stop_requested_by_signal();
  const auto stats = games::with_game(rc.game, selfplay_rules(rc), [&](const auto& game) {
    return selfplay::run_selfplay(run_dir, game, runner_options(rc), max_games, interrupted);
  });
  std::printf("selfplay: %lld games, %lld positions\n", (long long)stats.games,
              (long long)stats.positions);
  return 0;
}

}  // namespace kishi::command
