#include "games/shogi/core/perft.h"

#include <atomic>
#include <thread>

#include "games/shogi/core/movegen.h"

namespace kishi::shogi {

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList list;
  legal_moves(pos, list);
  if (depth == 1) return list.size();
  uint64_t nodes = 0;
  for (Move m : list) {
    pos.do_move(m);
    nodes += perft(pos, depth - 1);
    pos.undo_move();
  }
  return nodes;
}

std::vector<std::pair<Move, uint64_t>> perft_divide(const Position& root, int depth) {
  Position pos = root;
  std::vector<std::pair<Move, uint64_t>> result;
  for (Move m : legal_moves(pos)) {
    pos.do_move(m);
    result.emplace_back(m, perft(pos, depth - 1));
    pos.undo_move();
  }
  return result;
}

uint64_t perft_parallel(const Position& root, int depth, int threads) {
  if (threads <= 1 || depth <= 1) {
    Position pos = root;
    return perft(pos, depth);
  }
  const MoveList moves = legal_moves(root);
  std::atomic<size_t> next{0};
  std::atomic<uint64_t> total{0};
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&] {
      Position pos = root;
      uint64_t nodes = 0;
      for (size_t i; (i = next++) < moves.size();) {
        pos.do_move(moves[i]);
        nodes += perft(pos, depth - 1);
        pos.undo_move();
      }
      total += nodes;
    });
  for (auto& w : workers) w.join();
  return total;
}

}  // namespace kishi::shogi
