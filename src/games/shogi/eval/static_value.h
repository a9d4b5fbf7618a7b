// shogi's static evaluation for the alpha-beta baseline: material (pieces in
// hand a little dearer) and king shelter, in centipawns.
#pragma once

#include "games/shogi/core/position.h"

namespace kishi::shogi {

// For the side to move, in centipawns (pawn = 100).
int static_value(const Position& pos);

}  // namespace kishi::shogi
