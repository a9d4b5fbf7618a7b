// The 8x8 board's geometry: steps, knight jumps and their areas, slider rays
// over an occupancy (every occupied square blocks, whatever its height: rule 2).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "games/gnome/types.h"

namespace kishi::gnome {

struct Geometry {
  std::array<uint64_t, 64> king{}, knight{};
  std::array<uint64_t, 64> orthogonal{};  // the four orthogonal neighbours
  // The knight's area (rule 7) for each start and jump: the 2x3 rectangle minus both.
  std::array<std::array<uint64_t, 64>, 64> area{};
  // rays[d][sq]: the squares from sq in direction d (0-3 orthogonal, 4-7 diagonal), sq excluded.
  std::array<std::array<uint64_t, 64>, 8> rays{};
  // between[a][b]: the squares strictly between a and b on a line, else 0.
  std::array<std::array<uint64_t, 64>, 64> between{};
  // pawn_sources[colour][sq]: where a pawn of `colour` stands to capture on sq.
  std::array<std::array<uint64_t, 64>, 2> pawn_sources{};
  // area_sources[sq]: where a knight stands for sq to be in the area of one of its jumps.
  std::array<uint64_t, 64> area_sources{};
};

extern const Geometry GEOMETRY;  // built before main(): nothing uses it during static start-up
inline const Geometry& geometry() { return GEOMETRY; }

constexpr int DIRECTION_FILE[8] = {1, -1, 0, 0, 1, 1, -1, -1};
constexpr int DIRECTION_RANK[8] = {0, 0, 1, -1, 1, -1, 1, -1};
// Directions 0 (east), 2 (north), 4 (NE), 6 (NW) go towards higher squares.
constexpr bool ascending(int d) { return d == 0 || d == 2 || d == 4 || d == 6; }

// The squares a slider on sq reaches in directions [first, last), the first
// occupied square of each ray included.
inline uint64_t slider_reach(int sq, uint64_t occupied, int first, int last) {
  const Geometry& g = geometry();
  uint64_t reach = 0;
  for (int d = first; d < last; ++d) {
    const uint64_t ray = g.rays[d][sq];
    const uint64_t blockers = ray & occupied;
    if (!blockers) {
      reach |= ray;
      continue;
    }
    const int b = ascending(d) ? std::countr_zero(blockers) : 63 - std::countl_zero(blockers);
    reach |= ray & ~g.rays[d][b];
  }
  return reach;
}
inline uint64_t rook_reach(int sq, uint64_t occupied) { return slider_reach(sq, occupied, 0, 4); }
inline uint64_t bishop_reach(int sq, uint64_t occupied) { return slider_reach(sq, occupied, 4, 8); }

inline int pop_lowest(uint64_t& b) {
  const int sq = std::countr_zero(b);
  b &= b - 1;
  return sq;
}

}  // namespace kishi::gnome
