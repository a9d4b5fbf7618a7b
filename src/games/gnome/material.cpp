#include "games/gnome/material.h"

#include "games/gnome/geometry.h"
#include "games/gnome/move_effects.h"

namespace kishi::gnome {

int material(const Position& p, int side) {
  int v = 0;
  for (uint64_t occ = p.occupied; occ;) {
    const Stack s = p.stacks[pop_lowest(occ)];
    for (int l = 0, h = s.height(); l < h; ++l) {
      const Piece q = s.at(l);
      v += colour_of(q) == side ? PIECE_VALUE[type_of(q)] : -PIECE_VALUE[type_of(q)];
    }
  }
  return v;
}

int material_gain(const State& s, const Move& m) {
  const Position& now = s.position();
  if (m.kind == Kind::ACCEPT) return 0;
  if (m.kind == Kind::VETO) {
    const Position& before = s.line[s.line.size() - 2].position;
    return material(before, now.side) - material(now, now.side);
  }
  Position after;
  play_move(now, m, after);
  return material(after, now.side) - material(now, now.side);
}

int static_value(const State& s) {
  const Position& p = s.position();
  const int side = p.side;
  int v = material(p, side);
  for (int c = 0; c < 2; ++c) {
    int terms = 0;
    // Pawns nearer promotion, a king up on a rook (the source's advice).
    for (uint64_t pawns = p.pieces[c][PAWN] & p.top_of[c]; pawns;) {
      const int sq = pop_lowest(pawns);
      terms += 4 * (c == WHITE ? rank_of(sq) - 1 : 6 - rank_of(sq));
    }
    const int k = p.king_square(c);
    if (k != NO_SQUARE && p.stacks[k].height() > 1) terms += 40;
    v += c == side ? terms : -terms;
  }
  return v;
}

}  // namespace kishi::gnome
