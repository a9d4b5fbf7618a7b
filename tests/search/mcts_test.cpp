#include "search/mcts.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "games/shogi/material_evaluator.h"
#include "games/shogi/shogi_game.h"
#include "tests/games/random_playout.h"

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

namespace kishi::search {
namespace {

TEST(Mcts, LeafMateSearchTurnsAMatingLeafIntoAWin) {
  // Black to move has a mate in 3 (tests/data/tsume.tsv): with the leaf mate
  // search on, this state is a won leaf.
  const Position pos = *Position::from_sfen("9/4k4/9/3G5/5S3/9/9/9/4K4 b 2GS 1");
  MaterialEvaluator eval;
  ShogiGame::Rules rules;
  rules.leaf_mate_plies = 3;
  ShogiGame game(rules);
  const Terminal t = game.terminal(pos, legal_moves(pos));
  EXPECT_TRUE(t.over);
  EXPECT_EQ(t.value, 1.0f);
  EXPECT_FALSE(ShogiGame{}.terminal(pos, legal_moves(pos)).over);  // off by default
  // Below the root, replies to the mating check are mated leaves for the
  // search: it backs up a near-certain win.
  Search<ShogiGame> search(game, eval, {});
  SearchLimits limits;
  limits.max_playouts = 2000;
  EXPECT_GT(search.run(pos, limits).value, 0.9f);
}

TEST(Mcts, TemperatureSamplesByVisits) {
  std::vector<ChildStats<Move>> children = {{Move::drop(GOLD, 1), 90, 0, 0},
                                            {Move::drop(GOLD, 2), 10, 0, 0}};
  std::mt19937_64 rng(5);
  int first = 0;
  for (int i = 0; i < 2000; ++i)
    first += sample_by_visits(children, 1.0f, rng) == children[0].action;
  EXPECT_NEAR(first / 2000.0, 0.9, 0.03);
  for (int i = 0; i < 100; ++i)
    EXPECT_EQ(sample_by_visits(children, 0.0f, rng), children[0].action);
  int sharp = 0;  // a low temperature sharpens towards the most visited
  for (int i = 0; i < 2000; ++i)
    sharp += sample_by_visits(children, 0.25f, rng) == children[0].action;
  EXPECT_GT(sharp / 2000.0, 0.99);
}

// A weakened player counts the prior as a share of a visit: after a search of
// one playout (no child visited) the move is drawn from the policy.
TEST(Mcts, PriorVisitsDrawFromThePolicyWhenNothingWasVisited) {
  std::vector<ChildStats<Move>> children = {{Move::drop(GOLD, 1), 0, 0, 0.7f},
                                            {Move::drop(GOLD, 2), 0, 0, 0.3f}};
  std::mt19937_64 rng(7);
  int first = 0;
  for (int i = 0; i < 4000; ++i)
    first += sample_by_visits(children, 1.0f, rng, 1.0f) == children[0].action;
  EXPECT_NEAR(first / 4000.0, 0.7, 0.03);
  int flat = 0;  // a high temperature flattens the draw
  for (int i = 0; i < 4000; ++i)
    flat += sample_by_visits(children, 8.0f, rng, 1.0f) == children[0].action;
  EXPECT_NEAR(flat / 4000.0, 0.53, 0.03);
}

}  // namespace
}  // namespace kishi::search

