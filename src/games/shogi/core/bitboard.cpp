#include "games/shogi/core/bitboard.h"

#include <initializer_list>

namespace kishi::shogi {
namespace {

struct Step {
  int df, dr;  // file and rank deltas as seen by Black (rank -1 is forward)
};

Bitboard step_set(Square s, Color c, std::initializer_list<Step> steps) {
  Bitboard b = 0;
  for (Step st : steps) {
    const int dr = c == BLACK ? st.dr : -st.dr;
    const int df = c == BLACK ? st.df : -st.df;
    const int f = file_of(s) + df, r = rank_of(s) + dr;
    if (f >= 0 && f < 9 && r >= 0 && r < 9) b |= square_bb(make_square(f, r));
  }
  return b;
}

constexpr Step DIRECTION_STEP[DIR_NB] = {{0, 1},  {1, 0},  {1, 1},   {1, -1},
                                         {0, -1}, {-1, 0}, {-1, -1}, {-1, 1}};

void build(AttackTables& t) {
  for (Square s = 0; s < SQ_NB; ++s) {
    for (int d = 0; d < DIR_NB; ++d) {
      Bitboard ray = 0;
      for (int f = file_of(s) + DIRECTION_STEP[d].df, r = rank_of(s) + DIRECTION_STEP[d].dr;
           f >= 0 && f < 9 && r >= 0 && r < 9; f += DIRECTION_STEP[d].df, r += DIRECTION_STEP[d].dr)
        ray |= square_bb(make_square(f, r));
      t.ray[d][s] = ray;
    }
    for (Color c : {BLACK, WHITE}) {
      t.pawn[c][s] = step_set(s, c, {{0, -1}});
      t.knight[c][s] = step_set(s, c, {{-1, -2}, {1, -2}});
      t.silver[c][s] = step_set(s, c, {{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {1, 1}});
      t.gold[c][s] = step_set(s, c, {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}});
    }
    t.king[s] = t.silver[BLACK][s] | t.gold[BLACK][s];
    t.rook_empty[s] = t.ray[DIR_N][s] | t.ray[DIR_S][s] | t.ray[DIR_E][s] | t.ray[DIR_W][s];
    t.bishop_empty[s] = t.ray[DIR_NE][s] | t.ray[DIR_NW][s] | t.ray[DIR_SE][s] | t.ray[DIR_SW][s];
  }
  for (Square a = 0; a < SQ_NB; ++a)
    for (int d = 0; d < DIR_NB; ++d) {
      const int opposite = d < DIR_N ? d + DIR_N : d - DIR_N;
      for (Square b : squares(t.ray[d][a])) {
        t.between[a][b] = t.ray[d][a] & t.ray[opposite][b];
        t.line[a][b] = t.ray[d][a] | t.ray[opposite][a] | square_bb(a);
      }
    }
}

}  // namespace

AttackTables attack_tables;
static const bool tables_built = (build(attack_tables), true);

Bitboard attacks_of(Piece pc, Square s, Bitboard occ) {
  const Color c = color_of(pc);
  switch (type_of(pc)) {
    case PAWN: return pawn_attacks(c, s);
    case LANCE: return lance_attacks(c, s, occ);
    case KNIGHT: return knight_attacks(c, s);
    case SILVER: return silver_attacks(c, s);
    case BISHOP: return bishop_attacks(s, occ);
    case ROOK: return rook_attacks(s, occ);
    case GOLD:
    case PRO_PAWN:
    case PRO_LANCE:
    case PRO_KNIGHT:
    case PRO_SILVER: return gold_attacks(c, s);
    case KING: return king_attacks(s);
    case HORSE: return bishop_attacks(s, occ) | king_attacks(s);
    case DRAGON: return rook_attacks(s, occ) | king_attacks(s);
    default: return 0;
  }
}

}  // namespace kishi::shogi
