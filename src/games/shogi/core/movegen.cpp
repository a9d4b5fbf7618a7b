#include "games/shogi/core/movegen.h"

#include <algorithm>

namespace kishi::shogi {

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

namespace {

// Moves of one piece from `from` to every square of `targets`, with the promotion
// choices its type allows. `promote_from` holds `from` when the game lets a move
// that starts in the zone promote.
template <PieceType Pt>
Move* add_piece_moves(Move* out, Color us, Square from, Bitboard targets, bool from_in_zone) {
  const Bitboard zone = zone_bb(us);
  if constexpr (Pt == LANCE || Pt == KNIGHT) {
    // These move forward only: a move that starts in the zone ends there too.
    const Bitboard dead = last_ranks_bb(us, Pt == KNIGHT ? 2 : 1);
    for (Square to : squares(targets & zone)) *out++ = Move::normal(from, to, true);
    for (Square to : squares(targets & ~dead)) *out++ = Move::normal(from, to);
  } else if constexpr (Pt == SILVER || Pt == BISHOP || Pt == ROOK) {
    const Bitboard promoting = from_in_zone ? targets : targets & zone;
    for (Square to : squares(promoting)) *out++ = Move::normal(from, to, true);
    for (Square to : squares(targets)) *out++ = Move::normal(from, to);
  } else {
    for (Square to : squares(targets)) *out++ = Move::normal(from, to);
  }
  return out;
}

template <PieceType Pt>
Move* add_moves_of_type(const Position& pos, Move* out, Bitboard targets, Bitboard promote_from) {
  const Color us = pos.side_to_move();
  const Bitboard occ = pos.pieces();
  const Bitboard pinned = pos.pinned();
  const Square k = pos.king_square(us);
  Bitboard pieces;
  if constexpr (Pt == GOLD)
    pieces = pos.golds() & pos.pieces(us);
  else
    pieces = pos.pieces(us, Pt);
  for (Square from : squares(pieces)) {
    Bitboard att;
    if constexpr (Pt == LANCE)
      att = lance_attacks(us, from, occ);
    else if constexpr (Pt == KNIGHT)
      att = knight_attacks(us, from);
    else if constexpr (Pt == SILVER)
      att = silver_attacks(us, from);
    else if constexpr (Pt == GOLD)
      att = gold_attacks(us, from);
    else if constexpr (Pt == BISHOP)
      att = bishop_attacks(from, occ);
    else if constexpr (Pt == ROOK)
      att = rook_attacks(from, occ);
    else if constexpr (Pt == HORSE)
      att = bishop_attacks(from, occ) | king_attacks(from);
    else
      att = rook_attacks(from, occ) | king_attacks(from);
    att &= targets;
    if (test(pinned, from)) att &= line_bb(k, from);
    out = add_piece_moves<Pt>(out, us, from, att, test(promote_from, from));
  }
  return out;
}

// Pawn moves in bulk: unpinned pawns shift one rank forward together. A pawn
// never stands on its last rank, so the shift cannot cross into another file.
Move* add_pawn_moves(const Position& pos, Move* out, Bitboard targets) {
  const Color us = pos.side_to_move();
  const Bitboard pawns = pos.pieces(us, PAWN);
  const Bitboard pinned = pawns & pos.pinned();
  const int back = us == BLACK ? 1 : -1;  // from = to + back
  Bitboard to_bb = (us == BLACK ? (pawns & ~pinned) >> 1 : (pawns & ~pinned) << 1) & targets;
  // A pinned pawn moves only along its pin, which then runs along the file.
  const Square k = pos.king_square(us);
  for (Square from : squares(pinned)) to_bb |= pawn_attacks(us, from) & targets & line_bb(k, from);
  for (Square to : squares(to_bb & zone_bb(us))) *out++ = Move::normal(to + back, to, true);
  for (Square to : squares(to_bb & ~last_ranks_bb(us, 1))) *out++ = Move::normal(to + back, to);
  return out;
}

Move* add_drops(const Position& pos, Move* out, Bitboard targets) {
  const Color us = pos.side_to_move();
  if (pos.hand_count(us, PAWN)) {
    Bitboard t = targets & ~last_ranks_bb(us, 1) & ~occupied_files(pos.pieces(us, PAWN));
    // Uchifuzume: only a drop right in front of the enemy king can mate.
    const Square ek = pos.king_square(~us);
    if (ek != SQ_NONE) {
      const Square front = us == BLACK ? ek + 1 : ek - 1;
      if (is_square(front) && rank_of(front) == rank_of(ek) + (us == BLACK ? 1 : -1) &&
          test(t, front) && pos.is_pawn_drop_mate(front))
        t ^= square_bb(front);
    }
    for (Square to : squares(t)) *out++ = Move::drop(PAWN, to);
  }
  if (pos.hand_count(us, LANCE))
    for (Square to : squares(targets & ~last_ranks_bb(us, 1))) *out++ = Move::drop(LANCE, to);
  if (pos.hand_count(us, KNIGHT))
    for (Square to : squares(targets & ~last_ranks_bb(us, 2))) *out++ = Move::drop(KNIGHT, to);
  for (PieceType pt : {SILVER, GOLD, BISHOP, ROOK})
    if (pos.hand_count(us, pt))
      for (Square to : squares(targets)) *out++ = Move::drop(pt, to);
  return out;
}

}  // namespace

void legal_moves(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard own = pos.pieces(us);
  const Bitboard occ = pos.pieces();
  const Square k = pos.king_square(us);
  const Bitboard checkers = pos.checkers();
  Move* out = list.cursor();

  if (k != SQ_NONE) {
    const Bitboard occ_without_king = occ ^ square_bb(k);
    for (Square to : squares(king_attacks(k) & ~own))
      if (!pos.is_attacked(them, to, occ_without_king)) *out++ = Move::normal(k, to);
    if (more_than_one(checkers)) {
      list.set_end(out);
      return;
    }
  }

  Bitboard move_targets = BB_ALL & ~own;
  Bitboard drop_targets = BB_ALL & ~occ;
  if (checkers) {
    const Bitboard block = between_bb(k, lsb(checkers));
    move_targets = block | checkers;
    drop_targets = block;
  }

  const Bitboard promote_from = pos.game() == Game::Shogi ? zone_bb(us) & own : Bitboard(0);
  out = add_pawn_moves(pos, out, move_targets);
  out = add_moves_of_type<LANCE>(pos, out, move_targets, promote_from);
  out = add_moves_of_type<KNIGHT>(pos, out, move_targets, promote_from);
  out = add_moves_of_type<SILVER>(pos, out, move_targets, promote_from);
  out = add_moves_of_type<GOLD>(pos, out, move_targets, promote_from);
  out = add_moves_of_type<BISHOP>(pos, out, move_targets, promote_from);
  out = add_moves_of_type<ROOK>(pos, out, move_targets, promote_from);
  out = add_moves_of_type<HORSE>(pos, out, move_targets, promote_from);
  out = add_moves_of_type<DRAGON>(pos, out, move_targets, promote_from);
  if (drop_targets && !pos.hand_empty(us)) out = add_drops(pos, out, drop_targets);
  list.set_end(out);
}

}  // namespace kishi::shogi
