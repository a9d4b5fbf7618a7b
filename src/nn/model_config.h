// The shape of a policy/value network, read from the [model] table of a config.
#pragma once

#include <string>

#include "common/config.h"

namespace kishi::nn {

struct ModelConfig {
  int blocks = 6;                  // residual blocks
  int channels = 64;               // channels of the tower
  bool squeeze_excitation = true;  // global pooling and channel gating in each block
  int policy_channels = 32;        // 1x1 conv before the policy planes
  int value_channels = 2;          // 1x1 conv before the value MLP
  int value_hidden = 128;          // width of the value MLP

  // Reads the keys of a [model] table; unknown keys are left for Config::finish.
  static ModelConfig from(const Config& model_table);
  // The [model] table of a TOML file: a shape alone (configs/model/) or a run's
  // config, whose other tables are left unread; the default shape for an empty
  // path. Throws naming the file and the bad key, or a file without [model].
  static ModelConfig from_file(const std::string& path);
  static ModelConfig from_document(const Config& file);
  std::string describe() const;  // "6x64 se"
  bool operator==(const ModelConfig&) const = default;
};

}  // namespace kishi::nn
