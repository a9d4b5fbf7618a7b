// One game played to its end, for any game and any players: the loop of
// self-play, teacher games, evaluation games and the match referee. It asks
// the rules for the end after every action, stops at the ply limit (a draw,
// scored by material where asked), and otherwise asks the players for the
// next action, or for an end of their own (a resignation, a fault, a stop).
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "game/adjudication.h"
#include "game/game.h"

namespace kishi::game {

// How a game ended.
struct GameEnd {
  enum class By : uint8_t {
    Rules,     // the rules' verdict (reason: the game's code)
    PlyLimit,  // a draw at the ply limit
    Material,  // a draw by length, scored for the side ahead on material
    Player,    // a player's end: a resignation, a fault, a stop (reason: the caller's code)
  };
  By by = By::Rules;
  int winner = Outcome::DRAW;
  uint8_t reason = 0;
  std::string text;  // in words; for Material, the draw's ("maximum plies")
};

struct PlayLimits {
  int max_plies = 0;            // a draw at this many plies; 0: none beyond the rules
  int adjudicate_material = 0;  // a draw at max_plies goes to a side this far ahead; 0: off
};

// A player's turn: the action to play, or the end of the game.
template <class Action>
struct Turn {
  std::optional<Action> action;
  GameEnd end;
  static Turn play(Action a) { return {std::move(a), {}}; }
  static Turn finish(int winner, uint8_t reason, std::string text) {
    return {std::nullopt, {GameEnd::By::Player, winner, reason, std::move(text)}};
  }
};

// Plays from `state` (left at the end) until the game ends. choose(state,
// legal, ply) gives each turn, for whichever player is to move; `ply` counts
// from first_ply (the actions before `state`, such as an opening's).
template <Game G, class Choose>
GameEnd play_game(const G& game, typename G::State& state, const PlayLimits& limits,
                  Choose&& choose, int first_ply = 0) {
  typename G::ActionList legal;
  for (int ply = first_ply;; ++ply) {
    game.legal_actions(state, legal);
    const Outcome outcome = game.outcome(state, legal);
    const bool at_limit = limits.max_plies > 0 && ply >= limits.max_plies;
    if (!outcome.over && !at_limit) {
      Turn<typename G::Action> turn = choose(std::as_const(state), std::as_const(legal), ply);
      if (!turn.action) return std::move(turn.end);
      game.play(state, *turn.action);
      continue;
    }
    GameEnd end = outcome.over ? GameEnd{GameEnd::By::Rules, outcome.winner, outcome.reason,
                                         game.reason_text(outcome.reason)}
                               : GameEnd{GameEnd::By::PlyLimit, Outcome::DRAW, 0, "maximum plies"};
    // A draw by length: the game reached the limit, whichever said it.
    if (end.winner == Outcome::DRAW && at_limit)
      if (const auto leader = material_leader(game, state, limits.adjudicate_material)) {
        end.by = GameEnd::By::Material;
        end.winner = *leader;
      }
    return end;
  }
}

}  // namespace kishi::game
