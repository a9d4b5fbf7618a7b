#include "games/shogi/core/names.h"

namespace kishi::shogi {
namespace {

// Indexed by PieceType.
constexpr const char* CSA_CODE[PIECE_TYPE_NB] = {"",   "FU", "KY", "KE", "GI", "KA", "HI", "KI",
                                                 "OU", "TO", "NY", "NK", "NG", "UM", "RY"};
constexpr const char* SHOGI_NAME[PIECE_TYPE_NB] = {"",       "pawn", "lance", "knight", "silver",
                                                   "bishop", "rook", "gold",  "king"};
constexpr const char* SHOWGIT_CODE[HAND_TYPE_NB] = {"", "UN", "LM", "YK", "AL", "VC", "TG", "MK"};
constexpr const char* SHOWGIT_NAME[HAND_TYPE_NB] = {"",     "UNIFORME", "LIMA",  "YANKEE",
                                                    "ALFA", "VICTOR",   "TANGO", "MIKE"};

}  // namespace

std::string piece_code(Game game, Piece pc) {
  const PieceType pt = type_of(pc);
  if (game == Game::Shogi) return CSA_CODE[pt];
  if (pt == KING) return color_of(pc) == BLACK ? "ST" : "TM";
  return (pt > KING ? "+" : "") + std::string(SHOWGIT_CODE[unpromoted(pt)]);
}

std::string piece_name(Game game, Piece pc) {
  const PieceType pt = type_of(pc);
  if (game == Game::Shogi)
    return (pt > KING ? "promoted " : "") + std::string(SHOGI_NAME[unpromoted(pt)]);
  if (pt == KING) return color_of(pc) == BLACK ? "STAR" : "TIME";
  return (pt > KING ? "NEO-" : "") + std::string(SHOWGIT_NAME[unpromoted(pt)]);
}

std::vector<PieceLabel> piece_labels(Game game) {
  std::vector<PieceLabel> labels;
  for (Color c : {BLACK, WHITE})
    for (int pt = 1; pt < PIECE_TYPE_NB; ++pt) {
      const Piece pc = make_piece(c, PieceType(pt));
      std::string letter(1, "PLNSBRGK"[unpromoted(PieceType(pt)) - 1]);
      if (pt > KING) letter = "+" + letter;
      if (c == WHITE) letter.back() = char(letter.back() - 'A' + 'a');
      labels.push_back({letter, piece_code(game, pc), piece_name(game, pc)});
    }
  return labels;
}

std::string board_diagram(const Position& pos) {
  const Game game = pos.game();
  const auto hand_line = [&](Color c) {
    std::string s = c == BLACK ? "Black hand:" : "White hand:";
    for (PieceType pt : HAND_ORDER)
      if (int n = pos.hand_count(c, pt))
        s += " " + piece_code(game, make_piece(c, pt)) + "x" + std::to_string(n);
    if (pos.hand_empty(c)) s += " -";
    return s + "\n";
  };
  std::string s = hand_line(WHITE);
  s += "    9   8   7   6   5   4   3   2   1\n";
  for (int rank = 0; rank < 9; ++rank) {
    s += "  ";
    for (int file = 8; file >= 0; --file) {
      const Piece pc = pos.piece_on(make_square(file, rank));
      std::string cell = pc ? piece_code(game, pc) : " .";
      if (pc) cell = (color_of(pc) == WHITE ? "v" : " ") + cell;
      cell.resize(4, ' ');
      s += cell;
    }
    s += char('a' + rank);
    s += '\n';
  }
  s += hand_line(BLACK);
  s += std::string(pos.side_to_move() == BLACK ? "Black" : "White") + " to move\n";
  return s;
}

std::string_view game_name(Game game) { return game == Game::Shogi ? "shogi" : "showgit"; }

Expected<Game> parse_game(std::string_view name) {
  if (name == "shogi") return Game::Shogi;
  if (name == "showgit") return Game::Showgit;
  return Expected<Game>::failure("unknown game '" + std::string(name) +
                                 "' (this core plays: shogi, showgit)");
}

}  // namespace kishi::shogi
