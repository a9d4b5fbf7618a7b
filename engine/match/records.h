// Game records: CSA (for shogi tools and people) and USI position lines.
#pragma once

#include <string>

#include "engine/match/referee.h"

namespace kishi::match {

std::string to_csa(const GameRecord& game);
// "position <opening> moves ..." and a comment line with the result.
std::string to_usi_record(const GameRecord& game);
// Writes to a temporary name and renames, so no reader sees half a file.
void write_file_atomically(const std::string& path, const std::string& text);

}  // namespace kishi::match
