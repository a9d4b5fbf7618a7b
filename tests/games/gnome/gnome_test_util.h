// Helpers for the gnome rules tests: positions from FENs, move lists as texts.
#pragma once

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>

#include "games/gnome/gnome_game.h"
#include "games/gnome/move_effects.h"
#include "games/gnome/move_text.h"
#include "games/gnome/movegen.h"

namespace kishi::gnome::testing {

inline Position position(std::string_view fen) {
  auto p = parse_fen(fen);
  if (!p) throw std::runtime_error(p.error());
  return *p;
}

// The legal moves' texts.
inline std::set<std::string> moves(std::string_view fen) {
  MoveList list;
  legal_moves(position(fen), list);
  std::set<std::string> texts;
  for (const Move& m : list) texts.insert(move_text(m));
  return texts;
}

inline bool has(std::string_view fen, const std::string& move) { return moves(fen).count(move); }

// The FEN after the move written `text` (any of its texts).
inline std::string after(std::string_view fen, std::string_view text) {
  const Position p = position(fen);
  auto m = parse_move(p, text);
  if (!m) throw std::runtime_error(m.error());
  Position next;
  play_move(p, *m, next);
  return gnome::fen(next);
}

// The board field of the FEN after the move.
inline std::string board_after(std::string_view fen, std::string_view text) {
  const std::string f = after(fen, text);
  return f.substr(0, f.find(' '));
}

}  // namespace kishi::gnome::testing
