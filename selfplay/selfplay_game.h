// One self-play game: the search plays both sides and every move is recorded
// with the search's root value and, for full searches, its policy target.
#pragma once

#include <atomic>
#include <random>

#include "engine/common/config.h"
#include "engine/search/mcts.h"
#include "engine/shogi/shogi_game.h"
#include "selfplay/chunk.h"

namespace kishi::selfplay {

struct SelfPlayConfig {
  int playouts = 64;       // a full search, recorded as a policy target
  int fast_playouts = 16;  // a fast search, not recorded (playout-cap randomization)
  double full_search_share = 0.25;
  bool gumbel = true;  // Gumbel root with sequential halving; else PUCT with noise
  int gumbel_actions = 16;
  float dirichlet_alpha = 0.15f;
  float dirichlet_epsilon = 0.25f;
  int temperature_plies = 30;  // PUCT: moves drawn by visits^(1/t) for this many plies
  float temperature = 1.0f;
  float resign_value = -0.95f;  // resign after two moves in a row below this value
  double playout_share = 0.1;   // share of games never resigned, to measure false resignations
  int max_plies = 320;
  int opening_random_plies = 0;  // uniformly random moves first, for variety
  // A bounded mate search at new leaves (rules only, no evaluation): games end
  // in mate instead of wandering to the ply limit. 0: off.
  int leaf_mate_plies = 0;
  // df-pn nodes spent at each move on a mate of up to 7 plies, played at once
  // when found. The sampled root of a small search often missed a mate in
  // hand, and the lost side then "resigned falsely". 0: off.
  int root_mate_nodes = 1000;

  // Reads the [selfplay] table; unknown keys are left for Config::finish.
  static SelfPlayConfig from(const Config& table);
};

// Plays one game of `game` from the start position with `search` (its tree is
// cleared first); the search's rules should have the same max_plies. When
// *stop turns true the game is given up between moves: reason ABANDONED, a
// record never to be written.
GameRecord play_selfplay_game(search::Search<shogi::ShogiGame>& search,
                              const SelfPlayConfig& config, shogi::Game game, std::mt19937_64& rng,
                              const std::atomic<bool>* stop = nullptr);

}  // namespace kishi::selfplay
