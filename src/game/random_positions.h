// States of seeded random games: the same positions on every run and machine,
// for benchmarks, int8 calibration and the accuracy checks of the network's
// backends. Each game starts from the start state and is cut at `max_plies`
// or at its end.
#pragma once

#include <cstdint>
#include <vector>

#include "game/game.h"

namespace kishi::game {

template <Game G>
std::vector<typename G::State> random_positions(const G& game, size_t count, uint64_t seed,
                                                int max_plies = 120) {
  std::vector<typename G::State> positions;
  uint64_t rng = seed;
  typename G::ActionList moves;
  while (positions.size() < count) {
    typename G::State pos = game.start_state();
    for (int ply = 0; ply < max_plies && positions.size() < count; ++ply) {
      game.legal_actions(pos, moves);
      if (moves.size() == 0 || game.terminal(pos, moves).over) break;
      positions.push_back(pos);
      rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;  // Knuth's LCG
      game.play(pos, moves[(rng >> 33) % moves.size()]);
    }
  }
  return positions;
}

}  // namespace kishi::game
