// The built-in evaluator, for play and tests without a network: a uniform prior
// over legal moves and a value from the material balance (board and hands).
#pragma once

#include "engine/search/leaf_evaluator.h"
#include "engine/search/shogi_game.h"

namespace kishi::search {

// Material of a piece type in pawns (shogi programs' customary scale).
int material_value(shogi::PieceType pt);
// Material of the side to move minus the opponent's, board and hands.
int material_balance(const shogi::Position& pos);

class MaterialEvaluator final : public LeafEvaluator<ShogiGame> {
 public:
  void evaluate(const shogi::Position& pos, const shogi::MoveList& legal, Evaluation& out) override;
};

}  // namespace kishi::search
