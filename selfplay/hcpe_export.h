// kishi's self-play games as hcpe records (hcp position, the engine's score
// for the side to move, the move played, the game's result), the format of
// cshogi's and dlshogi's tools. shogi and showgit games only.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/common/expected.h"
#include "selfplay/chunk.h"

namespace kishi::selfplay {

struct HcpeExport {
  std::vector<uint8_t> bytes;  // 38 bytes a position
  int64_t positions = 0;
  int64_t skipped = 0;  // positions hcp cannot hold (more than a set of pieces)
};

// Appends the chunk's games to `out`; an error names a game whose moves do not replay.
Expected<bool> append_hcpe(const Chunk& chunk, HcpeExport& out);

}  // namespace kishi::selfplay
