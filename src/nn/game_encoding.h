// What a network is for: the game, its encoding's version and shape. Every
// checkpoint records it; loading one of another encoding fails (games that
// share an encoding, shogi and showgit, share networks).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "game/encoding.h"
#include "game/random_positions.h"

namespace kishi::nn {

struct GameEncoding {
  std::string game;     // the game's name (games/registry.h)
  std::string version;  // the Encoding's VERSION, "shogi-planes-v1"
  game::EncodingShape shape;
  // `count` positions of seeded random games, encoded one after another
  // (count * shape.input_size() floats): what int8 is calibrated on and the
  // backends are checked on. Empty in an encoding read from a checkpoint.
  std::function<std::vector<float>(int count, uint64_t seed)> sample_inputs;
  // The same positions' legal moves, each position's as policy indices: what
  // a backend's policy is compared on (a network trained with legal_policy
  // leaves the other entries free).
  std::function<std::vector<std::vector<int>>(int count, uint64_t seed)> sample_legal;

  bool operator==(const GameEncoding& o) const {
    return game == o.game && version == o.version && shape == o.shape;
  }
};

template <class G>
GameEncoding game_encoding(const G& game) {
  using E = typename G::Encoding;
  return {std::string(game.name()), std::string(E::VERSION), E::SHAPE,
          [game](int count, uint64_t seed) {
            const E encoder;
            std::vector<float> inputs(size_t(count) * E::SHAPE.input_size());
            const auto states = game::random_positions(game, size_t(count), seed);
            for (int i = 0; i < count; ++i)
              encoder.encode(states[i], inputs.data() + size_t(i) * E::SHAPE.input_size());
            return inputs;
          },
          [game](int count, uint64_t seed) {
            const E encoder;
            std::vector<std::vector<int>> legal(static_cast<size_t>(count));
            typename G::ActionList actions;
            const auto states = game::random_positions(game, size_t(count), seed);
            for (int i = 0; i < count; ++i) {
              game.legal_actions(states[i], actions);
              for (const auto& a : actions) legal[i].push_back(encoder.policy_index(states[i], a));
            }
            return legal;
          }};
}

}  // namespace kishi::nn
