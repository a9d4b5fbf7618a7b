// Games of a model against a fixed opponent, both colours: a built-in baseline
// (the uniform random mover or the 1-ply material-greedy player) or another
// model (the loop's newest-against-previous check). For the loop's progress
// figures and `kishi evaluate`.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "engine/shogi/types.h"
#include "nn/network_evaluator.h"

namespace kishi::training {

enum class Baseline { Random, Greedy };

struct Opponent {
  Baseline baseline = Baseline::Random;
  std::string model_path;  // when set: this model, searching like the one evaluated
};

struct EvalSettings {
  shogi::Game game = shogi::Game::Shogi;
  nn::NetworkOptions network;
  int games = 10;     // half with each colour
  int playouts = 16;  // a move, for each model; no noise
  // > 0: the Gumbel root as in self-play (sequential halving over this many
  // moves), without its noise; 0: PUCT.
  int gumbel_actions = 0;
  int max_plies = 256;  // games reaching it are draws
  int leaf_mate_plies = 3;
  // Random plies before the players take over, the same for both games of a
  // colour pair: two deterministic searches would otherwise repeat one game.
  int opening_plies = 0;
  uint64_t seed = 1;
  int concurrent = 32;  // games at once, their leaves batched together
};

struct EvalResult {
  int wins = 0, draws = 0, losses = 0;
  double score() const {
    const int n = wins + draws + losses;
    return n ? (wins + 0.5 * draws) / n : 0;
  }
};

// `on_game` sees the tally after each finished game.
EvalResult play_evaluation(const std::string& model_path, const Opponent& opponent,
                           const EvalSettings& settings,
                           const std::function<void(const EvalResult&)>& on_game = {});

}  // namespace kishi::training
