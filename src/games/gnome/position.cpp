#include "games/gnome/position.h"

#include <bit>

namespace kishi::gnome {

namespace {

constexpr uint64_t mix(uint64_t x) {  // splitmix64's finaliser
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

uint64_t mix_key(uint64_t x) { return mix(x); }

// Keys of lone pieces (the common case) from a table, of taller stacks mixed.
constexpr auto LONE_KEYS = [] {
  std::array<std::array<uint64_t, 16>, 64> t{};
  for (int sq = 0; sq < 64; ++sq)
    for (int p = 1; p < 16; ++p) t[sq][p] = mix(0x243f6a8885a308d3ull ^ uint64_t(sq * 16 + p));
  return t;
}();

uint64_t stack_key(int sq, Stack s) {
  if (s.high() == 0 && s.low() < 16) return s.low() ? LONE_KEYS[sq][s.low()] : 0;
  return mix(s.low() + 0x9e3779b97f4a7c15ull * uint64_t(sq + 1)) ^
         (s.high() ? mix(s.high() ^ (0xd1b54a32d192ed03ull * uint64_t(sq + 65))) : 0);
}

uint64_t banned_key(const Move& m) {
  if (m.kind == Kind::NONE) return 0;
  const uint64_t packed =
      uint64_t(m.kind) | uint64_t(m.from) << 3 | uint64_t(m.level) << 9 | uint64_t(m.to) << 14 |
      uint64_t(m.aux) << 20 | uint64_t(m.aux_level) << 26 | uint64_t(m.level_shown) << 31 |
      uint64_t(m.climb) << 32 | uint64_t(m.climb2) << 33 | uint64_t(m.promotion) << 34;
  return mix(packed ^ 0x5851f42d4c957f2dull);
}

// Keys of the fields: the side, the castling rights, the en passant square, the token.
constexpr auto FIELD_KEYS = [] {
  std::array<uint64_t, 2 + 16 + 65 + 4> t{};
  for (size_t i = 0; i < t.size(); ++i) t[i] = mix(0x2545f4914f6cdd1dull + i);
  return t;
}();

uint64_t Position::fields_key() const {
  return FIELD_KEYS[side] ^ FIELD_KEYS[2 + castling] ^ FIELD_KEYS[18 + en_passant] ^
         FIELD_KEYS[83 + token_holder * 2 + token_usable] ^ banned_key(banned);
}

void Position::refresh(int sq, Stack before) {
  const Stack now = stacks[sq];
  key ^= stack_key(sq, before) ^ stack_key(sq, now);
  const uint64_t b = bit(sq), clear = ~b;
  occupied &= clear;
  lone &= clear;
  rook_top &= clear;
  for (int c = 0; c < 2; ++c) {
    bottom_of[c] &= clear;
    top_of[c] &= clear;
  }
  for (int l = 0, h = before.height(); l < h; ++l) {
    const Piece p = before.at(l);
    if (p != FRESH) pieces[colour_of(p)][type_of(p)] &= clear;
  }
  const int h = now.height();
  if (!h) return;
  occupied |= b;
  if (h == 1) lone |= b;
  const Piece bottom = now.bottom(), top = now.at(h - 1);
  bottom_of[colour_of(bottom)] |= b;
  top_of[colour_of(top)] |= b;
  if (type_of(top) == ROOK) rook_top |= b;
  for (int l = 0; l < h; ++l) {
    const Piece p = now.at(l);
    pieces[colour_of(p)][type_of(p)] |= b;
  }
}

void Position::refresh_all() {
  occupied = lone = rook_top = 0;
  bottom_of = top_of = {};
  pieces = {};
  key = fields_key();
  for (int sq = 0; sq < 64; ++sq) refresh(sq, Stack());
}

int Position::king_square(int colour) const {
  const uint64_t k = pieces[colour][KING];
  return k ? std::countr_zero(k) : NO_SQUARE;
}

bool Position::same_result(const Position& o) const {
  return side == o.side && castling == o.castling && en_passant == o.en_passant &&
         token_holder == o.token_holder && token_usable == o.token_usable && banned == o.banned &&
         stacks == o.stacks;
}

char piece_letter(Piece p) {
  static constexpr char LETTERS[] = " PNBBRQK";
  const char c = LETTERS[type_of(p)];
  return colour_of(p) == BLACK ? char(c - 'A' + 'a') : c;
}

std::string square_name(int sq) { return {char('a' + file_of(sq)), char('1' + rank_of(sq))}; }

}  // namespace kishi::gnome
