// Self-play chunk files: finished games of any game with their training
// targets, zstd compressed, with a header (format version, game name, model
// id) and a checksum over the whole file. Actions are stored packed (the
// game's pack()), positions as the game's state text. Written to a temporary
// name and renamed; a reader that meets a damaged file gets an error naming it
// and skips it. Version-1 files (shogi and showgit, 16-bit moves) still read.
// Layout: docs/selfplay-chunks.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/expected.h"
#include "game/game_info.h"

namespace kishi::selfplay {

inline constexpr uint32_t CHUNK_FORMAT_VERSION = 2;

struct PolicyEntry {
  uint32_t action;    // packed
  float probability;  // stored to 1/65535
};

struct MoveRecord {
  uint32_t action = 0;      // packed
  float root_value = 0;     // the search's value for the side to move, in [-1, 1]
  bool has_policy = false;  // a full search, kept as a policy target (playout-cap randomization)
  std::vector<PolicyEntry> policy;  // visit shares or the Gumbel improved policy
};

// GameRecord::reason of a game that ended by resignation.
inline constexpr uint8_t RESIGNATION = 255;
// A game given up unfinished when self-play was stopped; never written.
inline constexpr uint8_t ABANDONED = 254;
// A game stopped at self-play's ply limit (a game's own limit has its own reason).
inline constexpr uint8_t PLY_LIMIT = 253;
// A game drawn by its length, scored by material (SelfPlayConfig::adjudicate_material).
inline constexpr uint8_t MATERIAL_ADJUDICATION = 252;

struct GameRecord {
  std::string start_state;  // the game's state text (SFEN for shogi)
  std::vector<MoveRecord> moves;
  int8_t result = 0;   // +1 player 0 (Black) won, -1 player 1 (White) won, 0 draw
  uint8_t reason = 0;  // the game's outcome reason, or one of the codes above
  // Not stored: in a game played out without resigning, the player whose value
  // first stayed under the resignation threshold (+1 player 0, -1 player 1, 0
  // none), to count false resignations.
  int8_t would_have_resigned = 0;
};

struct Chunk {
  std::string game;     // the game's registry name (empty in a version-1 chunk)
  int v1_game_id = -1;  // a version-1 chunk's game, by its number (GameInfo::chunk_v1_id)
  std::string model_id;
  std::vector<GameRecord> games;
  size_t positions() const;
};

// Whether the chunk holds games of `game`.
inline bool holds_game(const Chunk& chunk, const game::GameInfo& game) {
  return chunk.game.empty() ? chunk.v1_game_id >= 0 && chunk.v1_game_id == game.chunk_v1_id
                            : chunk.game == game.name;
}
// The chunk's game for people: its name, or its version-1 number.
inline std::string game_text(const Chunk& chunk) {
  return chunk.game.empty() ? "game number " + std::to_string(chunk.v1_game_id) : chunk.game;
}

// Writes the chunk to `path` (through a temporary file and a rename).
void write_chunk(const std::string& path, const Chunk& chunk);
// Reads a chunk; the error names the file and what is wrong with it.
Expected<Chunk> read_chunk(const std::string& path);

}  // namespace kishi::selfplay
