// What `auto` chose for a model on this machine, kept in one small JSON file
// (under $XDG_CACHE_HOME/kishi, else ~/.cache/kishi) so that the timing runs
// once per model, CPU, thread count and batch size. The file is a cache: a
// damaged one reads as empty and is rewritten, an unwritable one costs a
// measurement on the next load, never an error.
#pragma once

#include <optional>
#include <string>

namespace kishi::nn {

struct CachedChoice {
  std::string backend, precision;
  std::string measured;  // what the timing found, as the note printed it
};

class BackendChoiceCache {
 public:
  // The file's default place; empty when neither XDG_CACHE_HOME nor HOME is set.
  static std::string default_path();

  explicit BackendChoiceCache(std::string path) : path_(std::move(path)) {}
  const std::string& path() const { return path_; }

  std::optional<CachedChoice> find(const std::string& key) const;
  // Adds or replaces `key` (a temporary file, then a rename); returns why it
  // could not, or an empty string.
  std::string store(const std::string& key, const CachedChoice& choice) const;

 private:
  std::string path_;
};

}  // namespace kishi::nn
