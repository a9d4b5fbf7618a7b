// What the search needs of a game. The search is a template over a type that
// models SearchGame, so every game gets PUCT, batching, noise, Gumbel root and
// tree reuse with no virtual call in the hot loop. Actions are opaque to the
// search; a player may move twice in a row (the search never assumes
// alternation: it asks player() of each state it reaches).
#pragma once

#include <concepts>
#include <cstdint>
#include <string>

namespace kishi::search {

// A final state, scored for the player to move: +1 win, 0 draw, -1 loss.
struct Terminal {
  bool over = false;
  float value = 0;
};

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
};

}  // namespace kishi::search
