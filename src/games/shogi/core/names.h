// Names of pieces for people: shogi's CSA codes, SHOWGIT's names and codes.
// Positions and moves on the wire always use the shogi SFEN/USI letters.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "games/shogi/core/position.h"

namespace kishi::shogi {

// Two-letter code of a piece type in a game: "FU", "RY" (shogi, CSA);
// "UN", "+UN", "ST"/"TM" for the two kings (showgit).
std::string piece_code(Game game, Piece pc);
// Full name: "pawn", "promoted rook" (shogi); "UNIFORME", "NEO-TANGO", "STAR" (showgit).
std::string piece_name(Game game, Piece pc);
// Every piece's SFEN letter ("P", "+P", "k": lower case for White) with its
// code and name in a game, for a page that draws the pieces.
struct PieceLabel {
  std::string letter, code, name;
};
std::vector<PieceLabel> piece_labels(Game game);
// A board diagram with file numbers and rank letters, White pieces marked 'v', and hands.
std::string board_diagram(const Position& pos);

std::string_view game_name(Game game);  // "shogi", "showgit"
Expected<Game> parse_game(std::string_view name);

}  // namespace kishi::shogi
