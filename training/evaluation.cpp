#include "training/evaluation.h"

#include <mutex>
#include <random>
#include <thread>

#include "engine/players/baselines.h"
#include "engine/search/mcts.h"
#include "engine/shogi/game_status.h"
#include "engine/shogi/names.h"
#include "nn/batcher.h"
#include "nn/network_leaf_evaluator.h"

namespace kishi::training {

using namespace kishi::shogi;

EvalResult play_against_baseline(const std::string& model_path, Game game,
                                 const nn::NetworkOptions& network, Baseline baseline, int games,
                                 int playouts, int max_plies, int leaf_mate_plies, uint64_t seed) {
  auto net =
      nn::NetworkEvaluator::from_checkpoint(model_path, std::string(game_name(game)), network);
  nn::EvaluationBatcher batcher(*net, {.max_batch = std::max(games, 1)});
  nn::NetworkLeafEvaluator leaf(batcher);
  EvalResult result;
  std::mutex mutex;
  std::vector<std::thread> threads;
  for (int g = 0; g < games; ++g)
    threads.emplace_back([&, g] {
      const Color model_side = g % 2 == 0 ? BLACK : WHITE;
      search::ShogiGame::Rules rules;
      rules.max_plies = max_plies;
      rules.leaf_mate_plies = leaf_mate_plies;
      search::Search<search::ShogiGame> search(
          search::ShogiGame(rules), leaf,
          {.max_nodes = uint32_t(playouts * 200 + 1000), .seed = seed + g});
      std::mt19937_64 rng(seed * 7919 + uint64_t(g));
      Position pos = Position::startpos(game);
      GameStatus status;
      while ((status = game_status(pos, {.max_plies = max_plies})).outcome == Outcome::Ongoing) {
        Move m;
        if (pos.side_to_move() == model_side) {
          search.clear_tree();
          search::SearchLimits limits;
          limits.max_playouts = playouts;
          m = *search.run(pos, limits).best;
        } else {
          m = baseline == Baseline::Random ? players::random_move(pos, rng)
                                           : players::greedy_move(pos, rng);
        }
        pos.do_move(m);
      }
      std::lock_guard lock(mutex);
      if (status.outcome == Outcome::Draw)
        ++result.draws;
      else if ((status.outcome == Outcome::BlackWins) == (model_side == BLACK))
        ++result.wins;
      else
        ++result.losses;
    });
  for (auto& t : threads) t.join();
  return result;
}

}  // namespace kishi::training
