// The policy's action space: every move of shogi as (move plane, destination).
//
// Seen from the side to move (the board turned round for White), a board move
// is named by the direction it travels in (8 king directions and the 2 knight
// jumps) and whether it promotes: 20 planes; a drop by its piece type: 7
// planes. Index = plane * 81 + destination, 27 * 81 = 2187 entries. The mover
// of a board move is the nearest piece behind the destination in the reverse
// direction, so the index names one move of a position and back.
#pragma once

#include "games/shogi/core/position.h"

namespace kishi::shogi {

constexpr int POLICY_DIRECTIONS = 10;
constexpr int POLICY_PLANES = 2 * POLICY_DIRECTIONS + 7;
constexpr int POLICY_SIZE = POLICY_PLANES * SQ_NB;

// The square as the side to move sees it (turned round for White).
constexpr Square oriented(Color side, Square s) { return side == BLACK ? s : SQ_NB - 1 - s; }

// Index of a legal move of pos.
int policy_index(const Position& pos, Move m);
// The legal move of pos with this index, or no move (false) when none has it.
Move move_from_policy_index(const Position& pos, int index);

}  // namespace kishi::shogi
