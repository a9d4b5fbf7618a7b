#include "games/shogi/core/mirror.h"

#include <algorithm>
#include <vector>

namespace kishi::shogi {

std::string mirror_sfen(std::string_view sfen) {
  const size_t board_end = std::min(sfen.find(' '), sfen.size());
  std::string out;
  size_t rank_start = 0;
  while (rank_start <= board_end) {
    size_t rank_end = sfen.find('/', rank_start);
    if (rank_end == std::string_view::npos || rank_end > board_end) rank_end = board_end;
    // Tokens of one rank: a run of empty squares, or a piece with its '+'.
    std::vector<std::string_view> tokens;
    for (size_t i = rank_start; i < rank_end;) {
      const size_t len = sfen[i] == '+' ? 2 : 1;
      tokens.push_back(sfen.substr(i, len));
      i += len;
    }
    for (auto it = tokens.rbegin(); it != tokens.rend(); ++it) out += *it;
    if (rank_end == board_end) break;
    out += '/';
    rank_start = rank_end + 1;
  }
  out += sfen.substr(board_end);
  return out;
}

}  // namespace kishi::shogi
