// The games kishi plays, in one place. Each game type lists the names it
// plays with their facts (game::GameInfo, written beside the type); this file
// lists the types, once. with_game(name, ...) builds the game a command asked
// for and calls the command's code with it, compiled once for each type (no
// virtual call below). Every --game option and [run] game key, the web
// server's games and the page's tables come from here (docs/games.md).
#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "game/game_info.h"
#include "games/gnome/gnome_game.h"
#include "games/shogi/shogi_game.h"
#include "games/toy/toy_game.h"

namespace kishi::games {

template <class... G>
struct GameTypes {};

// Adding a game: its folder under src/games/, a line here, a line in the
// conformance suite (tests/games/conformance_test.cpp).
using Registered = GameTypes<shogi::ShogiGame, gnome::GnomeGame, toy::ToyGame>;

namespace detail {
template <class... G>
std::vector<game::GameInfo> infos(GameTypes<G...>) {
  std::vector<game::GameInfo> all;
  (all.insert(all.end(), G::variants().begin(), G::variants().end()), ...);
  return all;
}
}  // namespace detail

// Every game, in the registry's order; the first is the default.
inline std::span<const game::GameInfo> all_games() {
  static const std::vector<game::GameInfo> games = detail::infos(Registered{});
  return games;
}

inline const game::GameInfo* find_game(std::string_view name) {
  for (const game::GameInfo& g : all_games())
    if (g.name == name) return &g;
  return nullptr;
}
inline bool is_game(std::string_view name) { return find_game(name) != nullptr; }
inline std::string default_game() { return std::string(all_games().front().name); }

// "shogi, showgit, gnome or toy".
inline std::string names_text(const std::vector<std::string>& names) {
  std::string text;
  for (size_t i = 0; i < names.size(); ++i)
    text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return text;
}

// The names of the games whose facts pass `keep` (all: every game).
template <class Keep>
std::vector<std::string> game_names_where(Keep&& keep) {
  std::vector<std::string> names;
  for (const game::GameInfo& g : all_games())
    if (keep(g)) names.emplace_back(g.name);
  return names;
}
inline std::vector<std::string> all_game_names() {
  return game_names_where([](const game::GameInfo&) { return true; });
}

inline std::invalid_argument unknown_game(std::string_view name) {
  std::string list;
  for (const game::GameInfo& g : all_games())
    list += (list.empty() ? "" : ", ") + std::string(g.name);
  return std::invalid_argument("unknown game '" + std::string(name) + "' (kishi plays " + list +
                               ")");
}

// The names the type G plays (shogi::ShogiGame: shogi and showgit).
template <class G>
std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const game::GameInfo& g : G::variants()) names.emplace_back(g.name);
  return names;
}

// The game `name` as type G; `name` must be one of G's.
template <class G>
G make_game(std::string_view name, const game::PlayRules& rules) {
  for (const game::GameInfo& g : G::variants())
    if (g.name == name) return G::make(g, rules);
  throw unknown_game(name);
}

namespace detail {
template <class F, class G, class... Rest>
decltype(auto) with_game(std::string_view name, const game::PlayRules& rules, F& f) {
  for (const game::GameInfo& g : G::variants())
    if (g.name == name) return f(G::make(g, rules));
  if constexpr (sizeof...(Rest) > 0)
    return with_game<F, Rest...>(name, rules, f);
  else
    throw unknown_game(name);
}
template <class F, class... G>
decltype(auto) with_game(std::string_view name, const game::PlayRules& rules, F& f,
                         GameTypes<G...>) {
  return with_game<F, G...>(name, rules, f);
}
}  // namespace detail

// Calls f(game) with the game named `name`; every call must return the same type.
template <class F>
decltype(auto) with_game(std::string_view name, const game::PlayRules& rules, F&& f) {
  return detail::with_game(name, rules, f, Registered{});
}

}  // namespace kishi::games
