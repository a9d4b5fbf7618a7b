#include "games/shogi/data/hcp.h"

#include "games/shogi/data/huffman_position.h"

namespace kishi::shogi {
namespace {

// Apery's codes (section 3.1); the kings are written as squares.
constexpr HuffmanTables HCP_CODES = {
    .format = "hcp",
    .empty = {0, 1},
    .board = {{{},
               {0b1, 4},
               {0b11, 6},
               {0b111, 6},
               {0b1011, 6},
               {0b11111, 8},
               {0b111111, 8},
               {0b1111, 6},
               {},
               {0b1001, 4},
               {0b100011, 6},
               {0b100111, 6},
               {0b101011, 6},
               {0b10011111, 8},
               {0b10111111, 8}},
              {{},
               {0b101, 4},
               {0b10011, 6},
               {0b10111, 6},
               {0b11011, 6},
               {0b1011111, 8},
               {0b1111111, 8},
               {0b101111, 6},
               {},
               {0b1101, 4},
               {0b110011, 6},
               {0b110111, 6},
               {0b111011, 6},
               {0b11011111, 8},
               {0b11111111, 8}}},
    .hand =
        {{{}, {0b0, 3}, {0b1, 5}, {0b11, 5}, {0b101, 5}, {0b11111, 7}, {0b111111, 7}, {0b111, 5}},
         {{},
          {0b100, 3},
          {0b10001, 5},
          {0b10011, 5},
          {0b10101, 5},
          {0b1011111, 7},
          {0b1111111, 7},
          {0b10111, 5}}},
    .box = {{},
            {0b10, 3},
            {0b1001, 5},
            {0b1011, 5},
            {0b1101, 5},
            {0b1111, 7},
            {0b101111, 7},
            {0b11101, 5}}};

}  // namespace

Expected<Hcp> to_hcp(const Position& pos) { return pack_position(pos, HCP_CODES); }

Expected<Position> from_hcp(std::span<const uint8_t, 32> hcp, Game variant) {
  return unpack_position(hcp, HCP_CODES, variant);
}

uint16_t to_move16(Move m) {
  if (m.is_drop()) return uint16_t(m.to() | ((81 + m.dropped_piece() - 1) << 7));
  return uint16_t(m.to() | (m.from() << 7) | (m.is_promotion() ? 1u << 14 : 0u));
}

Expected<Move> from_move16(const Position& pos, uint16_t v) {
  const int to = v & 0x7f, from = (v >> 7) & 0x7f;
  const bool promote = (v >> 14) & 1;
  const auto fail = [&](const std::string& why) {
    return Expected<Move>::failure("move16 " + std::to_string(v) + ": " + why);
  };
  if (to >= 81 || (v >> 15)) return fail("not a move");
  Move m;
  if (from >= 81) {
    if (from > 87 || promote) return fail("not a move");
    m = Move::drop(PieceType(from - 80), Square(to));
  } else {
    m = Move::normal(Square(from), Square(to), promote);
  }
  if (!pos.is_legal(m)) return fail("not legal in " + pos.sfen());
  return m;
}

void write_hcpe(const Hcpe& r, std::span<uint8_t, Hcpe::SIZE> out) {
  std::copy(r.hcp.begin(), r.hcp.end(), out.begin());
  const uint16_t eval = uint16_t(r.eval);
  out[32] = uint8_t(eval), out[33] = uint8_t(eval >> 8);
  out[34] = uint8_t(r.move16), out[35] = uint8_t(r.move16 >> 8);
  out[36] = r.game_result;
  out[37] = 0;
}

Hcpe read_hcpe(std::span<const uint8_t, Hcpe::SIZE> in) {
  Hcpe r;
  std::copy(in.begin(), in.begin() + 32, r.hcp.begin());
  r.eval = int16_t(uint16_t(in[32] | (in[33] << 8)));
  r.move16 = uint16_t(in[34] | (in[35] << 8));
  r.game_result = in[36];
  return r;
}

}  // namespace kishi::shogi
