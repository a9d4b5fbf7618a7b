#include "games/shogi/core/names.h"

#include <gtest/gtest.h>

namespace kishi::shogi {
namespace {

TEST(Names, ShowgitCodesAndNames) {
  EXPECT_EQ(piece_code(Game::Showgit, make_piece(BLACK, KING)), "ST");
  EXPECT_EQ(piece_code(Game::Showgit, make_piece(WHITE, KING)), "TM");
  EXPECT_EQ(piece_code(Game::Showgit, make_piece(BLACK, GOLD)), "MK");
  EXPECT_EQ(piece_code(Game::Showgit, make_piece(WHITE, PRO_PAWN)), "+UN");
  EXPECT_EQ(piece_name(Game::Showgit, make_piece(BLACK, DRAGON)), "NEO-TANGO");
  EXPECT_EQ(piece_name(Game::Showgit, make_piece(WHITE, BISHOP)), "VICTOR");
  EXPECT_EQ(piece_name(Game::Showgit, make_piece(WHITE, KING)), "TIME");
}

TEST(Names, ShogiCodes) {
  EXPECT_EQ(piece_code(Game::Shogi, make_piece(BLACK, PAWN)), "FU");
  EXPECT_EQ(piece_code(Game::Shogi, make_piece(WHITE, DRAGON)), "RY");
  EXPECT_EQ(piece_name(Game::Shogi, make_piece(BLACK, HORSE)), "promoted bishop");
}

TEST(Names, DiagramShowsTheBoard) {
  const std::string d = board_diagram(Position::startpos(Game::Showgit));
  EXPECT_NE(d.find("vTM"), std::string::npos);
  EXPECT_NE(d.find(" ST"), std::string::npos);
  EXPECT_NE(d.find("Black to move"), std::string::npos);
  const std::string hands = board_diagram(*Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b G2P 1"));
  EXPECT_NE(hands.find("Black hand: KIx1 FUx2"), std::string::npos) << hands;
}

TEST(Names, GameIds) {
  EXPECT_EQ(*parse_game("showgit"), Game::Showgit);
  EXPECT_FALSE(parse_game("chess"));
  EXPECT_NE(parse_game("chess").error().find("unknown game 'chess'"), std::string::npos);
}

}  // namespace
}  // namespace kishi::shogi
