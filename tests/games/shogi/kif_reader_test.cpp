// Reading KIF records: a cp932 file made by hand, what kishi's own writer
// writes (random games, board diagrams, promotions, drops, 同), handicaps,
// and faults named by line.
#include "games/shogi/records/kif_reader.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "games/shogi/core/movegen.h"
#include "games/shogi/core/usi_move.h"
#include "games/shogi/data/training_records.h"
#include "games/shogi/records/records.h"

namespace kishi::shogi {
namespace {

std::string file_bytes(const std::string& name) {
  std::ifstream in(std::string(KISHI_TEST_DATA_DIR) + "/" + name, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(KifReader, ACp932FileMadeByHand) {
  const std::string bytes = file_bytes("sample.kif");
  ASSERT_FALSE(bytes.empty());
  const auto text = kif_text(bytes, false);
  ASSERT_TRUE(text) << text.error();
  const auto g = read_kif(*text);
  ASSERT_TRUE(g) << g.error();
  EXPECT_EQ(g->players[0], "EngineA");
  EXPECT_EQ(g->players[1], "EngineB");
  EXPECT_EQ(g->start_sfen, Position::START_SFEN);
  EXPECT_EQ(g->moves, (std::vector<std::string>{"7g7f", "3c3d", "8h2b+", "3a2b", "B*5e"}));
  EXPECT_EQ(g->ending, "投了");
  EXPECT_EQ(g->winner, 0);  // White resigned at its turn
  EXPECT_TRUE(g->fault.empty()) << g->fault;
  // Read as UTF-8, the same bytes give no move: the first is named as the fault.
  const auto raw = read_kif(bytes);
  ASSERT_TRUE(raw) << raw.error();
  EXPECT_TRUE(raw->moves.empty());
  EXPECT_NE(raw->fault.find("line 6: move"), std::string::npos) << raw->fault;
}

TEST(KifReader, RandomGamesRoundTripThroughKishisWriter) {
  std::mt19937 rng(5);
  int moves = 0, diagrams = 0;
  for (int n = 0; n < 30; ++n) {
    // Every other game starts from a position of random play: a board diagram.
    Position start = Position::startpos();
    if (n % 2)
      for (int ply = 0; ply < 30 + n; ++ply) {
        MoveList list;
        legal_moves(start, list);
        if (list.size() == 0) break;
        start.do_move(list[rng() % list.size()]);
      }
    game::Record r;
    r.players[0] = "black";
    r.players[1] = "white";
    r.start_state = start.sfen();
    Position pos = start;
    for (int ply = 0; ply < 80; ++ply) {
      MoveList list;
      legal_moves(pos, list);
      if (list.size() == 0) break;
      const Move m = list[rng() % list.size()];
      r.actions.push_back(to_usi(m));
      pos.do_move(m);
    }
    r.winner = n % 3 == 2 ? game::Outcome::DRAW : n % 3;
    r.reason = n % 3 == 2 ? "repetition" : "resign";
    const std::string kif = kif_record(r, Game::Shogi);
    const auto g = read_kif(kif);
    ASSERT_TRUE(g) << g.error() << "\n" << kif;
    ASSERT_TRUE(g->fault.empty()) << g->fault << "\n" << kif;
    const std::string want = start.sfen();
    EXPECT_EQ(g->start_sfen.substr(0, g->start_sfen.rfind(' ')), want.substr(0, want.rfind(' ')));
    EXPECT_EQ(g->moves, r.actions) << kif;
    // The writer's resignation is the side to move's: its winner may differ from r.winner.
    if (r.reason == "repetition")
      EXPECT_EQ(g->winner, -1);
    else
      EXPECT_EQ(g->winner, 1 - int(pos.side_to_move()));
    moves += int(g->moves.size());
    diagrams += n % 2;
  }
  EXPECT_GT(moves, 2000);
  EXPECT_EQ(diagrams, 15);
}

TEST(KifReader, AHandicapStartsWithWhiteToMove) {
  const auto g =
      read_kif("手合割：角落ち\n上手：u\n下手：d\n   1 ３四歩(33)\n   2 ７六歩(77)\n   3 中断\n");
  ASSERT_TRUE(g) << g.error();
  EXPECT_EQ(g->start_sfen, "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  EXPECT_EQ(g->moves, (std::vector<std::string>{"3c3d", "7g7f"}));
  EXPECT_EQ(g->players[0], "d");
  EXPECT_EQ(g->winner, -2);  // interrupted: no result
}

TEST(KifReader, FaultsAreNamedByLine) {
  // The third move names a from-square with no bishop on it.
  const auto g = read_kif(
      "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(77)\n   4 同　銀(31)\n");
  ASSERT_TRUE(g) << g.error();
  EXPECT_EQ(g->moves.size(), 2u);
  EXPECT_NE(g->fault.find("line 4: move '２二角成(77)'"), std::string::npos) << g->fault;
  const auto illegal = read_kif("   1 ７五歩(77)\n");  // two steps
  ASSERT_TRUE(illegal);
  EXPECT_NE(illegal->fault.find("is not legal"), std::string::npos) << illegal->fault;
  const auto handicap = read_kif("手合割：九枚落ち\n   1 ７六歩(77)\n");
  ASSERT_FALSE(handicap);
  EXPECT_NE(handicap.error().find("line 1: unknown handicap '九枚落ち'"), std::string::npos)
      << handicap.error();
  EXPECT_FALSE(read_kif("V2.2\nPI\n+\n+7776FU\n"));  // CSA: no move line of KIF
  const auto bad = kif_text("\x8a\x4a\x82", false);  // cut in the middle of a character
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("byte 2 is not cp932"), std::string::npos) << bad.error();
}

TEST(KifReader, KifFilesGiveTrainingPositions) {
  const auto file = formats::read_records("sample.kif", file_bytes("sample.kif"),
                                          formats::RecordFormat::KIF, Game::Shogi);
  ASSERT_TRUE(file) << file.error();
  ASSERT_EQ(file->positions, 5u);
  EXPECT_EQ(file->games[0].positions[0].result, 1);  // Black won
  EXPECT_EQ(file->games[0].positions[1].result, -1);
  EXPECT_EQ(formats::record_format_of("x.kifu"), formats::RecordFormat::KIF);
}

}  // namespace
}  // namespace kishi::shogi
