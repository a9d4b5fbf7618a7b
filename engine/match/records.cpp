#include "engine/match/records.h"

#include <stdexcept>

#include "engine/shogi/names.h"
#include "engine/shogi/usi_move.h"

namespace kishi::match {

using namespace kishi::shogi;

namespace {

std::string csa_square(Square s) { return {char('1' + file_of(s)), char('1' + rank_of(s))}; }

std::string csa_position(const Position& pos) {
  if (pos.sfen() == Position::START_SFEN) return "PI\n+\n";
  std::string s;
  for (int rank = 0; rank < 9; ++rank) {
    s += "P" + std::to_string(rank + 1);
    for (int file = 8; file >= 0; --file) {
      const Piece pc = pos.piece_on(make_square(file, rank));
      s +=
          pc ? std::string(color_of(pc) == BLACK ? "+" : "-") + piece_code(Game::Shogi, pc) : " * ";
    }
    s += "\n";
  }
  for (Color c : {BLACK, WHITE}) {
    std::string hand;
    for (PieceType pt : HAND_ORDER)
      for (int n = 0; n < pos.hand_count(c, pt); ++n)
        hand += "00" + piece_code(Game::Shogi, make_piece(c, pt));
    if (!hand.empty()) s += std::string(c == BLACK ? "P+" : "P-") + hand + "\n";
  }
  s += pos.side_to_move() == BLACK ? "+\n" : "-\n";
  return s;
}

std::string csa_ending(const GameRecord& g) {
  const std::string& r = g.reason;
  if (r == "checkmate") return "%TSUMI";
  if (r == "resign") return "%TORYO";
  if (r == "repetition") return "%SENNICHITE";
  if (r == "perpetual check") return "%OUTE_SENNICHITE";
  if (r == "declaration") return "%KACHI";
  if (r == "maximum plies") return "%JISHOGI";
  if (r.rfind("time", 0) == 0) return "%TIME_UP";
  if (r.rfind("illegal", 0) == 0 || r == "false declaration") return "%ILLEGAL_MOVE";
  return "%CHUDAN";
}

const char* result_text(Winner w) {
  return w == Winner::Black ? "1-0" : w == Winner::White ? "0-1" : "1/2-1/2";
}

}  // namespace

std::string to_csa(const GameRecord& g) {
  std::string s = "V2.2\nN+" + g.black + "\nN-" + g.white + "\n";
  Position pos = *Position::from_sfen(g.opening.sfen, g.game);
  s += csa_position(pos);
  for (size_t i = 0; i < g.moves.size(); ++i) {
    const Move m = *parse_usi_move(pos, g.moves[i]);
    const Color us = pos.side_to_move();
    s += us == BLACK ? "+" : "-";
    s += m.is_drop() ? "00" : csa_square(m.from());
    s += csa_square(m.to());
    pos.do_move(m);
    s += piece_code(Game::Shogi, pos.piece_on(m.to())) + "\n";
    s += "T" + std::to_string(g.move_ms[i] / 1000) + "\n";
  }
  s += csa_ending(g) + "\n";
  s += "'result " + std::string(result_text(g.winner)) + " (" + g.reason + ")\n";
  return s;
}

std::string to_usi_record(const GameRecord& g) {
  std::string s = "position " + g.opening.describe();
  if (g.opening.moves.empty() && !g.moves.empty()) s += " moves";
  for (size_t i = g.opening.moves.size(); i < g.moves.size(); ++i) s += " " + g.moves[i];
  s += "\n# " + g.black + " (black) vs " + g.white + " (white): " + result_text(g.winner) + " (" +
       g.reason + "), " + std::to_string(g.moves.size()) + " plies\n";
  return s;
}

}  // namespace kishi::match
