#include "app/commands/engine_specs.h"

#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "common/config.h"

namespace kishi::command {

using match::EngineSpec;

std::string self_executable() {
  std::error_code ec;
  const auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? "kishi" : p.string();
}

EngineSpec engine_from(const std::string& text, const game::GameInfo& game) {
  EngineSpec e;
  if (text == "kishi") {
    e.name = "kishi";
    e.command = {self_executable(), "usi"};
  } else if (text == "fairy-stockfish") {
    e.name = "fairy-stockfish";
    e.command = {std::filesystem::exists("/usr/games/fairy-stockfish")
                     ? "/usr/games/fairy-stockfish"
                     : "fairy-stockfish"};
    if (game.fairy_variant.empty())
      throw std::runtime_error("fairy-stockfish does not play " + std::string(game.name));
    e.options = {{"UCI_Variant", std::string(game.fairy_variant)}};
  } else if (text == "gpsusi") {
    e.name = "gpsusi";
    e.command = {std::filesystem::exists("/usr/games/gpsusi") ? "/usr/games/gpsusi" : "gpsusi"};
    e.plain_go = true;  // gpsusi takes only go btime/wtime/byoyomi/infinite
    // gpsusi treats byoyomi as a target, not a limit: told 800 ms it answered in
    // up to 1.3 s here. It is told 300 ms less and forgiven 1 s of lateness.
    e.byoyomi_margin_ms = 300;
    e.tolerance_ms = 1000;
    e.sync_each_move = true;
  } else if (const size_t eq = text.find('='); eq != std::string::npos && eq > 0) {
    e.name = text.substr(0, eq);
    std::istringstream words(text.substr(eq + 1));
    for (std::string w; words >> w;) e.command.push_back(w);
    if (e.command.empty()) throw std::runtime_error("engine '" + e.name + "' has an empty command");
    // This very binary, by name or by any path to it: the match tells it the game.
    const std::string self = self_executable();
    std::error_code ec;
    if (e.command[0] == "kishi" || std::filesystem::equivalent(e.command[0], self, ec))
      e.command[0] = self;
  } else {
    throw std::runtime_error("unknown engine '" + text +
                             "': use kishi, fairy-stockfish, gpsusi or NAME=COMMAND [ARGS]");
  }
  return e;
}

std::vector<EngineSpec> engines_from_file(const std::string& path, const game::GameInfo& game) {
  const Config c = Config::load_file(path);
  struct Entry {
    std::string preset, command, name;
    EngineSpec settings;  // options and the per-engine knobs
  };
  std::vector<Entry> entries;
  for (const Config& t : c.table_array("engine")) {
    Entry en;
    en.preset = t.get_string("preset", "");
    en.command = t.get_string("command", "");
    en.name = t.get_string("name", en.preset);
    const Config options = t.table("options");
    for (const std::string& key : options.keys())
      en.settings.options.emplace_back(key, options.get_text(key));
    en.settings.nodes = t.get_int("nodes", -1);
    en.settings.plain_go = t.get_bool("plain_go", false);
    en.settings.byoyomi_margin_ms = t.get_int("byoyomi_margin_ms", -1);
    en.settings.tolerance_ms = t.get_int("tolerance_ms", -1);
    en.settings.sync_each_move = t.get_bool("sync_each_move", false);
    entries.push_back(en);
  }
  c.finish();  // typos first: they explain most of what follows
  std::vector<EngineSpec> out;
  for (const Entry& en : entries) {
    if (en.preset.empty() == en.command.empty())
      throw ConfigError("each [[engine]] in " + path +
                        " needs a preset or a command, and not both");
    if (en.name.empty())
      throw ConfigError("an [[engine]] in " + path + " with a command needs a name");
    EngineSpec e = engine_from(en.preset.empty() ? en.name + "=" + en.command : en.preset, game);
    e.name = en.name;
    e.options.insert(e.options.end(), en.settings.options.begin(), en.settings.options.end());
    if (en.settings.nodes > 0) e.nodes = en.settings.nodes;
    e.plain_go |= en.settings.plain_go;
    e.sync_each_move |= en.settings.sync_each_move;
    if (en.settings.byoyomi_margin_ms >= 0) e.byoyomi_margin_ms = en.settings.byoyomi_margin_ms;
    if (en.settings.tolerance_ms >= 0) e.tolerance_ms = en.settings.tolerance_ms;
    out.push_back(e);
  }
  if (out.empty()) throw ConfigError("no [[engine]] table in " + path);
  return out;
}

}  // namespace kishi::command
