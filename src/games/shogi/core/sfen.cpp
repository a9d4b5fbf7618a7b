// SFEN reading and writing for Position.
#include <charconv>
#include <cstring>

#include "games/shogi/core/position.h"

namespace kishi::shogi {
namespace {

constexpr std::string_view PIECE_LETTERS = " PLNSBRGK";  // index = PieceType

PieceType piece_type_from_letter(char c) {
  const char upper = char(c >= 'a' && c <= 'z' ? c - 32 : c);
  const size_t i = PIECE_LETTERS.find(upper);
  return i == std::string_view::npos || i == 0 ? NO_PIECE_TYPE : PieceType(i);
}

char letter_of(Piece pc) {
  const char c = PIECE_LETTERS[unpromoted(type_of(pc))];
  return color_of(pc) == BLACK ? c : char(c + 32);
}

std::vector<std::string_view> split_fields(std::string_view s) {
  std::vector<std::string_view> fields;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    const size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > start) fields.push_back(s.substr(start, i - start));
  }
  return fields;
}

std::string quote(std::string_view s) { return "'" + std::string(s) + "'"; }

}  // namespace

Expected<Position> Position::from_sfen(std::string_view sfen, Game game) {
  using Result = Expected<Position>;
  const auto fail = [&](const std::string& what) {
    return Result::failure("bad SFEN " + quote(sfen) + ": " + what);
  };
  const auto fields = split_fields(sfen);
  if (fields.size() < 3)
    return fail("expected 4 fields (board, side, hands, move number), got " +
                std::to_string(fields.size()));
  if (fields.size() > 4) return fail("unexpected text after the move number: " + quote(fields[4]));

  Position pos;
  pos.game_ = game;
  pos.promote_from_zone_ = game == Game::Shogi;

  // Board: 9 ranks from a to i, each from file 9 to file 1.
  const std::string_view board = fields[0];
  int rank = 0, file = 8;
  bool promote = false;
  for (size_t i = 0; i < board.size(); ++i) {
    const char c = board[i];
    const std::string where = "board, rank " + std::to_string(rank + 1) + " ('" + char('a' + rank) +
                              "'), character " + std::to_string(i + 1);
    if (c == '/') {
      if (promote) return fail(where + ": '+' not followed by a piece");
      if (file != -1)
        return fail(where + ": rank has " + std::to_string(8 - file) + " squares, not 9");
      if (++rank > 8) return fail(where + ": more than 9 ranks");
      file = 8;
    } else if (c >= '1' && c <= '9') {
      if (promote) return fail(where + ": '+' not followed by a piece");
      if (i > 0 && board[i - 1] >= '1' && board[i - 1] <= '9')
        return fail(where + ": two digits in a row");
      file -= c - '0';
      if (file < -1) return fail(where + ": rank has more than 9 squares");
    } else if (c == '+') {
      if (promote) return fail(where + ": '++'");
      promote = true;
    } else {
      const PieceType base = piece_type_from_letter(c);
      if (base == NO_PIECE_TYPE) return fail(where + ": unknown piece letter '" + c + "'");
      if (file < 0) return fail(where + ": rank has more than 9 squares");
      if (promote && !is_promotable(base)) return fail(where + ": '" + c + "' cannot be promoted");
      const Color color = c >= 'a' ? WHITE : BLACK;
      const PieceType pt = promote ? promoted(base) : base;
      const Square s = make_square(file, rank);
      if (pt == KING) {
        if (pos.king_square_[color] != SQ_NONE)
          return fail(where + ": second " + (color == BLACK ? "Black" : "White") + " king");
        pos.king_square_[color] = s;
      }
      pos.put_piece(make_piece(color, pt), s);
      --file;
      promote = false;
    }
  }
  if (promote) return fail("board ends with '+'");
  if (rank != 8 || file != -1)
    return fail("board has " + std::to_string(rank + 1) + " ranks, the last with " +
                std::to_string(8 - file) + " squares; expected 9 ranks of 9 squares");

  // Side to move.
  if (fields[1] == "b")
    pos.side_ = BLACK;
  else if (fields[1] == "w")
    pos.side_ = WHITE;
  else
    return fail("side to move must be 'b' or 'w', not " + quote(fields[1]));

  // Hands: '-' or counts and letters, any order.
  const std::string_view hands = fields[2];
  if (hands != "-") {
    bool seen[COLOR_NB][HAND_TYPE_NB] = {};
    for (size_t i = 0; i < hands.size();) {
      int count = 1;
      if (hands[i] >= '0' && hands[i] <= '9') {
        const size_t start = i;
        while (i < hands.size() && hands[i] >= '0' && hands[i] <= '9') ++i;
        const auto digits = hands.substr(start, i - start);
        if (digits.size() > 2 || digits[0] == '0') return fail("hands: bad count " + quote(digits));
        std::from_chars(digits.data(), digits.data() + digits.size(), count);
        if (i == hands.size()) return fail("hands: count " + quote(digits) + " without a piece");
      }
      const char c = hands[i++];
      const PieceType pt = piece_type_from_letter(c);
      if (pt == NO_PIECE_TYPE || pt == KING)
        return fail(std::string("hands: '") + c + "' is not a piece that can be in hand");
      const Color color = c >= 'a' ? WHITE : BLACK;
      if (seen[color][pt]) return fail(std::string("hands: '") + c + "' appears twice");
      seen[color][pt] = true;
      if (count > MAX_PIECES_OF_TYPE)
        return fail("hands: " + std::to_string(count) + " of '" + c + "' (at most " +
                    std::to_string(MAX_PIECES_OF_TYPE) + ")");
      pos.hand_[color][pt] = uint8_t(count);
    }
  }

  // Move number (optional in practice; many tools drop it).
  if (fields.size() == 4) {
    const auto s = fields[3];
    int n = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    // Bounded so that counting plies on from it cannot overflow.
    if (ec != std::errc() || ptr != s.data() + s.size() || n < 1 || n > Position::MAX_MOVE_NUMBER)
      return fail("move number must be a whole number from 1 to " +
                  std::to_string(Position::MAX_MOVE_NUMBER) + ", not " + quote(s));
    pos.move_number_ = n;
  }

  if (const std::string problem = pos.validate(); !problem.empty()) return fail(problem);

  StateInfo& st = pos.states_.emplace_back();
  st.key = pos.compute_key();
  pos.set_check_info(st);
  return pos;
}

