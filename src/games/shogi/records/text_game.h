// One game as a record text (CSA, KIF) gives it, each move checked by the
// rules core: the readers' common result.
#pragma once

#include <string>
#include <vector>

namespace kishi::shogi {

struct TextGame {
  std::string players[2];          // Black's and White's names (may be empty)
  std::string start_sfen;          // the position the moves start from
  std::vector<std::string> moves;  // in USI, each legal where it was played
  std::string ending;              // "%TORYO", "投了", ...; empty when the record has none
  // The winner by the ending (0 Black, 1 White), -1 for a draw, -2 when it
  // does not say (an interrupted game, no ending).
  int winner = -2;
  std::string fault;  // why the game stops before its end ("line 12: ..."); empty: none
};

}  // namespace kishi::shogi
