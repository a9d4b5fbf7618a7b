// Reading CSA records: the moves in USI, checked by the rules core; the
// archives' "/" games; faults named by line.
#include "games/shogi/records/csa_reader.h"

#include <gtest/gtest.h>

#include "games/shogi/core/usi_move.h"
#include "games/shogi/records/handicaps.h"
#include "games/shogi/records/kif_reader.h"
#include "games/shogi/records/records.h"

namespace kishi::shogi {
namespace {

TEST(CsaReader, ReadsAGameWithADropAndAPromotion) {
  const auto games = read_csa(
      "V2.2\nN+sente\nN-gote\n$EVENT:test\nPI\n+\n+7776FU\nT3\n-3334FU,T1\n+8822UM\n-3122GI\n"
      "+0055KA\n'a comment\n%TORYO\n");
  ASSERT_TRUE(games) << games.error();
  ASSERT_EQ(games->size(), 1u);
  const TextGame& g = (*games)[0];
  EXPECT_EQ(g.players[0], "sente");
  EXPECT_EQ(g.players[1], "gote");
  EXPECT_EQ(g.start_sfen, Position::START_SFEN);
  EXPECT_EQ(g.moves, (std::vector<std::string>{"7g7f", "3c3d", "8h2b+", "3a2b", "B*5e"}));
  EXPECT_EQ(g.ending, "%TORYO");
  EXPECT_EQ(g.winner, 0);  // White resigned at its turn
  EXPECT_TRUE(g.fault.empty());
}

TEST(CsaReader, ReadsWhatKishiWrites) {
  game::Record r;
  r.players[0] = "a";
  r.players[1] = "b";
  r.start_state = "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/7R1/LNSGKGSNL w Bb 1";
  r.actions = {"B*5e", "7g7f", "5e9i+"};
  r.reason = "resign";
  r.winner = 1;
  const auto games = read_csa(csa_record(r, Game::Shogi));
  ASSERT_TRUE(games) << games.error();
  EXPECT_EQ((*games)[0].start_sfen.substr(0, 52), r.start_state.substr(0, 52));
  EXPECT_EQ((*games)[0].moves, r.actions);
}

// A handicap game's records say the handicap: CSA's PI line less the giver's
// pieces, KIF's 手合割 and its 下手/上手; each reads back to the handicap's start.
TEST(CsaReader, EveryHandicapIsWrittenAndReadBack) {
  for (const Handicap& h : HANDICAPS) {
    SCOPED_TRACE(h.name);
    game::Record r;
    r.players[0] = "you";
    r.players[1] = "kishi";
    r.start_state = h.sfen;
    r.actions = {"5a4b", "7g7f"};  // the giver moves first
    r.reason = "resign";
    r.winner = 0;
    const std::string csa = csa_record(r, Game::Shogi);
    EXPECT_NE(csa.find("\nPI"), std::string::npos) << csa;
    const auto games = read_csa(csa);
    ASSERT_TRUE(games) << games.error();
    EXPECT_EQ((*games)[0].start_sfen, h.sfen);
    EXPECT_EQ((*games)[0].moves, r.actions);
    const std::string kif = kif_record(r, Game::Shogi);
    EXPECT_NE(kif.find("手合割：" + std::string(h.kif) + "\n"), std::string::npos) << kif;
    EXPECT_NE(kif.find("上手：kishi"), std::string::npos) << kif;
    EXPECT_NE(kif.find("下手の勝ち"), std::string::npos) << kif;
    const auto g = read_kif(kif);
    ASSERT_TRUE(g) << g.error();
    EXPECT_EQ(g->start_sfen, h.sfen);
    EXPECT_EQ(g->moves, r.actions);
  }
  const auto two = read_csa("PI82HI22KA\n-\n");
  ASSERT_TRUE(two) << two.error();
  EXPECT_EQ((*two)[0].start_sfen, "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
}

// The page's move text: customary Japanese, a declined promotion said, the
// from-square only where two pieces of a kind reach the square.
TEST(ShogiNotation, SaysDeclinedPromotionsAndWhichPiece) {
  const auto text = [](const char* sfen, const char* usi) {
    const Position pos = *Position::from_sfen(sfen);
    return move_notation(pos, *parse_usi_move(pos, usi));
  };
  EXPECT_EQ(text(Position::START_SFEN.data(), "7g7f"), "▲７六歩");
  EXPECT_EQ(text("4k4/9/9/6S2/9/9/9/9/4K4 b - 1", "3d2c"), "▲２三銀不成");
  EXPECT_EQ(text("4k4/9/9/6S2/9/9/9/9/4K4 b - 1", "3d2c+"), "▲２三銀成");
  EXPECT_EQ(text("4k4/9/9/9/9/9/9/9/3GKG3 b - 1", "6i5h"), "▲５八金(69)");
  EXPECT_EQ(text("4k4/9/9/9/9/9/9/9/3GK4 w - 1", "5a5b"), "△５二玉");
  EXPECT_EQ(text("4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5e"), "▲５五金打");
}

TEST(CsaReader, APiPieceNotThereIsNamed) {
  const auto missing = read_csa("PI55FU\n-\n");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("PI takes off FU from 55"), std::string::npos) << missing.error();
  const auto bad = read_csa("PI8\n-\n");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("bad PI piece '8'"), std::string::npos) << bad.error();
}

TEST(CsaReader, AnIllegalMoveEndsTheGameWithItsLine) {
  const auto games = read_csa("PI\n+\n+7776FU\n-3334FU\n+7775FU\n/\nPI\n+\n+2726FU\n%CHUDAN\n");
  ASSERT_TRUE(games) << games.error();
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ((*games)[0].moves.size(), 2u);
  EXPECT_NE((*games)[0].fault.find("line 5"), std::string::npos) << (*games)[0].fault;
  EXPECT_EQ((*games)[1].moves, std::vector<std::string>{"2g2f"});
  EXPECT_EQ((*games)[1].winner, -2);
}

TEST(CsaReader, AWrongPieceCodeIsAFault) {
  const auto games = read_csa("PI\n+\n+7776KI\n");
  ASSERT_TRUE(games);
  EXPECT_NE((*games)[0].fault.find("not a KI"), std::string::npos) << (*games)[0].fault;
}

TEST(CsaReader, RefusesWhatIsNotCsa) {
  EXPECT_FALSE(read_csa(""));
  EXPECT_FALSE(read_csa("hello world\n"));
  const auto bad = read_csa("P1-KY-KE-GI-KI-OU-KI-GI-KE-XX\n+\n");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("line 1"), std::string::npos) << bad.error();
}

}  // namespace
}  // namespace kishi::shogi
