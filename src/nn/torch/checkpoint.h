// Checkpoint files: the network's weights and what they are for (game,
// encoding version and shape, architecture, training step) in one file with a
// checksum, written to a temporary name and renamed so that a reader never
// sees half a file; a damaged one is refused with its name. Files written
// before the checksum load unchecked; those from before the shape was
// recorded load as the shape of their encoding version.
#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "nn/checkpoint_error.h"
#include "nn/game_encoding.h"
#include "nn/torch/model.h"

namespace kishi::nn {

struct CheckpointInfo {
  GameEncoding encoding;  // the game, its encoding's version and shape
  ModelConfig model;
  int64_t step = 0;  // training steps behind these weights
};

// Extra sections (the trainer's optimizer state) ride in the same archive.
using ArchiveWriter = std::function<void(torch::serialize::OutputArchive&)>;
using ArchiveReader = std::function<void(torch::serialize::InputArchive&)>;

void save_checkpoint(const std::string& path, PolicyValueNet& net, const CheckpointInfo& info,
                     const ArchiveWriter& extra = {});

struct LoadedCheckpoint {
  PolicyValueNet net{nullptr};
  CheckpointInfo info;
};

// Loads weights and metadata. Fails with a CheckpointError naming the file and
// the mismatch: missing, not a checkpoint, truncated or damaged, another game,
// another encoding version or shape.
LoadedCheckpoint load_checkpoint(const std::string& path, const GameEncoding& expected,
                                 const ArchiveReader& extra = {});

}  // namespace kishi::nn
