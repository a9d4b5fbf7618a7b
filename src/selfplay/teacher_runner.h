// Teacher games in a run directory: `threads` alpha-beta searches of the game
// play teacher games (selfplay/teacher_game.h), each written as its own chunk
// as self-play's are, named alphabeta-DEPTH. Used by `kishi selfplay
// --teacher-depth` and by the loop's opening games ([loop] teacher_games).
#pragma once

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "common/worker_errors.h"
#include "selfplay/selfplay_runner.h"
#include "selfplay/teacher_game.h"

namespace kishi::selfplay {

// The chunk name of the teacher games at `depth`, and whether a chunk's model id is one.
inline std::string teacher_model_id(int depth) { return "alphabeta-" + std::to_string(depth); }
inline bool is_teacher_model_id(const std::string& id) { return id.rfind("alphabeta-", 0) == 0; }

// Plays teacher games until max_games (-1: no bound) or *stop; o.on_game sees
// each written chunk and o.verbose prints a line a game.
template <game::Game G>
RunnerStats run_teacher_games(const std::string& run_dir, const G& game, const RunnerOptions& o,
                              const TeacherConfig& teacher, int threads, int64_t max_games,
                              const std::atomic<bool>& stop) {
  if constexpr (!players::AlphaBetaGame<G>) {
    throw std::runtime_error("teacher games: " + std::string(game.name()) +
                             " has no alpha-beta search");
  } else {
    prepare_run(run_dir, game, o);
    const std::string model_id = teacher_model_id(teacher.depth);
    const auto start = std::chrono::steady_clock::now();
    std::atomic<int64_t> started{0}, done{0}, positions{0};
    std::mutex print_mutex;
    WorkerErrors errors;
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
      workers.emplace_back([&, t] {
        errors.run([&] {
          players::AlphaBeta<G> search(game, 20);
          std::mt19937_64 rng(o.seed * 1000003 + uint64_t(t) * 7919 + uint64_t(getpid()));
          while (!stop && !errors.failed()) {
            if (max_games >= 0 && started++ >= max_games) break;
            GameRecord record = play_teacher_game(game, search, o.selfplay, teacher, rng, &stop);
            if (record.reason == ABANDONED) break;
            const Chunk chunk = write_finished_game(run_dir, game, model_id, std::move(record));
            positions += int64_t(chunk.positions());
            const int64_t finished = ++done;
            if (o.on_game) o.on_game(chunk);
            if (!o.verbose) continue;
            std::lock_guard lock(print_mutex);
            const auto& g = chunk.games[0];
            std::printf("selfplay: teacher game %lld (%zu plies, %s) | %lld positions | %s\n",
                        (long long)finished, g.moves.size(), result_words(g.result),
                        (long long)positions.load(), model_id.c_str());
            std::fflush(stdout);
          }
        });
      });
    for (auto& w : workers) w.join();
    errors.rethrow();
    return {done.load(), positions.load(),
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 0};
  }
}

}  // namespace kishi::selfplay
