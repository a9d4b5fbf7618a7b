#include "games/shogi/data/huffman_position.h"

#include <string>

namespace kishi::shogi {
namespace {

// The order hands and the box are written in: P, L, N, S, G, B, R.
constexpr PieceType WRITTEN_HAND_ORDER[] = {PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK};

class BitWriter {
 public:
  bool put(HuffmanCode c) {
    for (int i = 0; i < c.bits; ++i, ++at_) {
      if (at_ >= 256) return false;
      if ((c.value >> i) & 1) out_[at_ / 8] |= uint8_t(1u << (at_ % 8));
    }
    return true;
  }
  bool put_square(int sq) { return put({uint8_t(sq), 7}); }
  int at() const { return at_; }
  const std::array<uint8_t, 32>& bytes() const { return out_; }

 private:
  std::array<uint8_t, 32> out_{};
  int at_ = 0;
};

class BitReader {
 public:
  explicit BitReader(std::span<const uint8_t, 32> in) : in_(in) {}
  int bit() { return at_ < 256 ? (in_[at_ / 8] >> (at_++ % 8)) & 1 : -1; }
  int bits(int n) {
    int v = 0;
    for (int i = 0; i < n; ++i) {
      const int b = bit();
      if (b < 0) return -1;
      v |= b << i;
    }
    return v;
  }
  int at() const { return at_; }

 private:
  std::span<const uint8_t, 32> in_;
  int at_ = 0;
};

// Reads one code of `table`'s (value, bits) entries; its index, or -1.
template <size_t N>
int read_code(BitReader& r, const std::array<HuffmanCode, N>& table) {
  uint8_t value = 0;
  for (int bits = 1; bits <= 8; ++bits) {
    const int b = r.bit();
    if (b < 0) return -1;
    value |= uint8_t(b << (bits - 1));
    for (size_t i = 0; i < N; ++i)
      if (table[i].bits == bits && table[i].value == value) return int(i);
  }
  return -1;
}

char letter(PieceType pt) { return "?PLNSBRGK"[pt]; }

}  // namespace

Expected<std::array<uint8_t, 32>> pack_position(const Position& pos, const HuffmanTables& codes) {
  const std::string format = codes.format;
  const auto fail = [](const std::string& why) {
    return Expected<std::array<uint8_t, 32>>::failure(why);
  };
  const Square kings[2] = {pos.king_square(BLACK), pos.king_square(WHITE)};
  if (kings[0] == SQ_NONE || kings[1] == SQ_NONE) return fail(format + " needs both kings");
  BitWriter w;
  w.put({uint8_t(pos.side_to_move() == WHITE), 1});
  w.put_square(kings[0]);
  w.put_square(kings[1]);
  int count[HAND_TYPE_NB] = {};
  for (Square sq = 0; sq < 81; ++sq) {
    if (sq == kings[0] || sq == kings[1]) continue;
    const Piece pc = pos.piece_on(sq);
    if (!pc) {
      w.put(codes.empty);
      continue;
    }
    if (type_of(pc) == KING) return fail(format + " holds one king a side");
    w.put(codes.board[color_of(pc)][type_of(pc)]);
    ++count[unpromoted(type_of(pc))];
  }
  for (Color c : {BLACK, WHITE})
    for (PieceType pt : WRITTEN_HAND_ORDER)
      for (int n = 0; n < pos.hand_count(c, pt); ++n) {
        if (!w.put(codes.hand[c][pt])) return fail("too many pieces for " + format);
        ++count[pt];
      }
  for (PieceType pt : WRITTEN_HAND_ORDER) {
    if (count[pt] > SET_COUNT[pt])
      return fail(std::string("more than a set of ") + letter(pt) + " for " + format);
    for (int n = count[pt]; n < SET_COUNT[pt]; ++n) w.put(codes.box[pt]);
  }
  if (w.at() != 256) return fail(format + " took " + std::to_string(w.at()) + " bits, not 256");
  return w.bytes();
}

Expected<Position> unpack_position(std::span<const uint8_t, 32> bytes, const HuffmanTables& codes,
                                   Game variant) {
  const std::string format = codes.format;
  const auto fail = [&](const std::string& why) {
    return Expected<Position>::failure("bad " + format + ": " + why);
  };
  // Codes as tables for read_code: the board's (empty first), then hands and box.
  std::array<HuffmanCode, 1 + 2 * 13> codes_in_order{};
  std::array<std::pair<int, PieceType>, 1 + 2 * 13> board_piece{};  // colour, type
  codes_in_order[0] = codes.empty;
  int n = 1;
  for (int c = 0; c < 2; ++c)
    for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt)
      if (pt != KING) {
        codes_in_order[n] = codes.board[c][pt];
        board_piece[n++] = {c, PieceType(pt)};
      }
  std::array<HuffmanCode, 3 * 7> hand{};
  for (int i = 0; i < 7; ++i) {
    hand[i] = codes.hand[0][WRITTEN_HAND_ORDER[i]];
    hand[7 + i] = codes.hand[1][WRITTEN_HAND_ORDER[i]];
    hand[14 + i] = codes.box[WRITTEN_HAND_ORDER[i]];
  }

  BitReader r(bytes);
  const int white_to_move = r.bit();
  const int kings[2] = {r.bits(7), r.bits(7)};
  if (kings[0] >= 81 || kings[1] >= 81 || kings[0] == kings[1]) return fail("king squares");
  std::array<Piece, SQ_NB> board{};
  board[kings[0]] = make_piece(BLACK, KING);
  board[kings[1]] = make_piece(WHITE, KING);
  for (int sq = 0; sq < 81; ++sq) {
    if (sq == kings[0] || sq == kings[1]) continue;
    const int i = read_code(r, codes_in_order);
    if (i < 0) return fail("a board code at bit " + std::to_string(r.at()));
    if (i > 0) board[sq] = make_piece(Color(board_piece[i].first), board_piece[i].second);
  }
  uint8_t hands[COLOR_NB][HAND_TYPE_NB] = {};
  while (r.at() < 256) {
    const int i = read_code(r, hand);
    if (i < 0) return fail("a hand code at bit " + std::to_string(r.at()));
    if (i < 14) ++hands[i / 7][WRITTEN_HAND_ORDER[i % 7]];
  }
  const std::string sfen = sfen_of(board, hands, white_to_move ? WHITE : BLACK);
  auto pos = Position::from_sfen(sfen, variant);
  if (!pos) return fail(pos.error());
  return pos;
}

}  // namespace kishi::shogi
