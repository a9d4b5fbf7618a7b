// Training samples from the newest self-play chunks of a run: a sliding window
// of positions, each with its policy target and value target.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "selfplay/chunk.h"

namespace kishi::training {

struct Sample {
  std::string sfen;                           // the position
  uint8_t repetitions = 0;                    // earlier occurrences in its game (for the encoder)
  std::vector<selfplay::PolicyEntry> policy;  // empty: a value-only sample
  std::array<float, 3> wdl;                   // value target for the side to move
};

struct Window {
  std::vector<Sample> samples;
  int chunks_read = 0, chunks_skipped = 0;
  int64_t positions_seen = 0;  // in the window's games, policy target or not
};

// Reads the newest chunks of RUN/games until `max_positions` samples; a damaged
// chunk is reported on stderr and skipped. `root_value_mix` blends the search's
// root value into the game result as value target. With `value_only`, the
// positions without a policy target (fast searches) are value-only samples,
// their target the game's result alone.
Window read_window(const std::string& run_dir, size_t max_positions, float root_value_mix,
                   bool value_only = false);

}  // namespace kishi::training
