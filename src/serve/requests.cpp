#include "serve/requests.h"

#include <cmath>

#include "engine/levels.h"
#include "games/registry.h"
#include "serve/access.h"
#include "serve/server.h"

namespace kishi::serve {

using nlohmann::json;

namespace {

// A request's body as a JSON object (an empty body: {}); an error says what it is not.
Expected<json> json_object(const std::string& body) {
  json j;
  try {
    j = body.empty() ? json::object() : json::parse(body);
  } catch (const json::parse_error& e) {
    return Expected<json>::failure(std::string("the body is not JSON: ") + e.what());
  }
  if (!j.is_object()) return Expected<json>::failure("the body must be a JSON object");
  return j;
}

// A handicap game as the custom has it: kishi gives the pieces and moves first,
// the person plays the other side. An error when the game has no such
// handicap, or the body also gives a start or the giver's side.
// A clock's body, {"main": S, "byoyomi": S} or {"main": S, "increment": S}
// in seconds; an error names the fault.
std::string read_clock(const json& j, game::TimeControl& tc) {
  if (!j.is_object()) return "clock must be an object: {\"main\": S, \"byoyomi\": S} in seconds";
  for (const auto& [key, value] : j.items()) {
    int64_t* field = key == "main"        ? &tc.main_ms
                     : key == "byoyomi"   ? &tc.byoyomi_ms
                     : key == "increment" ? &tc.increment_ms
                                          : nullptr;
    if (!field) return "unknown clock field '" + key + "' (main, byoyomi, increment)";
    if (!value.is_number() || !(value.get<double>() >= 0 && value.get<double>() <= 3 * 3600))
      return "clock " + key + " must be a number of seconds from 0 to 10800";
    *field = std::llround(value.get<double>() * 1000);
  }
  if (tc.byoyomi_ms > 0 && tc.increment_ms > 0)
    return "a clock has a byoyomi or an increment, not both";
  if (tc.byoyomi_ms + tc.increment_ms < 1000 && tc.main_ms < 10000)
    return "a clock needs at least 10 s of main time or 1 s a move";
  return {};
}

std::string start_handicap(TableOptions& o, bool side_chosen) {
  const game::GameInfo& info = *games::find_game(o.game);
  std::string names;
  for (const game::NamedStart& h : info.handicaps) {
    names += (names.empty() ? "" : ", ") + std::string(h.name);
    if (h.name != o.handicap) continue;
    if (!o.start.empty()) return "give a handicap or a start, not both";
    auto line = std::move(*make_game_line(o.game, std::string(h.state)));
    const int giver = line->to_move();
    if (side_chosen && o.person == giver)
      return "in a handicap game kishi gives the pieces and moves first: you play " +
             std::string(info.players[1 - giver]) + " (side " + std::to_string(1 - giver) + ")";
    o.start = h.state;
    o.person = 1 - giver;
    return {};
  }
  if (names.empty()) return o.game + " has no handicaps";
  return "unknown handicap '" + o.handicap + "' (" + names + ")";
}

}  // namespace

Expected<TableOptions> parse_new_game(const std::string& body, const std::string& default_game) {
  using Result = Expected<TableOptions>;
  TableOptions o;
  o.game = default_game;
  const auto parsed = json_object(body);
  if (!parsed) return Result::failure(parsed.error());
  const json& j = *parsed;
  for (const auto& [key, value] : j.items()) {
    if (key == "game" && value.is_string()) {
      o.game = value.get<std::string>();
      const game::GameInfo* info = games::find_game(o.game);
      if (!info || info->board.empty())
        return Result::failure("unknown game '" + o.game + "' (" +
                               games::names_text(served_games()) + ")");
    } else if (key == "side" && value.is_number_integer()) {
      const int64_t side = value.get<int64_t>();
      if (side != 0 && side != 1) return Result::failure("side must be 0, 1 or \"random\"");
      o.person = int(side);
    } else if (key == "side" && value == "random") {
      o.person = random_hex(1)[0] % 2;
    } else if (key == "playouts" && value.is_number_integer()) {
      o.playouts = value.get<int64_t>();
      if (o.playouts < 1 || o.playouts > 1000000)
        return Result::failure("playouts must be from 1 to 1000000");
    } else if (key == "seconds" && value.is_number()) {
      o.seconds = value.get<double>();
      if (!(o.seconds > 0 && o.seconds <= 600))
        return Result::failure("seconds must be above 0 and at most 600");
    } else if (key == "level" && value.is_number_integer()) {
      const auto level = play::level_of(value.get<int64_t>());
      if (!level)
        return Result::failure("level must be from 1 (a beginner's) to " +
                               std::to_string(play::FULL_LEVEL) + " (the full engine)");
      o.level = level->number;
    } else if (key == "clock") {
      if (const std::string e = read_clock(value, o.clock); !e.empty()) return Result::failure(e);
    } else if (key == "start" && value.is_string()) {
      o.start = value.get<std::string>();
    } else if (key == "takeback" && value.is_boolean()) {
      o.takeback = value.get<bool>();
    } else if (key == "handicap" && value.is_string()) {
      o.handicap = value.get<std::string>();
    } else if (key == "game" || key == "side" || key == "playouts" || key == "seconds" ||
               key == "level" || key == "start" || key == "takeback" || key == "handicap") {
      return Result::failure("field '" + key + "' has the wrong type (docs/serve.md)");
    } else {
      return Result::failure("unknown field '" + key +
                             "' (game, side, playouts, seconds, level, clock, start, takeback, "
                             "handicap)");
    }
  }
  if (o.clock.timed() && (j.contains("seconds") || j.contains("playouts")))
    return Result::failure("with a clock the engine plays by it: give no seconds or playouts");
  // Against the clock a move taken back would take time back: not offered.
  if (o.clock.timed()) o.takeback = false;
  // The full engine thinks a second a move unless the body says otherwise;
  // the lower levels' playouts are capped by the level itself.
  if (o.level == play::FULL_LEVEL && !o.clock.timed() && !j.contains("playouts") &&
      !j.contains("seconds"))
    o.seconds = 1;
  if (!o.handicap.empty()) {
    // "random" leaves the side open, and a handicap game has one side for the person.
    const bool side_chosen = j.contains("side") && j["side"].is_number_integer();
    if (const std::string e = start_handicap(o, side_chosen); !e.empty()) return Result::failure(e);
  }
  return o;
}

json new_game_fields(const TableOptions& o) {
  json j = {{"game", o.game}, {"side", o.person}, {"takeback", o.takeback}};
  if (o.handicap.empty())
    j["start"] = o.start;
  else
    j["handicap"] = o.handicap;
  if (o.level > 0) j["level"] = o.level;
  if (o.clock.timed()) {
    j["clock"] = {{"main", o.clock.main_ms / 1000.0},
                  {"byoyomi", o.clock.byoyomi_ms / 1000.0},
                  {"increment", o.clock.increment_ms / 1000.0}};
    return j;
  }
  if (o.seconds > 0)
    j["seconds"] = o.seconds;
  else
    j["playouts"] = o.playouts;
  return j;
}

Expected<int64_t> analysis_playouts(const std::string& body) {
  using Result = Expected<int64_t>;
  const auto j = json_object(body);
  if (!j) return Result::failure(j.error());
  int64_t playouts = 200;
  for (const auto& [key, value] : j->items()) {
    if (key != "playouts") return Result::failure("unknown field '" + key + "' (playouts)");
    if (!value.is_number_integer() || value.get<int64_t>() < 1 || value.get<int64_t>() > 100000)
      return Result::failure("playouts must be a whole number from 1 to 100000");
    playouts = value.get<int64_t>();
  }
  return playouts;
}

std::string move_of(const std::string& body) {
  try {
    const json j = json::parse(body);
    if (j.is_object() && j.size() == 1 && j.contains("move") && j["move"].is_string())
      return j["move"].get<std::string>();
  } catch (const json::parse_error&) {
  }
  return {};
}

// Every fact the page needs of a game, from the registry: it keeps no table of its own.
json info_json(const std::string& default_game, const std::string& engine) {
  json games = json::array();
  for (const std::string& name : served_games()) {
    const game::GameInfo& info = *games::find_game(name);
    const auto line = std::move(*make_game_line(name, ""));
    json pieces = json::object();
    for (const auto& l : line->piece_labels())
      pieces[l.letter] = {{"code", l.code}, {"name", l.name}};
    json records = json::array();
    game::Record sample;  // the formats a record of this game is written in
    sample.start_state = line->start();
    for (const auto& r : line->records(sample)) records.push_back(r.extension);
    json handicaps = json::array();
    for (const game::NamedStart& h : info.handicaps)
      handicaps.push_back({{"name", h.name}, {"label", h.label}});
    games.push_back({{"name", name},
                     {"summary", info.summary},
                     {"notation", info.notation},
                     {"players", {info.players[0], info.players[1]}},
                     {"board", info.board},
                     {"labels", info.board_labels},
                     {"records", records},
                     {"handicaps", handicaps},
                     {"pieces", pieces}});
  }
  json levels = json::array();
  for (const play::Level& l : play::LEVELS)
    levels.push_back({{"level", l.number},
                      {"name", l.name},
                      {"playouts", l.playouts},
                      {"temperature", l.temperature}});
  return {{"games", games}, {"game", default_game}, {"engine", engine}, {"levels", levels}};
}

}  // namespace kishi::serve
