// kishi selfplay: play games with the newest model of a run and write them as
// chunk files to RUN/games. Several processes may share a run directory. With
// --teacher-depth, the game's alpha-beta plays instead: teacher games for
// supervised training (selfplay/teacher_game.h).
#include <atomic>
#include <csignal>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "engine/command/commands.h"
#include "engine/command/interrupt.h"
#include "engine/command/parse_args.h"
#include "engine/command/run_config.h"
#include "selfplay/selfplay_runner.h"
#include "selfplay/teacher_game.h"

namespace kishi::command {
namespace {

// `threads` alpha-beta searches play teacher games until max_games or *stop;
// each game is written as its own chunk, as self-play's are.
template <class G>
selfplay::RunnerStats run_teacher(const std::string& run_dir, const G& game, const RunConfig& rc,
                                  const selfplay::TeacherConfig& teacher, int threads,
                                  int64_t max_games, const std::atomic<bool>& stop) {
  if constexpr (!players::AlphaBetaGame<G>) {
    throw std::runtime_error("--teacher-depth: " + std::string(game.name()) +
                             " has no alpha-beta search");
  } else {
    selfplay::prepare_run(run_dir, game, runner_options(rc));
    const std::string model_id = "alphabeta-" + std::to_string(teacher.depth);
    std::atomic<int64_t> started{0}, done{0}, positions{0};
    std::mutex print_mutex;
    WorkerErrors errors;
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
      workers.emplace_back([&, t] {
        errors.run([&] {
          players::AlphaBeta<G> search(game, 20);
          std::mt19937_64 rng(rc.seed * 1000003 + uint64_t(t) * 7919 + uint64_t(getpid()));
          while (!stop && !errors.failed()) {
            if (max_games >= 0 && started++ >= max_games) break;
            selfplay::GameRecord record =
                selfplay::play_teacher_game(game, search, rc.selfplay, teacher, rng, &stop);
            if (record.reason == selfplay::ABANDONED) break;
            const selfplay::Chunk chunk =
                selfplay::write_finished_game(run_dir, game, model_id, std::move(record));
            positions += int64_t(chunk.positions());
            std::lock_guard lock(print_mutex);
            const auto& g = chunk.games[0];
            std::printf("selfplay: teacher game %lld (%zu plies, %s) | %lld positions | %s\n",
                        (long long)++done, g.moves.size(), selfplay::result_words(g.result),
                        (long long)positions.load(), model_id.c_str());
            std::fflush(stdout);
          }
        });
      });
    for (auto& w : workers) w.join();
    errors.rethrow();
    return {done.load(), positions.load(), 0, 0};
  }
}

}  // namespace

int selfplay(int argc, char** argv) {
  CLI::App app{"Self-play with the newest model of a run; games go to RUN/games", "kishi selfplay"};
  std::string run_dir, config_path;
  int64_t max_games = -1;
  selfplay::TeacherConfig teacher;
  teacher.depth = 0;
  int threads = 1;
  app.add_option("--run", run_dir, "run directory (models/ and games/ inside)")->required();
  app.add_option("--config", config_path,
                 "TOML config ([run], [model], [network], [selfplay], [train])")
      ->required();
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
  const RunConfig rc = load_run_config(config_path);
  std::atomic<bool>& interrupted = stop_requested_by_signal();
  const auto stats = games::with_game(rc.game, selfplay_rules(rc), [&](const auto& game) {
    if (teacher.depth > 0)
      return run_teacher(run_dir, game, rc, teacher, threads, max_games, interrupted);
    return selfplay::run_selfplay(run_dir, game, runner_options(rc), max_games, interrupted);
  });
  std::printf("selfplay: %lld games, %lld positions\n", (long long)stats.games,
              (long long)stats.positions);
  return 0;
}

}  // namespace kishi::command
