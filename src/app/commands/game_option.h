// The --game option of every command, from the registry: its choices, its
// help and its default are the registry's (games/registry.h), never a list of
// the command's own.
#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <string>
#include <vector>

#include "games/registry.h"

namespace kishi::command {

// Adds --game to `app`, taking one of `names` (default: every game) into
// `game`; an empty `game` starts as the first of them.
inline CLI::Option* add_game_option(CLI::App& app, std::string& game,
                                    std::vector<std::string> names = games::all_game_names()) {
  if (game.empty()) game = names.front();
  const std::string help = "the game: " + games::names_text(names);
  const CLI::Validator one_of_names(
      [names](std::string& value) -> std::string {
        if (std::find(names.begin(), names.end(), value) != names.end()) return {};
        if (!games::is_game(value)) return games::unknown_game(value).what();
        return "this command plays " + games::names_text(names) + ", not " + value;
      },
      "GAME");
  return app.add_option("--game", game, help)->capture_default_str()->check(one_of_names);
}

}  // namespace kishi::command
