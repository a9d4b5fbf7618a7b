// Basic shogi types: colours, squares, pieces, moves, hands.
#pragma once

#include <cstdint>

namespace kishi::shogi {

// The rule sets that share this core. They differ only in when a move may promote.
enum class Game : uint8_t { Shogi, Showgit };

enum Color : uint8_t { BLACK = 0, WHITE = 1 };
constexpr int COLOR_NB = 2;
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Squares are file-major: sq = file * 9 + rank, file 0..8 is USI file 1..9,
// rank 0..8 is USI rank a..i. A file is then 9 contiguous bits of a bitboard.
using Square = int;
constexpr Square SQ_NB = 81;
constexpr Square SQ_NONE = 81;
constexpr Square make_square(int file, int rank) { return file * 9 + rank; }
constexpr int file_of(Square s) { return s / 9; }
constexpr int rank_of(Square s) { return s % 9; }
constexpr bool is_square(int s) { return s >= 0 && s < SQ_NB; }

// Ranks counted from the given side: 0 is the far rank (Black's rank a).
constexpr int relative_rank(Color c, int rank) { return c == BLACK ? rank : 8 - rank; }

enum PieceType : uint8_t {
  NO_PIECE_TYPE = 0,
  PAWN,
  LANCE,
  KNIGHT,
  SILVER,
  BISHOP,
  ROOK,
  GOLD,
  KING,
  PRO_PAWN,
  PRO_LANCE,
  PRO_KNIGHT,
  PRO_SILVER,
  HORSE,
  DRAGON,
  PIECE_TYPE_NB
};
constexpr int PROMOTION_OFFSET = 8;  // PAWN + 8 == PRO_PAWN, ..., ROOK + 8 == DRAGON
constexpr int HAND_TYPE_NB = 8;      // hand pieces are PAWN..GOLD (index 1..7)

constexpr bool is_promotable(PieceType pt) { return pt >= PAWN && pt <= ROOK; }
constexpr PieceType promoted(PieceType pt) { return PieceType(pt + PROMOTION_OFFSET); }
constexpr PieceType unpromoted(PieceType pt) {
  return pt > KING ? PieceType(pt - PROMOTION_OFFSET) : pt;
}

// A piece is its type plus 16 for White; 0 is an empty square.
enum Piece : uint8_t { NO_PIECE = 0 };
constexpr int PIECE_NB = 32;
constexpr Piece make_piece(Color c, PieceType pt) { return Piece(pt | (c << 4)); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 15); }
constexpr Color color_of(Piece p) { return Color(p >> 4); }

// 16-bit move: to (bits 0-6), from (7-13) or the dropped piece type for a
// drop, drop flag (14), promotion flag (15). Zero is "no move".
class Move {
 public:
  constexpr Move() = default;
  static constexpr Move normal(Square from, Square to, bool promote = false) {
    return Move(uint16_t(to | (from << 7) | (promote ? 1u << 15 : 0u)));
  }
  static constexpr Move drop(PieceType pt, Square to) {
    return Move(uint16_t(to | (pt << 7) | (1u << 14)));
  }
  static constexpr Move from_raw(uint16_t raw) { return Move(raw); }

  constexpr Square to() const { return raw_ & 0x7f; }
  constexpr Square from() const { return (raw_ >> 7) & 0x7f; }
  constexpr bool is_drop() const { return raw_ & (1u << 14); }
  constexpr bool is_promotion() const { return raw_ & (1u << 15); }
  constexpr PieceType dropped_piece() const { return PieceType((raw_ >> 7) & 0x7f); }
  constexpr uint16_t raw() const { return raw_; }
  constexpr explicit operator bool() const { return raw_ != 0; }
  constexpr bool operator==(const Move&) const = default;

 private:
  constexpr explicit Move(uint16_t raw) : raw_(raw) {}
  uint16_t raw_ = 0;
};

// The order records list hands in: rook, bishop, gold, silver, knight, lance, pawn.
constexpr PieceType HAND_ORDER[] = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};

// Pieces of each type in a standard set (index by PieceType).
constexpr int SET_COUNT[HAND_TYPE_NB] = {0, 18, 4, 4, 4, 2, 2, 4};
// Problem positions (and some published perft positions) hold more than a set,
// so positions are accepted with up to this many pieces of any one type, board
// and hands together: enough for every hand count to fit its encodings.
constexpr int MAX_PIECES_OF_TYPE = 18;
// Pieces in a position, kings included: a set has 40, and published perft and
// problem positions hold a few more.
constexpr int MAX_PIECES = 48;

}  // namespace kishi::shogi