namespace kishi::search {
namespace {

// A position seen before in the game is final inside the tree (it scores as its
// repetition), but at the root it is a position to move in.
TEST(Mcts, RepeatedRootPositionStillGetsAMove) {
  Position pos = Position::startpos();
  for (const char* m : {"2h3h", "8b7b", "3h2h", "7b8b"}) pos.do_move(*parse_usi_move(pos, m));
  MaterialEvaluator eval;
  Search<ShogiGame> search(ShogiGame{}, eval, {});
  SearchLimits limits;
  limits.max_playouts = 200;
  const auto result = search.run(pos, limits);
  ASSERT_TRUE(result.best);
  EXPECT_TRUE(pos.is_legal(*result.best));
  EXPECT_TRUE(search.run_gumbel(pos, 16, 8).best);
}

// Contempt: a move back to a position of the game (a draw inside the tree) is
// worth -contempt to the root's player, here the one who makes it; without it, 0.
TEST(Mcts, ContemptValuesADrawBelowAnEvenGame) {
  Position pos = Position::startpos();
  for (const char* m : {"2h3h", "8b7b", "3h2h"}) pos.do_move(*parse_usi_move(pos, m));
  const Move back = *parse_usi_move(pos, "7b8b");  // White back to the start position
  MaterialEvaluator eval;
  for (float contempt : {0.0f, 0.3f}) {
    SearchParams params;
    params.contempt = contempt;
    Search<ShogiGame> search(ShogiGame{}, eval, params);
    const auto result = search.run(pos, playouts(2000));
    ASSERT_TRUE(result.best);
    bool seen = false;
    for (const auto& c : result.children)
      if (c.action == back) {
        seen = true;
        EXPECT_NEAR(c.q, -contempt, 1e-6) << "contempt " << contempt;
      }
    EXPECT_TRUE(seen);
    if (contempt > 0) {
      EXPECT_NE(*result.best, back);
    }
  }
}

// Black wins everywhere (0.8 for Black, -0.8 for White) and the moves of one
// line have most of the prior, so the search follows it: a test of what a draw
// is worth where the other player chooses it.
class LineEvaluator final : public game::LeafEvaluator<ShogiGame> {
 public:
  explicit LineEvaluator(std::vector<std::string> line) : line_(std::move(line)) {}
  void evaluate(const Position& pos, const MoveList& legal, Evaluation& out) override {
    out.policy.clear();
    float sum = 0;
    for (const Move m : legal) {
      const bool in_line = std::find(line_.begin(), line_.end(), to_usi(m)) != line_.end();
      out.policy.push_back({m, in_line ? 30.0f : 1.0f});
      sum += out.policy.back().second;
    }
    for (auto& [m, p] : out.policy) p /= sum;
    const float v = pos.side_to_move() == BLACK ? 0.8f : -0.8f;
    out.wdl = {(1 + v) / 2, 0, (1 - v) / 2};
  }

 private:
  std::vector<std::string> line_;
};

// Two plies down, White's move back to the start is a draw that White (losing)
// takes: worth -contempt to Black, the root's player, as when Black makes it.
TEST(Mcts, ContemptValuesTheOtherPlayersDrawToo) {
  Position pos = Position::startpos();
  for (const char* m : {"2h3h", "8b7b"}) pos.do_move(*parse_usi_move(pos, m));
  const Move rook_back = *parse_usi_move(pos, "3h2h");
  LineEvaluator eval({"3h2h", "7b8b"});
  float q[2] = {0, 0};
  for (int i : {0, 1}) {
    SearchParams params;
    params.contempt = i == 0 ? 0.0f : 0.3f;
    Search<ShogiGame> search(ShogiGame{}, eval, params);
    const auto result = search.run(pos, playouts(3000));
    ASSERT_TRUE(result.best);
    EXPECT_NE(*result.best, rook_back);
    const auto pv = search.pv_from(rook_back);
    ASSERT_GE(pv.size(), 2u);
    EXPECT_EQ(to_usi(pv[1]), "7b8b");
    for (const auto& c : result.children)
      if (c.action == rook_back) {
        ASSERT_GT(c.visits, 20);
        q[i] = c.q;
      }
  }
  EXPECT_GT(q[0], -0.05f);  // the draw's 0 and the first visit's 0.8
  EXPECT_LT(q[1], -0.2f);   // nearly all visits end in the draw, -0.3 for Black
}

// A tree with contempt holds draws valued for its root's player: moving the
// root by one ply (the other player's turn) starts afresh, by two keeps it.
TEST(Mcts, ContemptKeepsTheTreeOnlyForTheSamePlayer) {
  MaterialEvaluator eval;
  SearchParams params;
  params.contempt = 0.2f;
  Search<ShogiGame> search(ShogiGame{}, eval, params);
  Position pos = Position::startpos();
  const auto result = search.run(pos, playouts(2000));
  ASSERT_TRUE(result.best);
  const auto pv = search.pv_from(*result.best);
  ASSERT_GE(pv.size(), 3u);  // the reply is expanded: its player is known
  EXPECT_TRUE(search.advance_root(std::vector<Move>{pv[0], pv[1]}));
  pos.do_move(pv[0]);
  pos.do_move(pv[1]);
  const auto kept = search.run(pos, playouts(300));
  EXPECT_GT(kept.info.root_visits, 300);  // the subtree's visits and this search's
  ASSERT_TRUE(kept.best);
  EXPECT_FALSE(search.advance_root(std::vector<Move>{*kept.best}));
  EXPECT_EQ(search.info().tree_nodes, 0);
}

}  // namespace
}  // namespace kishi::search
