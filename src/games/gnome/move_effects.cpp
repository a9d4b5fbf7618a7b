#include "games/gnome/move_effects.h"

#include "games/gnome/geometry.h"

namespace kishi::gnome {

void MoveEffects::set(int sq, Stack s) {
  if (!(changed_ & bit(sq))) {
    changed_ |= bit(sq);
    saved_square_[saved_count_] = uint8_t(sq);
    saved_[saved_count_++] = stacks_[sq].bits();
  }
  stacks_[sq] = s;
}

void MoveEffects::undo() {
  for (int i = saved_count_ - 1; i >= 0; --i)
    stacks_[saved_square_[i]] = Stack::from_bits(saved_[i]);
  saved_count_ = 0;
  changed_ = level0_ = 0;
  piece_left_ = pawn_moved_ = fresh_ = false;
}

// Rule 6: the pieces above drop one level; nothing is eliminated.
Piece MoveEffects::remove_at(int sq, int level) {
  const Stack s = stacks_[sq];
  const Piece p = s.at(level);
  set(sq, s.without(level));
  if (level == 0) level0_ |= bit(sq);
  piece_left_ = true;
  return p;
}

// Rules 11-12: the piece at `level` of each neighbour goes; not a capture.
void MoveEffects::explode(int centre, int level) {
  for (uint64_t n = geometry().king[centre]; n;) {
    const int sq = pop_lowest(n);
    if (stacks_[sq].height() > level) remove_at(sq, level);
  }
}

// A healthy bishop wounded now: the mover's stays through this move's end (rule 29).
Piece MoveEffects::wound(Piece bishop) const {
  if (colour_of(bishop) != mover_) return make_piece(colour_of(bishop), WOUNDED);
  fresh_ = true;
  return FRESH;
}

// Rules 4, 5, 9, 12, 23, 30: `unit` captures the bottom piece of sq.
void MoveEffects::capture(int sq, Stack unit) {
  Stack victim = stacks_[sq];
  const Piece taken = victim.bottom();
  victim = victim.from(1);
  level0_ |= bit(sq);
  piece_left_ = true;
  bool explodes = false;  // at level 0, once the falls are done (rule 23)
  Stack capturer = unit;
  if (type_of(taken) == BISHOP) {
    const Piece c = capturer.bottom();
    if (type_of(c) == BISHOP) {
      capturer = capturer.with_piece(0, wound(c));  // rule 30: the capturer is wounded
    } else {
      explodes |= type_of(c) == QUEEN;  // the wounded bishop eliminates the capturer
      capturer = capturer.with_piece(0, wound(taken));
    }
  } else if (type_of(taken) == QUEEN) {
    explodes = true;
  }
  // The bottom of `faller` falls on the bottom of `under` and eliminates it.
  auto fall = [&](Stack& faller, Stack& under) {
    const Piece a = faller.bottom(), b = under.bottom();
    if (type_of(b) == BISHOP) {
      if (type_of(a) == BISHOP) {
        faller = faller.with_piece(0, wound(a));  // rule 30
      } else {
        explodes |= type_of(a) == QUEEN;  // b, wounded, falls on a and takes its place
        faller = faller.with_piece(0, wound(b));
      }
    } else {
      explodes |= type_of(b) == QUEEN;
    }
    under = under.from(1);
  };
  while (!victim.empty() && !capturer.empty()) {
    fall(victim, capturer);
    if (capturer.empty()) break;
    fall(capturer, victim);
  }
  set(sq, victim.empty() ? capturer : victim);
  if (explodes) explode(sq, 0);
}

void MoveEffects::play_step(const Move& m) {
  const Stack source = stacks_[m.from];
  Stack unit = source.from(m.level);
  set(m.from, source.below(m.level));
  if (m.level == 0) level0_ |= bit(m.from);
  const Piece piece = unit.bottom();
  if (type_of(piece) == PAWN) pawn_moved_ = true;
  if (m.promotion != NO_TYPE) unit = unit.with_piece(0, make_piece(colour_of(piece), m.promotion));
  const Stack target = stacks_[m.to];
  if (target.empty()) {
    if (type_of(piece) == PAWN && m.to == en_passant_ && file_of(m.to) != file_of(m.from) &&
        rank_of(m.to) != rank_of(m.from))
      remove_at(colour_of(piece) == WHITE ? m.to - 8 : m.to + 8, 0);  // en passant
    set(m.to, unit);
  } else if (m.climb) {
    set(m.to, target.with_on_top(unit));
  } else {
    capture(m.to, unit);
  }
}

// Rules 13, 14, 31: the king's first step; the falls it causes wait for the
// end of the move, in `waiting`.
void MoveEffects::king_first_step(int from, int d1, bool climb, Stack& waiting) {
  const Stack source = stacks_[from];
  const int level = source.height() - 1;
  const Stack king = Stack::of(source.at(level));
  set(from, source.below(level));
  if (level == 0) level0_ |= bit(from);
  waiting = Stack();
  if (rank_of(d1) == rank_of(from) && (d1 - from == 2 || from - d1 == 2)) {
    const int corner = d1 > from ? from + 3 : from - 4;
    set((from + d1) / 2, stacks_[corner]);  // the rook with its unit
    set(corner, Stack());
    level0_ |= bit(corner);
    set(d1, king);
    return;
  }
  const Stack target = stacks_[d1];
  if (target.empty()) {
    set(d1, king);
  } else if (climb) {
    set(d1, target.with_on_top(king));
  } else {
    const Piece taken = target.bottom();
    waiting = target.from(1);
    level0_ |= bit(d1);
    piece_left_ = true;
    if (type_of(taken) == BISHOP) waiting = Stack::of(wound(taken)).with_on_top(waiting);
    set(d1, king);
    if (type_of(taken) == QUEEN) explode(d1, 0);  // at once (rule 31)
  }
}

// The second step, its falls at once; then the first step's waiting pieces
// come down on d1, empty by then.
void MoveEffects::king_second_step(int d1, int d2, bool climb, Stack waiting) {
  const Stack at_d1 = stacks_[d1];
  const Stack king = Stack::of(at_d1.top());
  set(d1, at_d1.below(at_d1.height() - 1));
  const Stack target = stacks_[d2];
  if (target.empty())
    set(d2, king);
  else if (climb)
    set(d2, target.with_on_top(king));
  else
    capture(d2, king);
  if (!waiting.empty()) set(d1, stacks_[d1].with_on_top(waiting));
}

void MoveEffects::play(const Move& m) {
  switch (m.kind) {
    case Kind::STEP: play_step(m); break;
    case Kind::KING: {
      Stack waiting;
      king_first_step(m.from, m.to, m.climb, waiting);
      king_second_step(m.to, m.aux, m.climb2, waiting);
      break;
    }
    case Kind::EXPLODE: explode(m.from, m.level); break;
    case Kind::KNIGHT_TOP: {
      const Stack source = stacks_[m.from];
      const Stack knight = source.from(m.level);
      set(m.from, source.below(m.level));
      if (m.level == 0) level0_ |= bit(m.from);
      const Stack target = stacks_[m.to];
      const Piece taken = target.at(m.aux_level);
      piece_left_ = true;
      const Stack below = target.below(m.aux_level);
      if (type_of(taken) == BISHOP) {
        set(m.to, below.with_on_top(Stack::of(wound(taken))));  // rule 30
      } else {
        set(m.to, below.with_on_top(knight));
        if (type_of(taken) == QUEEN) explode(m.to, m.aux_level);
      }
      break;
    }
    case Kind::KNIGHT_AREA: {
      const Stack source = stacks_[m.from];
      const Stack knight = source.from(m.level);
      set(m.from, source.below(m.level));
      if (m.level == 0) level0_ |= bit(m.from);
      const Piece taken = remove_at(m.aux, m.aux_level);
      // A bishop taken falls on the knight at its destination (rule 9).
      set(m.to, type_of(taken) == BISHOP ? Stack::of(wound(taken)) : knight);
      if (type_of(taken) == QUEEN) explode(m.aux, m.aux_level);
      break;
    }
    case Kind::SHIFT: {
      const Stack lone = stacks_[m.from];
      const Stack pawn =
          m.promotion != NO_TYPE ? Stack::of(make_piece(mover_, m.promotion)) : stacks_[m.to];
      set(m.from, pawn);
      set(m.to, lone);
      level0_ |= bit(m.from) | bit(m.to);
      pawn_moved_ = true;
      break;
    }
    case Kind::NONE:
    case Kind::VETO:
    case Kind::ACCEPT: break;
  }
}

void MoveEffects::finish(uint64_t before_wounded) {
  if (!before_wounded && !fresh_) return;
  const Piece expiring = make_piece(mover_, WOUNDED);
  for (uint64_t squares = before_wounded | changed_; squares;) {
    const int sq = pop_lowest(squares);
    for (int l = stacks_[sq].height() - 1; l >= 0; --l) {
      const Piece p = stacks_[sq].at(l);
      if (p == expiring) {
        remove_at(sq, l);
      } else if (p == FRESH) {
        set(sq, stacks_[sq].with_piece(l, expiring));
      }
    }
  }
}

void make_move(Position& p, const Move& m, MoveUndo* undo) {
  const int side = p.side;
  if (undo) {
    undo->key = p.key;
    undo->occupied = p.occupied;
    undo->rook_top = p.rook_top;
    undo->lone = p.lone;
    undo->bottom_of = p.bottom_of;
    undo->top_of = p.top_of;
    undo->pieces = p.pieces;
    undo->side = p.side;
    undo->castling = p.castling;
    undo->en_passant = p.en_passant;
    undo->token_holder = p.token_holder;
    undo->token_usable = p.token_usable;
    undo->banned = p.banned;
    undo->halfmove = p.halfmove;
    undo->fullmove = p.fullmove;
  }
  MoveEffects e(p.stacks, side, p.en_passant);
  e.play(m);
  e.finish(p.pieces[side][WOUNDED]);
  const int changed = e.changed_count();
  for (int i = 0; i < changed; ++i) p.refresh(e.changed_square(i), e.saved(i));
  if (undo) {
    undo->count = changed;
    for (int i = 0; i < changed; ++i) {
      undo->squares[i] = uint8_t(e.changed_square(i));
      undo->stacks[i] = e.saved(i).bits();
    }
  }
  p.key ^= p.fields_key();
  const uint64_t left = e.level0_left();
  if (left & (bit(4) | bit(7))) p.castling &= ~WHITE_KINGSIDE;
  if (left & (bit(4) | bit(0))) p.castling &= ~WHITE_QUEENSIDE;
  if (left & (bit(60) | bit(63))) p.castling &= ~BLACK_KINGSIDE;
  if (left & (bit(60) | bit(56))) p.castling &= ~BLACK_QUEENSIDE;
  const bool double_step =
      m.kind == Kind::STEP && e.pawn_moved() && (m.to - m.from == 16 || m.from - m.to == 16);
  p.en_passant = double_step ? uint8_t((m.from + m.to) / 2) : uint8_t(NO_SQUARE);
  if (e.pawn_moved() || e.piece_left_board())
    p.halfmove = 0;
  else if (p.halfmove < UINT16_MAX)
    ++p.halfmove;
  if (side == BLACK) ++p.fullmove;
  // The token (rule 17): lower case turns usable once its holder has moved
  // after the vetoing side's free move.
  if (!p.token_usable && side == p.token_holder && p.banned.kind == Kind::NONE)
    p.token_usable = true;
  p.banned = Move{};
  p.side = uint8_t(1 - side);
  p.key ^= p.fields_key();
}

void unmake_move(Position& p, const MoveUndo& undo) {
  for (int i = undo.count - 1; i >= 0; --i)
    p.stacks[undo.squares[i]] = Stack::from_bits(undo.stacks[i]);
  p.occupied = undo.occupied;
  p.rook_top = undo.rook_top;
  p.lone = undo.lone;
  p.bottom_of = undo.bottom_of;
  p.top_of = undo.top_of;
  p.pieces = undo.pieces;
  p.side = undo.side;
  p.castling = undo.castling;
  p.en_passant = undo.en_passant;
  p.token_holder = undo.token_holder;
  p.token_usable = undo.token_usable;
  p.banned = undo.banned;
  p.halfmove = undo.halfmove;
  p.fullmove = undo.fullmove;
  p.key = undo.key;
}

void play_move(const Position& before, const Move& m, Position& after) {
  after = before;
  make_move(after, m, nullptr);
}

}  // namespace kishi::gnome
