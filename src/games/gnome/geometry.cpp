#include "games/gnome/geometry.h"

#include <bit>
#include <cstdlib>

namespace kishi::gnome {

namespace {

bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

Geometry build() {
  Geometry g;
  for (int sq = 0; sq < 64; ++sq) {
    const int f = file_of(sq), r = rank_of(sq);
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr)
        if ((df || dr) && on_board(f + df, r + dr)) {
          g.king[sq] |= bit(square(f + df, r + dr));
          if (!df || !dr) g.orthogonal[sq] |= bit(square(f + df, r + dr));
        }
    static constexpr int JUMPS[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                        {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (const auto& j : JUMPS) {
      const int tf = f + j[0], tr = r + j[1];
      if (!on_board(tf, tr)) continue;
      const int to = square(tf, tr);
      g.knight[sq] |= bit(to);
      for (int af = std::min(f, tf); af <= std::max(f, tf); ++af)
        for (int ar = std::min(r, tr); ar <= std::max(r, tr); ++ar)
          if (square(af, ar) != sq && square(af, ar) != to) g.area[sq][to] |= bit(square(af, ar));
    }
    for (int d = 0; d < 8; ++d) {
      uint64_t passed = 0;
      for (int tf = f + DIRECTION_FILE[d], tr = r + DIRECTION_RANK[d]; on_board(tf, tr);
           tf += DIRECTION_FILE[d], tr += DIRECTION_RANK[d]) {
        g.rays[d][sq] |= bit(square(tf, tr));
        g.between[sq][square(tf, tr)] = passed;
        passed |= bit(square(tf, tr));
      }
    }
  }
  for (int sq = 0; sq < 64; ++sq) {
    for (int df = -1; df <= 1; df += 2) {
      const int f = file_of(sq) + df;
      if (f < 0 || f > 7) continue;
      if (rank_of(sq) > 0) g.pawn_sources[WHITE][sq] |= bit(square(f, rank_of(sq) - 1));
      if (rank_of(sq) < 7) g.pawn_sources[BLACK][sq] |= bit(square(f, rank_of(sq) + 1));
    }
    for (int from = 0; from < 64; ++from)
      for (uint64_t j = g.knight[from]; j; j &= j - 1)
        if (g.area[from][std::countr_zero(j)] & bit(sq)) g.area_sources[sq] |= bit(from);
  }
  return g;
}

}  // namespace

const Geometry GEOMETRY = build();

}  // namespace kishi::gnome
