// gnome's perft by make/undo on one position, the veto included (rule 27:
// actions are whole moves and `veto`; the last ply counted in bulk). The
// game's generic perft (engine/game/perft.h) counts the same by copying.
#pragma once

#include <cstdint>

#include "engine/gnome/gnome_game.h"

namespace kishi::gnome {

uint64_t perft_in_place(const State& root, int depth);

}  // namespace kishi::gnome
