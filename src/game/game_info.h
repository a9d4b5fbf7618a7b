// What people and programs call a game, and the facts about it that the
// layers above cannot ask of its type: one per name the registry knows (a type
// may serve several: shogi and showgit). Each game writes its own beside its
// type; the registry (games/registry.h) lists them, and the commands' --game
// choices, kishi serve's /api/info and the page's tables are built from them.
#pragma once

#include <array>
#include <span>
#include <string_view>

namespace kishi::game {

// A position `kishi bench perft` counts to a depth.
struct PerftBench {
  std::string_view name, state;
  int depth;
};

// A start other than the usual one, chosen by name (shogi's handicaps): the
// page's menu and kishi serve's {"handicap": NAME}. The player to move at
// `state` gives the handicap.
struct NamedStart {
  std::string_view name, label, state;  // "lance", "lance", its state text
};

struct GameInfo {
  std::string_view name;      // "shogi": --game, [run] game, chunks, checkpoints, the page
  std::string_view summary;   // one line for people: --help, the page
  std::string_view notation;  // the state text's name: "SFEN", "FEN"
  std::array<std::string_view, 2> players;  // who players 0 and 1 are, for people
  std::string_view board = {};  // the web page's board for it ("shogi", "gnome"); empty: not served
  // How that board labels the pieces: "codes" (the game's piece codes), or
  // empty: the board's own (shogi's kanji).
  std::string_view board_labels = {};
  // Fairy-Stockfish's UCI_Variant for this game; empty: that engine does not play it.
  std::string_view fairy_variant = {};
  // Positions (state texts) `kishi bench search` searches; empty: the start
  // and a position of a random line.
  std::span<const std::string_view> bench_states = {};
  // The positions `kishi bench perft` counts; empty: none.
  std::span<const PerftBench> perft_bench = {};
  // The handicaps a game may start with; empty: none.
  std::span<const NamedStart> handicaps = {};
  // Its number in version-1 chunk files, written before games had names; -1: none.
  int chunk_v1_id = -1;
};

// The facts of `game`'s own name among those its type plays.
template <class G>
const GameInfo& info_of(const G& game) {
  for (const GameInfo& info : G::variants())
    if (info.name == game.name()) return info;
  return G::variants().front();
}

// Rules a command may set for any game; each game takes what applies to it.
struct PlayRules {
  int max_plies = 512;       // games reaching it are draws
  int leaf_mate_plies = 0;   // a bounded mate search at new leaves (games with one)
  bool declaration = false;  // shogi's 27-point entering-king declaration
};

}  // namespace kishi::game
