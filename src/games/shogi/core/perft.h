// Perft: the number of leaf nodes of the legal move tree, the standard check
// of a move generator. The last ply is counted in bulk (legal moves are counted,
// not played); no hashing.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "games/shogi/core/position.h"

namespace kishi::shogi {

uint64_t perft(Position& pos, int depth);

// Count per root move, as `--divide` prints it.
std::vector<std::pair<Move, uint64_t>> perft_divide(const Position& pos, int depth);

// Root moves shared out to `threads` workers; same result as perft().
uint64_t perft_parallel(const Position& pos, int depth, int threads);

}  // namespace kishi::shogi
