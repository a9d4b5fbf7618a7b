// kishi match: games between USI engines, refereed by the rules core
// (match/tournament.h).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "app/commands/commands.h"
#include "app/commands/engine_specs.h"
#include "app/commands/option_groups.h"
#include "app/commands/parse_args.h"
#include "games/registry.h"
#include "match/referee.h"
#include "match/tournament.h"

namespace kishi::command {

namespace {

using namespace kishi::match;

struct MatchOptions {
  std::vector<std::string> engine_texts, option_texts, nodes_texts, margin_texts;
  std::string engines_file, game_name, openings_file;
  int64_t byoyomi = 1000, main_time = 0, increment = 0;
  MatchSettings settings;
};

void add_options(CLI::App& app, MatchOptions& o) {
  app.add_option("--engine", o.engine_texts,
                 "an engine: kishi, fairy-stockfish, gpsusi, or NAME=COMMAND [ARGS]; two or more "
                 "(more: a round robin with a ratings table)")
      ->expected(1, 64);
  app.add_option("--engines", o.engines_file,
                 "a TOML file of [[engine]] tables (preset or command, name, options, nodes, ...)");
  app.add_option("--option", o.option_texts, "ENGINE:NAME=VALUE, a setoption for one engine");
  app.add_option("--nodes", o.nodes_texts, "ENGINE:N, fixed nodes per move instead of the clock");
  app.add_option(
      "--margin", o.margin_texts,
      "ENGINE:MS, tell an engine MS less byoyomi than it has (for engines that overrun)");
  app.add_option("--games", o.settings.games, "games per pair of engines (colours alternate)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  app.add_option("--concurrency", o.settings.concurrency, "games at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  app.add_option("--byoyomi", o.byoyomi, "byoyomi per move, ms")->capture_default_str();
  app.add_option("--time", o.main_time, "main time per side, ms")->capture_default_str();
  app.add_option("--inc", o.increment, "increment per move, ms (instead of byoyomi)")
      ->capture_default_str();
  app.add_option("--max-plies", o.settings.max_plies, "plies before a draw is declared")
      ->capture_default_str();
  add_game_option(app, o.game_name);
  app.add_option("--openings", o.openings_file,
                 "opening suite: lines of 'startpos|sfen ... [moves ...]'");
  app.add_option("--out", o.settings.out_dir,
                 "directory for records and summary (default runs/match-<time>)");
  app.add_option("--sprt", o.settings.sprt_args, "elo0,elo1,alpha,beta: stop when the test decides")
      ->delimiter(',')
      ->expected(4);
}

EngineSpec* find_engine(std::vector<EngineSpec>& engines, const std::string& name) {
  for (auto& e : engines)
    if (e.name == name) return &e;
  throw std::runtime_error("no engine named '" + name + "' (names: " + engines[0].name + ", " +
                           engines[1].name + ")");
}

// "ENGINE:TEXT" options, each set on its engine.
template <class Set>
void for_each_engine_option(std::vector<EngineSpec>& engines, const std::vector<std::string>& texts,
                            const char* flag, const char* form, Set&& set) {
  for (const auto& text : texts) {
    const size_t colon = text.find(':');
    if (colon == std::string::npos)
      throw std::runtime_error(std::string(flag) + " '" + text + "': expected " + form);
    set(*find_engine(engines, text.substr(0, colon)), text.substr(colon + 1));
  }
}

// The engines of --engines and --engine, with their --option, --nodes and --margin.
std::vector<EngineSpec> engines_of(const MatchOptions& o) {
  const game::GameInfo& info = *games::find_game(o.game_name);
  std::vector<EngineSpec> engines;
  if (!o.engines_file.empty()) engines = engines_from_file(o.engines_file, info);
  for (const auto& text : o.engine_texts) {
    engines.push_back(engine_from(text, info));
    for (size_t i = 0; i + 1 < engines.size(); ++i)  // the same engine twice: tell them apart
      if (engines[i].name == engines.back().name)
        engines.back().name += "-" + std::to_string(engines.size());
  }
  if (engines.size() < 2)
    throw std::runtime_error("a match needs two engines or more (--engine, --engines FILE)");
  for_each_engine_option(
      engines, o.option_texts, "--option", "ENGINE:NAME=VALUE",
      [](EngineSpec& e, const std::string& v) {
        const size_t eq = v.find('=');
        if (eq == std::string::npos)
          throw std::runtime_error("--option '" + v + "': expected ENGINE:NAME=VALUE");
        e.options.emplace_back(v.substr(0, eq), v.substr(eq + 1));
      });
  for_each_engine_option(engines, o.nodes_texts, "--nodes", "ENGINE:N",
                         [](EngineSpec& e, const std::string& v) { e.nodes = std::stoll(v); });
  for_each_engine_option(
      engines, o.margin_texts, "--margin", "ENGINE:MS",
      [](EngineSpec& e, const std::string& v) { e.byoyomi_margin_ms = std::stoll(v); });
  // This binary's engine is told the game on its command line.
  for (auto& e : engines)
    if (e.command.size() >= 2 && e.command[0] == self_executable() && e.command[1] == "usi" &&
        std::find(e.command.begin(), e.command.end(), "--game") == e.command.end() &&
        o.game_name != games::default_game())
      e.command.insert(e.command.end(), {"--game", o.game_name});
  return engines;
}

}  // namespace

int match(int argc, char** argv) {
  CLI::App app{"Play games between two USI engines, refereed by kishi's rules core", "kishi match"};
  MatchOptions o;
  add_options(app, o);
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  const std::vector<EngineSpec> engines = engines_of(o);
  MatchSettings& settings = o.settings;
  settings.tc.main_ms = o.main_time;
  settings.tc.increment_ms = o.increment;
  settings.tc.byoyomi_ms = o.increment ? 0 : o.byoyomi;
  if (settings.out_dir.empty())
    settings.out_dir =
        "runs/match-" +
        std::to_string(std::chrono::system_clock::now().time_since_epoch().count() / 1000000000);
  // The referee counts the plies itself (from the opening's start), so the
  // game's own limit is out of reach; a declaration is checked when claimed.
  return games::with_game(
      o.game_name, {.max_plies = 1 << 30, .declaration = true}, [&](const auto& game) {
        const std::vector<Opening> openings =
            o.openings_file.empty()
                ? std::vector<Opening>{{game.state_text(game.start_state()), {}}}
                : read_openings(game, o.openings_file);
        return Tournament(game, engines, openings, settings).run();
      });
}

}  // namespace kishi::command
