// What the network sees of gnome (docs/gnome-encoding.md): 103 input planes
// of 8x8 from the side to move's view (the board turned for Black), and a
// policy of 1208 planes of 8x8 in which every action of a position has its own
// index, keyed by the square and level of the unit that moves.
#pragma once

#include <cstdint>
#include <string_view>

#include "game/encoding.h"
#include "games/gnome/state.h"
#include "games/gnome/types.h"

namespace kishi::gnome {

struct GnomeEncoding {
  static constexpr std::string_view VERSION = "gnome-planes-v1";
  static constexpr game::EncodingShape SHAPE{103, 8, 8, 1208};
  void encode(const State& s, float* out) const;
  uint64_t key(const State& s) const;
  int policy_index(const State& s, const Move& m) const;
};

// The policy's planes (docs/gnome-encoding.md).
namespace policy_plane {
constexpr int UNIT = 0;              // the top piece: 64 displacements x climb
constexpr int UNDERPROMOTION = 128;  // 5 pawn displacements x (r, b, n) x climb
constexpr int KNIGHT_TOP = 158;      // 8 jumps
constexpr int KNIGHT_AREA = 166;     // 8 jumps x 4 area squares x 4 levels
constexpr int EXPLODE = 294;
constexpr int BELOW_TOP = 295;  // pieces 1-3 below the top: 56 displacements x climb each
constexpr int SHIFT = 631;      // 64 pawn squares x (none or q, r, b, n)
constexpr int KING = 887;       // 10 first steps x 8 second steps x climb x climb
constexpr int VETO = 1207;
constexpr int COUNT = 1208;
}  // namespace policy_plane

}  // namespace kishi::gnome
