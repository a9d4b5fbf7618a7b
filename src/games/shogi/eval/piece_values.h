// Piece values in centipawns (pawn = 100) for the baselines: the greedy
// player's gain of a move and the alpha-beta player's evaluation.
#pragma once

#include "games/shogi/core/position.h"

namespace kishi::shogi {

inline constexpr int PIECE_VALUE[PIECE_TYPE_NB] = {0, 100, 300, 350, 500, 800,  1000, 600,
                                                   0, 600, 600, 600, 600, 1100, 1300};
// A piece in hand is worth a little more than on the board: it can go anywhere.
constexpr int hand_value(int pt) { return PIECE_VALUE[pt] * 11 / 10; }

// What a move wins at once: the captured piece off the board and into the
// hand, and a promotion's gain. Drops and quiet moves win nothing.
inline int capture_value(const Position& pos, Move m) {
  if (m.is_drop()) return 0;
  const Piece captured = pos.piece_on(m.to());
  int v = captured ? PIECE_VALUE[type_of(captured)] + hand_value(unpromoted(type_of(captured))) : 0;
  if (m.is_promotion()) {
    const PieceType pt = type_of(pos.piece_on(m.from()));
    v += PIECE_VALUE[promoted(pt)] - PIECE_VALUE[pt];
  }
  return v;
}

}  // namespace kishi::shogi
