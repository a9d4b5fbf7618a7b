#include "games/shogi/mate/quick_mate.h"

#include "games/shogi/core/movegen.h"

namespace kishi::shogi {
namespace {

class QuickMate {
 public:
  QuickMate(Position& pos, int max_moves) : pos_(pos), moves_left_(max_moves) {}

  // The attacker to move: is there a check after which every reply loses within `plies`?
  bool attack(int plies) {
    MoveList moves;
    legal_moves(pos_, moves);
    for (Move m : moves) {
      if (!pos_.gives_check(m)) continue;
      if (--moves_left_ < 0) return false;
      pos_.do_move(m);
      const bool mate = defend(plies - 1);
      pos_.undo_move();
      if (mate) return true;
    }
    return false;
  }

 private:
  // The defender to move, in check: does every reply lose within `plies`?
  bool defend(int plies) {
    MoveList replies;
    legal_moves(pos_, replies);
    if (replies.empty()) return true;
    if (plies < 2) return false;
    for (Move r : replies) {
      if (--moves_left_ < 0) return false;
      pos_.do_move(r);
      const bool lost = attack(plies - 1);
      pos_.undo_move();
      if (!lost) return false;
    }
    return true;
  }

  Position& pos_;
  int moves_left_;
};

}  // namespace

bool mates_within(Position& pos, int plies, int max_moves) {
  QuickMate search(pos, max_moves);
  for (int p = 1; p <= plies; p += 2)
    if (search.attack(p)) return true;
  return false;
}

}  // namespace kishi::shogi
