#include "training/evaluation.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

#include "engine/common/worker_errors.h"
#include "engine/players/baselines.h"
#include "engine/search/mcts.h"
#include "engine/shogi/game_status.h"
#include "engine/shogi/shogi_game.h"
#include "nn/batched_network.h"

namespace kishi::training {

using namespace kishi::shogi;

namespace {

// A model with its batcher, shared by all concurrent games.
using BatchedModel = nn::BatchedNetwork<ShogiGame>;
using ShogiSearch = search::Search<ShogiGame>;

ShogiGame game_of(const EvalSettings& s) {
  ShogiGame::Rules rules;
  rules.variant = s.game;
  rules.max_plies = s.max_plies;
  rules.leaf_mate_plies = s.leaf_mate_plies;
  return ShogiGame(rules);
}

std::unique_ptr<ShogiSearch> make_search(const BatchedModel& model, const EvalSettings& s,
                                         uint64_t seed) {
  return std::make_unique<ShogiSearch>(
      game_of(s), *model.leaf,
      search::SearchParams{.max_nodes = uint32_t(s.playouts * 200 + 1000), .seed = seed});
}

Move search_move(ShogiSearch& search, const Position& pos, const EvalSettings& s) {
  search.clear_tree();
  if (s.gumbel_actions > 0)
    return *search.run_gumbel(pos, s.playouts, s.gumbel_actions, /*gumbel_noise=*/false).best;
  search::SearchLimits limits;
  limits.max_playouts = s.playouts;
  return *search.run(pos, limits).best;
}

}  // namespace

EvalResult play_evaluation(const std::string& model_path, const Opponent& opponent,
                           const EvalSettings& s,
                           const std::function<void(const EvalResult&)>& on_game) {
  const int concurrent = std::clamp(s.concurrent, 1, std::max(s.games, 1));
  const nn::BatcherOptions batch{.max_batch = concurrent};
  BatchedModel model(model_path, game_of(s), s.network, batch);
  std::optional<BatchedModel> other;
  if (!opponent.model_path.empty())
    other.emplace(opponent.model_path, game_of(s), s.network, batch);
  EvalResult result;
  std::mutex mutex;
  std::atomic<int> next_game{0};
  const auto play = [&](int g) {
    const Color model_side = g % 2 == 0 ? BLACK : WHITE;
    const auto search = make_search(model, s, s.seed + uint64_t(g));
    const auto other_search = other ? make_search(*other, s, s.seed + uint64_t(g)) : nullptr;
    std::mt19937_64 rng(s.seed * 7919 + uint64_t(g));
    std::mt19937_64 opening_rng(s.seed * 104729 + uint64_t(g / 2));
    Position pos = Position::startpos(s.game);
    GameStatus status;
    while ((status = game_status(pos, {.max_plies = s.max_plies})).outcome == Outcome::Ongoing) {
      Move m;
      if (pos.plies_played() < s.opening_plies)
        m = players::random_move(pos, opening_rng);
      else if (pos.side_to_move() == model_side)
        m = search_move(*search, pos, s);
      else if (other_search)
        m = search_move(*other_search, pos, s);
      else
        m = opponent.baseline == Baseline::Random ? players::random_move(pos, rng)
                                                  : players::greedy_move(pos, rng);
      pos.do_move(m);
    }
    std::lock_guard lock(mutex);
    if (status.outcome == Outcome::Draw)
      ++result.draws;
    else if ((status.outcome == Outcome::BlackWins) == (model_side == BLACK))
      ++result.wins;
    else
      ++result.losses;
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
