// shogi's game records: CSA (for shogi tools and servers), KIF (Kakinoki's
// format, for GUIs such as ShogiHome and Kakinoki) and a USI position line
// with the result (for engines and scripts).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "common/expected.h"
#include "game/record.h"
#include "games/shogi/core/position.h"

namespace kishi::shogi {

// One move in CSA: "+7776FU", "-0055KA" (the piece after the move, so "+2822RY"
// promotes), in the piece codes of `codes` (showgit's own, or shogi's for records).
std::string csa_move(const Position& pos, Move m, Game codes = Game::Shogi);
// A move as people read it: shogi's customary Japanese move text ("▲７六歩",
// "△同　歩", "▲５五角打", "▲２二角成", "▲２三銀不成"; "▲５八金(69)" where two
// pieces of a kind reach the square); showgit's in its own codes ("+7776UN").
std::string move_notation(const Position& pos, Move m);
// Player 0 is black (sente). The actions must replay from the start state.
std::string csa_record(const game::Record& record, Game variant);
// KIF in UTF-8 (a `.kif` that says so on its first line).
std::string kif_record(const game::Record& record, Game variant);
// "position <start> moves ..." and a comment line with the players and the result.
std::string usi_record(const game::Record& record);

// The start and moves of a CSA or KIF (UTF-8) text, as the two writers above
// write them and as other programs do; nullopt when `text` is neither (an
// SFEN, a USI line), an error naming the line when it is one that does not
// read or stops at a fault.
std::optional<Expected<game::RecordLine>> read_record(std::string_view text, Game variant);

}  // namespace kishi::shogi
