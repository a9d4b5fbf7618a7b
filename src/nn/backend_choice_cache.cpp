#include "nn/backend_choice_cache.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/atomic_file.h"

namespace kishi::nn {

namespace {

// The file's entries; an unreadable or malformed file holds none.
nlohmann::json read_entries(const std::string& path) {
  std::ifstream in(path);
  if (!in) return nlohmann::json::object();
  std::stringstream text;
  text << in.rdbuf();
  nlohmann::json j = nlohmann::json::parse(text.str(), nullptr, false);
  return j.is_object() ? j : nlohmann::json::object();
}

}  // namespace

std::string BackendChoiceCache::default_path() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return std::string(xdg) + "/kishi/backend-choices.json";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cache/kishi/backend-choices.json";
  return "";
}

std::optional<CachedChoice> BackendChoiceCache::find(const std::string& key) const {
  if (path_.empty()) return std::nullopt;
  const nlohmann::json entries = read_entries(path_);
  const auto found = entries.find(key);
  if (found == entries.end() || !found->is_object()) return std::nullopt;
  const auto text = [&](const char* name) {
    const auto field = found->find(name);
    return field != found->end() && field->is_string() ? field->get<std::string>() : "";
  };
  CachedChoice choice{text("backend"), text("precision"), text("measured")};
  if (choice.backend.empty() || choice.precision.empty()) return std::nullopt;
  return choice;
}

std::string BackendChoiceCache::store(const std::string& key, const CachedChoice& choice) const {
  if (path_.empty()) return "no cache directory (neither XDG_CACHE_HOME nor HOME is set)";
  nlohmann::json entries = read_entries(path_);
  entries[key] = {
      {"backend", choice.backend}, {"precision", choice.precision}, {"measured", choice.measured}};
  try {
    std::filesystem::create_directories(std::filesystem::path(path_).parent_path());
    write_file_atomically(path_, entries.dump(1) + "\n");
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace kishi::nn
