// Scoring a game drawn by its length by the material on the board, for games
// with a static value (self-play's adjudicate_material, kishi evaluate
// --adjudicate-material): gnome's games from weak play nearly all reach the
// limit, and a draw says nothing of who was winning.
#pragma once

#include <cstdlib>
#include <optional>

#include "game/game.h"

namespace kishi::game {

// The player at least `threshold` ahead by the game's static value (centipawns
// for the side to move); nothing when neither is, threshold <= 0, or the game
// has no static value.
template <Game G>
std::optional<int> material_leader(const G& game, const typename G::State& s, int threshold) {
  if constexpr (requires { game.static_value(s); }) {
    if (threshold <= 0) return std::nullopt;
    const int value = game.static_value(s);
    if (std::abs(value) >= threshold) return value > 0 ? game.player(s) : 1 - game.player(s);
  }
  return std::nullopt;
}

}  // namespace kishi::game
