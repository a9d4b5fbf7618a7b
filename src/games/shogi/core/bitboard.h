// 81-square bitboards and the attack tables of every piece.
//
// A bitboard is an unsigned 128-bit integer with bit i for square i (file-major,
// see types.h). Sliding attacks use one ray mask per direction and the blocker
// found by a subtraction (rays towards higher squares) or by the highest set bit
// (rays towards lower squares): no loop over the squares of a ray.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "games/shogi/core/types.h"

namespace kishi::shogi {

using Bitboard = unsigned __int128;

constexpr Bitboard BB_ALL = (Bitboard(1) << SQ_NB) - 1;
constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr bool test(Bitboard b, Square s) { return (b >> s) & 1; }

inline int popcount(Bitboard b) {
  return std::popcount(uint64_t(b)) + std::popcount(uint64_t(b >> 64));
}
inline bool more_than_one(Bitboard b) { return b & (b - 1); }
inline Square lsb(Bitboard b) {
  const uint64_t lo = uint64_t(b);
  return lo ? std::countr_zero(lo) : 64 + std::countr_zero(uint64_t(b >> 64));
}
inline Square msb(Bitboard b) {
  const uint64_t hi = uint64_t(b >> 64);
  return hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(uint64_t(b));
}
inline Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}

// Iterate the squares of a bitboard: for (Square s : squares(bb)).
struct SquareRange {
  Bitboard b;
  struct Iterator {
    Bitboard b;
    Square operator*() const { return lsb(b); }
    Iterator& operator++() {
      b &= b - 1;
      return *this;
    }
    bool operator!=(const Iterator& o) const { return b != o.b; }
  };
  Iterator begin() const { return {b}; }
  Iterator end() const { return {0}; }
};
inline SquareRange squares(Bitboard b) { return {b}; }

constexpr Bitboard file_bb(int file) { return Bitboard(0x1ff) << (9 * file); }
constexpr Bitboard rank_bb(int rank) {
  Bitboard b = 0;
  for (int f = 0; f < 9; ++f) b |= square_bb(make_square(f, rank));
  return b;
}
// The farthest n ranks of a side (n = 0..3), as constants: these are used in hot loops.
inline constexpr auto LAST_RANKS = [] {
  std::array<std::array<Bitboard, 4>, COLOR_NB> t{};
  for (int c = 0; c < COLOR_NB; ++c)
    for (int n = 1; n < 4; ++n) t[c][n] = t[c][n - 1] | rank_bb(c == BLACK ? n - 1 : 9 - n);
  return t;
}();
// The promotion zone of a side: its three farthest ranks.
constexpr Bitboard zone_bb(Color c) { return LAST_RANKS[c][3]; }
// Squares where a side's pawn or lance (n = 1) or knight (n = 2) could never move.
constexpr Bitboard last_ranks_bb(Color c, int n) { return LAST_RANKS[c][n]; }

// Files that hold at least one bit of b, as full files. Per 9-bit file: bit 8
// of (low 8 bits + 0xff) is set iff the low 8 bits are non-zero.
inline Bitboard occupied_files(Bitboard b) {
  constexpr Bitboard LOW8 = [] {
    Bitboard r = 0;
    for (int f = 0; f < 9; ++f) r |= Bitboard(0xff) << (9 * f);
    return r;
  }();
  constexpr Bitboard HIGH = LOW8 << 1 & ~LOW8;  // bit 8 of every file
  const Bitboard h = (((b & LOW8) + LOW8) | b) & HIGH;
  return h | (h - (h >> 8));
}

// Ray directions. The first four point to higher square numbers.
enum Direction { DIR_S, DIR_W, DIR_SW, DIR_NW, DIR_N, DIR_E, DIR_NE, DIR_SE, DIR_NB };

struct AttackTables {
  Bitboard ray[DIR_NB][SQ_NB];
  Bitboard pawn[COLOR_NB][SQ_NB];
  Bitboard knight[COLOR_NB][SQ_NB];
  Bitboard silver[COLOR_NB][SQ_NB];
  Bitboard gold[COLOR_NB][SQ_NB];
  Bitboard king[SQ_NB];
  Bitboard rook_empty[SQ_NB];      // rook attacks on an empty board
  Bitboard bishop_empty[SQ_NB];    // bishop attacks on an empty board
  Bitboard between[SQ_NB][SQ_NB];  // squares strictly between two aligned squares
  Bitboard line[SQ_NB][SQ_NB];     // the whole line through two aligned squares
};
// Filled before main() by bitboard.cpp; read-only afterwards.
extern AttackTables attack_tables;

template <Direction D>
inline Bitboard slide(Square s, Bitboard occ) {
  const Bitboard ray = attack_tables.ray[D][s];
  if constexpr (D < DIR_N) {
    const Bitboard o = occ & ray;
    return ray & (o ^ (o - 1));
  } else {
    const Bitboard o = (occ & ray) | 1;
    return ray & (~Bitboard(0) << msb(o));
  }
}

inline Bitboard pawn_attacks(Color c, Square s) { return attack_tables.pawn[c][s]; }
inline Bitboard knight_attacks(Color c, Square s) { return attack_tables.knight[c][s]; }
inline Bitboard silver_attacks(Color c, Square s) { return attack_tables.silver[c][s]; }
inline Bitboard gold_attacks(Color c, Square s) { return attack_tables.gold[c][s]; }
inline Bitboard king_attacks(Square s) { return attack_tables.king[s]; }
inline Bitboard lance_attacks(Color c, Square s, Bitboard occ) {
  return c == BLACK ? slide<DIR_N>(s, occ) : slide<DIR_S>(s, occ);
}
inline Bitboard rook_attacks(Square s, Bitboard occ) {
  return slide<DIR_N>(s, occ) | slide<DIR_S>(s, occ) | slide<DIR_E>(s, occ) | slide<DIR_W>(s, occ);
}
inline Bitboard bishop_attacks(Square s, Bitboard occ) {
  return slide<DIR_NE>(s, occ) | slide<DIR_NW>(s, occ) | slide<DIR_SE>(s, occ) |
         slide<DIR_SW>(s, occ);
}
inline Bitboard lance_empty_attacks(Color c, Square s) {
  return attack_tables.ray[c == BLACK ? DIR_N : DIR_S][s];
}
inline Bitboard between_bb(Square a, Square b) { return attack_tables.between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return attack_tables.line[a][b]; }

// Attacks of any piece; for code off the hot path (legality of outside moves, tests).
Bitboard attacks_of(Piece pc, Square s, Bitboard occ);

}  // namespace kishi::shogi
