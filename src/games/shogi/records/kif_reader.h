// Reading KIF game records (Kakinoki's format, written by ShogiHome,
// Kakinoki, Shogidokoro and record sites): the header (players, 手合割 or a
// board diagram), the main line's moves, the ending. Every move is checked by
// the rules core; the game stops at the first fault, which is named.
// Variations (変化) are not read: the main line ends where they begin.
#pragma once

#include <string>
#include <string_view>

#include "common/expected.h"
#include "games/shogi/core/position.h"
#include "games/shogi/records/text_game.h"

namespace kishi::shogi {

// The game of a KIF text in UTF-8; an error when its start cannot be read or
// it has no move line (the line named).
Expected<TextGame> read_kif(std::string_view utf8, Game variant = Game::Shogi);

// A KIF file's text in UTF-8: a `.kifu` file, or one that starts with a UTF-8
// byte-order mark or declares `encoding=UTF-8` on its first line, is UTF-8
// already; any other is cp932 (Shift_JIS, KIF's own encoding), converted with
// iconv. A byte that is not of its encoding is an error naming its offset.
Expected<std::string> kif_text(std::string_view bytes, bool kifu);

}  // namespace kishi::shogi
