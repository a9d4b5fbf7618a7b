#include "engine/match/referee.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "engine/game/position_command.h"
#include "engine/shogi/game_status.h"
#include "engine/shogi/movegen.h"
#include "engine/shogi/shogi_game.h"
#include "engine/shogi/usi_move.h"

namespace kishi::match {

using namespace kishi::shogi;

std::string Opening::describe() const {
  std::string s = sfen == Position::START_SFEN ? "startpos" : "sfen " + sfen;
  if (!moves.empty()) {
    s += " moves";
    for (const auto& m : moves) s += " " + m;
  }
  return s;
}

namespace {

Winner win_for(Color c) { return c == BLACK ? Winner::Black : Winner::White; }

std::string go_command(const UsiClient& engine, const TimeControl& tc, const int64_t left[2]) {
  const EngineSpec& spec = engine.spec();
  if (spec.nodes > 0 && !spec.plain_go) return "go nodes " + std::to_string(spec.nodes);
  std::string go =
      "go btime " + std::to_string(left[BLACK]) + " wtime " + std::to_string(left[WHITE]);
  if (tc.increment_ms && !spec.plain_go)
    go += " binc " + std::to_string(tc.increment_ms) + " winc " + std::to_string(tc.increment_ms);
  else if (tc.byoyomi_ms || spec.plain_go)
    go +=
        " byoyomi " + std::to_string(std::max<int64_t>(tc.byoyomi_ms - spec.byoyomi_margin_ms, 0));
  return go;
}

}  // namespace

GameRecord play_game(UsiClient& black, UsiClient& white, const Opening& opening,
                     const TimeControl& tc, Game game, int max_plies) {
  GameRecord rec;
  rec.black = black.spec().name;
  rec.white = white.spec().name;
  rec.opening = opening;
  rec.game = game;
  rec.max_plies = max_plies;
  Position pos = *Position::from_sfen(opening.sfen, game);
  for (const auto& m : opening.moves) {
    pos.do_move(*parse_usi_move(pos, m));
    rec.moves.push_back(m);
    rec.move_ms.push_back(0);
  }
  UsiClient* engines[2] = {&black, &white};
  for (UsiClient* e : engines) e->new_game();
  int64_t left[2] = {tc.main_ms, tc.main_ms};
  const int start_ply = pos.plies_played();

  const auto finish = [&](Winner w, const std::string& reason) {
    rec.winner = w;
    rec.reason = reason;
    black.game_over(w == Winner::Draw ? "draw" : w == Winner::Black ? "win" : "lose");
    white.game_over(w == Winner::Draw ? "draw" : w == Winner::White ? "win" : "lose");
    return rec;
  };

  // The rules' verdict; the ply limit counts from the opening's start, below.
  const ShogiGame rules(ShogiGame::Rules{.variant = game, .max_plies = 1 << 30});
  MoveList legal;
  while (true) {
    rules.legal_actions(pos, legal);
    if (const kishi::game::Outcome o = rules.outcome(pos, legal); o.over) {
      const Winner w = o.winner == kishi::game::Outcome::DRAW ? Winner::Draw
                       : o.winner == BLACK                    ? Winner::Black
                                                              : Winner::White;
      return finish(w, rules.reason_text(o.reason));
    }
    if (pos.plies_played() - start_ply + int(opening.moves.size()) >= max_plies)
      return finish(Winner::Draw, "maximum plies");

    const Color us = pos.side_to_move();
    UsiClient& engine = *engines[us];
    const std::string position = "position " + opening.describe() +
                                 (opening.moves.empty() && rec.moves.size() > 0 ? " moves" : "") +
                                 [&] {
                                   std::string s;
                                   for (size_t i = opening.moves.size(); i < rec.moves.size(); ++i)
                                     s += " " + rec.moves[i];
                                   return s;
                                 }();
    const bool fixed_nodes = engine.spec().nodes > 0;
    // A fixed-nodes engine has no clock; give it a generous deadline all the same.
    const int64_t allowed = fixed_nodes ? 600000 : left[us] + tc.byoyomi_ms + tc.increment_ms;
    const int64_t tolerance =
        engine.spec().tolerance_ms >= 0 ? engine.spec().tolerance_ms : tc.tolerance_ms;
    const auto reply = engine.play(position, go_command(engine, tc, left), allowed + tolerance);
    if (reply.status == UsiClient::Reply::Status::Crashed)
      return finish(win_for(~us), "crash of " + engine.spec().name);
    if (reply.status == UsiClient::Reply::Status::Timeout)
      return finish(win_for(~us), "time (" + engine.spec().name + " gave no move in " +
                                      std::to_string(reply.elapsed_ms) + " ms)");
    if (!fixed_nodes) {
      if (reply.elapsed_ms > allowed + tolerance)
        return finish(win_for(~us), "time (" + engine.spec().name + " took " +
                                        std::to_string(reply.elapsed_ms) + " ms)");
      left[us] = std::max<int64_t>(0, left[us] - reply.elapsed_ms) + tc.increment_ms;
    }
    if (reply.move == "resign") return finish(win_for(~us), "resign");
    if (reply.move == "win") {
      return can_declare_win(pos) ? finish(win_for(us), "declaration")
                                  : finish(win_for(~us), "false declaration");
    }
    const auto move = parse_usi_move(pos, reply.move);
    if (!move)
      return finish(win_for(~us), "illegal move " + reply.move + " by " + engine.spec().name);
    pos.do_move(*move);
    rec.moves.push_back(reply.move);
    rec.move_ms.push_back(reply.elapsed_ms);
  }
}

std::vector<Opening> read_openings(const std::string& path, Game game) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read opening file '" + path + "'");
  std::vector<Opening> openings;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::vector<std::string> t;
    for (std::string w; words >> w;) t.push_back(w);
    if (t.empty()) continue;
    const std::string where = path + ":" + std::to_string(number) + ": ";
    const auto named = kishi::game::parse_position(ShogiGame(ShogiGame::Rules{.variant = game}), t);
    if (!named) throw std::runtime_error(where + named.error());
    openings.push_back({named->base, named->action_texts});
  }
  if (openings.empty()) throw std::runtime_error("opening file '" + path + "' has no opening");
  return openings;
}

}  // namespace kishi::match
