#include "serve/game_line.h"

#include <gtest/gtest.h>

#include "game/record.h"

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
                     "position startpos moves 7g7f 3c3d\n# you (black) vs kishi (white): * "
                     "(unfinished), 2 plies\n");
  ASSERT_TRUE(usi) << usi.error();
  EXPECT_EQ((*usi)->plies(), 2u);
  const auto gnome = make_game_line("gnome",
                                    "game gnome\nplayers you vs kishi\nstart "
                                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - "
                                    "0 1 B\nactions e2e4 e7e5\nresult * (unfinished), 2 plies\n");
  ASSERT_TRUE(gnome) << gnome.error();
  EXPECT_EQ((*gnome)->plies(), 2u);
}

// Every record format of every game (shogi: CSA, KIF, USI; gnome: its plain
// record) gives back the start and the moves it was written from, from a
// start with pieces in hand too.
TEST(GameLine, EveryRecordFormatStartsTheGameAgain) {
  const std::vector<std::pair<std::string, std::string>> starts = {
      {"shogi", ""},
      {"shogi", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/7R1/LNSGKGSNL b Bb 1"},
      {"showgit", ""},
      {"gnome", ""}};
  for (const auto& [game, start] : starts) {
    auto line = std::move(*make_game_line(game, start));
    for (int ply = 0; ply < 12; ++ply) {  // moves from all over the legal list, drops included
      const auto legal = line->legal();
      ASSERT_FALSE(legal.empty());
      ASSERT_EQ(line->play(legal[(ply * 7919) % legal.size()]), "");
    }
    game::Record record;
    record.players[0] = "you";
    record.players[1] = "kishi";
    record.start_state = line->start();
    record.actions = line->actions();
    record.reason = "unfinished";
    record.unfinished = true;
    for (const auto& file : line->records(record)) {
      // A game under way has no result: "*", never a draw's "1/2-1/2".
      EXPECT_EQ(file.text.find("1/2-1/2"), std::string::npos) << file.text;
      if (file.extension == "usi" || file.extension == "txt")
        EXPECT_NE(file.text.find("* (unfinished)"), std::string::npos) << file.text;
      if (file.extension == "csa")
        EXPECT_NE(file.text.find("%CHUDAN"), std::string::npos) << file.text;
      const auto again = make_game_line(game, file.text);
      ASSERT_TRUE(again) << game << " " << file.extension << ": " << again.error() << "\n"
                         << file.text;
      EXPECT_EQ((*again)->start(), line->start()) << game << " " << file.extension;
      EXPECT_EQ((*again)->actions(), line->actions()) << game << " " << file.extension;
      EXPECT_EQ((*again)->state(), line->state()) << game << " " << file.extension;
    }
  }
}

// A record that does not read is refused with its format and the fault.
TEST(GameLine, ABrokenRecordIsNamed) {
  const auto csa = make_game_line("shogi", "V2.2\nPI\n+\n+7776FU\n-7776FU\n");
  ASSERT_FALSE(csa);
  EXPECT_NE(csa.error().find("CSA"), std::string::npos) << csa.error();
  const auto kif = make_game_line("shogi", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７六歩(77)\n");
  ASSERT_FALSE(kif);
  EXPECT_NE(kif.error().find("KIF"), std::string::npos) << kif.error();
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
