// Reading CSA game records (the CSA standard file format, version 2.2): one
// game, or an archive's games separated by lines of "/". Every move is
// checked by the rules core; a game stops at the first fault, which is named.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/expected.h"
#include "games/shogi/core/position.h"
#include "games/shogi/records/text_game.h"

namespace kishi::shogi {

// The games of a CSA text; an error when it holds none or a game's position
// cannot be read (the line named).
Expected<std::vector<TextGame>> read_csa(std::string_view text, Game variant = Game::Shogi);

}  // namespace kishi::shogi
