// Games of a model against a fixed opponent, both colours, in any game: a
// built-in baseline (the uniform random mover, the 1-ply greedy player of
// games with a material gain, the depth-limited alpha-beta search of games
// with a static value) or another model (the loop's
// newest-against-previous check). For the loop's progress figures and `kishi
// evaluate`.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "common/worker_errors.h"
#include "game/game.h"
#include "game/mate.h"
#include "game/play_game.h"
#include "nn/torch/batched_network.h"
#include "nn/torch/network_evaluator.h"
#include "players/baseline.h"
#include "search/mcts.h"

namespace kishi::training {

using players::Baseline;

struct Opponent {
  Baseline baseline = Baseline::Random;
  std::string model_path = {};  // when set: this model, searching like the one evaluated
  int depth = 1;                // the alpha-beta baseline's depth
};

// The games' rules (ply limit, leaf mate search) are the game's, given with it.
struct EvalSettings {
  nn::NetworkOptions network;
  int games = 10;     // half with each colour
  int playouts = 16;  // a move, for each model; no noise
  // > 0: the Gumbel root as in self-play (sequential halving over this many
  // moves), without its noise; 0: PUCT.
  int gumbel_actions = 0;
  int max_plies = 256;  // games reaching it are draws
  // > 0: a game drawn by its length is also scored by material, a side this
  // far ahead (centipawns) winning it (EvalResult::adjudicated_score).
  int adjudicate_material = 0;
  // Random plies before the players take over, the same for both games of a
  // colour pair: two deterministic searches would otherwise repeat one game.
  int opening_plies = 0;
  // > 0: before its search the model plays a mate that the game's mate search
  // proves in this many nodes, as self-play does (SelfPlayConfig::root_mate_nodes).
  int root_mate_nodes = 1000;
  uint64_t seed = 1;
  int concurrent = 32;  // games at once, their leaves batched together
};

struct EvalResult {
  int wins = 0, draws = 0, losses = 0;
  std::map<std::string, int> endings;         // games by how they ended, in the game's words
  int model_vetoes = 0, opponent_vetoes = 0;  // games with a veto (gnome)
  // Of the draws by length, those the model or the opponent led on material.
  int material_wins = 0, material_losses = 0;
  double score() const {
    const int n = wins + draws + losses;
    return n ? (wins + 0.5 * draws) / n : 0;
  }
  // The score with the draws by length scored by material.
  double adjudicated_score() const {
    const int n = wins + draws + losses;
    return n ? (wins + material_wins + 0.5 * (draws - material_wins - material_losses)) / n : 0;
  }
};

template <game::Game G>
constexpr bool has_baseline(const G&, Baseline b) {
  return players::has_baseline<G>(b);
}

// `on_game` sees the tally after each finished game.
template <game::Game G>
EvalResult play_evaluation(const G& game, const std::string& model_path, const Opponent& opponent,
                           const EvalSettings& s,
                           const std::function<void(const EvalResult&)>& on_game = {}) {
  using Action = typename G::Action;
  using GameSearch = search::Search<G>;
  if (opponent.model_path.empty() && !has_baseline(game, opponent.baseline))
    throw std::invalid_argument("game '" + std::string(game.name()) +
                                "' has no such baseline (greedy needs a material gain of an "
                                "action, alpha-beta a static value)");
  const int concurrent = std::clamp(s.concurrent, 1, std::max(s.games, 1));
  // A model with its batcher, shared by all concurrent games.
  const nn::BatcherOptions batch{.max_batch = concurrent};
  const nn::BatchedNetwork<G> model(model_path, game, s.network, batch);
  std::optional<nn::BatchedNetwork<G>> other;
  if (!opponent.model_path.empty()) other.emplace(opponent.model_path, game, s.network, batch);
  const auto make_search = [&](const nn::BatchedNetwork<G>& net, uint64_t seed) {
    return std::make_unique<GameSearch>(
        game, *net.leaf,
        search::SearchParams{.max_nodes = uint32_t(s.playouts * 200 + 1000), .seed = seed});
  };
  const auto search_action = [&](GameSearch& search, game::RootMate<G>& root_mate,
                                 const typename G::State& state) {
    if (const auto mate = root_mate.find(state, s.root_mate_nodes, 7)) return *mate;
    search.clear_tree();
    if (s.gumbel_actions > 0)
      return *search.run_gumbel(state, s.playouts, s.gumbel_actions, /*gumbel_noise=*/false).best;
    search::SearchLimits limits;
    limits.max_playouts = s.playouts;
    return *search.run(state, limits).best;
  };
  EvalResult result;
  std::mutex mutex;
  std::atomic<int> next_game{0};
  const auto play = [&](int g) {
    const int model_player = g % 2;
    const auto search = make_search(model, s.seed + uint64_t(g));
    const auto other_search = other ? make_search(*other, s.seed + uint64_t(g)) : nullptr;
    std::mt19937_64 opening_rng(s.seed * 104729 + uint64_t(g / 2));
    // A small table for the alpha-beta: `concurrent` games are under way at once.
    std::optional<players::BaselinePlayer<G>> baseline;
    if (!other_search) baseline.emplace(game, opponent.baseline, s.seed * 7919 + uint64_t(g), 16);
    game::RootMate<G> root_mate(game, 16);
    int vetoes[2] = {0, 0};  // by the model, by the opponent
    typename G::State position = game.start_state();
    const auto turn = [&](const typename G::State& state, const typename G::ActionList& legal,
                          int ply) {
      Action a = legal[0];
      if (ply < s.opening_plies)
        a = players::random_action(game, state, opening_rng);
      else if (game.player(state) == model_player)
        a = search_action(*search, root_mate, state);
      else if (other_search)
        a = search_action(*other_search, root_mate, state);
      else
        a = baseline->choose(state, opponent.depth);
      if constexpr (requires { game.is_veto(a); })
        if (game.is_veto(a)) vetoes[game.player(state) == model_player ? 0 : 1] = 1;
      return game::Turn<Action>::play(a);
    };
    const game::GameEnd end = game::play_game(
        game, position, {.max_plies = s.max_plies, .adjudicate_material = s.adjudicate_material},
        turn);
    std::lock_guard lock(mutex);
    ++result.endings[end.text];
    result.model_vetoes += vetoes[0];
    result.opponent_vetoes += vetoes[1];
    if (end.by == game::GameEnd::By::Material) {  // a draw by length, led on material
      ++result.draws;
      ++(end.winner == model_player ? result.material_wins : result.material_losses);
    } else if (end.winner == game::Outcome::DRAW) {
      ++result.draws;
    } else if (end.winner == model_player) {
      ++result.wins;
    } else {
      ++result.losses;
    }
    if (on_game) on_game(result);
  };
  // A thread's error (a failed forward pass) ends the others' work and is
  // rethrown here, after they are joined.
  WorkerErrors errors;
  std::vector<std::thread> threads;
  for (int t = 0; t < concurrent; ++t)
    threads.emplace_back([&] {
      errors.run([&] {
        for (int g; !errors.failed() && (g = next_game++) < s.games;) play(g);
      });
    });
  for (auto& t : threads) t.join();
  errors.rethrow();
  return result;
}

}  // namespace kishi::training
