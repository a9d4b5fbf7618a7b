// The built-in opponents of every game, for evaluations and ladders: the
// uniform random mover, and the 1-ply greedy player of games that can value an
// action's immediate gain (material_gain: shogi's captures and promotions).
#pragma once

#include <concepts>
#include <limits>
#include <vector>

#include "game/game.h"

namespace kishi::players {

template <class G>
concept HasMaterialGain = requires(const G& g, const typename G::State& s, typename G::Action a) {
  { g.material_gain(s, a) } -> std::convertible_to<int>;
};

// A legal action drawn uniformly; the state must have one.
template <game::Game G, class Rng>
typename G::Action random_action(const G& game, const typename G::State& s, Rng& rng) {
  typename G::ActionList legal;
  game.legal_actions(s, legal);
  return legal[rng() % legal.size()];
}

// The action of the largest immediate gain, ties drawn uniformly; the state must have one.
template <game::Game G, class Rng>
requires HasMaterialGain<G>
typename G::Action greedy_action(const G& game, const typename G::State& s, Rng& rng) {
  typename G::ActionList legal;
  game.legal_actions(s, legal);
  int best = std::numeric_limits<int>::min();  // gains may be negative (gnome)
  std::vector<typename G::Action> ties;
  for (size_t i = 0; i < legal.size(); ++i) {
    const int v = game.material_gain(s, legal[i]);
    if (v > best) {
      best = v;
      ties.clear();
    }
    if (v == best) ties.push_back(legal[i]);
  }
  return ties[rng() % ties.size()];
}

}  // namespace kishi::players
