// What a move does to the stacks: units moving and climbing, captures with
// their falls (rule 5), wounded bishops (9, 29, 30), explosions (11, 12, 23),
// the knight's captures (7, 8), the king's two steps with their waiting falls
// (13, 14, 31), shifts (16). One code path plays moves, tests them for
// legality and tries the opponent's replies for threats (rule 19).
#pragma once

#include <array>
#include <cstdint>

#include "games/gnome/position.h"
#include "games/gnome/types.h"

namespace kishi::gnome {

// The stacks of a position while a move is played on them, with a record of
// what changed so that it can be undone.
class MoveEffects {
 public:
  MoveEffects(std::array<Stack, 64>& stacks, int mover, int en_passant)
      : stacks_(stacks), mover_(mover), en_passant_(en_passant) {}

  // Plays m's motion and captures with their falls and explosions (not the
  // end of the move: see finish()).
  void play(const Move& m);
  // The end of the move: its waiting falls have come down in play(); the
  // mover's wounded bishops that stood before the move (on `before_wounded`
  // or moved with the move) are removed, those wounded during it are kept.
  void finish(uint64_t before_wounded);
  // Puts back the stacks as they were before play().
  void undo();
  // The king's move one step at a time, for the generator (play() does both).
  void king_first_step(int from, int d1, bool climb, Stack& waiting);
  void king_second_step(int d1, int d2, bool climb, Stack waiting);

  uint64_t changed() const { return changed_; }     // squares whose stack changed
  uint64_t level0_left() const { return level0_; }  // squares whose level-0 piece moved or left
  bool piece_left_board() const { return piece_left_; }
  bool pawn_moved() const { return pawn_moved_; }
  int changed_count() const { return saved_count_; }
  int changed_square(int i) const { return saved_square_[i]; }
  Stack saved(int i) const { return Stack::from_bits(saved_[i]); }

 private:
  void set(int sq, Stack s);
  Piece remove_at(int sq, int level);
  void explode(int centre, int level);
  void capture(int sq, Stack unit);
  Piece wound(Piece bishop) const;
  void play_step(const Move& m);

  std::array<Stack, 64>& stacks_;
  int mover_, en_passant_;
  uint64_t changed_ = 0, level0_ = 0;
  bool piece_left_ = false, pawn_moved_ = false;
  mutable bool fresh_ = false;  // a bishop of the mover was wounded
  int saved_count_ = 0;
  uint8_t saved_square_[64];
  Stack::Bits saved_[64];  // left uninitialised: only the first saved_count_ are read
};

// What make_move changed, for unmake_move.
struct MoveUndo {
  int count = 0;
  uint8_t squares[64];
  Stack::Bits stacks[64];  // left uninitialised: only the first `count` are read
  uint64_t key;
  uint64_t occupied, rook_top, lone;  // the derived boards, put back whole
  std::array<uint64_t, 2> bottom_of, top_of;
  std::array<std::array<uint64_t, 8>, 2> pieces;
  uint8_t side, castling, en_passant, token_holder;
  bool token_usable;
  Move banned;
  uint16_t halfmove;
  uint32_t fullmove;
};

// Plays a move of the side to move (not the veto) in place, finished: rights,
// en passant, counters, token and key updated; `undo` (if given) takes it back.
void make_move(Position& p, const Move& m, MoveUndo* undo);
void unmake_move(Position& p, const MoveUndo& undo);
// The position after the move, on a copy.
void play_move(const Position& before, const Move& m, Position& after);

}  // namespace kishi::gnome
