// Self-play with the newest model of a run: concurrent games on one batched
// network, a chunk file per finished game, newer models picked up between games.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "nn/model_config.h"
#include "nn/network_evaluator.h"
#include "selfplay/chunk.h"
#include "selfplay/selfplay_game.h"

namespace kishi::selfplay {

struct RunnerOptions {
  shogi::Game game = shogi::Game::Shogi;
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

// Makes RUN/models and RUN/games, and a random model-0 when the run has none.
void prepare_run(const std::string& run_dir, const RunnerOptions& options);

// Plays `games` games (-1: until *stop).
RunnerStats run_selfplay(const std::string& run_dir, const RunnerOptions& options, int64_t games,
                         const std::atomic<bool>& stop);

}  // namespace kishi::selfplay
