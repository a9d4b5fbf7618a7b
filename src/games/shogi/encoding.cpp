#include "games/shogi/encoding.h"

#include <algorithm>
#include <cstring>

#include "games/shogi/policy_index.h"

namespace kishi::shogi {

int earlier_occurrences(const Position& pos) {
  const auto history = pos.history();
  const Key key = pos.key();
  int n = 0;
  for (int i = int(history.size()) - 3; i >= 0 && n < 3; i -= 2) n += history[i].key == key;
  return n;
}

void encode_position(const Position& pos, float* out) {
  encode_position(pos, earlier_occurrences(pos), out);
}

void encode_position(const Position& pos, int repetitions, float* out) {
  std::memset(out, 0, sizeof(float) * INPUT_SIZE);
  const Color us = pos.side_to_move();
  const Bitboard occ = pos.pieces();
  uint8_t attackers[COLOR_NB][SQ_NB] = {};

  for (Square s : squares(occ)) {
    const Piece pc = pos.piece_on(s);
    const Color c = color_of(pc);
    const int type_plane = type_of(pc) - 1;
    const bool own = c == us;
    out[(own ? plane::OWN_PIECES : plane::THEIR_PIECES) * SQ_NB + type_plane * SQ_NB +
        oriented(us, s)] = 1;
    float* attacks = out + ((own ? plane::OWN_ATTACKS : plane::THEIR_ATTACKS) + type_plane) * SQ_NB;
    for (Square t : squares(attacks_of(pc, s, occ))) {
      const Square o = oriented(us, t);
      attacks[o] = 1;
      ++attackers[own ? 0 : 1][o];
    }
  }
  for (int side = 0; side < 2; ++side) {
    float* count = out + (side == 0 ? plane::OWN_ATTACK_COUNT : plane::THEIR_ATTACK_COUNT) * SQ_NB;
    for (Square o = 0; o < SQ_NB; ++o)
      for (int k = 0; k < std::min<int>(attackers[side][o], 3); ++k) count[k * SQ_NB + o] = 1;
  }
  for (int side = 0; side < 2; ++side) {
    const Color c = side == 0 ? us : ~us;
    for (int pt = PAWN; pt <= GOLD; ++pt) {
      const float v = std::min(1.0f, float(pos.hand_count(c, PieceType(pt))) / SET_COUNT[pt]);
      if (v > 0)
        std::fill_n(out + ((side == 0 ? plane::OWN_HAND : plane::THEIR_HAND) + pt - 1) * SQ_NB,
                    SQ_NB, v);
    }
  }
  if (pos.in_check()) std::fill_n(out + plane::IN_CHECK * SQ_NB, SQ_NB, 1.0f);
  if (repetitions > 0)
    std::fill_n(out + plane::REPETITION * SQ_NB, SQ_NB, std::min(repetitions, 3) / 3.0f);
}

}  // namespace kishi::shogi
