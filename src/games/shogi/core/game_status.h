// How a game stands: checkmate, repetition (with the perpetual-check loss),
// maximum length, and the entering-king declaration.
#pragma once

#include "games/shogi/core/position.h"

namespace kishi::shogi {

enum class Outcome { Ongoing, BlackWins, WhiteWins, Draw };
enum class Termination { None, Checkmate, Repetition, PerpetualCheck, MaxPlies, Declaration };

struct GameStatus {
  Outcome outcome = Outcome::Ongoing;
  Termination reason = Termination::None;
  bool operator==(const GameStatus&) const = default;
};

struct GameRules {
  int max_plies = 512;  // plies from the start of the game (SFEN move number - 1)
  // A position where the side to move may declare (the 27-point rule) counts as its win.
  bool declaration = false;
  int repetitions = 4;  // occurrences of a position that end the game (see repetition_status)
};

// The state of the game after the last move: mate (no legal move, a loss for
// the side to move, stalemate included), repetition, declaration when the rules
// take it, or max plies, in that order.
GameStatus game_status(const Position& pos, const GameRules& rules = {});
// The same, for a caller that has generated the legal moves already.
GameStatus game_status(const Position& pos, bool has_legal_move, const GameRules& rules);

// The repetition verdict on its own: Ongoing when the position has not occurred
// four times; Draw, or a win for the side that did not check on every move of
// the cycle when the other did.
// `occurrences` lets a search call an earlier occurrence (2) final: the players
// could repeat from there, and the verdict of the cycle is the same.
GameStatus repetition_status(const Position& pos, int occurrences = 4);

// 27-point declaration (CSA rule, USI `bestmove win`): the side to move may
// declare a win when its king stands in the enemy camp, it is not in check,
// at least 10 other pieces of its own stand there, and those pieces plus its
// hand score 28 (Black) or 27 (White), rook and bishop 5, the rest 1.
bool can_declare_win(const Position& pos);

const char* to_string(Termination t);

}  // namespace kishi::shogi
