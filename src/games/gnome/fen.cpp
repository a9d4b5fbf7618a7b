// gnome's FEN with stacks (rules page, "Text forms"), printed and parsed.
#include <bit>
#include <charconv>
#include <optional>
#include <string>
#include <vector>

#include "games/gnome/move_text.h"
#include "games/gnome/movegen.h"
#include "games/gnome/position.h"

namespace kishi::gnome {

namespace {

std::string piece_text(Piece p) {
  std::string s(1, piece_letter(p));
  if (type_of(p) == WOUNDED) s += '~';
  return s;
}

Piece piece_of_letter(char c) {
  switch (c) {
    case 'P': return make_piece(WHITE, PAWN);
    case 'N': return make_piece(WHITE, KNIGHT);
    case 'B': return make_piece(WHITE, BISHOP);
    case 'R': return make_piece(WHITE, ROOK);
    case 'Q': return make_piece(WHITE, QUEEN);
    case 'K': return make_piece(WHITE, KING);
    case 'p': return make_piece(BLACK, PAWN);
    case 'n': return make_piece(BLACK, KNIGHT);
    case 'b': return make_piece(BLACK, BISHOP);
    case 'r': return make_piece(BLACK, ROOK);
    case 'q': return make_piece(BLACK, QUEEN);
    case 'k': return make_piece(BLACK, KING);
    default: return 0;
  }
}

struct Fault {
  std::string field, reason;
};

// Parses the board field into p.stacks; returns a fault or an empty field.
Fault parse_board(std::string_view text, Position& p) {
  int rank = 7, file = 0, pieces = 0;
  std::vector<Piece> stack;
  bool in_stack = false, last_digit = false;
  auto place = [&](const std::vector<Piece>& s) -> std::string {
    if (file > 7) return "rank " + std::to_string(rank + 1) + " has more than 8 squares";
    if (int(s.size()) > Stack::MAX_HEIGHT)
      return "a stack of " + std::to_string(s.size()) + " pieces (at most 32)";
    for (size_t l = 0; l + 1 < s.size(); ++l)
      if (type_of(s[l]) != ROOK && type_of(s[l]) != WOUNDED)
        return std::string("'") + piece_letter(s[l]) + "' below another piece on " +
               square_name(square(file, rank)) + " (only rooks carry pieces: rule 1)";
    Stack st;
    for (Piece q : s) st = st.with_on_top(Stack::of(q));
    p.stacks[square(file, rank)] = st;
    pieces += int(s.size());
    ++file;
    return {};
  };
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_stack) {
      if (c == ')') {
        if (stack.size() < 2)
          return {"board",
                  "a stack in parentheses needs two pieces or more (write a lone piece "
                  "without them)"};
        if (auto e = place(stack); !e.empty()) return {"board", e};
        stack.clear();
        in_stack = false;
      } else if (c == '~') {
        if (stack.empty() || type_of(stack.back()) != BISHOP)
          return {"board", "'~' follows a bishop only (a wounded bishop, B~)"};
        stack.back() = make_piece(colour_of(stack.back()), WOUNDED);
      } else if (const Piece q = piece_of_letter(c)) {
        stack.push_back(q);
      } else {
        return {"board", std::string("'") + c + "' inside a stack (pieces KQRBNP kqrbnp only)"};
      }
      continue;
    }
    if (c == '/') {
      if (file != 8)
        return {"board", "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                             " squares, not 8"};
      if (rank == 0) return {"board", "more than 8 ranks"};
      --rank;
      file = 0;
      last_digit = false;
      continue;
    }
    if (c >= '1' && c <= '8') {
      if (last_digit) return {"board", "two digits in a row"};
      file += c - '0';
      if (file > 8)
        return {"board", "rank " + std::to_string(rank + 1) + " has more than 8 squares"};
      last_digit = true;
      continue;
    }
    last_digit = false;
    if (c == '(') {
      in_stack = true;
      continue;
    }
    if (c == '~') {
      if (i == 0 || (text[i - 1] != 'B' && text[i - 1] != 'b'))
        return {"board", "'~' follows a bishop only (a wounded bishop, B~)"};
      const int sq = square(file - 1, rank);
      p.stacks[sq] = Stack::of(make_piece(colour_of(p.stacks[sq].bottom()), WOUNDED));
      continue;
    }
    if (c == ')') return {"board", "')' without its '('"};
    const Piece q = piece_of_letter(c);
    if (!q)
      return {"board",
              std::string("'") + c + "' is not a piece (KQRBNP kqrbnp), a digit or a stack"};
    if (auto e = place({q}); !e.empty()) return {"board", e};
  }
  if (in_stack) return {"board", "a stack without its ')'"};
  if (rank != 0) return {"board", std::to_string(8 - rank) + " ranks, not 8"};
  if (file != 8) return {"board", "rank 1 has " + std::to_string(file) + " squares, not 8"};
  if (pieces > 32) return {"board", std::to_string(pieces) + " pieces (a game has 32)"};
  return {};
}

std::optional<int> parse_square(std::string_view s) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return std::nullopt;
  return square(s[0] - 'a', s[1] - '1');
}

