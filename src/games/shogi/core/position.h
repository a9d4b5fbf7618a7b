// A shogi position: board, hands, side to move, and the history needed to
// undo moves and to judge repetitions.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.h"
#include "games/shogi/core/bitboard.h"
#include "games/shogi/core/types.h"
#include "games/shogi/core/zobrist.h"

namespace kishi::shogi {

// What do_move records: enough to undo it and to look back for repetitions.
struct StateInfo {
  Key key = 0;
  Bitboard checkers = 0;  // enemy pieces giving check to the side to move
  Bitboard pinned = 0;    // side-to-move pieces pinned against their own king
  Move move;              // the move that led here (none for the root)
  Piece captured = NO_PIECE;
};

class Position {
 public:
  static constexpr std::string_view START_SFEN =
      "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
  // The largest move number an SFEN may give: far beyond any game, far below overflow.
  static constexpr int MAX_MOVE_NUMBER = 1000000;

  // Parses an SFEN; the error names the field and what is wrong with it.
  static Expected<Position> from_sfen(std::string_view sfen, Game game = Game::Shogi);
  static Position startpos(Game game = Game::Shogi);
  std::string sfen() const;  // hands in canonical order (R B G S N L P, Black first)

  Game game() const { return game_; }
  Color side_to_move() const { return side_; }
  int move_number() const { return move_number_; }
  Piece piece_on(Square s) const { return board_[s]; }
  int hand_count(Color c, PieceType pt) const { return hand_[c][pt]; }
  bool hand_empty(Color c) const;
  Square king_square(Color c) const { return king_square_[c]; }

  Bitboard pieces() const { return by_color_[BLACK] | by_color_[WHITE]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard golds() const {  // every piece that moves like a gold
    return by_type_[GOLD] | by_type_[PRO_PAWN] | by_type_[PRO_LANCE] | by_type_[PRO_KNIGHT] |
           by_type_[PRO_SILVER];
  }

  Key key() const { return states_.back().key; }
  Bitboard checkers() const { return states_.back().checkers; }
  bool in_check() const { return states_.back().checkers != 0; }
  Bitboard pinned() const { return states_.back().pinned; }
  std::span<const StateInfo> history() const { return states_; }
  int plies_played() const { return int(states_.size()) - 1; }

  // Pieces of colour `by` attacking square s, with the given occupancy.
  Bitboard attackers_to(Color by, Square s, Bitboard occ) const;
  // Whether any piece of `by` attacks s: attackers_to's answer, with early exits
  // and no slide unless a slider of `by` stands on one of s's lines.
  bool is_attacked(Color by, Square s, Bitboard occ) const;
  bool is_attacked(Color by, Square s) const { return is_attacked(by, s, pieces()); }

  // Whether a move of the side `c` from `from` to `to` may promote under this game's rule.
  bool may_promote(Color c, Square from, Square to) const {
    return (zone_bb(c) & (square_bb(to) | (promote_from_zone_ ? square_bb(from) : 0))) != 0;
  }

  // Full legality of a move from outside (USI, policy index, data files).
  bool is_legal(Move m) const;
  // Whether a pawn of the side to move dropped on s would checkmate the enemy king.
  bool is_pawn_drop_mate(Square s) const;
  // Whether a legal move of the side to move checks the enemy king, directly or
  // by uncovering a slider, without playing it.
  bool gives_check(Move m) const;

  void do_move(Move m);
  void undo_move();

 private:
  Position() = default;
  void put_piece(Piece pc, Square s);
  void remove_piece(Square s);
  void set_check_info(StateInfo& st) const;
  Bitboard pinned_pieces(Color c) const;
  Key compute_key() const;
  bool is_pseudo_legal_drop(Move m) const;
  bool is_pseudo_legal_move(Move m) const;
  std::string validate() const;

  Piece board_[SQ_NB] = {};
  Bitboard by_type_[PIECE_TYPE_NB] = {};
  Bitboard by_color_[COLOR_NB] = {};
  uint8_t hand_[COLOR_NB][HAND_TYPE_NB] = {};
  Square king_square_[COLOR_NB] = {SQ_NONE, SQ_NONE};
  Color side_ = BLACK;
  int move_number_ = 1;
  Game game_ = Game::Shogi;
  bool promote_from_zone_ = true;
  std::vector<StateInfo> states_;
};

// The SFEN of a board (by square), hands (by colour and piece type) and side
// to move, hands in canonical order: what Position::sfen() writes, for the
// readers of other formats (Position::from_sfen then checks it).
std::string sfen_of(std::span<const Piece, SQ_NB> board,
                    const uint8_t (&hands)[COLOR_NB][HAND_TYPE_NB], Color side,
                    int move_number = 1);

}  // namespace kishi::shogi
