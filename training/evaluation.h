// Games of a model against a built-in baseline (the uniform random mover or the
// 1-ply material-greedy player), both colours, for the loop's progress figures.
#pragma once

#include <cstdint>
#include <string>

#include "engine/shogi/types.h"
#include "nn/network_evaluator.h"

namespace kishi::training {

enum class Baseline { Random, Greedy };

struct EvalResult {
  int wins = 0, draws = 0, losses = 0;
  double score() const {
    const int n = wins + draws + losses;
    return n ? (wins + 0.5 * draws) / n : 0;
  }
};

// The model plays `games` games (half with each colour) with `playouts` per
// move and no noise; games at max_plies are draws.
EvalResult play_against_baseline(const std::string& model_path, shogi::Game game,
                                 const nn::NetworkOptions& network, Baseline baseline, int games,
                                 int playouts, int max_plies, int leaf_mate_plies, uint64_t seed);

}  // namespace kishi::training
