#include "serve/game_store.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/atomic_file.h"

namespace kishi::serve {

Expected<GameStore> GameStore::open(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir))
    return Expected<GameStore>::failure("cannot make the games' folder '" + dir +
                                        "': " + (ec ? ec.message() : "not a folder") +
                                        " (give --data DIR, or --data none to keep no game)");
  remove_stale_temporaries(dir);  // of a server killed while it wrote
  return GameStore(dir);
}

std::string GameStore::default_dir() {
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
    return std::string(xdg) + "/kishi/games";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.local/share/kishi/games";
  return {};
}

void GameStore::save(const std::string& id, const nlohmann::json& game) const {
  write_file_atomically(path(id), game.dump(1) + "\n");
}

Expected<std::optional<nlohmann::json>> GameStore::load(const std::string& id) const {
  using Result = Expected<std::optional<nlohmann::json>>;
  if (id.size() != 16 || id.find_first_not_of("0123456789abcdef") != std::string::npos)
    return std::optional<nlohmann::json>{};  // no id the server gives
  std::ifstream in(path(id), std::ios::binary);
  if (!in) return std::optional<nlohmann::json>{};
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return std::optional<nlohmann::json>(nlohmann::json::parse(text.str()));
  } catch (const nlohmann::json::parse_error& e) {
    return Result::failure("the saved game '" + path(id) + "' is not JSON: " + e.what());
  }
}

}  // namespace kishi::serve
