#include "games/shogi/policy_index.h"

#include <gtest/gtest.h>

#include <set>

#include "games/shogi/core/movegen.h"
#include "games/shogi/core/usi_move.h"
#include "tests/games/random_playout.h"

namespace kishi::nn {
namespace {

using namespace kishi::shogi;

TEST(PolicyIndex, RoundTripAndNoSharedIndexOnTwentyThousandPositions) {
  size_t positions = 0, moves = 0;
  int side_seen[2] = {0, 0};
  for (Game game : {Game::Shogi, Game::Showgit}) {
    for (const auto& sfen : shogi::testing::random_playout_sfens(game, 100, 100, 31)) {
      const Position pos = *Position::from_sfen(sfen, game);
      ++side_seen[pos.side_to_move()];
      std::set<int> used;
      for (Move m : legal_moves(pos)) {
        const int index = policy_index(pos, m);
        ASSERT_GE(index, 0);
        ASSERT_LT(index, POLICY_SIZE);
        ASSERT_TRUE(used.insert(index).second) << to_usi(m) << " shares an index in " << sfen;
        ASSERT_EQ(move_from_policy_index(pos, index), m) << to_usi(m) << " in " << sfen;
        ++moves;
      }
      ++positions;
    }
  }
  EXPECT_GE(positions, 20000u);
  EXPECT_GT(side_seen[BLACK], 9000);
  EXPECT_GT(side_seen[WHITE], 9000);
  EXPECT_GT(moves, 500000u);
}

TEST(PolicyIndex, MirroredMovesShareAnIndex) {
  const Position start = Position::startpos();
  Position after = start;
  after.do_move(*parse_usi_move(after, "7g7f"));
  // White's 8c8d is Black's 2g2f seen from the other side of the board.
  EXPECT_EQ(policy_index(after, *parse_usi_move(after, "8c8d")),
            policy_index(start, *parse_usi_move(start, "2g2f")));
  EXPECT_EQ(policy_index(start, *parse_usi_move(start, "7g7f")) / SQ_NB, 0);  // plane 0: forward
}

TEST(PolicyIndex, IndicesOfNoLegalMoveGiveNoMove) {
  const Position pos = Position::startpos();
  std::set<int> legal;
  for (Move m : legal_moves(pos)) legal.insert(policy_index(pos, m));
  for (int i = -1; i <= POLICY_SIZE; ++i)
    if (!legal.count(i)) {
      EXPECT_FALSE(move_from_policy_index(pos, i)) << i;
    }
}

TEST(PolicyIndex, DropsAndPromotionsHaveTheirPlanes) {
  const Position pos = *Position::from_sfen("4k4/9/9/3S5/9/9/9/9/4K4 b G 1");
  EXPECT_EQ(policy_index(pos, *parse_usi_move(pos, "G*5e")) / SQ_NB, 20 + GOLD - 1);
  EXPECT_EQ(policy_index(pos, *parse_usi_move(pos, "6d6c+")) / SQ_NB, POLICY_DIRECTIONS + 0);
  EXPECT_EQ(policy_index(pos, *parse_usi_move(pos, "6d6c")) / SQ_NB, 0);
}

}  // namespace
}  // namespace kishi::nn
