#include "games/shogi/records/csa_reader.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

#include "games/shogi/core/names.h"
#include "games/shogi/core/usi_move.h"

namespace kishi::shogi {
namespace {

// The SFEN letter of a CSA piece code ("FU" -> "P", "RY" -> "+R"), or empty.
std::string letter_of_code(std::string_view code) {
  // Black's labels: upper-case letters, shogi's CSA codes (names.cpp holds the table).
  static const std::vector<PieceLabel> labels = piece_labels(Game::Shogi);
  for (const PieceLabel& l : labels)
    if (l.code == code && std::isupper(static_cast<unsigned char>(l.letter.back())))
      return l.letter;
  return {};
}

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// One game's lines, read into a TextGame.
class GameReader {
 public:
  explicit GameReader(Game variant) : variant_(variant) {}

  // A statement of line `line_number`; an error ends the whole read (the
  // position cannot be known).
  std::string add(std::string_view line, int line_number) {
    line_number_ = line_number;
    if (line.empty() || line[0] == '\'' || line[0] == 'V' || line[0] == '$' || line[0] == 'T')
      return {};
    if (line.substr(0, 2) == "N+") return game_.players[0] = line.substr(2), std::string();
    if (line.substr(0, 2) == "N-") return game_.players[1] = line.substr(2), std::string();
    if (line[0] == 'P') return position_line(line);
    if ((line == "+" || line == "-") && !started_) {
      side_ = line[0];
      return {};
    }
    if (line[0] == '%') return ending(line), std::string();
    if (line[0] == '+' || line[0] == '-') return move(line);
    return where() + "unknown line '" + std::string(line) + "'";
  }

  Expected<TextGame> finish() {
    if (!started_) {
      if (const std::string e = start(); !e.empty()) return Expected<TextGame>::failure(e);
    }
    return game_;
  }

 private:
  std::string where() const { return "line " + std::to_string(line_number_) + ": "; }

  // PI's pieces taken off the even game ("82HI22KA": a handicap), each the
  // piece on its square.
  std::string even_game_less(std::string_view removed) {
    std::array<std::string, 9> rows = {"lnsgkgsnl", ".r.....b.", "ppppppppp",
                                       ".........", ".........", ".........",
                                       "PPPPPPPPP", ".B.....R.", "LNSGKGSNL"};
    for (; !removed.empty(); removed.remove_prefix(std::min<size_t>(4, removed.size()))) {
      const std::string_view item = removed.substr(0, 4);
      const bool square =
          item.size() == 4 && item[0] >= '1' && item[0] <= '9' && item[1] >= '1' && item[1] <= '9';
      const std::string letter = item.size() == 4 ? letter_of_code(item.substr(2)) : "";
      if (!square || letter.empty())
        return where() + "bad PI piece '" + std::string(item) + "' (a square and a piece: 82HI)";
      char& cell = rows[item[1] - '1'][size_t('9' - item[0])];
      if (cell == '.' || std::toupper(cell) != letter[0])
        return where() + "PI takes off " + std::string(item.substr(2)) + " from " +
               std::string(item.substr(0, 2)) + ", which does not hold one";
      cell = '.';
    }
    for (size_t r = 0; r < rows.size(); ++r) {  // the rows in SFEN: runs of empty squares as digits
      std::string row;
      int empty = 0;
      for (char c : rows[r]) {
        if (c == '.') {
          ++empty;
          continue;
        }
        if (empty) row += std::to_string(empty), empty = 0;
        row += c;
      }
      board_[r] = empty ? row + std::to_string(empty) : row;
    }
    return {};
  }

  std::string position_line(std::string_view line) {
    if (started_) return where() + "a position line after the moves";
    if (line.substr(0, 2) == "PI") return even_game_less(line.substr(2));
    if (line.size() >= 2 && line[1] >= '1' && line[1] <= '9') {
      const int rank = line[1] - '1';
      std::string row;
      int empty = 0;
      for (size_t i = 2; i + 3 <= line.size() || i < line.size(); i += 3) {
        const std::string_view cell = line.substr(i, 3);
        if (cell == " * " || cell == " *") {
          ++empty;
          continue;
        }
        const std::string letter = letter_of_code(cell.substr(1));
        if (cell.size() != 3 || (cell[0] != '+' && cell[0] != '-') || letter.empty())
          return where() + "bad square '" + std::string(cell) + "'";
        if (empty) row += std::to_string(empty), empty = 0;
        row += cell[0] == '+' ? letter : lower(letter);
      }
      if (empty) row += std::to_string(empty);
      board_[rank] = row;
      return {};
    }
    if (line.size() >= 2 && (line[1] == '+' || line[1] == '-')) {
      // Pieces in hand, "00FU" each (a board square here is not read).
      for (size_t i = 2; i + 4 <= line.size(); i += 4) {
        if (line.substr(i, 2) != "00") return where() + "only pieces in hand (00XX) are read";
        const std::string letter = letter_of_code(line.substr(i + 2, 2));
        if (letter.empty() || letter[0] == '+' || letter == "K")
          return where() + "bad piece in hand '" + std::string(line.substr(i + 2, 2)) + "'";
        (line[1] == '+' ? hands_[0] : hands_[1]) += letter;
      }
      return {};
    }
    return where() + "bad position line '" + std::string(line) + "'";
  }

