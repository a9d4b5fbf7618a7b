// Checkpoint files: the network's weights and what they are for (game,
// encoder version, architecture, training step) in one file, written to a
// temporary name and renamed so that a reader never sees half a file.
#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "nn/model.h"

namespace kishi::nn {

class CheckpointError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct CheckpointInfo {
  std::string game;     // "shogi" or "showgit"
  std::string encoder;  // ENCODER_VERSION of the build that wrote it
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
// another encoder version.
LoadedCheckpoint load_checkpoint(const std::string& path, const std::string& expected_game,
                                 const ArchiveReader& extra = {});

}  // namespace kishi::nn
