#include "engine/default_model.h"

#include <filesystem>

#include "common/share_dir.h"

namespace kishi::play {

std::string default_model_file(std::string_view game, std::string_view family) {
  // An installed binary's share/kishi/models, else the source tree's models/.
  const std::filesystem::path dir = share_dir("models", KISHI_MODELS_DIR);
  for (std::string_view name : {game, family}) {
    const std::filesystem::path path = dir / (std::string(name) + ".ckpt");
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec)) return path.string();
  }
  return {};
}

std::string resolve_model_file(const std::string& setting, std::string_view game,
                               std::string_view family) {
  if (setting == BUILTIN_MODEL) return {};
  if (setting.empty()) return default_model_file(game, family);
  return setting;
}

std::string model_description(const std::string& setting) {
  if (setting == BUILTIN_MODEL) return "the built-in evaluator";
  if (setting.empty()) return "the shipped model";
  return setting;
}

}  // namespace kishi::play
