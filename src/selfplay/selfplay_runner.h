// Self-play of any game with the newest model of a run: concurrent games on
// one batched network, a chunk file per finished game, newer models picked up
// between games.
#pragma once

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "chunks/chunk.h"
#include "chunks/chunk_name.h"
#include "common/atomic_file.h"
#include "common/worker_errors.h"
#include "nn/model_config.h"
#include "nn/torch/batched_network.h"
#include "nn/torch/network_evaluator.h"
#include "selfplay/game_records.h"
#include "selfplay/model_store.h"
#include "selfplay/selfplay_game.h"

namespace kishi::selfplay {

struct RunnerOptions {
  uint64_t seed = 1;
  nn::ModelConfig model;  // for a new run's random first model
  nn::NetworkOptions network;
  SelfPlayConfig selfplay;
  int games_in_parallel = 8;
  // Leaves per network batch. Half the games: one batch runs while the other
  // half of the games search, so neither the network nor the search waits.
  int batch_size = 4;
  bool verbose = true;  // a line per finished game
  // Called after each finished game's chunk is on disk, from the game threads
  // at once: it must be thread-safe.
  std::function<void(const Chunk& chunk)> on_game;
};

struct RunnerStats {
  int64_t games = 0, positions = 0;
  double seconds = 0;          // wall time
  double forward_seconds = 0;  // in the network's forward pass
};

// Makes RUN/models and RUN/games, and a random model-0 for `game` when the run has none.
template <game::Game G>
void prepare_run(const std::string& run_dir, const G& game, const RunnerOptions& o) {
  std::filesystem::create_directories(run_dir + "/models");
  std::filesystem::create_directories(run_dir + "/games");
  // What a killed writer left: never renamed, never to be.
  for (const char* dir : {"/models", "/games"})
    if (const int n = remove_stale_temporaries(run_dir + dir))
      std::printf("removed %d unfinished temporary files from %s%s\n", n, run_dir.c_str(), dir);
  if (!latest_model(run_dir)) {  // a new run starts from random weights
    nn::NetworkEvaluator::random(o.model, nn::game_encoding(game), o.seed, o.network)
        ->save(model_path(run_dir, 0));
    std::printf("new run: random model %s\n", model_path(run_dir, 0).c_str());
  }
}

// Writes a finished game to RUN/games as a chunk of its own, with its readable
// records: each game is written when it ends, so an interrupted run loses none.
// Named by the writer (host, process, tag): workers on many hosts share the
// directory, and a restarted one never reuses a name.
template <game::Game G>
Chunk write_finished_game(const std::string& run_dir, const G& game, const std::string& model_id,
                          GameRecord record) {
  static std::atomic<int> seq{0};
  Chunk chunk;
  chunk.game = std::string(game.name());
  chunk.model_id = model_id;
  chunk.games.push_back(std::move(record));
  const std::string stem = chunk_stem(run_dir, model_id, seq++);
  write_game_records(game, stem, chunk);
  write_chunk(stem + ".kchunk", chunk);
  return chunk;
}

// A recorded result in words, for progress lines.
inline const char* result_words(int8_t result) {
  return result > 0 ? "black wins" : result < 0 ? "white wins" : "draw";
}

// Plays `games` games of `game` (-1: until *stop); the game's rules should
// have the self-play config's max_plies.
template <game::Game G>
RunnerStats run_selfplay(const std::string& run_dir, const G& game, const RunnerOptions& o,
                         int64_t max_games, const std::atomic<bool>& stop) {
  prepare_run(run_dir, game, o);
  std::atomic<int64_t> started{0}, done{0}, positions{0};
  const auto start = std::chrono::steady_clock::now();
  double forward_seconds = 0;

  std::unique_ptr<nn::BatchedNetwork<G>> playing;
  StoredModel model{};
  std::set<int64_t> refused;  // steps of models that did not load
  while (!stop && (max_games < 0 || started < max_games)) {
    // The newest model that loads: a damaged one is named and passed over,
    // and the games go on with the model they have.
    for (const StoredModel& m : stored_models(run_dir)) {
      if (playing && m.step <= model.step) break;
      if (refused.count(m.step)) continue;
      try {
        nn::BatcherOptions batch;
        batch.max_batch = std::max(1, std::min(o.batch_size, o.games_in_parallel));
        batch.max_wait = std::chrono::microseconds(2000);
        playing = std::make_unique<nn::BatchedNetwork<G>>(m.path, game, o.network, batch);
        model = m;
        break;
      } catch (const nn::CheckpointError& e) {
        refused.insert(m.step);
        std::fprintf(stderr, "selfplay: %s; passed over\n", e.what());
      }
    }
    if (!playing) throw std::runtime_error("no model in " + run_dir + "/models could be loaded");
    const nn::BatchedNetwork<G>& network = *playing;
    network.net->reset_times();
    const std::string model_id = std::filesystem::path(model.path).stem().string();
    std::atomic<bool> newer_model{false};
    std::mutex print_mutex;

    // The first error of a game thread (a full disk, a failed forward pass)
    // stops the others and is rethrown after they are joined.
    WorkerErrors errors;
    const auto stopping = [&] { return stop || errors.failed(); };
    std::vector<std::thread> threads;
    for (int t = 0; t < o.games_in_parallel; ++t)
      threads.emplace_back([&, t] {
        errors.run([&] {
          search::SearchParams params;
          params.max_nodes =
              uint32_t(std::max(o.selfplay.playouts, o.selfplay.fast_playouts) * 700 + 10000);
          params.seed =
              o.seed * 1000003 + uint64_t(started.load()) * 131 + uint64_t(t) + uint64_t(getpid());
          search::Search<G> search(game, *network.leaf, params);
          std::mt19937_64 rng(params.seed);
          while (!stopping() && !newer_model) {
            const int64_t index = started++;
            if (max_games >= 0 && index >= max_games) break;
            GameRecord record = play_selfplay_game(search, o.selfplay, rng, &stop);
            if (record.reason == ABANDONED) break;  // stopped mid-game
            const Chunk chunk = write_finished_game(run_dir, game, model_id, std::move(record));
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
                  (long long)finished, g.moves.size(), result_words(g.result),
                  (long long)positions.load(), finished / std::max(minutes, 1e-9),
                  model_id.c_str());
              std::fflush(stdout);
            }
            if (const auto latest = latest_model(run_dir);
                latest && latest->step > model.step && !refused.count(latest->step))
              newer_model = true;  // finish here; the outer loop loads it
          }
        });
      });
    for (auto& t : threads) t.join();
    errors.rethrow();
    forward_seconds += network.net->times().forward;
  }
  return {done.load(), positions.load(),
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
          forward_seconds};
}

}  // namespace kishi::selfplay
