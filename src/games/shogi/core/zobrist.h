// Zobrist keys. Hands are keyed by (colour, type, count) so that a key
// identifies board, hands and side to move exactly.
#pragma once

#include <cstdint>

#include "games/shogi/core/types.h"

namespace kishi::shogi {

using Key = uint64_t;

struct ZobristKeys {
  Key piece_square[PIECE_NB][SQ_NB];
  Key hand[COLOR_NB][HAND_TYPE_NB][19];
  Key side;  // xored in when White is to move
};
extern const ZobristKeys zobrist;

}  // namespace kishi::shogi
