#include "serve/game_line.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace kishi::serve {
namespace {

const char* SHOGI_START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

TEST(GameLine, StartsFromAStateText) {
  const auto line = make_game_line("shogi", SHOGI_START);
  ASSERT_TRUE(line) << line.error();
  EXPECT_EQ((*line)->plies(), 0u);
  EXPECT_EQ((*line)->start(), SHOGI_START);
}

// The page exports "SFEN + moves"; a start from it replays the moves.
TEST(GameLine, StartsFromTheStateAndMovesThePageExports) {
  const auto line = make_game_line("shogi", std::string(SHOGI_START) + " moves 7g7f 3c3d 8h2b+");
  ASSERT_TRUE(line) << line.error();
  EXPECT_EQ((*line)->plies(), 3u);
  EXPECT_EQ((*line)->start(), SHOGI_START);
  EXPECT_EQ((*line)->actions().back(), "8h2b+");
  EXPECT_EQ((*line)->to_move(), 1);
}

TEST(GameLine, StartsFromAUsiPositionLine) {
  for (const std::string& text :
       std::vector<std::string>{"position startpos moves 7g7f 3c3d", "startpos moves 7g7f 3c3d",
                                std::string("position sfen ") + SHOGI_START + " moves 7g7f 3c3d"}) {
    const auto line = make_game_line("shogi", text);
    ASSERT_TRUE(line) << text << ": " << line.error();
    EXPECT_EQ((*line)->plies(), 2u) << text;
    EXPECT_EQ((*line)->start(), SHOGI_START) << text;
  }
  const auto gnome = make_game_line(
      "gnome", "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 B moves e2e4");
  ASSERT_TRUE(gnome) << gnome.error();
  EXPECT_EQ((*gnome)->plies(), 1u);
}

// The records the page exports start a game where they stand.
TEST(GameLine, StartsFromThePagesOwnExports) {
  const auto usi =
      make_game_line("shogi",
                     "position startpos moves 7g7f 3c3d\n# you (black) vs kishi (white): 1/2-1/2 "
                     "(unfinished), 2 plies\n");
  ASSERT_TRUE(usi) << usi.error();
  EXPECT_EQ((*usi)->plies(), 2u);
  const auto gnome =
      make_game_line("gnome",
                     "game gnome\nplayers you vs kishi\nstart "
                     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - "
                     "0 1 B\nactions e2e4 e7e5\nresult 1/2-1/2 (unfinished), 2 plies\n");
  ASSERT_TRUE(gnome) << gnome.error();
  EXPECT_EQ((*gnome)->plies(), 2u);
}

TEST(GameLine, AnIllegalMoveOrBadTextIsNamed) {
  const auto illegal = make_game_line("shogi", "startpos moves 7g7f 7g7f");
  ASSERT_FALSE(illegal);
  EXPECT_NE(illegal.error().find("move 2"), std::string::npos) << illegal.error();
  const auto bad = make_game_line("shogi", "position startpos movez 7g7f");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("movez"), std::string::npos) << bad.error();
  const auto text = make_game_line("shogi", "not a position");
  ASSERT_FALSE(text);
  EXPECT_FALSE(make_game_line("nosuchgame", ""));
}

}  // namespace
}  // namespace kishi::serve
