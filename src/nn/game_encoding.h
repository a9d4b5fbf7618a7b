// What a network is for: the game, its encoding's version and shape. Every
// checkpoint records it; loading one of another encoding fails (games that
// share an encoding, shogi and showgit, share networks).
#pragma once

#include <string>

#include "game/encoding.h"

namespace kishi::nn {

struct GameEncoding {
  std::string game;     // the game's name (games/registry.h)
  std::string version;  // the Encoding's VERSION, "shogi-planes-v1"
  game::EncodingShape shape;
  bool operator==(const GameEncoding&) const = default;
};

template <class G>
GameEncoding game_encoding(const G& game) {
  using E = typename G::Encoding;
  return {std::string(game.name()), std::string(E::VERSION), E::SHAPE};
}

}  // namespace kishi::nn
