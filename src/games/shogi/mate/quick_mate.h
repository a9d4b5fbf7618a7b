// The mate test at the leaves of the tree: does the side to move mate within a
// few plies by checks alone? A plain AND/OR search with no table, shortest
// mates first. At a leaf most positions have no check to give or no check that
// comes close, and checks are told apart without playing each move
// (Position::gives_check): far cheaper there than df-pn (mate_search.h), which
// stays for the root and `go mate`.
#pragma once

#include "games/shogi/core/position.h"

namespace kishi::shogi {

// True when a mate of at most `plies` plies was found within `max_moves` moves
// played; false says no mate within the limits or the budget spent. `pos` is
// left as it was.
bool mates_within(Position& pos, int plies, int max_moves);

}  // namespace kishi::shogi
