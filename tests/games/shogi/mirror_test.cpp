#include "games/shogi/core/mirror.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "games/shogi/core/movegen.h"
#include "games/shogi/core/perft.h"
#include "tests/games/random_playout.h"

namespace kishi::shogi {
namespace {

TEST(Mirror, SfenOfKnownPositions) {
  EXPECT_EQ(mirror_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
            "lnsgkgsnl/1b5r1/ppppppppp/9/9/9/PPPPPPPPP/1R5B1/LNSGKGSNL b - 1");
  EXPECT_EQ(mirror_sfen("8k/+P8/2+r6/9/9/9/9/9/K8 w RB2p 40"),
            "k8/8+P/6+r2/9/9/9/9/9/8K w RB2p 40");
}

TEST(Mirror, MovesOfTheMirroredPositionAreTheMirroredMoves) {
  for (Game game : {Game::Shogi, Game::Showgit}) {
    int positions = 0;
    for (const std::string& sfen : testing::random_playout_sfens(game, 40, 150, 7)) {
      const Position pos = *Position::from_sfen(sfen, game);
      const auto mirrored = Position::from_sfen(mirror_sfen(sfen), game);
      ASSERT_TRUE(mirrored) << sfen;
      EXPECT_EQ(mirror_sfen(mirrored->sfen()), pos.sfen());
      EXPECT_EQ(mirrored->in_check(), pos.in_check()) << sfen;
      std::vector<uint16_t> expected, actual;
      for (Move m : legal_moves(pos)) expected.push_back(mirror(m).raw());
      for (Move m : legal_moves(*mirrored)) actual.push_back(m.raw());
      std::sort(expected.begin(), expected.end());
      std::sort(actual.begin(), actual.end());
      ASSERT_EQ(expected, actual) << sfen;
      ++positions;
    }
    EXPECT_GT(positions, 3000);
  }
}

TEST(Mirror, PerftOfTheMirroredStartIsTheSame) {
  Position start = Position::startpos();
  Position mirrored = *Position::from_sfen(mirror_sfen(start.sfen()));
  EXPECT_EQ(perft(mirrored, 3), perft(start, 3));
}

}  // namespace
}  // namespace kishi::shogi
