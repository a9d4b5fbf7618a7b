// gnome's material and static value, for the built-in baselines (greedy and
// alpha-beta: players/) and nothing else.
#pragma once

#include "games/gnome/position.h"
#include "games/gnome/state.h"
#include "games/gnome/types.h"

namespace kishi::gnome {

// Centipawns: a wounded bishop is worth little, it goes within a move or two (rule 9).
constexpr int PIECE_VALUE[8] = {0, 100, 330, 330, 60, 500, 950, 0};

// The material of `side` minus the opponent's.
int material(const Position& p, int side);

// What the action wins at once for the side to move, in centipawns (it may be
// negative: an explosion or a fall can cost the mover, its wounded bishops expire).
int material_gain(const State& s, const Move& m);

// Material and a few positional terms (advanced pawns, a king on a rook), for
// the side to move.
int static_value(const State& s);

}  // namespace kishi::gnome