// Checks that a parsed position could arise in a game.
std::string Position::validate() const {
  int total[HAND_TYPE_NB] = {};
  for (Square s = 0; s < SQ_NB; ++s) {
    const Piece pc = board_[s];
    if (!pc) continue;
    const PieceType pt = type_of(pc);
    if (pt != KING) ++total[unpromoted(pt)];
    const Color c = color_of(pc);
    const std::string where = std::string("piece '") + letter_of(pc) + "' on " +
                              char('1' + file_of(s)) + char('a' + rank_of(s));
    if ((pt == PAWN || pt == LANCE) && (last_ranks_bb(c, 1) & square_bb(s)))
      return where + " can never move";
    if (pt == KNIGHT && (last_ranks_bb(c, 2) & square_bb(s))) return where + " can never move";
  }
  for (Color c : {BLACK, WHITE}) {
    for (int pt = PAWN; pt <= GOLD; ++pt) total[pt] += hand_[c][pt];
    const Bitboard pawns = pieces(c, PAWN);
    for (int f = 0; f < 9; ++f)
      if (more_than_one(pawns & file_bb(f)))
        return std::string("two unpromoted ") + (c == BLACK ? "Black" : "White") +
               " pawns on file " + char('1' + f) + " (nifu)";
  }
  int pieces_in_play = (king_square_[BLACK] != SQ_NONE) + (king_square_[WHITE] != SQ_NONE);
  for (int pt = PAWN; pt <= GOLD; ++pt) pieces_in_play += total[pt];
  if (pieces_in_play > MAX_PIECES)
    return std::to_string(pieces_in_play) + " pieces on board and in hand (at most " +
           std::to_string(MAX_PIECES) + ", kings included)";
  for (int pt = PAWN; pt <= GOLD; ++pt)
    if (total[pt] > MAX_PIECES_OF_TYPE)
      return std::to_string(total[pt]) + " pieces of type '" + PIECE_LETTERS[pt] +
             "' on board and in hand (at most " + std::to_string(MAX_PIECES_OF_TYPE) + ")";
  const Square k = king_square_[~side_];
  if (k != SQ_NONE && attackers_to(side_, k, pieces())) return "the side not to move is in check";
  return {};
}

Position Position::startpos(Game game) { return *from_sfen(START_SFEN, game); }

std::string Position::sfen() const { return sfen_of(board_, hand_, side_, move_number_); }

std::string sfen_of(std::span<const Piece, SQ_NB> board,
                    const uint8_t (&hands)[COLOR_NB][HAND_TYPE_NB], Color side, int move_number) {
  std::string s;
  for (int rank = 0; rank < 9; ++rank) {
    int empty = 0;
    for (int file = 8; file >= 0; --file) {
      const Piece pc = board[make_square(file, rank)];
      if (!pc) {
        ++empty;
        continue;
      }
      if (empty) s += char('0' + std::exchange(empty, 0));
      if (type_of(pc) > KING) s += '+';
      s += letter_of(pc);
    }
    if (empty) s += char('0' + empty);
    if (rank < 8) s += '/';
  }
  s += side == BLACK ? " b " : " w ";
  bool any = false;
  for (Color c : {BLACK, WHITE})
    for (PieceType pt : HAND_ORDER)
      if (const int n = hands[c][pt]) {
        if (n > 1) s += std::to_string(n);
        s += letter_of(make_piece(c, pt));
        any = true;
      }
  if (!any) s += '-';
  s += ' ' + std::to_string(move_number);
  return s;
}

}  // namespace kishi::shogi
