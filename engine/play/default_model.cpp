#include "engine/play/default_model.h"

#include <filesystem>

namespace kishi::play {

std::string default_model_file(std::string_view game) {
  // The source tree's models/, where a clone's build finds them.
  const std::filesystem::path path =
      std::filesystem::path(KISHI_MODELS_DIR) / (std::string(game) + ".ckpt");
  std::error_code ec;
  return std::filesystem::is_regular_file(path, ec) ? path.string() : std::string();
}

std::string resolve_model_file(const std::string& setting, std::string_view game) {
  if (setting == BUILTIN_MODEL) return {};
  if (setting.empty()) return default_model_file(game);
  return setting;
}

std::string model_description(const std::string& setting) {
  if (setting == BUILTIN_MODEL) return "the built-in evaluator";
  if (setting.empty()) return "the shipped model";
  return setting;
}

}  // namespace kishi::play
