#include "games/shogi/material_evaluator.h"

#include <cmath>

namespace kishi::shogi {

int material_value(PieceType pt) {
  static constexpr int VALUE[PIECE_TYPE_NB] = {0, 1, 3, 4, 5, 8, 10, 6, 0, 6, 6, 6, 6, 10, 12};
  return VALUE[pt];
}

int material_balance(const Position& pos) {
  const Color us = pos.side_to_move();
  int balance = 0;
  for (Square s : squares(pos.pieces())) {
    const Piece pc = pos.piece_on(s);
    balance += color_of(pc) == us ? material_value(type_of(pc)) : -material_value(type_of(pc));
  }
  for (int pt = PAWN; pt <= GOLD; ++pt)
    balance += material_value(PieceType(pt)) *
               (pos.hand_count(us, PieceType(pt)) - pos.hand_count(~us, PieceType(pt)));
  return balance;
}

void MaterialEvaluator::evaluate(const Position& pos, const MoveList& legal, Evaluation& out) {
  out.policy.resize(legal.size());
  const float prior = 1.0f / float(legal.size());
  for (size_t i = 0; i < legal.size(); ++i) out.policy[i] = {legal[i], prior};
  // About 10 points of material (a rook) is worth a 76% expected score.
  const float v = std::tanh(float(material_balance(pos)) / 10.0f);
  out.wdl = {(1 + v) / 2, 0, (1 - v) / 2};
}

}  // namespace kishi::shogi
