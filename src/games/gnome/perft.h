// gnome's perft by make/undo on one position, the veto included (rule 27:
// actions are whole moves and `veto`; the last ply counted in bulk). It counts
// the rules' actions: not `accept`, which ends a game, and moves after a draw
// of rule 20 too, as chess perft ignores draws (docs/rules-gnome.md).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "games/gnome/gnome_game.h"

namespace kishi::gnome {

uint64_t perft_in_place(const State& root, int depth);

// The rules' actions at s: its legal moves, and `veto` where the side to move may veto.
void rules_actions(const State& s, MoveList& list);

// The count below each of the root's rules actions, with the action's text.
std::vector<std::pair<std::string, uint64_t>> perft_divide(const State& root, int depth);

}  // namespace kishi::gnome
