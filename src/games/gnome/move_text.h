// gnome's move text (rules page, "Text forms"): FROM[:LEVEL]TO with `^`, `x1`,
// `xb2`, `xb2:1`, promotion letters, `d4d4`, `e1a2s`, `e1e2,e2e1`, `veto`.
#pragma once

#include <string>
#include <string_view>

#include "common/expected.h"
#include "games/gnome/types.h"

namespace kishi::gnome {
struct Position;
}

namespace kishi::gnome {

std::string move_text(const Move& m);

// A legal move of p written in any of its texts (rule 19), as the move the
// generator lists for its result. The veto is the game's, not parsed here.
Expected<Move> parse_move(const Position& p, std::string_view text);

}  // namespace kishi::gnome
