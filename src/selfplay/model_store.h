// The models of a run: RUN/models/model-<step>.ckpt, the newest one played by
// self-play. The store knows names and steps; loading is the network's business.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kishi::selfplay {

struct StoredModel {
  std::string path;
  int64_t step;
};

std::string model_path(const std::string& run_dir, int64_t step);
// Every model of the run, the highest step first.
std::vector<StoredModel> stored_models(const std::string& run_dir);
// The model with the highest step, if any.
std::optional<StoredModel> latest_model(const std::string& run_dir);

}  // namespace kishi::selfplay
