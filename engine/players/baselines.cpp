#include "engine/players/baselines.h"

#include <algorithm>

#include "engine/shogi/movegen.h"
#include "engine/shogi/piece_values.h"

namespace kishi::players {

using namespace kishi::shogi;

namespace {

int material(const Position& pos) {
  const Color us = pos.side_to_move();
  int v = 0;
  for (Square s : squares(pos.pieces())) {
    const Piece pc = pos.piece_on(s);
    v += color_of(pc) == us ? PIECE_VALUE[type_of(pc)] : -PIECE_VALUE[type_of(pc)];
  }
  for (int pt = PAWN; pt <= GOLD; ++pt)
    v += hand_value(pt) * (pos.hand_count(us, PieceType(pt)) - pos.hand_count(~us, PieceType(pt)));
  return v;
}

}  // namespace

int evaluate(const Position& pos) {
  int v = material(pos);
  // King shelter: golds and silvers next to each king.
  for (Color c : {BLACK, WHITE}) {
    const Square k = pos.king_square(c);
    if (k == SQ_NONE) continue;
    const int guards =
        popcount(king_attacks(k) & pos.pieces(c) & (pos.golds() | pos.pieces(SILVER)));
    v += (c == pos.side_to_move() ? 1 : -1) * 40 * std::min(guards, 3);
  }
  return v;
}

AlphaBeta::AlphaBeta(int table_bits)
    : table_(size_t(1) << table_bits), mask_((uint64_t(1) << table_bits) - 1) {}

bool AlphaBeta::out_of_budget() {
  if ((max_nodes_ >= 0 && nodes_ >= max_nodes_) || (stop_ && (nodes_ & 1023) == 0 && stop_->load()))
    aborted_ = true;
  return aborted_;
}

int AlphaBeta::quiescence(Position& pos, int alpha, int beta, int ply) {
  ++nodes_;
  const MoveList moves = legal_moves(pos);
  if (moves.empty()) return -MATE + ply;
  int stand = evaluate(pos);
  if (stand >= beta || ply > 60) return stand;
  alpha = std::max(alpha, stand);
  std::vector<std::pair<int, Move>> captures;
  for (Move m : moves)
    if (!m.is_drop() && pos.piece_on(m.to())) captures.emplace_back(capture_value(pos, m), m);
  std::sort(captures.begin(), captures.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });
  for (const auto& [v, m] : captures) {
    pos.do_move(m);
    const int score = -quiescence(pos, -beta, -alpha, ply + 1);
    pos.undo_move();
    if (score >= beta) return score;
    alpha = std::max(alpha, score);
  }
  return alpha;
}

int AlphaBeta::negamax(Position& pos, int depth, int alpha, int beta, int ply) {
  if (out_of_budget()) return 0;
  if (depth <= 0) return quiescence(pos, alpha, beta, ply);
  ++nodes_;
  const MoveList moves = legal_moves(pos);
  if (moves.empty()) return -MATE + ply;

  Entry& e = table_[pos.key() & mask_];
  Move tt_move;
  if (e.key == pos.key()) {
    tt_move = Move::from_raw(e.move);
    if (e.depth >= depth && ply > 0) {
      if (e.bound == 3 || (e.bound == 1 && e.score >= beta) || (e.bound == 2 && e.score <= alpha))
        return e.score;
    }
  }
  std::vector<std::pair<int, Move>> ordered;
  for (Move m : moves)
    ordered.emplace_back(
        m == tt_move ? 1 << 20 : capture_value(pos, m) * 16 + (m.is_drop() ? 0 : 1), m);
  std::sort(ordered.begin(), ordered.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });

  const int original_alpha = alpha;
  int best = -MATE;
  Move best_move;
  for (const auto& [order, m] : ordered) {
    pos.do_move(m);
    const int score = -negamax(pos, depth - 1, -beta, -alpha, ply + 1);
    pos.undo_move();
    if (aborted_) return 0;
    if (score > best) {
      best = score;
      best_move = m;
    }
    alpha = std::max(alpha, score);
    if (alpha >= beta) break;
  }
  e = {pos.key(), best, int16_t(depth),
       uint8_t(best >= beta             ? 1
               : best <= original_alpha ? 2
                                        : 3),
       best_move.raw()};
  return best;
}

AlphaBetaResult AlphaBeta::search(const Position& root, int max_depth, int64_t max_nodes,
                                  const std::atomic<bool>* stop,
                                  const std::function<void(const AlphaBetaResult&)>& on_iteration) {
  nodes_ = 0;
  max_nodes_ = max_nodes;
  stop_ = stop;
  aborted_ = false;
  AlphaBetaResult result;
  const MoveList moves = legal_moves(root);
  if (moves.empty()) return result;
  result.best = moves[0];
  Position pos = root;
  for (int depth = 1; depth <= max_depth; ++depth) {
    const int score = negamax(pos, depth, -MATE - 1, MATE + 1, 0);
    if (aborted_) break;
    const Entry& e = table_[root.key() & mask_];
    if (e.key == root.key() && e.move) result.best = Move::from_raw(e.move);
    result.score = score;
    result.depth = depth;
    result.nodes = nodes_;
    // The principal variation from the table.
    result.pv.clear();
    Position line = root;
    for (int i = 0; i < depth; ++i) {
      const Entry& t = table_[line.key() & mask_];
      const Move m = Move::from_raw(t.move);
      if (t.key != line.key() || !m || !line.is_legal(m)) break;
      result.pv.push_back(m);
      line.do_move(m);
    }
    if (on_iteration) on_iteration(result);
    if (std::abs(score) >= MATE_BOUND) break;
  }
  result.nodes = nodes_;
  return result;
}

}  // namespace kishi::players
