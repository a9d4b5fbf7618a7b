// The evaluator each game plays with when no network is loaded: shogi's
// material evaluator, or the uniform evaluator of a game without one.
#pragma once

#include <memory>
#include <string>

#include "game/uniform_evaluator.h"
#include "games/shogi/material_evaluator.h"

namespace kishi::games {

template <class G>
struct BuiltinEvaluator {
  std::unique_ptr<game::LeafEvaluator<G>> evaluator;
  std::string description;
};

inline BuiltinEvaluator<shogi::ShogiGame> builtin_evaluator(const shogi::ShogiGame&) {
  return {std::make_unique<shogi::MaterialEvaluator>(), "material value, uniform prior"};
}

template <class G>
BuiltinEvaluator<G> builtin_evaluator(const G&) {
  return {std::make_unique<game::UniformEvaluator<G>>(), "uniform prior, even value"};
}

}  // namespace kishi::games
