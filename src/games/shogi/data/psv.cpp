#include "games/shogi/data/psv.h"

#include "games/shogi/data/huffman_position.h"

namespace kishi::shogi {
namespace {

// A piece is its type's code, a promotion bit (not for gold) and a colour bit;
// in hand the type code loses its bit 0 and the promotion bit is 0; in the
// box it is 1 (gold's box code is its own). Section 3.4.
constexpr HuffmanTables PACKED_SFEN_CODES = {
    .format = "PackedSfen",
    .empty = {0, 1},
    // Index: none, P, L, N, S, B, R, G, K (a square), +P, +L, +N, +S, +B, +R.
    .board = {{{},
               {0x01, 4},
               {0x03, 6},
               {0x0b, 6},
               {0x07, 6},
               {0x1f, 8},
               {0x3f, 8},
               {0x0f, 6},
               {},
               {0x05, 4},
               {0x13, 6},
               {0x1b, 6},
               {0x17, 6},
               {0x5f, 8},
               {0x7f, 8}},
              {{},
               {0x09, 4},
               {0x23, 6},
               {0x2b, 6},
               {0x27, 6},
               {0x9f, 8},
               {0xbf, 8},
               {0x2f, 6},
               {},
               {0x0d, 4},
               {0x33, 6},
               {0x3b, 6},
               {0x37, 6},
               {0xdf, 8},
               {0xff, 8}}},
    // Index: none, P, L, N, S, B, R, G.
    .hand = {{{}, {0x00, 3}, {0x01, 5}, {0x05, 5}, {0x03, 5}, {0x0f, 7}, {0x1f, 7}, {0x07, 5}},
             {{}, {0x04, 3}, {0x11, 5}, {0x15, 5}, {0x13, 5}, {0x4f, 7}, {0x5f, 7}, {0x17, 5}}},
    .box = {{}, {0x02, 3}, {0x09, 5}, {0x0d, 5}, {0x0b, 5}, {0x2f, 7}, {0x3f, 7}, {0x1b, 5}}};

constexpr uint16_t DROP = 1u << 14, PROMOTE = 1u << 15;

}  // namespace

Expected<PackedSfen> to_packed_sfen(const Position& pos) {
  return pack_position(pos, PACKED_SFEN_CODES);
}

Expected<Position> from_packed_sfen(std::span<const uint8_t, 32> bytes, Game variant) {
  return unpack_position(bytes, PACKED_SFEN_CODES, variant);
}

uint16_t to_yaneuraou_move16(Move m) {
  if (m.is_drop()) return uint16_t(m.to() | (m.dropped_piece() << 7) | DROP);
  return uint16_t(m.to() | (m.from() << 7) | (m.is_promotion() ? PROMOTE : 0u));
}

Expected<Move> from_yaneuraou_move16(const Position& pos, uint16_t v) {
  const int to = v & 0x7f, from = (v >> 7) & 0x7f;
  const auto fail = [&](const std::string& why) {
    return Expected<Move>::failure("YaneuraOu move16 " + std::to_string(v) + ": " + why);
  };
  if (to >= 81) return fail("not a move");
  Move m;
  if (v & DROP) {
    if (from < PAWN || from > GOLD || (v & PROMOTE)) return fail("not a move");
    m = Move::drop(PieceType(from), Square(to));
  } else {
    if (from >= 81) return fail("not a move");
    m = Move::normal(Square(from), Square(to), (v & PROMOTE) != 0);
  }
  if (!pos.is_legal(m)) return fail("not legal in " + pos.sfen());
  return m;
}

void write_psv(const Psv& r, std::span<uint8_t, Psv::SIZE> out) {
  std::copy(r.sfen.begin(), r.sfen.end(), out.begin());
  const auto put16 = [&](size_t at, uint16_t v) {
    out[at] = uint8_t(v), out[at + 1] = uint8_t(v >> 8);
  };
  put16(32, uint16_t(r.score));
  put16(34, r.move16);
  put16(36, r.game_ply);
  out[38] = uint8_t(r.game_result);
  out[39] = 0;
}

Psv read_psv(std::span<const uint8_t, Psv::SIZE> in) {
  Psv r;
  std::copy(in.begin(), in.begin() + 32, r.sfen.begin());
  const auto get16 = [&](size_t at) { return uint16_t(in[at] | (in[at + 1] << 8)); };
  r.score = int16_t(get16(32));
  r.move16 = get16(34);
  r.game_ply = get16(36);
  r.game_result = int8_t(in[38]);
  return r;
}

}  // namespace kishi::shogi
