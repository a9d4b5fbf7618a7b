// gnome's move generation: the moves of every rule as the pattern allows them
// (pseudo-legal), the threat test of rule 19, and the legal moves, one per
// distinct result (rules 19, 22).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "games/gnome/position.h"
#include "games/gnome/types.h"

namespace kishi::gnome {

template <size_t N>
class FixedMoveList {
 public:
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](size_t i) const { return moves_[i]; }
  Move& operator[](size_t i) { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  void clear() { size_ = 0; }
  void push(const Move& m) {
    if (size_ == N) throw std::length_error("gnome: more moves than a move list holds");
    moves_[size_++] = m;
  }

 private:
  std::array<Move, N> moves_;
  size_t size_ = 0;
};

using MoveList = FixedMoveList<1024>;

// Every move of `side` its pieces' patterns allow, before the king's safety
// (rule 24's threats are these moves of the opponent).
void pseudo_moves(const Position& p, int side, MoveList& out);

// Whether a move of the opponent could capture, eliminate or explode the king
// of `colour` (rule 19; pseudo-legal opponent moves: rule 24). A missing king
// counts as threatened.
bool threatened(const Position& p, int colour);

// The legal moves of the side to move, one per distinct result, each written
// with the smallest of its texts; the banned move of a veto left out. Returns
// the count.
size_t legal_moves(const Position& p, MoveList& out);

}  // namespace kishi::gnome
