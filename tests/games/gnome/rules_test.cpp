// gnome's numbered decisions 1-16 (docs/rules-gnome.md), each with a
// position where it applies and one where it does not. Every expected result
// is derived by hand from the rules page, never read off the implementation.
#include "tests/games/gnome/gnome_test_util.h"

namespace kishi::gnome::testing {
namespace {

// The start position: 86 moves, derived by hand.
//   pawns: 8 single steps, 8 double steps, a2a1^ and h2h1^ (back onto the own
//     corner rooks: rule 26); no sideways step (the neighbours are pawns);
//   knights: b1a3, b1c3, g1f3, g1h3 (no area capture: no black piece near);
//   shifts: each of the 8 lone pieces of rank 1 is orthogonally next to the
//     chain a2-h2 and may swap with any of its 8 pawns: 64 (rule 16);
//   no king move (every neighbour of e1 is own and not a rook), no explosion
//   (d1's neighbours are own pieces and e1 would go: rule 12), no slider move.
// 8 + 8 + 2 + 4 + 64 = 86.
TEST(GnomeStart, EightySixMovesEachKindCounted) {
  const auto m = moves(START_FEN);
  EXPECT_EQ(m.size(), 86u);
  int shifts = 0;
  for (const auto& t : m) shifts += t.back() == 's';
  EXPECT_EQ(shifts, 64);
  for (const char* t : {"e2e3", "e2e4", "a2a1^", "h2h1^", "b1c3", "g1h3", "e1a2s", "d1h2s"})
    EXPECT_TRUE(m.count(t)) << t;
}

// Rule 1: only rooks carry; stacks may mix colours, a king on an enemy rook.
TEST(GnomeRule1, OnlyRooksCarryAndColoursMix) {
  EXPECT_TRUE(parse_fen("8/8/8/8/8/8/8/(Rk)6K w - - 0 1"));
  EXPECT_EQ(board_text(position("7k/8/8/8/8/8/8/(RRn)6K w - - 0 1")), "7k/8/8/8/8/8/8/(RRn)6K");
  const auto refused = parse_fen("7k/8/8/8/8/8/8/(NR)6K w - - 0 1");
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("only rooks carry"), std::string::npos) << refused.error();
}

// Rule 2: any own piece of a stack moves with what stands above it, blocked by
// any occupied square whatever its height.
TEST(GnomeRule2, AUnitMovesWithWhatItCarries) {
  const char* two_rooks = "7k/8/8/8/8/8/8/(RR)5K1 w - - 0 1";
  EXPECT_EQ(board_after(two_rooks, "a1:0c1"), "7k/8/8/8/8/8/8/2(RR)3K1");
  EXPECT_EQ(board_after(two_rooks, "a1c1"), "7k/8/8/8/8/8/8/R1R3K1");  // the top rook alone
  // A white rook carrying a black pawn: the pawn goes along; the pawn is Black's.
  EXPECT_EQ(board_after("k7/8/8/8/8/8/P7/(Rp)6K w - - 0 1", "a1:0d1"), "k7/8/8/8/8/8/P7/3(Rp)3K");
  // Blocked by a stack on c1: b1 and c1 (capture or climb), never d1.
  const auto m = moves("k7/8/8/8/8/8/P6K/R1(rr)5 w - - 0 1");
  EXPECT_TRUE(m.count("a1b1") && m.count("a1c1") && m.count("a1c1^"));
  EXPECT_FALSE(m.count("a1d1"));
}

// Rule 3: a unit may end on a rook top of either colour (a climb, `^`), never
// on another top except by capturing.
TEST(GnomeRule3, ClimbingOnlyOntoRooks) {
  const auto m = moves("k7/8/8/8/8/r1R5/3B4/1N5K w - - 0 1");
  EXPECT_TRUE(m.count("b1c3^"));                      // own rook
  EXPECT_FALSE(m.count("b1c3"));                      // no capture of an own piece
  EXPECT_TRUE(m.count("b1a3^"));                      // enemy rook: climb ...
  EXPECT_TRUE(m.count("b1a3"));                       // ... or capture (rule 4)
  EXPECT_FALSE(m.count("b1d2") || m.count("b1d2^"));  // an own bishop is no place to stand
}

// Rule 4: only the bottom piece is captured; the rook's capture of (r q) takes
// the rook, and the queen falls on the capturer (rule 5) and stays.
TEST(GnomeRule4, OnlyTheBottomPieceIsCaptured) {
  const char* fen = "k7/8/8/q7/8/8/8/R6K w - - 0 1";
  EXPECT_EQ(board_after(fen, "a1a5"), "k7/8/8/R7/8/8/8/7K");  // a lone piece: taken
  const char* stacked = "k7/8/8/(rq)7/8/8/8/R6K w - - 0 1";
  EXPECT_EQ(board_after(stacked, "a1a5"), "k7/8/8/q7/8/8/8/7K");
  // A rook on a rook attacks board level as if it stood on the board.
  EXPECT_EQ(board_after("k7/8/8/8/n7/8/8/(RR)6K w - - 0 1", "a1a4"), "k7/8/8/8/R7/8/8/R6K");
}

// Rule 5, the source's example: R,R,N captured by r,p leaves the N.
TEST(GnomeRule5, FallsEliminateInTurns) {
  const char* fen = "k7/8/8/3(rp)4/8/8/3(RRN)4/7K b - - 0 1";
  EXPECT_EQ(board_after(fen, "d5:0d2"), "k7/8/8/8/8/8/3N4/7K");
  // A lone victim: no falls, the capturing unit stays whole.
  EXPECT_EQ(board_after("k7/8/8/3(rp)4/8/8/3N4/7K b - - 0 1", "d5:0d2"), "k7/8/8/8/8/8/3(rp)4/7K");
}

// Rule 6: a piece removed otherwise (here an explosion) lets those above drop.
TEST(GnomeRule6, RemovedPiecesLetOthersDrop) {
  EXPECT_EQ(board_after("k7/8/8/4(rp)3/3Q4/8/8/7K w - - 0 1", "d4d4"), "k7/8/8/4p3/3Q4/8/8/7K");
  EXPECT_EQ(board_after("k7/8/8/4(rp)3/8/8/8/4R2K w - - 0 1", "e1e5"), "k7/8/8/4p3/8/8/8/7K");
}

// Rule 7: the knight's area; one capture, on the area only when the
// destination is empty.
TEST(GnomeRule7, TheKnightCapturesInItsArea) {
  const auto m = moves("k7/8/8/8/8/8/2p5/1N5K w - - 0 1");
  EXPECT_TRUE(m.count("b1c3xc2"));   // area of b1-c3: b2, b3, c1, c2
  EXPECT_TRUE(m.count("b1d2xc2"));   // area of b1-d2: c1, d1, c2, b2... c2 in it
  EXPECT_FALSE(m.count("b1a3xc2"));  // area of b1-a3: a1, a2, b2, b3
  EXPECT_EQ(board_after("k7/8/8/8/8/8/2p5/1N5K w - - 0 1", "b1c3xc2"), "k7/8/8/8/8/2N5/8/7K");
  const auto blocked = moves("k7/8/8/8/8/2n5/2p5/1N5K w - - 0 1");
  EXPECT_TRUE(blocked.count("b1c3"));
  EXPECT_FALSE(blocked.count("b1c3xc2"));
}

// Rule 8: the knight reaches every level: a king on a rook is attacked by it.
TEST(GnomeRule8, TheKnightReachesEveryLevel) {
  EXPECT_TRUE(threatened(position("8/8/8/8/8/2(Rk)5/8/1N5K b - - 0 1"), BLACK));
  EXPECT_FALSE(threatened(position("8/8/8/8/8/2(Rk)5/8/1B5K b - - 0 1"), BLACK));
  const char* fen = "k7/8/8/8/8/2(rn)5/8/1N5K w - - 0 1";
  EXPECT_EQ(board_after(fen, "b1c3"), "k7/8/8/8/8/2n5/8/7K");       // the bottom; n falls
  EXPECT_EQ(board_after(fen, "b1c3x1"), "k7/8/8/8/8/2(rN)5/8/7K");  // the top
  const char* area = "k7/8/8/8/8/8/2(rn)5/1N5K w - - 0 1";
  EXPECT_EQ(board_after(area, "b1c3xc2"), "k7/8/8/8/8/2N5/2n5/7K");
  EXPECT_EQ(board_after(area, "b1c3xc2:1"), "k7/8/8/8/8/2N5/2r5/7K");
}

// Rule 9: a healthy bishop taken is wounded and falls on its capturer; a
// wounded one is simply removed.
TEST(GnomeRule9, ACapturedBishopIsWoundedAndFalls) {
  EXPECT_EQ(after("k7/8/8/8/8/2n5/8/1B5K b - - 0 1", "c3b1"), "k7/8/8/8/8/8/8/1B~5K w - - 0 2 B");
  EXPECT_EQ(board_after("k7/8/8/8/8/2n5/8/1B~5K b - - 0 1", "c3b1"), "k7/8/8/8/8/8/8/1n5K");
  // It moves and captures normally, and goes at the end of its owner's next move.
  // Its quiet moves are one move (rule 19: it goes at the end of this move
  // wherever it stands), the king's pass too: "b1a2" is their smallest text.
  const char* wounded = "k7/8/8/8/8/2np4/8/1B~5K w - - 0 1";
  const auto m = moves(wounded);
  EXPECT_TRUE(m.count("b1a2") && m.count("b1d3"));
  EXPECT_FALSE(m.count("b1c2") || m.count("h1g1,g1h1"));
  EXPECT_EQ(board_after(wounded, "h1g1,g1h1"), "k7/8/8/8/8/2np4/8/7K");
}

// Rule 10: a bishop attacks pieces on stacks like any other piece: the bottom.
TEST(GnomeRule10, BishopsTakeTheBottomPieceToo) {
  const char* fen = "k7/8/8/8/8/2(rn)5/8/B6K w - - 0 1";
  // The rook goes; n falls on the bishop, which is wounded, falls on n and takes its place.
  EXPECT_EQ(board_after(fen, "a1c3"), "k7/8/8/8/8/2B~5/8/7K");
  EXPECT_FALSE(has(fen, "a1c3x1"));
}

// Rule 11: the explosion removes the pieces at the queen's level around it,
// and is no move when it would remove nothing.
TEST(GnomeRule11, TheQueenExplodes) {
  EXPECT_FALSE(has("k7/8/8/8/3Q4/8/8/7K w - - 0 1", "d4d4"));
  EXPECT_EQ(board_after("k7/8/8/4p3/3Q4/8/8/7K w - - 0 1", "d4d4"), "k7/8/8/8/3Q4/8/8/7K");
  EXPECT_FALSE(has("k7/8/8/4p3/3(RQ)4/8/8/7K w - - 0 1", "d4d4"));  // level 1: nothing there
  EXPECT_EQ(board_after("k7/8/8/4(rp)3/3(RQ)4/8/8/7K w - - 0 1", "d4d4"),
            "k7/8/8/4r3/3(RQ)4/8/8/7K");
}

// Rule 12: a captured queen explodes; the explosion wounds no bishop and sets
// off no queen; a move whose explosion takes the own king is illegal.
TEST(GnomeRule12, ACapturedQueenExplodes) {
  EXPECT_EQ(board_after("k7/8/8/2bq4/8/8/8/3R3K w - - 0 1", "d1d5"), "k7/8/8/3R4/8/8/8/7K");
  EXPECT_EQ(board_after("k7/8/8/1nqq4/8/8/8/3R3K w - - 0 1", "d1d5"), "k7/8/8/1n1R4/8/8/8/7K");
  EXPECT_FALSE(has("k7/8/8/8/3q4/2K5/8/3R4 w - - 0 1", "d1d4"));
  EXPECT_TRUE(has("k7/8/8/8/3q4/8/8/3R3K w - - 0 1", "d1d4"));
}

// Rule 13: a king move is two steps; a square crossed may be attacked, the
// last may not; the pass by any route is one move.
TEST(GnomeRule13, TheKingStepsTwice) {
  // Alone, the king reaches the 15 squares within two steps of e1, e1 itself included.
  const auto alone = moves("k7/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(alone.size(), 15u);
  EXPECT_TRUE(alone.count("e1d1,d1e1"));  // the pass, by its smallest text
  EXPECT_FALSE(alone.count("e1e2,e2e1"));
  // A rook on rank 3 forbids the five squares of rank 3; one on rank 2 only rank 2.
  EXPECT_EQ(moves("k7/8/8/8/8/r7/8/4K3 w - - 0 1").size(), 10u);
  const auto crossing = moves("k7/8/8/8/8/8/r7/4K3 w - - 0 1");
  EXPECT_EQ(crossing.size(), 10u);
  EXPECT_TRUE(crossing.count("e1d2,d2c3"));
  // Castling is the first step.
  const auto castles = moves("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_TRUE(castles.count("e1g1,g1f1^") && castles.count("e1c1,c1d1^") &&
              castles.count("e1g1,g1g2"));
  EXPECT_FALSE(castles.count("e1g1,g1h1"));  // h1 is on the black rook's file
  // Not across an attacked square; onto one, yes, if the second step leaves it.
  EXPECT_FALSE(has("k4r2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1,g1f1^"));
  const auto landing = moves("k5r1/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_TRUE(landing.count("e1g1,g1f1^"));
  EXPECT_FALSE(landing.count("e1g1,g1g2"));
}

// Rule 14, the source's example: the king takes a rook under a pawn and steps
// back; the pawn falls on the empty square. The second step's falls are at once.
TEST(GnomeRule14, TheFirstStepsFallsWait) {
  EXPECT_EQ(after("k7/8/8/8/8/8/4(rp)3/4K3 w - - 0 1", "e1e2,e2e1"),
            "k7/8/8/8/8/8/4p3/4K3 b - - 0 1 B");
  const auto m = moves("k7/8/8/8/8/8/4(rp)3/3K4 w - - 0 1");
  EXPECT_TRUE(m.count("d1e2,e2e3"));
  EXPECT_FALSE(m.count("d1e2,e2d1"));                          // the pawn, down on e2, attacks d1
  EXPECT_FALSE(m.count("d1d2,d2e2") || m.count("d1e1,e1e2"));  // the pawn would fall on the king
}

// Rule 15: the pawn's steps sideways and back, its climbs, the double step of
// a lone pawn, en passant from any level, promotion on its own move only.
TEST(GnomeRule15, ThePawnsExtraSteps) {
  const auto m = moves("k7/8/8/8/8/8/4P3/7K w - - 0 1");
  for (const char* t : {"e2e3", "e2e4", "e2d2", "e2f2", "e2e1"}) EXPECT_TRUE(m.count(t)) << t;
  EXPECT_FALSE(has("k7/8/8/8/8/8/4(RP)3/7K w - - 0 1", "e2e4"));  // not lone: no double step
  const auto climb = moves("k7/8/8/8/8/4r3/4P3/7K w - - 0 1");
  EXPECT_TRUE(climb.count("e2e3^"));
  EXPECT_FALSE(climb.count("e2e3") || climb.count("e2e4"));
  EXPECT_EQ(board_after("k7/8/8/3pP3/8/8/8/7K w - d6 0 1", "e5d6"), "k7/8/3P4/8/8/8/8/7K");
  EXPECT_EQ(board_after("k7/8/8/3p(RP)3/8/8/8/7K w - d6 0 1", "e5d6"), "k7/8/3P4/4R3/8/8/8/7K");
  const auto promote = moves("k7/4P3/8/8/8/8/8/7K w - - 0 1");
  EXPECT_TRUE(promote.count("e7e8q") && promote.count("e7e8n"));
  EXPECT_FALSE(promote.count("e7e8"));
  // Carried to the last rank by its rook, a pawn stays a pawn until it moves.
  EXPECT_EQ(board_after("7k/(RP)7/8/8/8/8/8/7K w - - 0 1", "a7:0a8"), "(RP)6k/8/8/8/8/8/8/7K");
  EXPECT_TRUE(has("(RP)7/8/7k/8/8/8/8/7K w - - 0 1", "a8b8q"));
}

// Rule 16, the source's example: a bishop on g3 next to the chain b2-g2 + b3
// swaps with any of its seven pawns.
TEST(GnomeRule16, ShiftsAlongAChain) {
  const auto m = moves("k7/8/8/8/8/1P4B1/1PPPPPP1/7K w - - 0 1");
  for (const char* t : {"g3g2s", "g3f2s", "g3e2s", "g3d2s", "g3c2s", "g3b2s", "g3b3s"})
    EXPECT_TRUE(m.count(t)) << t;
  // A pawn on a rook is not lone: it breaks the chain.
  const auto broken = moves("k7/8/8/8/8/6B1/1PP(RP)PPP1/7K w - - 0 1");
  EXPECT_TRUE(broken.count("g3g2s"));
  EXPECT_FALSE(broken.count("g3c2s"));
  // A shift is a pawn move: the 50-move counter starts again.
  EXPECT_EQ(after("k7/8/8/8/8/6B1/6P1/7K w - - 30 1", "g3g2s"),
            "k7/8/8/8/8/6P1/6B1/7K b - - 0 1 B");
}

}  // namespace
}  // namespace kishi::gnome::testing
