// Game records: CSA (for shogi tools and people) and USI position lines.
#pragma once

#include <string>

#include "engine/common/atomic_file.h"
#include "engine/match/referee.h"

namespace kishi::match {

std::string to_csa(const GameRecord& game);
// "position <opening> moves ..." and a comment line with the result.
std::string to_usi_record(const GameRecord& game);

}  // namespace kishi::match
