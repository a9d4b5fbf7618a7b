// The referee of one game between two USI engines, for any game: it sends
// each engine the position and the clock, checks every move with the rules
// core, and ends the game by the rules (the game's outcome: checkmate,
// repetition, ...; a declaration where the game has one; maximum plies) or by
// a fault (illegal move, crash, time loss), recording the reason.
#pragma once

#include <algorithm>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/game.h"
#include "game/game_clock.h"
#include "game/play_game.h"
#include "game/position_command.h"
#include "game/record.h"
#include "match/usi_client.h"

namespace kishi::match {

struct TimeControl : game::TimeControl {
  int64_t tolerance_ms = 200;  // process and pipe delays forgiven per move
};

struct Opening {
  std::string state;                 // start state text
  std::vector<std::string> actions;  // played before the engines take over
};

// The `go` line for the engine to move: the clocks (btime for player 0, wtime
// for player 1), or its fixed nodes.
std::string go_command(const UsiClient& engine, const game::GameClock& clock);

// The lines of an opening file, comments ('#') and blank lines dropped, each
// with "PATH:LINE: " to name it in errors.
struct OpeningLine {
  std::string where;
  std::vector<std::string> tokens;
};
std::vector<OpeningLine> read_opening_lines(const std::string& path);

// Reads an opening suite: one per line, "startpos [moves ...]" or "sfen <state> [moves ...]"
// (a leading "position" is allowed). Errors name the line.
template <game::Game G>
std::vector<Opening> read_openings(const G& game, const std::string& path) {
  std::vector<Opening> openings;
  for (const OpeningLine& line : read_opening_lines(path)) {
    const auto named = game::parse_position(game, std::span<const std::string>(line.tokens));
    if (!named) throw std::runtime_error(line.where + named.error());
    openings.push_back({named->base, named->action_texts});
  }
  if (openings.empty()) throw std::runtime_error("opening file '" + path + "' has no opening");
  return openings;
}

// The record of a game about to start from `opening`, between `first`
// (player 0) and `second`: its start, and the opening's actions (0 ms each).
inline game::Record opening_record(const std::string& first, const std::string& second,
                                   const Opening& opening) {
  game::Record rec;
  rec.players[0] = first;
  rec.players[1] = second;
  rec.start_state = opening.state;
  rec.start_time = game::record_time_now();
  rec.actions = opening.actions;
  rec.action_ms.assign(opening.actions.size(), 0);
  rec.opening_actions = opening.actions.size();
  return rec;
}

// What an engine said with each move it played, in the order of the record's
// actions after the opening (kishi teacher reads the scores).
using MoveObserver = std::function<void(const UsiClient::Reply&)>;

// Plays one game: `first` plays player 0 (shogi's black), `second` player 1.
// The game's own ply limit should be out of reach: the referee's max_plies
// counts the record's actions, the opening's included.
template <game::Game G>
game::Record play_game(const G& game, UsiClient& first, UsiClient& second, const Opening& opening,
                       const TimeControl& tc, int max_plies, const MoveObserver& observe = {}) {
  game::Record rec = opening_record(first.spec().name, second.spec().name, opening);
  auto start = game.parse_state(opening.state);
  if (!start) throw std::runtime_error("opening '" + opening.state + "': " + start.error());
  typename G::State position = std::move(*start);
  for (const std::string& text : opening.actions) {
    const auto a = game.parse_action(position, text);
    if (!a) throw std::runtime_error("opening move " + text + ": " + a.error());
    game.play(position, *a);
  }
  UsiClient* engines[2] = {&first, &second};
  game::GameClock clock(tc);

  const auto finish = [&](int winner, const std::string& reason) {
    rec.winner = winner;
    rec.reason = reason;
    for (int p : {0, 1})
      engines[p]->game_over(winner == game::Outcome::DRAW ? "draw" : winner == p ? "win" : "lose");
    return rec;
  };

  // An engine that is not ready loses the game (and is restarted for the next).
  bool ready[2];
  for (int p : {0, 1}) ready[p] = engines[p]->new_game();
  if (!ready[0] || !ready[1]) {
    rec.forfeit = true;
    return finish(ready[0]   ? 0
                  : ready[1] ? 1
                             : game::Outcome::DRAW,
                  "no readyok from " + engines[ready[0] ? 1 : 0]->spec().name);
  }

  using Turn = game::Turn<typename G::Action>;
  const auto turn = [&](const typename G::State& state, const typename G::ActionList&,
                        int) -> Turn {
    const int us = game.player(state), them = 1 - us;
    UsiClient& engine = *engines[us];
    const bool fixed_nodes = engine.spec().nodes > 0;
    // A fixed-nodes engine has no clock; give it a generous deadline all the same.
    const int64_t allowed = fixed_nodes ? 600000 : clock.allowed_ms(us);
    const int64_t tolerance =
        engine.spec().tolerance_ms >= 0 ? engine.spec().tolerance_ms : tc.tolerance_ms;
    const auto reply = engine.play(game::position_line(game, rec.start_state, rec.actions),
                                   go_command(engine, clock), allowed + tolerance);
    const auto lose = [&](const std::string& why) { return Turn::finish(them, 0, why); };
    const auto forfeit = [&](const std::string& why) {
      rec.forfeit = true;
      return lose(why);
    };
    if (reply.status == UsiClient::Reply::Status::Crashed)
      return forfeit("crash of " + engine.spec().name);
    if (reply.status == UsiClient::Reply::Status::Timeout)
      return forfeit("time (" + engine.spec().name + " gave no move in " +
                     std::to_string(reply.elapsed_ms) + " ms)");
    if (!fixed_nodes && !clock.spend(us, reply.elapsed_ms, tolerance))
      return forfeit("time (" + engine.spec().name + " took " + std::to_string(reply.elapsed_ms) +
                     " ms)");
    if (reply.move == "resign") return lose("resign");
    if constexpr (requires { game.declaration_wins(state); }) {
      if (reply.move == "win")
        return game.declaration_wins(state) ? Turn::finish(us, 0, "declaration")
                                            : forfeit("false declaration");
    }
    const auto action = game.parse_action(state, reply.move);
    if (!action) return forfeit("illegal move " + reply.move + " by " + engine.spec().name);
    rec.actions.push_back(reply.move);
    rec.action_ms.push_back(reply.elapsed_ms);
    if (observe) observe(reply);
    return Turn::play(*action);
  };
  const game::GameEnd end =
      game::play_game(game, position, {.max_plies = max_plies}, turn, int(rec.actions.size()));
  return finish(end.winner, end.text);
}

}  // namespace kishi::match
