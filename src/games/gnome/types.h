// gnome's basic types: squares, pieces, stacks and moves (docs/rules-gnome.md).
#pragma once

#include <bit>
#include <cstdint>

namespace kishi::gnome {

// Squares a1 = 0, b1 = 1, ..., h8 = 63; colours 0 White, 1 Black.
constexpr int WHITE = 0, BLACK = 1;
constexpr int NO_SQUARE = 64;
constexpr int file_of(int sq) { return sq & 7; }
constexpr int rank_of(int sq) { return sq >> 3; }
constexpr int square(int file, int rank) { return rank * 8 + file; }
constexpr uint64_t bit(int sq) { return uint64_t(1) << sq; }

// A piece is four bits: the type, and the colour in bit 3; 0 is no piece.
enum Type : uint8_t {
  NO_TYPE = 0,
  PAWN = 1,
  KNIGHT = 2,
  BISHOP = 3,
  WOUNDED = 4,  // a wounded bishop (rule 9)
  ROOK = 5,
  QUEEN = 6,
  KING = 7
};
using Piece = uint8_t;
constexpr Piece make_piece(int colour, Type t) { return Piece(t | (colour << 3)); }
constexpr Type type_of(Piece p) { return Type(p & 7); }
constexpr int colour_of(Piece p) { return p >> 3; }
// While a move is played, a bishop of the mover wounded during it is marked
// FRESH (the one code no piece uses): it survives the end of this move, while
// the mover's wounded bishops that stood before the move are removed (rule 29).
constexpr Piece FRESH = 8;

// A stack, bottom (level 0) to top, four bits a level. 32 levels hold every
// reachable stack: there are 32 pieces.
class Stack {
 public:
  static constexpr int MAX_HEIGHT = 32;
  using Bits = unsigned __int128;

  constexpr Stack() = default;
  static constexpr Stack of(Piece p) { return Stack(Bits(p)); }
  static constexpr Stack from_bits(Bits b) { return Stack(b); }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr Bits bits() const { return bits_; }
  constexpr uint64_t low() const { return uint64_t(bits_); }
  constexpr uint64_t high() const { return uint64_t(bits_ >> 64); }
  constexpr int height() const {
    const uint64_t hi = high(), lo = low();
    if (hi) return 16 + (67 - std::countl_zero(hi)) / 4;
    return lo ? (67 - std::countl_zero(lo)) / 4 : 0;
  }
  constexpr Piece at(int level) const { return Piece(uint64_t(bits_ >> (4 * level)) & 15); }
  constexpr Piece bottom() const { return Piece(low() & 15); }
  constexpr Piece top() const { return empty() ? 0 : at(height() - 1); }
  // The pieces below `level`, and the unit from `level` up (moved to level 0).
  constexpr Stack below(int level) const {
    return level >= MAX_HEIGHT ? *this : Stack(bits_ & ((Bits(1) << (4 * level)) - 1));
  }
  constexpr Stack from(int level) const {
    return level >= MAX_HEIGHT ? Stack() : Stack(bits_ >> (4 * level));
  }
  // `unit` put on top; the caller keeps the height within MAX_HEIGHT.
  constexpr Stack with_on_top(Stack unit) const {
    const int h = height();
    return h >= MAX_HEIGHT ? *this : Stack(bits_ | (unit.bits_ << (4 * h)));
  }
  // The piece at `level` taken out, those above dropping one level (rule 6).
  constexpr Stack without(int level) const {
    return Stack(below(level).bits_ | (from(level + 1).bits_ << (4 * level)));
  }
  constexpr Stack with_piece(int level, Piece p) const {
    const Bits mask = Bits(15) << (4 * level);
    return Stack((bits_ & ~mask) | (Bits(p) << (4 * level)));
  }
  constexpr bool operator==(const Stack&) const = default;

 private:
  constexpr explicit Stack(Bits b) : bits_(b) {}
  Bits bits_ = 0;
};

// A move, the veto, or the acceptance of an end the veto could still undo
// (rule 18: not vetoing accepts it; docs/rules-gnome.md, reading 6). Every move names the unit it
// moves by its square and level (`level_shown`: the piece is not the top, so its text writes the
// level).
enum class Kind : uint8_t {
  NONE = 0,
  STEP = 1,         // a unit to `to`: quiet, a climb (`climb`) or a capture of the bottom piece
  KNIGHT_TOP = 2,   // a knight takes the top piece (at `aux_level`) of `to` (rule 8)
  KNIGHT_AREA = 3,  // a knight to the empty `to` takes the piece at (`aux`, `aux_level`)
  EXPLODE = 4,      // the queen at (`from`, `level`) explodes (rule 11)
  SHIFT = 5,        // the lone piece on `from` swaps with the chain pawn on `to` (rule 16)
  KING = 6,         // the king's steps `from`-`to` and `to`-`aux` (rule 13)
  VETO = 7,
  ACCEPT = 8,  // packed as VETO with from 1 (the kind has three bits)
};

// Trivial, so that move lists cost nothing to make: write Move{} (all zero, Kind::NONE).
struct Move {
  Kind kind;
  uint8_t from, level, to, aux, aux_level;
  bool level_shown;
  bool climb;   // STEP: climbs; KING: the first step climbs
  bool climb2;  // KING: the second step climbs
  Type promotion;
  bool operator==(const Move&) const = default;
};

// A move of `kind` with its squares; the other fields zero.
constexpr Move move_of(Kind kind, int from = 0, int level = 0, int to = 0, int aux = 0) {
  Move m{};
  m.kind = kind;
  m.from = uint8_t(from);
  m.level = uint8_t(level);
  m.to = uint8_t(to);
  m.aux = uint8_t(aux);
  return m;
}

constexpr Move VETO_MOVE = move_of(Kind::VETO);
constexpr Move ACCEPT_MOVE = move_of(Kind::ACCEPT);

}  // namespace kishi::gnome
