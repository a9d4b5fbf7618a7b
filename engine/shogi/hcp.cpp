#include "engine/shogi/hcp.h"

namespace kishi::shogi {
namespace {

struct Code {
  uint8_t value = 0, bits = 0;  // emitted from the value's bit 0
};

// Board codes, by colour and piece type (the kings are written as squares).
constexpr Code BOARD[2][PIECE_TYPE_NB] = {{{},
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
                                           {0b11111111, 8}}};
constexpr Code EMPTY{0, 1};
// Hand codes by colour, and piece-box codes, by piece type PAWN..GOLD.
constexpr Code HAND[2][HAND_TYPE_NB] = {
    {{}, {0b0, 3}, {0b1, 5}, {0b11, 5}, {0b101, 5}, {0b11111, 7}, {0b111111, 7}, {0b111, 5}},
    {{},
     {0b100, 3},
     {0b10001, 5},
     {0b10011, 5},
     {0b10101, 5},
     {0b1011111, 7},
     {0b1111111, 7},
     {0b10111, 5}}};
constexpr Code BOX[HAND_TYPE_NB] = {{},          {0b10, 3},   {0b1001, 5},   {0b1011, 5},
                                    {0b1101, 5}, {0b1111, 7}, {0b101111, 7}, {0b11101, 5}};
// The order hands and the box are written in: P, L, N, S, G, B, R.
constexpr PieceType HCP_HAND_ORDER[] = {PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK};

class BitWriter {
 public:
  bool put(Code c) {
    for (int i = 0; i < c.bits; ++i, ++at_) {
      if (at_ >= 256) return false;
      if ((c.value >> i) & 1) out_[at_ / 8] |= uint8_t(1u << (at_ % 8));
    }
    return true;
  }
  bool put_square(int sq) { return put({uint8_t(sq), 7}); }
  int at() const { return at_; }
  const Hcp& bytes() const { return out_; }

 private:
  Hcp out_{};
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
int read_code(BitReader& r, const std::array<Code, N>& table) {
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

Expected<Hcp> to_hcp(const Position& pos) {
  const auto fail = [](const std::string& why) { return Expected<Hcp>::failure(why); };
  const Square kings[2] = {pos.king_square(BLACK), pos.king_square(WHITE)};
  if (kings[0] == SQ_NONE || kings[1] == SQ_NONE) return fail("hcp needs both kings");
  BitWriter w;
  w.put({uint8_t(pos.side_to_move() == WHITE), 1});
  w.put_square(kings[0]);
  w.put_square(kings[1]);
  int count[HAND_TYPE_NB] = {};
  for (Square sq = 0; sq < 81; ++sq) {
    if (sq == kings[0] || sq == kings[1]) continue;
    const Piece pc = pos.piece_on(sq);
    if (!pc) {
      w.put(EMPTY);
      continue;
    }
    if (type_of(pc) == KING) return fail("hcp holds one king a side");
    w.put(BOARD[color_of(pc)][type_of(pc)]);
    ++count[unpromoted(type_of(pc))];
  }
  for (Color c : {BLACK, WHITE})
    for (PieceType pt : HCP_HAND_ORDER)
      for (int n = 0; n < pos.hand_count(c, pt); ++n) {
        if (!w.put(HAND[c][pt])) return fail("too many pieces for hcp");
        ++count[pt];
      }
  for (PieceType pt : HCP_HAND_ORDER) {
    if (count[pt] > SET_COUNT[pt])
      return fail(std::string("more than a set of ") + letter(pt) + " for hcp");
    for (int n = count[pt]; n < SET_COUNT[pt]; ++n) w.put(BOX[pt]);
  }
  if (w.at() != 256) return fail("hcp took " + std::to_string(w.at()) + " bits, not 256");
  return w.bytes();
}

Expected<Position> from_hcp(std::span<const uint8_t, 32> hcp, Game variant) {
  const auto fail = [](const std::string& why) {
    return Expected<Position>::failure("bad hcp: " + why);
  };
  // Codes as tables for read_code: the board's (empty first), then hands and box.
  std::array<Code, 1 + 2 * 13> board{};
  std::array<std::pair<int, PieceType>, 1 + 2 * 13> board_piece{};  // colour, type
  board[0] = EMPTY;
  int n = 1;
  for (int c = 0; c < 2; ++c)
    for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt)
      if (pt != KING) {
        board[n] = BOARD[c][pt];
        board_piece[n++] = {c, PieceType(pt)};
      }
  std::array<Code, 3 * 7> hand{};
  for (int i = 0; i < 7; ++i) {
    hand[i] = HAND[0][HCP_HAND_ORDER[i]];
    hand[7 + i] = HAND[1][HCP_HAND_ORDER[i]];
    hand[14 + i] = BOX[HCP_HAND_ORDER[i]];
  }

  BitReader r(hcp);
  const int white_to_move = r.bit();
  const int kings[2] = {r.bits(7), r.bits(7)};
  if (kings[0] >= 81 || kings[1] >= 81 || kings[0] == kings[1]) return fail("king squares");
  std::string rows[9];
  int empty_run[9] = {};
  const auto flush = [&](int rank) {
    if (empty_run[rank]) rows[rank] += std::to_string(empty_run[rank]);
    empty_run[rank] = 0;
  };
  // SFEN runs from file 9 to 1 on each rank: read the board first, then write it.
  std::array<std::string, 81> cell;
  for (int sq = 0; sq < 81; ++sq) {
    if (sq == kings[0] || sq == kings[1]) {
      cell[sq] = sq == kings[0] ? "K" : "k";
      continue;
    }
    const int i = read_code(r, board);
    if (i < 0) return fail("a board code at bit " + std::to_string(r.at()));
    if (i == 0) continue;
    const auto [c, pt] = board_piece[i];
    std::string s =
        pt > KING ? std::string("+") + letter(unpromoted(pt)) : std::string(1, letter(pt));
    if (c == WHITE) s.back() = char(s.back() - 'A' + 'a');
    cell[sq] = s;
  }
  for (int rank = 0; rank < 9; ++rank) {
    for (int file = 8; file >= 0; --file) {
      const std::string& s = cell[make_square(file, rank)];
      if (s.empty()) {
        ++empty_run[rank];
        continue;
      }
      flush(rank);
      rows[rank] += s;
    }
    flush(rank);
  }
  int hands[2][HAND_TYPE_NB] = {};
  while (r.at() < 256) {
    const int i = read_code(r, hand);
    if (i < 0) return fail("a hand code at bit " + std::to_string(r.at()));
    if (i < 14) ++hands[i / 7][HCP_HAND_ORDER[i % 7]];
  }
  std::string sfen;
  for (int rank = 0; rank < 9; ++rank) sfen += (rank ? "/" : "") + rows[rank];
  sfen += white_to_move ? " w " : " b ";
  std::string hand_text;
  for (int c = 0; c < 2; ++c)
    for (PieceType pt : HAND_ORDER)
      if (const int k = hands[c][pt]) {
        if (k > 1) hand_text += std::to_string(k);
        hand_text += c == BLACK ? letter(pt) : char(letter(pt) - 'A' + 'a');
      }
  sfen += (hand_text.empty() ? "-" : hand_text) + " 1";
  auto pos = Position::from_sfen(sfen, variant);
  if (!pos) return fail(pos.error());
  return pos;
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
