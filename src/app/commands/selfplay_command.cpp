// kishi selfplay: play games with the newest model of a run and write them as
// chunk files to RUN/games. Several processes may share a run directory. With
// --teacher-depth, the game's alpha-beta plays instead: teacher games for
// supervised training (selfplay/teacher_game.h).
#include <atomic>
#include <cstdio>

#include "app/commands/commands.h"
#include "app/commands/interrupt.h"
#include "app/commands/option_groups.h"
#include "app/commands/parse_args.h"
#include "app/commands/run_config.h"
#include "selfplay/selfplay_runner.h"
#include "selfplay/teacher_runner.h"

namespace kishi::command {
int selfplay(int argc, char** argv) {
  CLI::App app{"Self-play with the newest model of a run; games go to RUN/games", "kishi selfplay"};
  RunOptions run;
  int64_t max_games = -1;
  selfplay::TeacherConfig teacher;
  teacher.depth = 0;
  int threads = 1;
  add_run_options(app, run, "run directory (models/ and games/ inside)");
  app.add_option("--games", max_games, "stop after this many games (default: until interrupted)");
  app.add_option("--teacher-depth", teacher.depth,
                 "teacher games: the game's alpha-beta at this depth plays instead of the "
                 "network (its move the policy target, its score the value)")
      ->check(CLI::Range(1, 8));
  app.add_option("--score-scale", teacher.score_scale,
                 "teacher games: a score of cp is the value 2 / (1 + exp(-cp / scale)) - 1")
      ->check(CLI::PositiveNumber);
  app.add_option("--threads", threads, "teacher games: games at once")->check(CLI::Range(1, 256));
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  const RunConfig rc = load_run_config(run.config_path);
  std::atomic<bool>& interrupted = stop_requested_by_signal();
  const auto stats = games::with_game(rc.game, selfplay_rules(rc), [&](const auto& game) {
    if (teacher.depth > 0)
      return selfplay::run_teacher_games(run.run_dir, game, runner_options(rc), teacher, threads,
                                         max_games, interrupted);
    return selfplay::run_selfplay(run.run_dir, game, runner_options(rc), max_games, interrupted);
  });
  std::printf("selfplay: %lld games, %lld positions\n", (long long)stats.games,
              (long long)stats.positions);
  return 0;
}

}  // namespace kishi::command
