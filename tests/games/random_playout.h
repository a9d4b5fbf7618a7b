// Positions from seeded random playouts, shared by the property tests.
#pragma once

#include <cstdint>
#include <vector>

#include "games/shogi/core/position.h"

namespace kishi::shogi::testing {

// Plays `games` random games from the start position of `game` (at most
// `max_plies` plies each) and returns every position met, as SFENs.
std::vector<std::string> random_playout_sfens(Game game, int games, int max_plies, uint64_t seed);

}  // namespace kishi::shogi::testing
