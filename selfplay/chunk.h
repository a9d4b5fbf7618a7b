// Self-play chunk files: finished games with their training targets, zstd
// compressed, with a header (format version, game id, model id) and a checksum
// over the whole file. Written to a temporary name and renamed; a reader that
// meets a damaged file gets an error naming it and skips it. Layout:
// docs/selfplay-chunks.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/common/expected.h"
#include "engine/shogi/types.h"

namespace kishi::selfplay {

inline constexpr uint32_t CHUNK_FORMAT_VERSION = 1;

struct PolicyEntry {
  shogi::Move move;
  float probability;  // stored to 1/65535
};

struct MoveRecord {
  shogi::Move move;
  float root_value = 0;     // the search's value for the side to move, in [-1, 1]
  bool has_policy = false;  // a full search, kept as a policy target (playout-cap randomization)
  std::vector<PolicyEntry> policy;  // visit shares or the Gumbel improved policy
};

// GameRecord::reason of a game that ended by resignation.
inline constexpr uint8_t RESIGNATION = 255;
// A game given up unfinished when self-play was stopped; never written.
inline constexpr uint8_t ABANDONED = 254;

struct GameRecord {
  std::string start_sfen;
  std::vector<MoveRecord> moves;
  int8_t result = 0;   // +1 Black won, -1 White won, 0 draw
  uint8_t reason = 0;  // shogi::Termination, or RESIGNATION
  // Not stored: in a game played out without resigning, the side whose value
  // first stayed under the resignation threshold (+1 Black, -1 White, 0 none),
  // to count false resignations.
  int8_t would_have_resigned = 0;
};

struct Chunk {
  shogi::Game game = shogi::Game::Shogi;
  std::string model_id;
  std::vector<GameRecord> games;
  size_t positions() const;
};

// Writes the chunk to `path` (through a temporary file and a rename).
void write_chunk(const std::string& path, const Chunk& chunk);
// Reads a chunk; the error names the file and what is wrong with it.
Expected<Chunk> read_chunk(const std::string& path);

}  // namespace kishi::selfplay