std::optional<long> parse_count(std::string_view s, long max) {
  long v = 0;
  if (s.empty() || s.size() > 9) return std::nullopt;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v < 0 || v > max) return std::nullopt;
  return v;
}

Fault check_fields(const std::vector<std::string_view>& f, Position& p) {
  if (f[1] != "w" && f[1] != "b") return {"side", "'" + std::string(f[1]) + "' is not w or b"};
  p.side = f[1] == "w" ? WHITE : BLACK;
  for (int c = 0; c < 2; ++c) {
    const int count = [&] {
      int n = 0;
      for (uint64_t s = p.pieces[c][KING]; s; s &= s - 1)
        for (int l = 0, sq = std::countr_zero(s), h = p.stacks[sq].height(); l < h; ++l)
          n += p.stacks[sq].at(l) == make_piece(c, KING);
      return n;
    }();
    if (count != 1)
      return {"board", std::string(c == WHITE ? "White" : "Black") + " has " +
                           std::to_string(count) + " kings, not 1"};
  }
  p.castling = 0;
  if (f[2] != "-") {
    for (char c : f[2]) {
      const uint8_t right = c == 'K'   ? WHITE_KINGSIDE
                            : c == 'Q' ? WHITE_QUEENSIDE
                            : c == 'k' ? BLACK_KINGSIDE
                            : c == 'q' ? BLACK_QUEENSIDE
                                       : 0;
      if (!right) return {"castling", std::string("'") + c + "' is not one of KQkq or -"};
      if (p.castling & right) return {"castling", std::string("'") + c + "' twice"};
      p.castling |= right;
      const int colour = c == 'K' || c == 'Q' ? WHITE : BLACK;
      const int home = colour == WHITE ? 4 : 60;
      const bool kingside = c == 'K' || c == 'k';
      const int corner = kingside ? home + 3 : home - 4;
      if (p.stacks[home] != Stack::of(make_piece(colour, KING)))
        return {"castling",
                std::string("'") + c + "' needs the king alone on " + square_name(home)};
      if (p.stacks[corner].bottom() != make_piece(colour, ROOK))
        return {"castling",
                std::string("'") + c + "' needs its rook at level 0 of " + square_name(corner)};
    }
  }
  p.en_passant = NO_SQUARE;
  if (f[3] != "-") {
    const auto sq = parse_square(f[3]);
    if (!sq) return {"en passant", "'" + std::string(f[3]) + "' is not a square or -"};
    const int passed_rank = p.side == BLACK ? 2 : 5, step = p.side == BLACK ? 8 : -8;
    if (rank_of(*sq) != passed_rank)
      return {"en passant", square_name(*sq) + " is not on rank " +
                                std::to_string(passed_rank + 1) +
                                " (the square a double step of the side not to move passed)"};
    const int pawn_sq = *sq + step, origin = *sq - step;
    if (p.stacks[pawn_sq] != Stack::of(make_piece(1 - p.side, PAWN)) || !p.stacks[*sq].empty() ||
        !p.stacks[origin].empty())
      return {"en passant", square_name(*sq) + " was not passed by a double step (a lone pawn on " +
                                square_name(pawn_sq) + ", " + square_name(*sq) + " and " +
                                square_name(origin) + " empty)"};
    p.en_passant = uint8_t(*sq);
  }
  const auto half = parse_count(f[4], 10000);
  if (!half) return {"halfmove", "'" + std::string(f[4]) + "' is not a count from 0 to 10000"};
  p.halfmove = uint16_t(*half);
  const auto full = parse_count(f[5], 1000000);
  if (!full || *full < 1)
    return {"fullmove", "'" + std::string(f[5]) + "' is not a move number from 1 to 1000000"};
  p.fullmove = uint32_t(*full);
  p.token_holder = BLACK;
  p.token_usable = true;
  if (f.size() > 6) {
    const std::string_view t = f[6];
    if (t != "B" && t != "W" && t != "b" && t != "w")
      return {"token", "'" + std::string(t) + "' is not B, W (usable) or b, w (not usable yet)"};
    p.token_holder = t == "B" || t == "b" ? BLACK : WHITE;
    p.token_usable = t == "B" || t == "W";
  }
  return {};
}

}  // namespace

