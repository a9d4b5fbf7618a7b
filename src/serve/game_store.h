// The games kept on disk (kishi serve --data DIR): a file a game, DIR/ID.json,
// written whole after every change (write_file_atomically), read back when a
// page asks for a game the server does not hold (after a restart, or once the
// game was dropped for a newer one).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "common/expected.h"

namespace kishi::serve {

class GameStore {
 public:
  // The folder, made if missing; an error names it when it cannot be made.
  static Expected<GameStore> open(const std::string& dir);
  // $XDG_DATA_HOME/kishi/games, else ~/.local/share/kishi/games; empty when
  // neither is set.
  static std::string default_dir();

  const std::string& dir() const { return dir_; }
  // Throws std::runtime_error naming the file when it cannot be written.
  void save(const std::string& id, const nlohmann::json& game) const;
  // The game `id` (16 hex digits) as saved; nullopt when there is none, an
  // error naming the file when it does not read as JSON.
  Expected<std::optional<nlohmann::json>> load(const std::string& id) const;

 private:
  explicit GameStore(std::string dir) : dir_(std::move(dir)) {}
  std::string path(const std::string& id) const { return dir_ + "/" + id + ".json"; }
  std::string dir_;
};

}  // namespace kishi::serve
