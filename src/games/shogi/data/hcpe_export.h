// kishi's self-play games in the formats of cshogi's and dlshogi's tools:
// hcpe (a record a position: hcp, the engine's score for the side to move, the
// move played, the result) and hcpe3 (a record a game: the start, each move
// with its score and the search's policy as visits). shogi and showgit only.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "chunks/chunk.h"
#include "common/expected.h"
#include "game/record.h"
#include "games/shogi/core/position.h"

namespace kishi::formats {

using selfplay::Chunk;

struct HcpeExport {
  std::vector<uint8_t> bytes;  // 38 bytes a position
  int64_t positions = 0;
  int64_t skipped = 0;  // positions (games, for hcpe3) hcp cannot hold: more than a set
};

// Appends the chunk's games to `out`; an error names a game whose moves do not replay.
Expected<bool> append_hcpe(const Chunk& chunk, HcpeExport& out);
// hcpe3's visits are the policy target's shares times 65535 (dlshogi reads
// them as proportions); a move without a policy target has no candidates.
Expected<bool> append_hcpe3(const Chunk& chunk, HcpeExport& out);

// A game between engines (kishi teacher): each move after the opening with
// the score its engine gave (scores[k] for the record's k-th move after the
// opening; none: the position is left out) and the game's result.
Expected<bool> append_hcpe(const game::Record& record,
                           const std::vector<std::optional<int>>& scores, shogi::Game variant,
                           HcpeExport& out);

}  // namespace kishi::formats
