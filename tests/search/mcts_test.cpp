#include "engine/search/mcts.h"

#include <gtest/gtest.h>

#include "engine/search/material_evaluator.h"
#include "engine/search/shogi_game.h"
#include "tests/random_playout.h"

namespace kishi::search {
namespace {

using namespace kishi::shogi;

Position at(std::string_view sfen) { return *Position::from_sfen(sfen); }

SearchLimits playouts(int64_t n) {
  SearchLimits l;
  l.max_playouts = n;
  return l;
}

TEST(Mcts, TakesAFreeRookWithTheMaterialEvaluator) {
  MaterialEvaluator eval;
  Search<ShogiGame> search(ShogiGame{}, eval, {});
  const auto result = search.run(at("4k4/9/9/9/9/3r5/9/1B7/4K4 b - 1"), playouts(3000));
  ASSERT_TRUE(result.best);
  EXPECT_EQ(to_usi(*result.best).substr(0, 4), "8h6f");
  EXPECT_GT(result.value, 0.3f);
}

TEST(Mcts, NeverReturnsAnIllegalMove) {
  MaterialEvaluator eval;
  for (int threads : {1, 2}) {
    SearchParams params;
    params.threads = threads;
    params.max_nodes = 1 << 16;
    Search<ShogiGame> search(ShogiGame{}, eval, params);
    const auto sfens = shogi::testing::random_playout_sfens(Game::Shogi, 6, 150, 77);
    for (size_t i = 0; i < sfens.size(); i += 9) {
      const Position pos = at(sfens[i]);
      search.clear_tree();
      const auto result = search.run(pos, playouts(150));
      if (legal_moves(pos).empty()) {
        EXPECT_FALSE(result.best);
        continue;
      }
      ASSERT_TRUE(result.best) << sfens[i];
      EXPECT_TRUE(pos.is_legal(*result.best)) << sfens[i];
      for (Move m : result.pv) ASSERT_TRUE(m);  // a pv of real moves
    }
  }
}

TEST(Mcts, StopsAtThePlayoutLimitAndReportsTheTree) {
  MaterialEvaluator eval;
  Search<ShogiGame> search(ShogiGame{}, eval, {});
  const auto result = search.run(Position::startpos(), playouts(500));
  EXPECT_EQ(result.info.playouts, 500);
  int visits = 0;
  for (const auto& c : result.children) visits += c.visits;
  EXPECT_EQ(visits, 500);
  EXPECT_EQ(result.children.size(), 30u);
  EXPECT_GT(result.info.hashfull, 0);
}

TEST(Mcts, ReusesTheSubtreeOfTheMovePlayed) {
  MaterialEvaluator eval;
  Search<ShogiGame> search(ShogiGame{}, eval, {});
  Position pos = Position::startpos();
  const auto first = search.run(pos, playouts(2000));
  const Move played = *first.best;
  const int kept = first.children.front().visits;
  pos.do_move(played);
  ASSERT_TRUE(search.advance_root(std::span(&played, 1)));
  EXPECT_EQ(search.info().root_visits, kept);
  const auto second = search.run(pos, playouts(100));
  EXPECT_EQ(second.info.root_visits, kept + 100);
  // An action the tree does not hold empties it.
  const Move absent = Move::drop(GOLD, make_square(4, 4));
  EXPECT_FALSE(search.advance_root(std::span(&absent, 1)));
  EXPECT_EQ(search.info().root_visits, 0);
}

TEST(Mcts, FullTreeEndsTheSearch) {
  MaterialEvaluator eval;
  SearchParams params;
  params.max_nodes = 200;
  Search<ShogiGame> search(ShogiGame{}, eval, params);
  const auto result = search.run(Position::startpos(), playouts(100000));
  EXPECT_TRUE(result.info.tree_full);
  EXPECT_TRUE(result.best);
}

TEST(Mcts, GumbelRootGivesALegalMoveAndAProperTarget) {
  MaterialEvaluator eval;
  Search<ShogiGame> search(ShogiGame{}, eval, {});
  const Position pos = at("4k4/9/9/9/9/3r5/9/1B7/4K4 b - 1");
  const auto result = search.run_gumbel(pos, 32, 16);
  ASSERT_TRUE(result.best);
  EXPECT_TRUE(pos.is_legal(*result.best));
  ASSERT_EQ(result.improved_policy.size(), result.children.size());
  float sum = 0;
  for (float p : result.improved_policy) sum += p;
  EXPECT_NEAR(sum, 1.0f, 1e-4);
  EXPECT_EQ(result.info.playouts, 32);
}

TEST(Mcts, RootNoiseChangesPriors) {
  MaterialEvaluator eval;
  SearchParams params;
  params.dirichlet_epsilon = 0.25f;
  Search<ShogiGame> search(ShogiGame{}, eval, params);
  const auto result = search.run(Position::startpos(), playouts(1));
  bool any_changed = false;
  for (const auto& c : result.children) any_changed |= std::abs(c.prior - 1.0f / 30) > 1e-4;
  EXPECT_TRUE(any_changed);
}

TEST(ShogiGameTerminal, RepetitionInsideTheGameScoresAsTheCycle) {
  ShogiGame game;
  Position pos = *Position::from_sfen("R7k/9/9/9/9/9/9/9/K8 w - 1");
  for (const char* m : {"1a1b", "9a9b", "1b1a", "9b9a"}) pos.do_move(*parse_usi_move(pos, m));
  // White to move; Black checked on every move of the cycle: a win for White.
  const Terminal t = game.terminal(pos, legal_moves(pos));
  EXPECT_TRUE(t.over);
  EXPECT_EQ(t.value, 1.0f);
}

}  // namespace
}  // namespace kishi::search
