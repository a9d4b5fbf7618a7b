// The built-in evaluator, for play and tests without a network: a uniform prior
// over legal moves and a value from the material balance (board and hands).
#pragma once

#include "game/leaf_evaluator.h"
#include "games/shogi/shogi_game.h"

namespace kishi::shogi {

// Material of a piece type in pawns (shogi programs' customary scale).
int material_value(PieceType pt);
// Material of the side to move minus the opponent's, board and hands.
int material_balance(const Position& pos);

class MaterialEvaluator final : public game::LeafEvaluator<ShogiGame> {
 public:
  void evaluate(const Position& pos, const MoveList& legal, Evaluation& out) override;
};

}  // namespace kishi::shogi
