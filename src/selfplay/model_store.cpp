#include "selfplay/model_store.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace kishi::selfplay {

std::string model_path(const std::string& run_dir, int64_t step) {
  char name[64];
  std::snprintf(name, sizeof name, "model-%010lld.ckpt", (long long)step);
  return run_dir + "/models/" + name;
}

std::vector<StoredModel> stored_models(const std::string& run_dir) {
  std::vector<StoredModel> models;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(run_dir + "/models", ec)) {
    const std::string name = entry.path().filename().string();
    long long step = 0;
    int consumed = 0;
    if (std::sscanf(name.c_str(), "model-%lld.ckpt%n", &step, &consumed) != 1 ||
        consumed != int(name.size()))
      continue;  // temporary files and anything else
    models.push_back({entry.path().string(), step});
  }
  std::sort(models.begin(), models.end(),
            [](const StoredModel& a, const StoredModel& b) { return a.step > b.step; });
  return models;
}

std::optional<StoredModel> latest_model(const std::string& run_dir) {
  const auto models = stored_models(run_dir);
  if (models.empty()) return std::nullopt;
  return models.front();
}

}  // namespace kishi::selfplay
