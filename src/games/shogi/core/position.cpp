#include "games/shogi/core/position.h"

namespace kishi::shogi {

bool Position::hand_empty(Color c) const {
  for (int pt = PAWN; pt <= GOLD; ++pt)
    if (hand_[c][pt]) return false;
  return true;
}

void Position::put_piece(Piece pc, Square s) {
  board_[s] = pc;
  by_type_[type_of(pc)] |= square_bb(s);
  by_color_[color_of(pc)] |= square_bb(s);
}

void Position::remove_piece(Square s) {
  const Piece pc = board_[s];
  board_[s] = NO_PIECE;
  by_type_[type_of(pc)] ^= square_bb(s);
  by_color_[color_of(pc)] ^= square_bb(s);
}

Bitboard Position::attackers_to(Color by, Square s, Bitboard occ) const {
  // A piece of `by` on t attacks s iff the same piece of the other colour on s attacks t.
  const Color d = ~by;
  const Bitboard bishops = by_type_[BISHOP] | by_type_[HORSE];
  const Bitboard rooks = by_type_[ROOK] | by_type_[DRAGON];
  const Bitboard attackers =
      (pawn_attacks(d, s) & by_type_[PAWN]) | (knight_attacks(d, s) & by_type_[KNIGHT]) |
      (silver_attacks(d, s) & by_type_[SILVER]) | (gold_attacks(d, s) & golds()) |
      (king_attacks(s) & (by_type_[KING] | by_type_[HORSE] | by_type_[DRAGON])) |
      (lance_attacks(d, s, occ) & by_type_[LANCE]) |
      (bishops ? bishop_attacks(s, occ) & bishops : 0) | (rooks ? rook_attacks(s, occ) & rooks : 0);
  return attackers & by_color_[by];
}

bool Position::is_attacked(Color by, Square s, Bitboard occ) const {
  const Color d = ~by;
  const Bitboard them = by_color_[by];
  if (((pawn_attacks(d, s) & by_type_[PAWN]) | (knight_attacks(d, s) & by_type_[KNIGHT]) |
       (silver_attacks(d, s) & by_type_[SILVER]) | (gold_attacks(d, s) & golds()) |
       (king_attacks(s) & (by_type_[KING] | by_type_[HORSE] | by_type_[DRAGON]))) &
      them)
    return true;
  const Bitboard rooks = (by_type_[ROOK] | by_type_[DRAGON]) & them;
  const Bitboard lances = by_type_[LANCE] & them & lance_empty_attacks(d, s);
  if (lances && (lances & lance_attacks(d, s, occ))) return true;
  if ((rooks & attack_tables.rook_empty[s]) && (rooks & rook_attacks(s, occ))) return true;
  const Bitboard bishops = (by_type_[BISHOP] | by_type_[HORSE]) & them;
  return (bishops & attack_tables.bishop_empty[s]) && (bishops & bishop_attacks(s, occ));
}

bool Position::gives_check(Move m) const {
  const Color us = side_;
  const Square k = king_square_[~us];
  if (k == SQ_NONE) return false;
  const Square to = m.to();
  if (m.is_drop()) return test(attacks_of(make_piece(us, m.dropped_piece()), to, pieces()), k);
  const Square from = m.from();
  const Piece moved = m.is_promotion() ? Piece(board_[from] + PROMOTION_OFFSET) : board_[from];
  const Bitboard occ = (pieces() ^ square_bb(from)) | square_bb(to);
  if (test(attacks_of(moved, to, occ), k)) return true;
  // Uncovered: `from` stood on a line to the king and the move leaves that line.
  const Bitboard line = line_bb(k, from);
  if (!line || test(line, to)) return false;
  return (attackers_to(us, k, occ) & line & ~square_bb(from)) != 0;
}

Bitboard Position::pinned_pieces(Color c) const {
  const Square k = king_square_[c];
  if (k == SQ_NONE) return 0;
  const Color them = ~c;
  const Bitboard snipers =
      ((lance_empty_attacks(c, k) & by_type_[LANCE]) |
       (attack_tables.rook_empty[k] & (by_type_[ROOK] | by_type_[DRAGON])) |
       (attack_tables.bishop_empty[k] & (by_type_[BISHOP] | by_type_[HORSE]))) &
      by_color_[them];
  const Bitboard occ = pieces();
  Bitboard pinned = 0;
  for (Square s : squares(snipers)) {
    const Bitboard b = between_bb(k, s) & occ;
    if (b && !more_than_one(b)) pinned |= b & by_color_[c];
  }
  return pinned;
}

void Position::set_check_info(StateInfo& st) const {
  const Square k = king_square_[side_];
  st.checkers = k == SQ_NONE ? 0 : attackers_to(~side_, k, pieces());
  st.pinned = pinned_pieces(side_);
}

Key Position::compute_key() const {
  Key k = side_ == WHITE ? zobrist.side : 0;
  for (Square s = 0; s < SQ_NB; ++s)
    if (board_[s]) k ^= zobrist.piece_square[board_[s]][s];
  for (Color c : {BLACK, WHITE})
    for (int pt = PAWN; pt <= GOLD; ++pt) k ^= zobrist.hand[c][pt][hand_[c][pt]];
  return k;
}

void Position::do_move(Move m) {
  const Color us = side_;
  const Square to = m.to();
  Key key = states_.back().key ^ zobrist.side;
  Piece captured = NO_PIECE;

  if (m.is_drop()) {
    const PieceType pt = m.dropped_piece();
    const int n = hand_[us][pt]--;
    key ^= zobrist.hand[us][pt][n] ^ zobrist.hand[us][pt][n - 1];
    const Piece pc = make_piece(us, pt);
    put_piece(pc, to);
    key ^= zobrist.piece_square[pc][to];
  } else {
    const Square from = m.from();
    const Piece pc = board_[from];
    captured = board_[to];
    if (captured) {
      remove_piece(to);
      key ^= zobrist.piece_square[captured][to];
      const PieceType hp = unpromoted(type_of(captured));
      const int n = hand_[us][hp]++;
      key ^= zobrist.hand[us][hp][n] ^ zobrist.hand[us][hp][n + 1];
    }
    remove_piece(from);
    const Piece moved = m.is_promotion() ? Piece(pc + PROMOTION_OFFSET) : pc;
    put_piece(moved, to);
    key ^= zobrist.piece_square[pc][from] ^ zobrist.piece_square[moved][to];
    if (type_of(pc) == KING) king_square_[us] = to;
  }

  side_ = ~us;
  ++move_number_;
  StateInfo& st = states_.emplace_back();
  st.key = key;
  st.move = m;
  st.captured = captured;
  set_check_info(st);
}

void Position::undo_move() {
  const StateInfo& st = states_.back();
  const Move m = st.move;
  const Piece captured = st.captured;
  states_.pop_back();
  side_ = ~side_;
  --move_number_;
  const Color us = side_;
  const Square to = m.to();

  if (m.is_drop()) {
    remove_piece(to);
    ++hand_[us][m.dropped_piece()];
    return;
  }
  const Piece moved = board_[to];
  remove_piece(to);
  const Piece pc = m.is_promotion() ? Piece(moved - PROMOTION_OFFSET) : moved;
  put_piece(pc, m.from());
  if (type_of(pc) == KING) king_square_[us] = m.from();
  if (captured) {
    put_piece(captured, to);
    --hand_[us][unpromoted(type_of(captured))];
  }
}

bool Position::is_pawn_drop_mate(Square s) const {
  const Color us = side_, them = ~us;
  const Square k = king_square_[them];
  if (k == SQ_NONE || !(pawn_attacks(us, s) & square_bb(k))) return false;
  const Bitboard occ = pieces() | square_bb(s);

  // Can a piece other than the king take the pawn without exposing its king?
  const Bitboard takers = attackers_to(them, s, occ) & ~square_bb(k);
  for (Square t : squares(takers))
    if (!attackers_to(us, k, occ ^ square_bb(t))) return false;

  // Can the king step to a safe square (the pawn's own square included)?
  const Bitboard occ_without_king = occ ^ square_bb(k);
  for (Square t : squares(king_attacks(k) & ~by_color_[them]))
    if (!attackers_to(us, t, occ_without_king)) return false;
  return true;
}

bool Position::is_pseudo_legal_drop(Move m) const {
  const Color us = side_;
  const PieceType pt = m.dropped_piece();
  const Square to = m.to();
  if (m.is_promotion() || pt < PAWN || pt > GOLD || !is_square(to) || !hand_[us][pt] || board_[to])
    return false;
  if ((pt == PAWN || pt == LANCE) && (last_ranks_bb(us, 1) & square_bb(to))) return false;
  if (pt == KNIGHT && (last_ranks_bb(us, 2) & square_bb(to))) return false;
  if (pt == PAWN) {
    if (pieces(us, PAWN) & file_bb(file_of(to))) return false;  // nifu
    if (is_pawn_drop_mate(to)) return false;                    // uchifuzume
  }
  return true;
}

bool Position::is_pseudo_legal_move(Move m) const {
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  if (!is_square(from) || !is_square(to) || from == to) return false;
  const Piece pc = board_[from];
  if (!pc || color_of(pc) != us || (by_color_[us] & square_bb(to))) return false;
  if (!(attacks_of(pc, from, pieces()) & square_bb(to))) return false;
  const PieceType pt = type_of(pc);
  if (m.is_promotion()) return is_promotable(pt) && may_promote(us, from, to);
  // Not promoting: the piece must still be able to move from its new square.
  if ((pt == PAWN || pt == LANCE) && (last_ranks_bb(us, 1) & square_bb(to))) return false;
  if (pt == KNIGHT && (last_ranks_bb(us, 2) & square_bb(to))) return false;
  return true;
}

bool Position::is_legal(Move m) const {
  if (!m) return false;
  if (m.is_drop() ? !is_pseudo_legal_drop(m) : !is_pseudo_legal_move(m)) return false;

  const Square k = king_square_[side_];
  if (k == SQ_NONE) return true;
  const Bitboard checkers = this->checkers();
  if (!m.is_drop() && m.from() == k) return !attackers_to(~side_, m.to(), pieces() ^ square_bb(k));
  if (checkers) {
    if (more_than_one(checkers)) return false;
    const Bitboard block = between_bb(k, lsb(checkers)) | (m.is_drop() ? 0 : checkers);
    if (!(block & square_bb(m.to()))) return false;
  }
  if (!m.is_drop() && (pinned() & square_bb(m.from())))
    return (line_bb(k, m.from()) & square_bb(m.to())) != 0;
  return true;
}

}  // namespace kishi::shogi
