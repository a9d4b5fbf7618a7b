// Named levels, from a beginner's opponent to the full engine: each caps the
// playouts of a move and draws the move played from the search's counts at a
// temperature, as a person's strength would need it. The same table serves the
// USI option SkillLevel and the web board's {"level": N}; docs/serve.md has
// each level measured against the baselines.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

namespace kishi::play {

struct Level {
  int number;
  const char* name;
  int64_t playouts;   // the most playouts a move; -1: the limits of the go alone
  float temperature;  // the move drawn by (visits + prior)^(1/t); 0: the search's choice
  bool mate_search;   // the mate solver before the tree search
};

inline constexpr int FULL_LEVEL = 8;

inline constexpr std::array<Level, FULL_LEVEL> LEVELS{{
    {1, "beginner", 1, 4.0f, false},
    {2, "novice", 1, 2.0f, false},
    {3, "casual", 1, 1.0f, false},
    {4, "club", 8, 0.5f, false},
    {5, "strong club", 32, 0.25f, true},
    {6, "expert", 128, 0.1f, true},
    {7, "master", 400, 0.0f, true},
    {8, "full engine", -1, 0.0f, true},
}};

// The level numbered `number` (1 to FULL_LEVEL); none for another number.
inline std::optional<Level> level_of(int64_t number) {
  if (number < 1 || number > FULL_LEVEL) return std::nullopt;
  return LEVELS[size_t(number - 1)];
}

}  // namespace kishi::play
