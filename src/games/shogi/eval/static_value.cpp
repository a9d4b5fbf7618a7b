#include "games/shogi/eval/static_value.h"

#include <algorithm>

#include "games/shogi/core/bitboard.h"
#include "games/shogi/eval/piece_values.h"

namespace kishi::shogi {

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

int static_value(const Position& pos) {
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

}  // namespace kishi::shogi
