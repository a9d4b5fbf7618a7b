#include "games/shogi/policy_index.h"

namespace kishi::shogi {
namespace {

struct Delta {
  int df, dr;  // file and rank steps, rank -1 being forward for the side to move
};
// Directions in plane order: forward, forward on each side, sideways, back,
// back on each side, and the two knight jumps.
constexpr Delta DIRECTION_DELTA[POLICY_DIRECTIONS] = {
    {0, -1}, {-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}, {-1, 1}, {1, 1}, {-1, -2}, {1, -2}};

int direction_of(int df, int dr) {
  if (dr == -2 && (df == 1 || df == -1)) return df < 0 ? 8 : 9;
  const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
  for (int d = 0; d < 8; ++d)
    if (DIRECTION_DELTA[d].df == sf && DIRECTION_DELTA[d].dr == sr) return d;
  return -1;
}

}  // namespace

int policy_index(const Position& pos, Move m) {
  const Color side = pos.side_to_move();
  const Square to = oriented(side, m.to());
  if (m.is_drop()) return (2 * POLICY_DIRECTIONS + m.dropped_piece() - 1) * SQ_NB + to;
  const Square from = oriented(side, m.from());
  const int d = direction_of(file_of(to) - file_of(from), rank_of(to) - rank_of(from));
  return (d + (m.is_promotion() ? POLICY_DIRECTIONS : 0)) * SQ_NB + to;
}

Move move_from_policy_index(const Position& pos, int index) {
  if (index < 0 || index >= POLICY_SIZE) return Move();
  const Color side = pos.side_to_move();
  const int plane = index / SQ_NB;
  const Square to_o = index % SQ_NB;
  const Square to = oriented(side, to_o);
  Move m;
  if (plane >= 2 * POLICY_DIRECTIONS) {
    m = Move::drop(PieceType(plane - 2 * POLICY_DIRECTIONS + 1), to);
  } else {
    const int d = plane % POLICY_DIRECTIONS;
    const Delta step = DIRECTION_DELTA[d];
    // Walk back from the destination to the first piece.
    int f = file_of(to_o) - step.df, r = rank_of(to_o) - step.dr;
    Square from = SQ_NONE;
    while (f >= 0 && f < 9 && r >= 0 && r < 9) {
      const Square s = oriented(side, make_square(f, r));
      if (pos.piece_on(s)) {
        from = s;
        break;
      }
      if (d >= 8) break;  // a knight jumps exactly once
      f -= step.df;
      r -= step.dr;
    }
    if (from == SQ_NONE) return Move();
    m = Move::normal(from, to, plane >= POLICY_DIRECTIONS);
  }
  return pos.is_legal(m) ? m : Move();
}

}  // namespace kishi::shogi
