#include "selfplay/selfplay_runner.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <mutex>
#include <thread>

#include "nn/batched_network.h"
#include "selfplay/chunk.h"
#include "selfplay/game_records.h"
#include "selfplay/model_store.h"

namespace kishi::selfplay {

namespace {

shogi::ShogiGame game_of(const RunnerOptions& o) {
  shogi::ShogiGame::Rules rules;
  rules.variant = o.game;
  rules.max_plies = o.selfplay.max_plies;
  rules.leaf_mate_plies = o.selfplay.leaf_mate_plies;
  return shogi::ShogiGame(rules);
}

}  // namespace

void prepare_run(const std::string& run_dir, const RunnerOptions& o) {
  std::filesystem::create_directories(run_dir + "/models");
  std::filesystem::create_directories(run_dir + "/games");
  if (!latest_model(run_dir)) {  // a new run starts from random weights
    nn::NetworkEvaluator::random(o.model, nn::game_encoding(game_of(o)), o.seed, o.network)
        ->save(model_path(run_dir, 0));
    std::printf("new run: random model %s\n", model_path(run_dir, 0).c_str());
  }
}

RunnerStats run_selfplay(const std::string& run_dir, const RunnerOptions& o, int64_t max_games,
                         const std::atomic<bool>& stop) {
  prepare_run(run_dir, o);
  char host[64] = "host";
  gethostname(host, sizeof host - 1);
  std::atomic<int64_t> started{0}, done{0}, positions{0};
  static std::atomic<int> chunk_seq{0};
  const auto start = std::chrono::steady_clock::now();
  const shogi::ShogiGame game = game_of(o);
  double forward_seconds = 0;

  while (!stop && (max_games < 0 || started < max_games)) {
    const StoredModel model = *latest_model(run_dir);
    nn::BatcherOptions batch;
    batch.max_batch = std::max(1, std::min(o.batch_size, o.games_in_parallel));
    batch.max_wait = std::chrono::microseconds(2000);
    const nn::BatchedNetwork<shogi::ShogiGame> network(model.path, game, o.network, batch);
    const std::string model_id = std::filesystem::path(model.path).stem().string();
    std::atomic<bool> newer_model{false};
    std::mutex print_mutex;

    // The first error of a game thread (a full disk, a failed forward pass)
    // stops the others and is rethrown here, after they are joined.
    std::exception_ptr error;
    std::atomic<bool> failed{false};
    const auto stopping = [&] { return stop || failed; };
    std::vector<std::thread> threads;
    for (int t = 0; t < o.games_in_parallel; ++t)
      threads.emplace_back([&, t] {
        try {
          search::SearchParams params;
          params.max_nodes =
              uint32_t(std::max(o.selfplay.playouts, o.selfplay.fast_playouts) * 700 + 10000);
          params.seed =
              o.seed * 1000003 + uint64_t(started.load()) * 131 + uint64_t(t) + uint64_t(getpid());
          search::Search<shogi::ShogiGame> search(game, *network.leaf, params);
          std::mt19937_64 rng(params.seed);
          while (!stopping() && !newer_model) {
            const int64_t index = started++;
            if (max_games >= 0 && index >= max_games) break;
            Chunk chunk;
            chunk.game = o.game;
            chunk.model_id = model_id;
            chunk.games.push_back(play_selfplay_game(search, o.selfplay, o.game, rng, &stop));
            if (chunk.games[0].reason == ABANDONED) break;  // stopped mid-game
            // Each finished game is written at once: an interrupted run loses none.
            char seq[16];
            std::snprintf(seq, sizeof seq, "%06d", chunk_seq++);
            const std::string stem = run_dir + "/games/" + model_id + "-" + host + "-" +
                                     std::to_string(getpid()) + "-" + seq;
            write_game_records(stem, chunk);
            write_chunk(stem + ".kchunk", chunk);
            positions += int64_t(chunk.positions());
            const int64_t finished = ++done;
            if (o.on_game) o.on_game(chunk);
            if (o.verbose) {
              const double minutes =
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() /
                  60;
              std::lock_guard lock(print_mutex);
              const auto& g = chunk.games[0];
              std::printf(
                  "selfplay: game %lld (%zu plies, %s) | %lld positions | %.1f games/min | %s\n",
                  (long long)finished, g.moves.size(),
                  g.result > 0   ? "black wins"
                  : g.result < 0 ? "white wins"
                                 : "draw",
                  (long long)positions.load(), finished / std::max(minutes, 1e-9),
                  model_id.c_str());
              std::fflush(stdout);
            }
            if (const auto latest = latest_model(run_dir); latest && latest->step > model.step)
              newer_model = true;  // finish here; the outer loop loads it
          }
        } catch (...) {
          std::lock_guard lock(print_mutex);
          if (!error) error = std::current_exception();
          failed = true;
        }
      });
    for (auto& t : threads) t.join();
    if (error) std::rethrow_exception(error);
    forward_seconds += network.net->times().forward;
  }
  return {done.load(), positions.load(),
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
          forward_seconds};
}

}  // namespace kishi::selfplay