  std::string start() {
    std::string sfen;
    for (int rank = 0; rank < 9; ++rank)
      sfen += (rank ? "/" : "") + (board_[rank].empty() ? "9" : board_[rank]);
    std::string hands = hands_[0] + lower(hands_[1]);
    sfen +=
        std::string(" ") + (side_ == '-' ? "w" : "b") + " " + (hands.empty() ? "-" : hands) + " 1";
    auto pos = Position::from_sfen(sfen, variant_);
    if (!pos) return where() + "the position: " + pos.error();
    pos_ = *pos;
    game_.start_sfen = pos_->sfen();
    started_ = true;
    return {};
  }

  std::string move(std::string_view line) {
    if (!started_)
      if (const std::string e = start(); !e.empty()) return e;
    if (!game_.fault.empty() || !game_.ending.empty()) return {};
    const auto fault = [&](const std::string& why) {
      game_.fault = where() + "move '" + std::string(line) + "': " + why;
      return std::string();
    };
    if (line.size() < 7) return fault("not a move");
    if ((line[0] == '+') != (pos_->side_to_move() == BLACK)) return fault("the other side's turn");
    const std::string from(line.substr(1, 2)), to(line.substr(3, 2)), code(line.substr(5, 2));
    const std::string letter = letter_of_code(code);
    const auto square = [](const std::string& s) {
      return s.size() == 2 && s[0] >= '1' && s[0] <= '9' && s[1] >= '1' && s[1] <= '9'
                 ? std::string{s[0], char('a' + s[1] - '1')}
                 : std::string();
    };
    if (letter.empty() || square(to).empty() || (from != "00" && square(from).empty()))
      return fault("not a move");
    std::string usi;
    if (from == "00") {
      usi = letter + "*" + square(to);
    } else {
      usi = square(from) + square(to);
      const Piece moved = pos_->piece_on(make_square(from[0] - '1', from[1] - '1'));
      const bool promotes = letter[0] == '+' && moved && type_of(moved) <= KING;
      if (promotes) usi += "+";
    }
    const auto m = parse_usi_move(*pos_, usi);
    if (!m) return fault(m.error());
    pos_->do_move(*m);
    if (letter_of_code(piece_code(Game::Shogi, pos_->piece_on(m->to()))) != letter)
      return fault("the piece is not a " + code);
    game_.moves.push_back(usi);
    return {};
  }

  void ending(std::string_view line) {
    if (!game_.ending.empty()) return;
    game_.ending = std::string(line.substr(0, line.find_first_of(" ,")));
    const int mover = pos_ ? int(pos_->side_to_move()) : 0;
    const std::string& e = game_.ending;
    if (e == "%TORYO" || e == "%TSUMI" || e == "%TIME_UP" || e == "%ILLEGAL_MOVE")
      game_.winner = 1 - mover;
    else if (e == "%KACHI")
      game_.winner = mover;
    else if (e == "%SENNICHITE" || e == "%JISHOGI" || e == "%HIKIWAKE")
      game_.winner = -1;
  }

  Game variant_;
  int line_number_ = 0;
  TextGame game_;
  std::array<std::string, 9> board_{"9", "9", "9", "9", "9", "9", "9", "9", "9"};
  std::string hands_[2];
  char side_ = '+';
  bool started_ = false;
  std::optional<Position> pos_;  // once the position is read
};

}  // namespace

Expected<std::vector<TextGame>> read_csa(std::string_view text, Game variant) {
  using Result = Expected<std::vector<TextGame>>;
  std::vector<TextGame> games;
  int line_number = 0;
  GameReader reader(variant);
  bool any = false;
  const auto close_game = [&]() -> std::string {
    if (!any) return {};
    auto g = reader.finish();
    if (!g) return g.error();
    games.push_back(std::move(*g));
    return {};
  };
  size_t at = 0;
  while (at <= text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    at = end + 1;
    ++line_number;
    if (line == "/") {
      if (const std::string e = close_game(); !e.empty()) return Result::failure(e);
      reader = GameReader(variant);
      any = false;
      continue;
    }
    // Several statements on a line, separated by commas (CSA 2.2).
    size_t part = 0;
    while (part <= line.size()) {
      const size_t comma = !line.empty() && line[0] == '\''
                               ? line.size()
                               : std::min(line.find(',', part), line.size());
      const std::string_view statement = line.substr(part, comma - part);
      if (!statement.empty()) any = true;
      if (const std::string e = reader.add(statement, line_number); !e.empty())
        return Result::failure(e);
      part = comma + 1;
      if (comma == line.size()) break;
    }
  }
  if (const std::string e = close_game(); !e.empty()) return Result::failure(e);
  if (games.empty()) return Result::failure("no CSA game in the text");
  return games;
}

}  // namespace kishi::shogi
