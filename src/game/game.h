// What kishi needs of a game, as compile-time concepts: every layer above the
// rules (search, network, self-play, training, matches, protocols) is a
// template over a type that models them, so each game gets all of them with no
// virtual call in a hot loop. docs/games.md shows how a game is added.
//
// A game object is small and cheap to copy: it holds the variant's rules (a
// Rules struct, as KataGo keeps variants), never a position. Players are 0 and
// 1; a player may move twice in a row and a state may be a decision (accept or
// reject the last move): nothing above the rules assumes alternation, each
// asks player() of the state it reaches.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

#include "common/expected.h"

namespace kishi::game {

// A final state for the search, scored for the player to move: +1 win, 0 draw, -1 loss.
struct Terminal {
  bool over = false;
  float value = 0;
};

// The rules' verdict on a state: the one adjudicator of self-play,
// evaluation games and the match referee (the search's terminal() applies the
// same rules, with what it may foresee inside its tree).
struct Outcome {
  static constexpr int DRAW = -1;
  bool over = false;
  int winner = DRAW;   // the winning player, or DRAW
  uint8_t reason = 0;  // the game's own code, named by reason_text()
  bool operator==(const Outcome&) const = default;
};

// What the tree search needs.
template <class G>
concept SearchGame = requires(const G& game, typename G::State& state,
                              const typename G::State& cstate, typename G::Action action,
                              typename G::ActionList& list) {
  { game.player(cstate) } -> std::convertible_to<int>;
  game.legal_actions(cstate, list);
  game.play(state, action);
  game.undo(state);
  // Whether the state ends the game, given its legal actions (already generated).
  { game.terminal(cstate, list) } -> std::same_as<Terminal>;
  { game.action_text(action) } -> std::convertible_to<std::string>;
  { list.size() } -> std::convertible_to<size_t>;
  { list[0] } -> std::convertible_to<typename G::Action>;
};

// What every layer above the search needs as well.
template <class G>
concept Game = SearchGame<G> &&
    requires(const G& game, const typename G::State& cstate, const typename G::ActionList& clist,
             typename G::Action action, std::string_view text, uint32_t packed, uint8_t reason) {
  { game.name() } -> std::convertible_to<std::string_view>;  // its registry name
  { game.start_state() } -> std::same_as<typename G::State>;
  // State text (SFEN for shogi): print, and parse with an error naming the fault.
  { game.state_text(cstate) } -> std::convertible_to<std::string>;
  { game.parse_state(text) } -> std::same_as<Expected<typename G::State>>;
  // Action text (USI for shogi): parse checks legality in the state.
  { game.parse_action(cstate, text) } -> std::same_as<Expected<typename G::Action>>;
  { game.is_legal(cstate, action) } -> std::same_as<bool>;
  { game.outcome(cstate, clist) } -> std::same_as<Outcome>;
  { game.reason_text(reason) } -> std::convertible_to<std::string>;
  // Actions in files: a fixed-width integer. unpack() of any value gives an
  // action that is_legal() may then refuse.
  { game.pack(action) } -> std::same_as<uint32_t>;
  { game.unpack(packed) } -> std::same_as<typename G::Action>;
};

}  // namespace kishi::game
