// Reading CSA game records (the CSA standard file format, version 2.2): one
// game, or an archive's games separated by lines of "/". Every move is
// checked by the rules core; a game stops at the first fault, which is named.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/common/expected.h"
#include "engine/shogi/position.h"

namespace kishi::shogi {

struct CsaGame {
  std::string players[2];          // N+ and N- (may be empty)
  std::string start_sfen;          // the position the moves start from
  std::vector<std::string> moves;  // in USI, each legal where it was played
  std::string ending;              // "%TORYO", ...; empty when the record has none
  // The winner by the ending (0 Black, 1 White), -1 for a draw, -2 when it
  // does not say (an interrupted game, no ending).
  int winner = -2;
  std::string fault;  // why the game stops before its end ("line 12: ..."); empty: none
};

// The games of a CSA text; an error when it holds none or a game's position
// cannot be read (the line named).
Expected<std::vector<CsaGame>> read_csa(std::string_view text, Game variant = Game::Shogi);

}  // namespace kishi::shogi
