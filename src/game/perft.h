// perft for any game: the number of action sequences of a given length from a
// state (the last ply counted in bulk). A game may bring its own, faster or
// with threads, as the capabilities perft(s, depth, threads) and
// perft_divide(s, depth): count() and divide() take it where there is one.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "game/game.h"

namespace kishi::game {

template <SearchGame G>
uint64_t perft(const G& game, typename G::State& s, int depth) {
  if (depth <= 0) return 1;
  typename G::ActionList list;
  game.legal_actions(s, list);
  if (depth == 1) return list.size();
  uint64_t nodes = 0;
  for (size_t i = 0; i < list.size(); ++i) {
    game.play(s, list[i]);
    nodes += perft(game, s, depth - 1);
    game.undo(s);
  }
  return nodes;
}

// The count below each root action, with the action's text.
template <SearchGame G>
std::vector<std::pair<std::string, uint64_t>> perft_divide(const G& game, typename G::State s,
                                                           int depth) {
  std::vector<std::pair<std::string, uint64_t>> counts;
  typename G::ActionList list;
  game.legal_actions(s, list);
  for (size_t i = 0; i < list.size(); ++i) {
    game.play(s, list[i]);
    counts.emplace_back(game.action_text(list[i]), perft(game, s, depth - 1));
    game.undo(s);
  }
  return counts;
}

// The count from `root`, by the game's own perft where it has one.
template <SearchGame G>
uint64_t count(const G& game, const typename G::State& root, int depth, int threads) {
  if constexpr (requires { game.perft(root, depth, threads); }) {
    return game.perft(root, depth, threads);
  } else {
    typename G::State s = root;
    return perft(game, s, depth);
  }
}

// The count below each root action, by the game's own where it has one.
template <SearchGame G>
std::vector<std::pair<std::string, uint64_t>> divide(const G& game, const typename G::State& root,
                                                     int depth) {
  if constexpr (requires { game.perft_divide(root, depth); })
    return game.perft_divide(root, depth);
  else
    return perft_divide(game, root, depth);
}

}  // namespace kishi::game
