#include <gtest/gtest.h>

#include "games/shogi/core/position.h"
#include "tests/games/random_playout.h"

namespace kishi::shogi {
namespace {

TEST(Sfen, RoundTripOnTenThousandPlayoutPositions) {
  size_t total = 0;
  for (Game game : {Game::Shogi, Game::Showgit}) {
    const auto sfens = testing::random_playout_sfens(game, 60, 100, 2024);
    total += sfens.size();
    for (const auto& sfen : sfens) {
      const auto pos = Position::from_sfen(sfen, game);
      ASSERT_TRUE(pos) << pos.error();
      ASSERT_EQ(pos->sfen(), sfen);
    }
  }
  EXPECT_GE(total, 10000u);
}

TEST(Sfen, HandsInAnyOrderPrintInCanonicalOrder) {
  const auto a = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2pP3SrbGL 1");
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(a->sfen(), "4k4/9/9/9/9/9/9/9/4K4 b G3SLPrb2p 1");
  const auto b = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b rb2pG3SLP 1");
  EXPECT_EQ(a->key(), b->key());
}

TEST(Sfen, MoveNumberIsOptional) {
  const auto pos =
      Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -");
  ASSERT_TRUE(pos) << pos.error();
  EXPECT_EQ(pos->sfen(), Position::START_SFEN);
}

struct BadSfen {
  const char* sfen;
  const char* message_part;  // the error must name the problem
};

// Each row is one kind of malformed SFEN.
constexpr BadSfen BAD_SFENS[] = {
    {"", "expected 4 fields"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL", "expected 4 fields"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b", "expected 4 fields"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 x", "unexpected text"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "expected 9 ranks"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "more than 9 ranks"},
    {"lnsgkgsnl/1r5b/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "not 9"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1", "expected 9 ranks of 9"},
    {"lnsgkgsnl/1r5b2/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "more than 9 squares"},
    {"lnsgkgsnlp/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "more than 9 squares"},
    {"lnsgkgsnx/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "unknown piece letter 'x'"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS+GKGSNL b - 1", "cannot be promoted"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL b - 1", "cannot be promoted"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5++R1/LNSGKGSNL b - 1", "'++'"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R+/LNSGKGSNL b - 1", "'+' not followed"},
    {"lnsgkgsnl/1r5b1/ppppppppp/45/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "two digits"},
    {"lnsgkgsnl/1r5b1/ppppppppp/0/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "unknown piece letter '0'"},
    {"lnsgkgsnl/1r5b1/ppppppppp//9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "not 9"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1", "side to move"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL B - 1", "side to move"},
    {"4k4/9/9/9/9/9/9/9/4K4 b 3 1", "without a piece"},
    {"4k4/9/9/9/9/9/9/9/4K4 b K 1", "can be in hand"},
    {"4k4/9/9/9/9/9/9/9/4K4 b +P 1", "can be in hand"},
    {"4k4/9/9/9/9/9/9/9/4K4 b P2P 1", "appears twice"},
    {"4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "19 of 'P'"},
    {"4k4/9/9/9/9/9/9/9/4K4 b 0P 1", "bad count"},
    {"4k4/9/9/9/9/9/9/9/4K4 b 100P 1", "bad count"},
    {"4k4/9/9/9/9/9/9/9/4K4 b x 1", "can be in hand"},
    {"4k4/9/9/9/9/9/9/9/4K4 b - 0", "move number"},
    {"4k4/9/9/9/9/9/9/9/4K4 b - -1", "move number"},
    {"4k4/9/9/9/9/9/9/9/4K4 b - 1a", "move number"},
    {"4k4/9/9/9/9/9/9/9/4K3K b - 1", "second Black king"},
    {"4k3P/9/9/9/9/9/9/9/4K4 b - 1", "can never move"},
    {"4k4/7N1/9/9/9/9/9/9/4K4 b - 1", "can never move"},
    {"4k4/9/9/9/9/9/9/9/l3K4 b - 1", "can never move"},
    {"4k4/9/9/9/9/9/P8/P8/4K4 b - 1", "nifu"},
    {"4k4/9/9/9/9/9/9/9/4K4 b 10P9p 1", "19 pieces of type 'P'"},
    {"4k4/9/9/9/9/9/9/9/4K4 b 10L9l 1", "19 pieces of type 'L'"},
    {"4k4/4R4/9/9/9/9/9/9/4K4 b - 1", "side not to move is in check"},
    {"4k4/9/9/9/9/9/9/9/4K4 b 9P9p4R4r4G4g4S4s4N4n 1", "52 pieces"},
};

TEST(Sfen, MalformedInputIsRejectedWithAMessage) {
  ASSERT_GE(std::size(BAD_SFENS), 30u);
  for (const auto& bad : BAD_SFENS) {
    const auto pos = Position::from_sfen(bad.sfen);
    ASSERT_FALSE(pos) << "accepted: " << bad.sfen;
    EXPECT_NE(pos.error().find(bad.message_part), std::string::npos)
        << "for " << bad.sfen << " got: " << pos.error();
    EXPECT_NE(pos.error().find("bad SFEN"), std::string::npos);
  }
}

}  // namespace
}  // namespace kishi::shogi
