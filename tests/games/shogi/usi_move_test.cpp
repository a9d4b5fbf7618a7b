#include "games/shogi/core/usi_move.h"

#include <gtest/gtest.h>

#include "games/shogi/core/movegen.h"
#include "tests/games/random_playout.h"

namespace kishi::shogi {
namespace {

TEST(UsiMove, PrintsTheThreeForms) {
  EXPECT_EQ(to_usi(Move::normal(make_square(6, 6), make_square(6, 5))), "7g7f");
  EXPECT_EQ(to_usi(Move::normal(make_square(7, 7), make_square(1, 1), true)), "8h2b+");
  EXPECT_EQ(to_usi(Move::drop(PAWN, make_square(4, 4))), "P*5e");
}

TEST(UsiMove, RoundTripOverPlayoutPositions) {
  for (Game game : {Game::Shogi, Game::Showgit}) {
    const auto sfens = testing::random_playout_sfens(game, 10, 150, 99);
    for (const auto& sfen : sfens) {
      const Position pos = *Position::from_sfen(sfen, game);
      for (Move m : legal_moves(pos)) {
        const auto parsed = parse_usi_move(pos, to_usi(m));
        ASSERT_TRUE(parsed) << parsed.error();
        ASSERT_EQ(*parsed, m);
      }
    }
  }
}

struct BadMove {
  const char* text;
  const char* message_part;
};

constexpr BadMove BAD_MOVES[] = {
    {"", "expected a move like"},
    {"7g", "expected a move like"},
    {"7g7", "expected a move like"},
    {"7g7f++", "expected a move like"},
    {"7g7f=", "expected a move like"},
    {"7g7f ", "expected a move like"},
    {"0g7f", "'0g' is not a square"},
    {"7j7f", "'7j' is not a square"},
    {"7g7z", "'7z' is not a square"},
    {"7G7F", "'7G' is not a square"},
    {"P*", "expected a move like"},
    {"P*5", "expected a move like"},
    {"P*5e+", "is not a square"},
    {"p*5e", "uppercase piece letter"},
    {"K*5e", "uppercase piece letter"},
    {"X*5e", "uppercase piece letter"},
    {"P*0e", "is not a square"},
    {"7g7g", "not legal"},
    {"5a5b", "not legal"},   // not one's own piece
    {"7g7e", "not legal"},   // a pawn moves one square
    {"8h2b+", "not legal"},  // the bishop is blocked
    {"8h2b", "not legal"},
    {"P*5e", "not legal"},   // nothing in hand
    {"7g7f+", "not legal"},  // no promotion outside the zone
    {"5i4i", "not legal"},   // own piece there
    {"1g1f1e", "expected a move like"},
    {"7f7g", "not legal"},  // no piece on 7f
    {"3c3d", "not legal"},  // White's pawn on Black's turn
};

TEST(UsiMove, MalformedOrIllegalTextIsRejectedWithAMessage) {
  const Position pos = Position::startpos();
  ASSERT_GE(std::size(BAD_MOVES), 20u);
  for (const auto& bad : BAD_MOVES) {
    const auto m = parse_usi_move(pos, bad.text);
    ASSERT_FALSE(m) << "accepted: '" << bad.text << "'";
    EXPECT_NE(m.error().find(bad.message_part), std::string::npos)
        << "for '" << bad.text << "' got: " << m.error();
  }
}

}  // namespace
}  // namespace kishi::shogi
