// shogi's alpha-beta searcher, a built-in opponent without a network for
// ladders (iterative deepening, transposition table, quiescence on captures,
// material plus simple positional terms); the random and greedy players of
// every game are in players.h. `kishi usi --player random|greedy|alphabeta`.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "engine/shogi/position.h"

namespace kishi::players {

// Static evaluation for the side to move, in centipawns (pawn = 100).
int evaluate(const shogi::Position& pos);

struct AlphaBetaResult {
  shogi::Move best;
  int score = 0;  // centipawns for the side to move; beyond +-MATE_BOUND a mate
  int depth = 0;
  int64_t nodes = 0;
  std::vector<shogi::Move> pv;
};

class AlphaBeta {
 public:
  static constexpr int MATE = 100000;
  static constexpr int MATE_BOUND = MATE - 1000;
  explicit AlphaBeta(int table_bits = 20);
  // Iterative deepening to max_depth (and at most max_nodes, or until *stop);
  // on_iteration sees each completed depth.
  AlphaBetaResult search(const shogi::Position& root, int max_depth, int64_t max_nodes,
                         const std::atomic<bool>* stop = nullptr,
                         const std::function<void(const AlphaBetaResult&)>& on_iteration = {});

 private:
  struct Entry {
    uint64_t key = 0;
    int32_t score = 0;
    int16_t depth = -1;
    uint8_t bound = 0;  // 1 lower, 2 upper, 3 exact
    uint16_t move = 0;
  };
  int negamax(shogi::Position& pos, int depth, int alpha, int beta, int ply);
  int quiescence(shogi::Position& pos, int alpha, int beta, int ply);
  bool out_of_budget();
  std::vector<Entry> table_;
  uint64_t mask_;
  int64_t nodes_ = 0, max_nodes_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  bool aborted_ = false;
};

}  // namespace kishi::players
