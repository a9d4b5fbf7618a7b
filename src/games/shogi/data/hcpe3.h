// dlshogi's hcpe3: one record a game, the start position as hcp, then each
// move with the engine's score and the candidates' visits (a policy target).
// Layout: docs/data-formats.md.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common/expected.h"
#include "games/shogi/data/hcp.h"

namespace kishi::shogi {

struct Hcpe3Move {
  uint16_t move16 = 0;                                    // the move played
  int16_t eval = 0;                                       // for the side to move
  std::vector<std::pair<uint16_t, uint16_t>> candidates;  // move16, visits
};

struct Hcpe3Game {
  Hcp start{};
  // Bits 0-1: 0 draw, 1 Black won, 2 White won; bit 2 repetition, bit 3
  // entering-king declaration, bit 4 the maximum length.
  uint8_t result = 0;
  uint8_t opponent = 0;  // 0: self-play
  std::vector<Hcpe3Move> moves;
};

inline constexpr uint8_t HCPE3_REPETITION = 4, HCPE3_DECLARATION = 8, HCPE3_MAX_MOVES = 16;

void append_hcpe3(const Hcpe3Game& game, std::vector<uint8_t>& out);
// The games of an hcpe3 file's bytes; an error names the byte where a record
// is cut short.
Expected<std::vector<Hcpe3Game>> read_hcpe3(const std::vector<uint8_t>& bytes);

}  // namespace kishi::shogi
