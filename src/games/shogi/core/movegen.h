// Legal move generation.
#pragma once

#include <algorithm>
#include <cstddef>

#include "games/shogi/core/position.h"

namespace kishi::shogi {

// Room for every legal move of any position Position accepts. Reachable
// positions have at most 593, but a position set up from SFEN may lack a king
// or hold extra pieces of a type. A side has at most 39 pieces on the board
// (MAX_PIECES), each with at most 32 moves (a rook or bishop reaching 16
// squares, promoting or not), plus at most 7 drops on each of 81 squares.
constexpr int MAX_MOVES = (MAX_PIECES - 1) * 32 + 7 * SQ_NB;

class MoveList {
 public:
  MoveList() = default;
  // The end pointer points into the list itself: a copy must point into the copy.
  MoveList(const MoveList& other) : last_(moves_ + other.size()) {
    std::copy(other.begin(), other.end(), moves_);
  }
  MoveList& operator=(const MoveList& other) {
    if (this != &other) {
      std::copy(other.begin(), other.end(), moves_);
      last_ = moves_ + other.size();
    }
    return *this;
  }

  const Move* begin() const { return moves_; }
  const Move* end() const { return last_; }
  size_t size() const { return size_t(last_ - moves_); }
  bool empty() const { return last_ == moves_; }
  Move operator[](size_t i) const { return moves_[i]; }
  bool contains(Move m) const;

  void push(Move m) { *last_++ = m; }
  void clear() { last_ = moves_; }
  Move* cursor() { return last_; }
  void set_end(Move* end) { last_ = end; }

 private:
  Move moves_[MAX_MOVES];
  Move* last_ = moves_;
};

// Every legal move: promotions and their optional non-promotions, drops with
// all three restrictions, check evasions. Order: board moves, then drops.
void legal_moves(const Position& pos, MoveList& list);

inline MoveList legal_moves(const Position& pos) {
  MoveList list;
  legal_moves(pos, list);
  return list;
}

}  // namespace kishi::shogi
