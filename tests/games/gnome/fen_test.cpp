// gnome's FEN with stacks: round trips, and every kind of malformed text
// refused with its field and reason (never a crash, never half a position).
#include <utility>
#include <vector>

#include "tests/games/gnome/gnome_test_util.h"

namespace kishi::gnome::testing {
namespace {

TEST(GnomeFen, TextsRoundTrip) {
  for (const char* text : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 B",
           "k7/8/8/2(b~P)5/8/8/8/7K b - - 0 1 B",
           "7k/8/8/8/8/8/8/(RRn)6K w - - 12 40 W",
           "k7/8/3(RRRRQ)4/8/8/8/8/7K w - - 0 1 w",
           "rnbqkbnr/pppp1ppp/8/4p3/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2 b b8c6",
           "k7/8/8/3pP3/8/8/8/7K w - d6 0 1 B",
       })
    EXPECT_EQ(fen(position(text)), text);
  // The token field may be left out: it reads as B (rule 28).
  EXPECT_EQ(fen(position("8/8/8/8/8/8/8/K6k w - - 0 1")), "8/8/8/8/8/8/8/K6k w - - 0 1 B");
}

TEST(GnomeFen, MalformedTextsAreRefusedWithTheirFieldAndReason) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "fields: 0 fields"},
      {"8/8/8/8/8/8/8/K6k w - - 0", "fields: 5 fields"},
      {"8/8/8/8/8/8/8/K6k w - - 0 1 B e2e4 x", "fields: 9 fields"},
      {"8/8/8/8/8/8/K6k w - - 0 1", "board: 7 ranks"},
      {"8/8/8/8/8/8/8/8/K6k w - - 0 1", "board: more than 8 ranks"},
      {"8/8/8/8/8/8/8/K7k w - - 0 1", "board: rank 1 has more than 8 squares"},
      {"8/8/8/8/8/8/8/K5k w - - 0 1", "board: rank 1 has 7 squares"},
      {"8/7/8/8/8/8/8/K6k w - - 0 1", "board: rank 7 has 7 squares"},
      {"8/8/8/8/8/8/8/K6x w - - 0 1", "board: 'x' is not a piece"},
      {"8/8/8/8/8/8/8/K6k~ w - - 0 1", "board: '~' follows a bishop only"},
      {"~7/8/8/8/8/8/8/K6k w - - 0 1", "board: '~' follows a bishop only"},
      {"8/8/8/8/8/8/8/K(RN~)5k w - - 0 1", "board: '~' follows a bishop only"},
      {"8/8/8/8/8/8/8/K(RN5k w - - 0 1", "board: '5' inside a stack"},
      {"8/8/8/8/8/8/8/K(RN k w - - 0 1", "board: a stack without its ')'"},
      {"8/8/8/8/8/8/8/K()6k w - - 0 1", "board: a stack in parentheses needs two pieces"},
      {"8/8/8/8/8/8/8/K(R)5k w - - 0 1", "board: a stack in parentheses needs two pieces"},
      {"8/8/8/8/8/8/8/K(R(N))5k w - - 0 1", "board: '(' inside a stack"},
      {"8/8/8/8/8/8/8/K)6k w - - 0 1", "board: ')' without its '('"},
      {"8/8/8/8/8/8/8/K(NR)5k w - - 0 1", "board: 'N' below another piece on b1"},
      {"8/8/8/8/8/8/8/K(QR)5k w - - 0 1", "board: 'Q' below another piece"},
      {"8/8/8/8/8/8/8/K06k w - - 0 1", "board: '0' is not a piece"},
      {"8/8/8/8/8/8/8/K9k w - - 0 1", "board: '9' is not a piece"},
      {"8/8/8/8/8/8/8/K33k w - - 0 1", "board: two digits in a row"},
      {"8/8/8/8/8/8/8/8 w - - 0 1", "board: White has 0 kings"},
      {"8/8/8/8/8/8/8/K6K w - - 0 1", "board: White has 2 kings"},
      {"8/8/8/8/8/8/8/K7 w - - 0 1", "board: Black has 0 kings"},
      {"8/8/8/8/8/8/8/(RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRK)6k w - - 0 1", "a stack of 33 pieces"},
      {"pppppppp/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/KPPPPPPk w - - 0 1", "board: 48 pieces"},
      {"8/8/8/8/8/8/8/K6k x - - 0 1", "side: 'x' is not w or b"},
      {"8/8/8/8/8/8/8/K6k w X - 0 1", "castling: 'X' is not one of KQkq"},
      {"4k3/8/8/8/8/8/8/R3K2R w KK - 0 1", "castling: 'K' twice"},
      {"4k3/8/8/8/8/8/8/R2K3R w K - 0 1", "castling: 'K' needs the king alone on e1"},
      {"4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "castling: 'K' needs its rook at level 0 of h1"},
      {"8/8/8/8/8/8/8/K6k w - e9 0 1", "en passant: 'e9' is not a square"},
      {"8/8/8/8/8/8/8/K6k w - e3 0 1", "en passant: e3 is not on rank 6"},
      {"k7/8/8/8/8/8/8/7K w - d6 0 1", "en passant: d6 was not passed by a double step"},
      {"8/8/8/8/8/8/8/K6k w - - x 1", "halfmove: 'x' is not a count"},
      {"8/8/8/8/8/8/8/K6k w - - -1 1", "halfmove: '-1' is not a count"},
      {"8/8/8/8/8/8/8/K6k w - - 10001 1", "halfmove: '10001' is not a count"},
      {"8/8/8/8/8/8/8/K6k w - - 0 0", "fullmove: '0' is not a move number"},
      {"8/8/8/8/8/8/8/K6k w - - 0 99999999999", "fullmove: '99999999999' is not a move number"},
      {"8/8/8/8/8/8/8/K6k w - - 0 1 X", "token: 'X' is not B, W"},
      {"8/8/8/8/8/8/8/K6k w - - 0 1 B e1e2", "vetoed move: only after a veto"},
      {"8/8/8/8/8/8/8/K6k b - - 0 1 b b1c3", "vetoed move: move 'b1c3'"},
      {"k7/8/8/8/8/8/8/R6K w - - 0 1", "board: the side to move could remove the other king"},
  };
  EXPECT_GE(cases.size(), 30u);
  for (const auto& [text, expected] : cases) {
    const auto p = parse_fen(text);
    ASSERT_FALSE(p) << text;
    EXPECT_NE(p.error().find(expected), std::string::npos)
        << text << "\n  gave: " << p.error() << "\n  expected: " << expected;
  }
}

TEST(GnomeFen, MoveTextsOutsideTheMovesAreRefused) {
  const Position p = start_position();
  for (const char* text : {"", "e2", "e2e5", "e7e5", "z9z9", "e1e2,e2e1", "d1d1", "b1c3x1", "e2e4q",
                           "a2a1", "veto", "e2:5e4", "e2e4^"}) {
    const auto m = parse_move(p, text);
    EXPECT_FALSE(m) << text;
    if (!m) {
      EXPECT_NE(m.error().find(std::string("move '") + text + "'"), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace kishi::gnome::testing