std::string board_text(const Position& p) {
  std::string s;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Stack st = p.stacks[square(file, rank)];
      if (st.empty()) {
        ++empty;
        continue;
      }
      if (empty) s += char('0' + empty);
      empty = 0;
      const int h = st.height();
      if (h == 1) {
        s += piece_text(st.bottom());
        continue;
      }
      s += '(';
      for (int l = 0; l < h; ++l) s += piece_text(st.at(l));
      s += ')';
    }
    if (empty) s += char('0' + empty);
    if (rank) s += '/';
  }
  return s;
}

std::string fen(const Position& p) {
  std::string s = board_text(p);
  s += p.side == WHITE ? " w " : " b ";
  std::string rights;
  if (p.castling & WHITE_KINGSIDE) rights += 'K';
  if (p.castling & WHITE_QUEENSIDE) rights += 'Q';
  if (p.castling & BLACK_KINGSIDE) rights += 'k';
  if (p.castling & BLACK_QUEENSIDE) rights += 'q';
  s += rights.empty() ? "-" : rights;
  s += ' ' + (p.en_passant == NO_SQUARE ? std::string("-") : square_name(p.en_passant));
  s += ' ' + std::to_string(p.halfmove) + ' ' + std::to_string(p.fullmove) + ' ';
  const char holder = p.token_holder == WHITE ? 'W' : 'B';
  s += p.token_usable ? holder : char(holder - 'A' + 'a');
  if (p.banned.kind != Kind::NONE) s += ' ' + move_text(p.banned);
  return s;
}

Expected<Position> parse_fen(std::string_view text) {
  auto bad = [&](const Fault& f) {
    return Expected<Position>::failure("bad FEN '" + std::string(text) + "': " + f.field + ": " +
                                       f.reason);
  };
  std::vector<std::string_view> fields;
  for (size_t i = 0; i < text.size();) {
    if (text[i] == ' ' || text[i] == '\t') {
      ++i;
      continue;
    }
    const size_t end = text.find_first_of(" \t", i);
    fields.push_back(text.substr(i, end == std::string_view::npos ? text.size() - i : end - i));
    i = end == std::string_view::npos ? text.size() : end;
  }
  if (fields.size() < 6 || fields.size() > 8)
    return bad({"fields", std::to_string(fields.size()) +
                              " fields; a FEN has 6 to 8: board side castling en-passant halfmove "
                              "fullmove [token [vetoed-move]]"});
  Position p;
  if (Fault f = parse_board(fields[0], p); !f.field.empty()) return bad(f);
  p.refresh_all();
  if (Fault f = check_fields(fields, p); !f.field.empty()) return bad(f);
  p.refresh_all();
  // Rule 32: the side to move may not be able to remove the other king.
  if (threatened(p, 1 - p.side))
    return bad({"board", "the side to move could remove the other king (an illegal position)"});
  if (fields.size() == 8) {
    if (p.token_usable || p.token_holder != p.side)
      return bad({"vetoed move", "only after a veto: the token lower case and its holder to move"});
    const auto m = parse_move(p, fields[7]);
    if (!m) return bad({"vetoed move", m.error()});
    p.banned = *m;
    p.refresh_all();
  }
  return p;
}

Position start_position() { return *parse_fen(START_FEN); }

}  // namespace kishi::gnome
