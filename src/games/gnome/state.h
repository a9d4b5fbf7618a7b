// A gnome game's state: the line of positions from the root, which the veto
// (rule 17: back to the position before the last move) and repetition (rule
// 20) need.
#pragma once

#include <cstddef>
#include <vector>

#include "games/gnome/position.h"
#include "games/gnome/types.h"

namespace kishi::gnome {

struct Entry {
  Position position;
  Move last{};             // the action that led here (Kind::NONE at the root)
  mutable int moves = -1;  // the count of distinct legal moves, once generated
};

struct State {
  std::vector<Entry> line;
  const Position& position() const { return line.back().position; }
};

// Whether the side to move may veto the last move (rule 17).
bool veto_available(const State& s);
// How often the present position stood before in the line (vetoed moves'
// positions do not stand: docs/rules-gnome.md, reading 5).
int earlier_occurrences(const State& s);
// The same for the line's first n entries.
int earlier_occurrences(const State& s, size_t n);

}  // namespace kishi::gnome
