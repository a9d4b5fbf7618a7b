#include "games/shogi/core/usi_move.h"

namespace kishi::shogi {
namespace {

constexpr std::string_view DROP_LETTERS = " PLNSBRG";  // index = PieceType

// "7g" -> square, or SQ_NONE.
Square parse_square(std::string_view s) {
  if (s.size() != 2 || s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i') return SQ_NONE;
  return make_square(s[0] - '1', s[1] - 'a');
}

}  // namespace

std::string square_name(Square s) { return {char('1' + file_of(s)), char('a' + rank_of(s))}; }

std::string to_usi(Move m) {
  if (!m) return "none";
  if (m.is_drop())
    return std::string(1, DROP_LETTERS[m.dropped_piece()]) + '*' + square_name(m.to());
  return square_name(m.from()) + square_name(m.to()) + (m.is_promotion() ? "+" : "");
}

Expected<Move> parse_usi_move(const Position& pos, std::string_view text) {
  const auto fail = [&](const std::string& what) {
    return Expected<Move>::failure("bad move '" + std::string(text) + "': " + what);
  };
  Move m;
  if (text.size() == 4 && text[1] == '*') {
    const size_t pt = DROP_LETTERS.find(text[0]);
    if (pt == std::string_view::npos || pt == 0)
      return fail("a drop needs an uppercase piece letter of P L N S G B R before '*'");
    const Square to = parse_square(text.substr(2));
    if (to == SQ_NONE)
      return fail("'" + std::string(text.substr(2)) + "' is not a square (1a..9i)");
    m = Move::drop(PieceType(pt), to);
  } else if (text.size() == 4 || (text.size() == 5 && text[4] == '+')) {
    const Square from = parse_square(text.substr(0, 2));
    const Square to = parse_square(text.substr(2, 2));
    if (from == SQ_NONE)
      return fail("'" + std::string(text.substr(0, 2)) + "' is not a square (1a..9i)");
    if (to == SQ_NONE)
      return fail("'" + std::string(text.substr(2, 2)) + "' is not a square (1a..9i)");
    m = Move::normal(from, to, text.size() == 5);
  } else {
    return fail("expected a move like 7g7f, 8h2b+ or P*5e");
  }
  if (!pos.is_legal(m)) return fail("not legal in " + pos.sfen());
  return m;
}

}  // namespace kishi::shogi
