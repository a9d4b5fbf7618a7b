// The engine of every registered game, built once here: the one translation
// unit that instantiates engine/engine.h.
#include <stdexcept>

#include "engine/engine.h"
#include "games/builtin_evaluator.h"
#include "games/registry.h"

namespace kishi::play {

std::unique_ptr<EngineControl> make_engine(std::string_view game, Player player,
                                           EngineControl::Listener listener) {
  return games::with_game(game, {}, [&](const auto& g) -> std::unique_ptr<EngineControl> {
    using G = std::decay_t<decltype(g)>;
    if (player == Player::Greedy && !players::has_baseline<G>(players::Baseline::Greedy))
      throw std::invalid_argument("the game " + std::string(game) +
                                  " has no greedy player (no material gain of an action): use "
                                  "--player mcts or random");
    if (player == Player::AlphaBeta && !players::has_baseline<G>(players::Baseline::AlphaBeta))
      throw std::invalid_argument("the game " + std::string(game) +
                                  " has no alpha-beta player (no static value): use --player mcts "
                                  "or random");
    auto builtin = games::builtin_evaluator(g);
    return std::make_unique<Engine<G>>(std::string(game), player, std::move(listener),
                                       std::move(builtin.evaluator), builtin.description);
  });
}

}  // namespace kishi::play
