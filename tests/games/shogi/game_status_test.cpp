#include "games/shogi/core/game_status.h"

#include <gtest/gtest.h>

#include "games/shogi/core/usi_move.h"

namespace kishi::shogi {
namespace {

void play(Position& pos, std::initializer_list<std::string_view> moves) {
  for (auto text : moves) {
    auto m = parse_usi_move(pos, text);
    ASSERT_TRUE(m) << m.error();
    pos.do_move(*m);
  }
}

TEST(GameStatus, OngoingAtStart) {
  EXPECT_EQ(game_status(Position::startpos()).outcome, Outcome::Ongoing);
}

TEST(GameStatus, CheckmateIsALossForTheSideToMove) {
  Position pos = *Position::from_sfen("7nk/9/7G1/9/9/9/9/9/4K4 b G 1");
  play(pos, {"G*1b"});
  EXPECT_EQ(game_status(pos), (GameStatus{Outcome::BlackWins, Termination::Checkmate}));
}

TEST(GameStatus, CheckThatCanBeAnsweredIsNotMate) {
  Position pos = *Position::from_sfen("7nk/9/9/9/9/9/9/9/4K4 b G 1");
  play(pos, {"G*1b"});  // the king takes the gold
  EXPECT_TRUE(pos.in_check());
  EXPECT_EQ(game_status(pos).outcome, Outcome::Ongoing);
}

TEST(GameStatus, NoLegalMoveWithoutCheckIsALossToo) {
  // python-shogi's test_3: Black is not in check and has no legal move.
  const Position pos = *Position::from_sfen(
      "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200");
  EXPECT_FALSE(pos.in_check());
  EXPECT_EQ(game_status(pos), (GameStatus{Outcome::WhiteWins, Termination::Checkmate}));
}

TEST(GameStatus, FourthOccurrenceIsADraw) {
  Position pos = Position::startpos();
  for (int cycle = 0; cycle < 3; ++cycle) {
    EXPECT_EQ(game_status(pos).outcome, Outcome::Ongoing) << "cycle " << cycle;
    play(pos, {"2h3h", "8b7b", "3h2h", "7b8b"});
  }
  EXPECT_EQ(game_status(pos), (GameStatus{Outcome::Draw, Termination::Repetition}));
}

TEST(GameStatus, ThirdOccurrenceIsNotYetADraw) {
  Position pos = Position::startpos();
  play(pos, {"2h3h", "8b7b", "3h2h", "7b8b", "2h3h", "8b7b", "3h2h", "7b8b"});
  EXPECT_EQ(repetition_status(pos).outcome, Outcome::Ongoing);
}

TEST(GameStatus, PerpetualCheckLosesForTheCheckingSide) {
  // Black's rook checks on every move; the fourth time the position comes, Black loses.
  Position pos = *Position::from_sfen("R7k/9/9/9/9/9/9/9/K8 w - 1");
  for (int cycle = 0; cycle < 3; ++cycle) play(pos, {"1a1b", "9a9b", "1b1a", "9b9a"});
  EXPECT_EQ(game_status(pos), (GameStatus{Outcome::WhiteWins, Termination::PerpetualCheck}));
}

TEST(GameStatus, RepetitionWithAQuietMoveByTheCheckerIsADraw) {
  // Black checks, except once per cycle: a plain repetition.
  Position pos = *Position::from_sfen("R7k/9/9/9/9/9/9/9/K8 w - 1");
  for (int cycle = 0; cycle < 3; ++cycle)
    play(pos, {"1a1b", "9a9c", "1b1a", "9c9a"});  // 9a9c gives no check
  EXPECT_EQ(game_status(pos), (GameStatus{Outcome::Draw, Termination::Repetition}));
}

TEST(GameStatus, MaximumPliesIsADraw) {
  Position pos = Position::startpos();
  play(pos, {"7g7f", "3c3d", "2g2f"});
  EXPECT_EQ(game_status(pos, {.max_plies = 4}).outcome, Outcome::Ongoing);
  play(pos, {"4c4d"});
  EXPECT_EQ(game_status(pos, {.max_plies = 4}), (GameStatus{Outcome::Draw, Termination::MaxPlies}));
}

TEST(Declaration, TwentyEightPointsForBlack) {
  // King 5a, +R +B and nine pawns in the camp (11 pieces, 19 points) and R B in hand (10).
  EXPECT_TRUE(can_declare_win(*Position::from_sfen("4K4/+R+B7/PPPPPPPPP/9/9/9/9/9/4k4 b RB 1")));
  // One rook short: 24 points.
  EXPECT_FALSE(can_declare_win(*Position::from_sfen("4K4/+R+B7/PPPPPPPPP/9/9/9/9/9/4k4 b R 1")));
}

TEST(Declaration, NeedsKingInCampTenPiecesAndNoCheck) {
  // King outside the camp.
  EXPECT_FALSE(can_declare_win(*Position::from_sfen("9/+R+B7/PPPPPPPPP/4K4/9/9/9/9/4k4 b RB 1")));
  // Only nine pieces in the camp.
  EXPECT_FALSE(can_declare_win(*Position::from_sfen("4K4/+R8/PPPP1PPPP/9/9/9/9/9/4k4 b R2B 1")));
  // In check from the White gold on 5b (30 points otherwise).
  EXPECT_FALSE(
      can_declare_win(*Position::from_sfen("3GK4/+R+B2g4/PPPP1PPPP/9/9/9/9/9/4k4 b RBP 1")));
  EXPECT_TRUE(can_declare_win(*Position::from_sfen("3GK4/+R+B7/PPPP1PPPP/9/9/9/9/9/4k4 b RBP 1")));
}

TEST(Declaration, WhiteNeedsTwentySevenBlackTwentyEight) {
  // 19 points in the camp and 8 in hand: 27.
  EXPECT_TRUE(can_declare_win(*Position::from_sfen("4K4/9/9/9/9/9/ppppppppp/7+b+r/4k4 w b3p 1")));
  EXPECT_FALSE(can_declare_win(*Position::from_sfen("4K4/+R+B7/PPPPPPPPP/9/9/9/9/9/4k4 b B3P 1")));
}

}  // namespace
}  // namespace kishi::shogi
