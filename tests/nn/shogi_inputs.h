// shogi positions as the game-free network layer takes them, for its tests.
#pragma once

#include <vector>

#include "game/evaluation.h"
#include "games/shogi/core/movegen.h"
#include "games/shogi/encoding.h"
#include "games/shogi/shogi_game.h"
#include "nn/evaluator.h"
#include "nn/game_encoding.h"
#include "nn/model_config.h"

namespace kishi::nn::testing {

// A network small enough for tests to build and run in milliseconds.
inline const ModelConfig TINY{.blocks = 2,
                              .channels = 16,
                              .squeeze_excitation = true,
                              .policy_channels = 8,
                              .value_channels = 2,
                              .value_hidden = 32};

// A position's planes and its legal moves' policy indices, in legal_moves() order.
struct EncodedShogi {
  explicit EncodedShogi(const shogi::Position& pos)
      : input(shogi::INPUT_SIZE), key(shogi::encoding_key(pos)) {
    shogi::encode_position(pos, input.data());
    for (shogi::Move m : shogi::legal_moves(pos)) {
      moves.push_back(m);
      indices.push_back(shogi::policy_index(pos, m));
    }
  }
  EncodedPosition view() const { return {input.data(), indices}; }
  // The answer as the search sees it: each legal move with its prior.
  EvaluationOf<shogi::Move> evaluation(const PolicyValue& pv) const {
    EvaluationOf<shogi::Move> e;
    e.wdl = pv.wdl;
    for (size_t i = 0; i < moves.size(); ++i) e.policy.emplace_back(moves[i], pv.priors.at(i));
    return e;
  }
  std::vector<float> input;
  std::vector<shogi::Move> moves;
  std::vector<int> indices;
  uint64_t key;
};

inline GameEncoding encoding_of(const std::string& game) {
  return game_encoding(
      shogi::ShogiGame(shogi::ShogiGame::Rules{.variant = *shogi::parse_game(game)}));
}

}  // namespace kishi::nn::testing
