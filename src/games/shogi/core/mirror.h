// Left-right mirroring (file 1 <-> file 9). Shogi's rules do not tell the
// files apart (zones, dead squares and nifu go by rank or by any file), so a
// mirrored position is as legal as the original and its moves are the
// mirrored moves: the trainer uses it to double its data.
#pragma once

#include <string>
#include <string_view>

#include "games/shogi/core/types.h"

namespace kishi::shogi {

constexpr Square mirror(Square s) { return make_square(8 - file_of(s), rank_of(s)); }

constexpr Move mirror(Move m) {
  return m.is_drop() ? Move::drop(m.dropped_piece(), mirror(m.to()))
                     : Move::normal(mirror(m.from()), mirror(m.to()), m.is_promotion());
}

// The SFEN of the mirrored position: each rank of the board read backwards;
// side to move, hands and move number unchanged. The input must be a valid SFEN.
std::string mirror_sfen(std::string_view sfen);

}  // namespace kishi::shogi
