// Readable records of self-play games, written beside their chunk files: CSA
// for shogi tools and people, a USI position line for engines and scripts.
#pragma once

#include <string>

#include "selfplay/chunk.h"

namespace kishi::selfplay {

// Writes STEM.csa and STEM.usi for the chunk's game (each atomically; a
// chunk of several games gets STEM-1.csa, ... for the others).
void write_game_records(const std::string& stem, const Chunk& chunk);

}  // namespace kishi::selfplay
