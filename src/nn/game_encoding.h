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
          }};
}

}  // namespace kishi::nn
