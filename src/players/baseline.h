// The built-in baselines as one player: the uniform random mover, the 1-ply
// greedy player (games with a material gain), the depth-limited alpha-beta
// search (games with a static value). The evaluation's opponents and the
// engine's `kishi usi --player` are this one player.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>

#include "game/game.h"
#include "players/alpha_beta.h"
#include "players/players.h"

namespace kishi::players {

enum class Baseline { Random, Greedy, AlphaBeta };

inline const char* baseline_name(Baseline b) {
  return b == Baseline::Random ? "random" : b == Baseline::Greedy ? "greedy" : "alpha-beta";
}

// Whether the game has what the baseline needs.
template <game::Game G>
constexpr bool has_baseline(Baseline b) {
  switch (b) {
    case Baseline::Random: return true;
    case Baseline::Greedy: return HasMaterialGain<G>;
    case Baseline::AlphaBeta: return AlphaBetaGame<G>;
  }
  return false;
}

template <game::Game G>
class BaselinePlayer {
 public:
  using State = typename G::State;
  using Action = typename G::Action;
  // What the alpha-beta found at each depth (empty for the other baselines).
  using OnIteration =
      std::function<void(int depth, int64_t nodes, int score, const std::vector<Action>& pv)>;

  // The game must have the baseline (has_baseline); `table_bits` sizes the
  // alpha-beta's table.
  BaselinePlayer(const G& game, Baseline kind, uint64_t seed, int table_bits = 16)
      : game_(game), kind_(kind), rng_(seed) {
    if constexpr (AlphaBetaGame<G>)
      if (kind == Baseline::AlphaBeta) alpha_beta_.search.emplace(game, table_bits);
  }

  Baseline kind() const { return kind_; }

  // The action for `s`, which has one. The alpha-beta searches to `depth`
  // within `nodes` (-1: no bound) until *halt turns true.
  Action choose(const State& s, int depth = 1, int64_t nodes = -1,
                const std::atomic<bool>* halt = nullptr, const OnIteration& on_iteration = {}) {
    if (kind_ == Baseline::Greedy) {
      if constexpr (HasMaterialGain<G>) return greedy_action(game_, s, rng_);
    }
    if (kind_ == Baseline::AlphaBeta) {
      if constexpr (AlphaBetaGame<G>) {
        using Result = typename AlphaBeta<G>::Result;
        const auto report = [&](const Result& r) {
          if (on_iteration) on_iteration(r.depth, r.nodes, r.score, r.pv);
        };
        return alpha_beta_.search->search(s, depth, nodes, halt, report).best;
      }
    }
    return random_action(game_, s, rng_);
  }

 private:
  G game_;
  Baseline kind_;
  std::mt19937_64 rng_;
  OptionalAlphaBeta<G> alpha_beta_;
};

}  // namespace kishi::players
