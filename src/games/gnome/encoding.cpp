#include "games/gnome/encoding.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>

#include "games/gnome/geometry.h"
#include "games/gnome/position.h"

namespace kishi::gnome {

namespace {

namespace input {
constexpr int LEVELS = 0;   // levels 0-3: 14 planes each (own P N B B~ R Q K, then the opponent's)
constexpr int TOP = 56;     // the top piece, 14 planes
constexpr int HEIGHT = 70;  // height at least 2, 3, 4, 5
constexpr int CASTLING = 74;  // own kingside, queenside, the opponent's
constexpr int EN_PASSANT = 78;
constexpr int TOKEN_HELD = 79;  // the side to move holds the token
constexpr int TOKEN_USABLE = 80;
constexpr int VETO_NOW = 81;      // the side to move may veto now
constexpr int BANNED = 82;        // the banned move's from, to and second squares
constexpr int REPEATED = 85;      // the position stood before once, twice
constexpr int HALFMOVE = 87;      // the 50-move count / 100
constexpr int PREVIOUS_TOP = 88;  // the position before the last move: top pieces
constexpr int PREVIOUS_OCCUPIED = 102;
}  // namespace input

constexpr int JUMPS[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                             {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

// The board from the side to move's view: ranks turned for Black.
int view(int sq, int side) { return side == WHITE ? sq : sq ^ 56; }

int piece_plane(Piece p, int side) { return (colour_of(p) == side ? 0 : 7) + type_of(p) - 1; }

int sign(int x) { return (x > 0) - (x < 0); }

int knight_index(int df, int dr) {
  for (int i = 0; i < 8; ++i)
    if (JUMPS[i][0] == df && JUMPS[i][1] == dr) return i;
  return -1;
}

int direction(int df, int dr) {
  for (int d = 0; d < 8; ++d)
    if (DIRECTION_FILE[d] == sign(df) && DIRECTION_RANK[d] == sign(dr)) return d;
  return 0;
}

// 0-55: a queen's line (direction x 7 + distance - 1); 56-63: a knight's jump.
int displacement(int from, int to) {
  const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
  const int k = knight_index(df, dr);
  if (k >= 0) return 56 + k;
  return direction(df, dr) * 7 + std::max(std::abs(df), std::abs(dr)) - 1;
}

int under_promotion(Type t) { return t == ROOK ? 0 : t == BISHOP ? 1 : 2; }

}  // namespace

void GnomeEncoding::encode(const State& s, float* out) const {
  std::memset(out, 0, SHAPE.input_size() * sizeof(float));
  const Position& p = s.position();
  const int side = p.side;
  auto set = [&](int plane, int sq) { out[plane * 64 + view(sq, side)] = 1; };
  auto fill = [&](int plane) { std::fill(out + plane * 64, out + plane * 64 + 64, 1.0f); };
  for (uint64_t occ = p.occupied; occ;) {
    const int sq = pop_lowest(occ);
    const Stack st = p.stacks[sq];
    const int h = st.height();
    for (int l = 0; l < std::min(h, 4); ++l)
      set(input::LEVELS + l * 14 + piece_plane(st.at(l), side), sq);
    set(input::TOP + piece_plane(st.top(), side), sq);
    for (int k = 2; k <= std::min(h, 5); ++k) set(input::HEIGHT + k - 2, sq);
  }
  const uint8_t own_k = side == WHITE ? WHITE_KINGSIDE : BLACK_KINGSIDE;
  const uint8_t own_q = side == WHITE ? WHITE_QUEENSIDE : BLACK_QUEENSIDE;
  const uint8_t opp_k = side == WHITE ? BLACK_KINGSIDE : WHITE_KINGSIDE;
  const uint8_t opp_q = side == WHITE ? BLACK_QUEENSIDE : WHITE_QUEENSIDE;
  const uint8_t rights[4] = {own_k, own_q, opp_k, opp_q};
  for (int i = 0; i < 4; ++i)
    if (p.castling & rights[i]) fill(input::CASTLING + i);
  if (p.en_passant != NO_SQUARE) set(input::EN_PASSANT, p.en_passant);
  if (p.token_holder == side) fill(input::TOKEN_HELD);
  if (p.token_usable) fill(input::TOKEN_USABLE);
  if (veto_available(s)) fill(input::VETO_NOW);
  if (p.banned.kind != Kind::NONE) {
    set(input::BANNED, p.banned.from);
    if (p.banned.kind != Kind::EXPLODE) set(input::BANNED + 1, p.banned.to);
    if (p.banned.kind == Kind::KING || p.banned.kind == Kind::KNIGHT_AREA)
      set(input::BANNED + 2, p.banned.aux);
  }
  const int repeated = earlier_occurrences(s);
  if (repeated >= 1) fill(input::REPEATED);
  if (repeated >= 2) fill(input::REPEATED + 1);
  std::fill(out + input::HALFMOVE * 64, out + input::HALFMOVE * 64 + 64,
            std::min(1.0f, p.halfmove / 100.0f));
  if (s.line.size() >= 2) {
    const Position& before = s.line[s.line.size() - 2].position;
    for (uint64_t occ = before.occupied; occ;) {
      const int sq = pop_lowest(occ);
      set(input::PREVIOUS_TOP + piece_plane(before.stacks[sq].top(), side), sq);
      set(input::PREVIOUS_OCCUPIED, sq);
    }
  }
}

uint64_t GnomeEncoding::key(const State& s) const {
  const Position& p = s.position();
  uint64_t k = mix_key(p.key ^ (uint64_t(std::min(p.halfmove, uint16_t(100))) << 1));
  k = mix_key(k ^ (uint64_t(std::min(earlier_occurrences(s), 2)) << 8) ^
              (uint64_t(veto_available(s)) << 11));
  if (s.line.size() >= 2) k = mix_key(k ^ s.line[s.line.size() - 2].position.key);
  return k;
}

int GnomeEncoding::policy_index(const State& s, const Move& m) const {
  if (m.kind == Kind::VETO) return policy_plane::VETO * 64;
  if (m.kind == Kind::ACCEPT) return policy_plane::VETO * 64 + 1;
  const Position& p = s.position();
  const int side = p.side;
  const int from = view(m.from, side), to = view(m.to, side);
  int plane = 0;
  switch (m.kind) {
    case Kind::STEP: {
      const int slot = p.stacks[m.from].height() - 1 - m.level;
      const int climb = m.climb;
      if (slot > 0) {
        plane = policy_plane::BELOW_TOP + (std::min(slot, 3) - 1) * 112 +
                displacement(from, to) * 2 + climb;
      } else if (m.promotion == ROOK || m.promotion == BISHOP || m.promotion == KNIGHT) {
        const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
        const int pawn_step = dr == 0 ? (df < 0 ? 1 : 2) : df == 0 ? 0 : df < 0 ? 3 : 4;
        plane = policy_plane::UNDERPROMOTION + (pawn_step * 3 + under_promotion(m.promotion)) * 2 +
                climb;
      } else {
        plane = policy_plane::UNIT + displacement(from, to) * 2 + climb;
      }
      break;
    }
    case Kind::KNIGHT_TOP: plane = policy_plane::KNIGHT_TOP + displacement(from, to) - 56; break;
    case Kind::KNIGHT_AREA: {
      const uint64_t area = geometry().area[from][to];
      const int which = std::popcount(area & (bit(view(m.aux, side)) - 1));
      plane = policy_plane::KNIGHT_AREA + ((displacement(from, to) - 56) * 4 + which) * 4 +
              std::min(int(m.aux_level), 3);
      break;
    }
    case Kind::EXPLODE: plane = policy_plane::EXPLODE; break;
    case Kind::SHIFT: {
      const int promotion = m.promotion == ROOK     ? 1
                            : m.promotion == BISHOP ? 2
                            : m.promotion == KNIGHT ? 3
                                                    : 0;
      plane = policy_plane::SHIFT + promotion * 64 + to;
      break;
    }
    case Kind::KING: {
      const int d1 = file_of(to) - file_of(from);
      const int first = (d1 == 2 || d1 == -2) && rank_of(to) == rank_of(from)
                            ? 8 + (d1 < 0)
                            : direction(d1, rank_of(to) - rank_of(from));
      const int second_sq = view(m.aux, side);
      const int second =
          direction(file_of(second_sq) - file_of(to), rank_of(second_sq) - rank_of(to));
      plane = policy_plane::KING + ((first * 8 + second) * 2 + m.climb) * 2 + m.climb2;
      break;
    }
    default: break;
  }
  return plane * 64 + from;
}

}  // namespace kishi::gnome
