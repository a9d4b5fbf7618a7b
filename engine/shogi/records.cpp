#include "engine/shogi/records.h"

#include "engine/shogi/names.h"
#include "engine/shogi/position.h"
#include "engine/shogi/usi_move.h"

namespace kishi::shogi {

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

std::string csa_ending(const std::string& reason) {
  const std::string& r = reason;
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

}  // namespace

std::string csa_record(const game::Record& g, Game variant) {
  std::string s = "V2.2\nN+" + g.players[0] + "\nN-" + g.players[1] + "\n";
  Position pos = *Position::from_sfen(g.start_state, variant);
  s += csa_position(pos);
  for (size_t i = 0; i < g.actions.size(); ++i) {
    const Move m = *parse_usi_move(pos, g.actions[i]);
    const Color us = pos.side_to_move();
    s += us == BLACK ? "+" : "-";
    s += m.is_drop() ? "00" : csa_square(m.from());
    s += csa_square(m.to());
    pos.do_move(m);
    s += piece_code(Game::Shogi, pos.piece_on(m.to())) + "\n";
    s += "T" + std::to_string(i < g.action_ms.size() ? g.action_ms[i] / 1000 : 0) + "\n";
  }
  s += csa_ending(g.reason) + "\n";
  s += "'result " + std::string(game::result_text(g.winner)) + " (" + g.reason + ")\n";
  return s;
}

std::string usi_record(const game::Record& g) {
  std::string s = "position ";
  s += g.start_state == Position::START_SFEN ? "startpos" : "sfen " + g.start_state;
  if (!g.actions.empty()) s += " moves";
  for (const std::string& a : g.actions) s += " " + a;
  s += "\n# " + g.players[0] + " (black) vs " + g.players[1] + " (white): " +
       game::result_text(g.winner) + " (" + g.reason + "), " + std::to_string(g.actions.size()) +
       " plies\n";
  return s;
}

}  // namespace kishi::shogi
