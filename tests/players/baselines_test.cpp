#include <gtest/gtest.h>

#include <random>

#include "games/shogi/core/movegen.h"
#include "games/shogi/core/usi_move.h"
#include "games/shogi/shogi_game.h"
#include "players/alpha_beta.h"
#include "players/players.h"
#include "tests/games/random_playout.h"

namespace kishi::players {
namespace {

using namespace kishi::shogi;

const char* FREE_ROOK = "4k4/9/9/9/9/3r5/9/1B7/4K4 b - 1";

TEST(Baselines, RandomAndGreedyPlayLegalMoves) {
  std::mt19937_64 rng(1);
  for (const auto& sfen : shogi::testing::random_playout_sfens(Game::Shogi, 5, 120, 21)) {
    const Position pos = *Position::from_sfen(sfen);
    if (legal_moves(pos).empty()) continue;
    EXPECT_TRUE(pos.is_legal(random_action(ShogiGame{}, pos, rng)));
    EXPECT_TRUE(pos.is_legal(greedy_action(ShogiGame{}, pos, rng)));
  }
}

TEST(Baselines, GreedyTakesTheRook) {
  std::mt19937_64 rng(1);
  EXPECT_EQ(to_usi(greedy_action(ShogiGame{}, *Position::from_sfen(FREE_ROOK), rng)), "8h6f");
}

TEST(Baselines, AlphaBetaTakesTheRookAndFindsMates) {
  AlphaBeta<ShogiGame> ab(ShogiGame{}, 16);
  const auto r = ab.search(*Position::from_sfen(FREE_ROOK), 3, -1);
  EXPECT_EQ(to_usi(r.best), "8h6f");
  EXPECT_GT(r.score, 900);
  const auto mate = ab.search(*Position::from_sfen("8k/9/9/9/9/9/9/9/4K4 b R2G 1"), 5, -1);
  EXPECT_GE(mate.score,
            AlphaBeta<ShogiGame>::MATE_BOUND);  // a mate in 5 (R*1c is one, R*4b another)
  // A node budget ends the search with the best move so far.
  const auto budget = ab.search(Position::startpos(), 20, 2000);
  EXPECT_TRUE(Position::startpos().is_legal(budget.best));
  EXPECT_LE(budget.nodes, 2100);
}

TEST(Baselines, EvaluationIsSymmetric) {
  for (const auto& sfen : shogi::testing::random_playout_sfens(Game::Shogi, 3, 80, 4)) {
    const Position pos = *Position::from_sfen(sfen);
    // Same position, other side to move: material and shelter change sign.
    std::string other = sfen;
    other[other.find(pos.side_to_move() == BLACK ? " b " : " w ") + 1] =
        pos.side_to_move() == BLACK ? 'w' : 'b';
    const auto flipped = Position::from_sfen(other);
    if (!flipped) continue;  // the side that would not move is in check
    EXPECT_EQ(static_value(pos), -static_value(*flipped)) << sfen;
  }
}

}  // namespace
}  // namespace kishi::players
