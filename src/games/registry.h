// The games kishi plays, in one place: with_game(name, ...) builds the game a
// command asked for and calls the command's code with it, compiled once for
// each game (no virtual call below). Every command that takes --game (or a
// config's [run] game) dispatches here; a new game is registered here and
// nowhere else (docs/games.md).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "games/gnome/gnome_game.h"
#include "games/shogi/shogi_game.h"
#include "games/toy/toy_game.h"

namespace kishi::games {

// Rules a command may set for any game; each game takes what applies to it.
struct PlayRules {
  int max_plies = 512;       // games reaching it are draws
  int leaf_mate_plies = 0;   // a bounded mate search at new leaves (games with one)
  bool declaration = false;  // shogi's 27-point entering-king declaration
};

inline constexpr std::string_view GAME_NAMES[] = {"shogi", "showgit", "gnome", "toy"};

inline bool is_game(std::string_view name) {
  for (std::string_view n : GAME_NAMES)
    if (n == name) return true;
  return false;
}

inline std::invalid_argument unknown_game(std::string_view name) {
  std::string list;
  for (std::string_view n : GAME_NAMES) list += (list.empty() ? "" : ", ") + std::string(n);
  return std::invalid_argument("unknown game '" + std::string(name) + "' (kishi plays " + list +
                               ")");
}

// The game `name` as type G; `name` must be one of G's (game_names<G>()).
template <class G>
G make_game(std::string_view name, const PlayRules& rules);

template <>
inline shogi::ShogiGame make_game<shogi::ShogiGame>(std::string_view name, const PlayRules& rules) {
  const auto variant = shogi::parse_game(name);
  if (!variant) throw unknown_game(name);
  shogi::ShogiGame::Rules r;
  r.variant = *variant;
  r.max_plies = rules.max_plies;
  r.leaf_mate_plies = rules.leaf_mate_plies;
  r.declaration = rules.declaration;
  return shogi::ShogiGame(r);
}

template <>
inline gnome::GnomeGame make_game<gnome::GnomeGame>(std::string_view name, const PlayRules& rules) {
  if (name != "gnome") throw unknown_game(name);
  return gnome::GnomeGame({.max_plies = rules.max_plies, .leaf_mate_plies = rules.leaf_mate_plies});
}

template <>
inline toy::ToyGame make_game<toy::ToyGame>(std::string_view name, const PlayRules&) {
  if (name != "toy") throw unknown_game(name);
  return {};
}

// Calls f(game) with the game named `name`; every call must return the same type.
template <class F>
decltype(auto) with_game(std::string_view name, const PlayRules& rules, F&& f) {
  if (shogi::parse_game(name)) return f(make_game<shogi::ShogiGame>(name, rules));
  if (name == "gnome") return f(make_game<gnome::GnomeGame>(name, rules));
  if (name == "toy") return f(make_game<toy::ToyGame>(name, rules));
  throw unknown_game(name);
}

// The names of GAME_NAMES that are played by the type G (shogi::ShogiGame:
// shogi and showgit, its variants).
template <class G>
std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (std::string_view n : GAME_NAMES)
    if (with_game(n, {},
                  [](const auto& g) { return std::is_same_v<std::decay_t<decltype(g)>, G>; }))
      names.emplace_back(n);
  return names;
}

}  // namespace kishi::games
