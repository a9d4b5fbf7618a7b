#include "games/shogi/core/game_status.h"

#include "games/shogi/core/movegen.h"

namespace kishi::shogi {
namespace {

Outcome win_for(Color c) { return c == BLACK ? Outcome::BlackWins : Outcome::WhiteWins; }

}  // namespace

GameStatus repetition_status(const Position& pos, int occurrences) {
  const auto history = pos.history();
  const int n = int(history.size()) - 1;
  const Key key = history[n].key;
  int seen = 1, first = n;
  for (int i = n - 2; i >= 0 && seen < occurrences; i -= 2)
    if (history[i].key == key) {
      ++seen;
      first = i;
    }
  if (seen < occurrences) return {};

  // Did one side give check with every one of its moves since the first occurrence?
  // State j was reached by a move of the side not to move at j, and its checkers
  // say whether that move gave check.
  bool all_checks[COLOR_NB] = {true, true};
  for (int j = first + 1; j <= n; ++j) {
    const Color mover = (n - j) % 2 == 0 ? ~pos.side_to_move() : pos.side_to_move();
    if (!history[j].checkers) all_checks[mover] = false;
  }
  if (all_checks[BLACK] != all_checks[WHITE])
    return {win_for(all_checks[BLACK] ? WHITE : BLACK), Termination::PerpetualCheck};
  return {Outcome::Draw, Termination::Repetition};
}

GameStatus game_status(const Position& pos, const GameRules& rules) {
  return game_status(pos, !legal_moves(pos).empty(), rules);
}

GameStatus game_status(const Position& pos, bool has_legal_move, const GameRules& rules) {
  if (!has_legal_move) return {win_for(~pos.side_to_move()), Termination::Checkmate};
  if (GameStatus rep = repetition_status(pos, rules.repetitions); rep.outcome != Outcome::Ongoing)
    return rep;
  if (rules.declaration && can_declare_win(pos))
    return {win_for(pos.side_to_move()), Termination::Declaration};
  if (pos.move_number() - 1 >= rules.max_plies) return {Outcome::Draw, Termination::MaxPlies};
  return {};
}

bool can_declare_win(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square k = pos.king_square(us);
  const Bitboard camp = zone_bb(us);
  if (k == SQ_NONE || !test(camp, k) || pos.in_check()) return false;
  const Bitboard mine = pos.pieces(us) & camp & ~square_bb(k);
  if (popcount(mine) < 10) return false;
  const Bitboard majors =
      pos.pieces(BISHOP) | pos.pieces(ROOK) | pos.pieces(HORSE) | pos.pieces(DRAGON);
  int points = popcount(mine) + 4 * popcount(mine & majors);
  for (int pt = PAWN; pt <= GOLD; ++pt)
    points += pos.hand_count(us, PieceType(pt)) * (pt == BISHOP || pt == ROOK ? 5 : 1);
  return points >= (us == BLACK ? 28 : 27);
}

const char* to_string(Termination t) {
  switch (t) {
    case Termination::None: return "none";
    case Termination::Checkmate: return "checkmate";
    case Termination::Repetition: return "repetition";
    case Termination::PerpetualCheck: return "perpetual check";
    case Termination::MaxPlies: return "maximum plies";
    case Termination::Declaration: return "declaration";
  }
  return "?";
}

}  // namespace kishi::shogi
