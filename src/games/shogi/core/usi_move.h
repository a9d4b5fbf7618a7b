// USI move text: "7g7f", "8h2b+", "P*5e".
#pragma once

#include <string>
#include <string_view>

#include "common/expected.h"
#include "games/shogi/core/position.h"

namespace kishi::shogi {

std::string to_usi(Move m);
std::string square_name(Square s);  // "7g"

// Reads a move and checks it is legal in pos; the error says which of the two failed.
Expected<Move> parse_usi_move(const Position& pos, std::string_view text);

}  // namespace kishi::shogi
