// One test per rule of shogi.md and showgit.md, each with a position where the
// rule applies and one where it does not.
#include <gtest/gtest.h>

#include "games/shogi/core/movegen.h"
#include "games/shogi/core/usi_move.h"

namespace kishi::shogi {
namespace {

Position at(std::string_view sfen, Game game = Game::Shogi) {
  auto pos = Position::from_sfen(sfen, game);
  EXPECT_TRUE(pos) << pos.error();
  return pos ? *pos : Position::startpos(game);
}

bool legal(const Position& pos, std::string_view move) {
  const bool by_parser = bool(parse_usi_move(pos, move));
  // The generator must agree with the parser's is_legal.
  bool generated = false;
  for (Move m : legal_moves(pos)) generated |= to_usi(m) == move;
  EXPECT_EQ(by_parser, generated) << move << " in " << pos.sfen();
  return by_parser;
}

// Rule 1: board, files, ranks, start position.
TEST(Rule1Board, StartPositionAndCoordinates) {
  const Position pos = Position::startpos();
  EXPECT_EQ(pos.sfen(), Position::START_SFEN);
  EXPECT_EQ(pos.side_to_move(), BLACK);
  EXPECT_EQ(pos.piece_on(make_square(4, 8)), make_piece(BLACK, KING));    // 5i
  EXPECT_EQ(pos.piece_on(make_square(1, 1)), make_piece(WHITE, BISHOP));  // 2b... White's bishop
  EXPECT_TRUE(legal(pos, "7g7f"));   // Black's pawns move towards rank a
  EXPECT_FALSE(legal(pos, "7g7h"));  // and not backwards
}

// Rule 2: promotion zone, optional and forced promotion.
TEST(Rule2Promotion, MoveEndingInZoneMayPromote) {
  const Position pos = at("4k4/9/9/3S5/9/9/9/9/4K4 b - 1");  // Black silver 6d
  EXPECT_TRUE(legal(pos, "6d6c+"));
  EXPECT_TRUE(legal(pos, "6d6c"));
  EXPECT_FALSE(legal(pos, "6d5e+"));  // neither end in the zone
  EXPECT_TRUE(legal(pos, "6d5e"));
}

TEST(Rule2Promotion, MoveStartingInZoneMayPromoteInShogi) {
  const Position pos = at("4k4/9/3S5/9/9/9/9/9/4K4 b - 1");  // Black silver 6c
  EXPECT_TRUE(legal(pos, "6c7d+"));
  EXPECT_TRUE(legal(pos, "6c7d"));
}

TEST(Rule2Promotion, ForcedPromotionOfPawnLanceKnight) {
  const Position pos = at("4k4/P8/9/9/9/9/9/9/4K4 b - 1");  // pawn 9b
  EXPECT_TRUE(legal(pos, "9b9a+"));
  EXPECT_FALSE(legal(pos, "9b9a"));  // a pawn on the last rank could never move
  const Position pawn = at("4k4/9/P8/9/9/9/9/9/4K4 b - 1");  // pawn 9c
  EXPECT_TRUE(legal(pawn, "9c9b+"));
  EXPECT_TRUE(legal(pawn, "9c9b"));  // rank b: optional
  const Position lance = at("4k4/9/9/L8/9/9/9/9/4K4 b - 1");
  EXPECT_TRUE(legal(lance, "9d9a+"));
  EXPECT_FALSE(legal(lance, "9d9a"));
  EXPECT_TRUE(legal(lance, "9d9b"));  // rank b: promotion optional
  EXPECT_TRUE(legal(lance, "9d9b+"));
  const Position knight = at("4k4/9/9/7N1/9/9/9/9/4K4 b - 1");  // knight 2d
  EXPECT_TRUE(legal(knight, "2d1b+"));
  EXPECT_FALSE(legal(knight, "2d1b"));  // knight on the last two ranks must promote
  const Position knight2 = at("4k4/9/9/9/7N1/9/9/9/4K4 b - 1");  // knight 2e
  EXPECT_TRUE(legal(knight2, "2e1c"));                           // rank c: optional
  EXPECT_TRUE(legal(knight2, "2e1c+"));
}

TEST(Rule2Promotion, GoldAndKingNeverPromote) {
  const Position pos = at("4k4/9/9/3G5/9/9/9/9/4K4 b - 1");
  EXPECT_TRUE(legal(pos, "6d6c"));
  EXPECT_FALSE(legal(pos, "6d6c+"));
  const Position king = at("4k4/9/9/3K5/9/9/9/9/9 b - 1");
  EXPECT_TRUE(legal(king, "6d6c"));
  EXPECT_FALSE(legal(king, "6d6c+"));
}

TEST(Rule2Promotion, DropsNeverPromote) {
  const Position pos = at("4k4/9/9/9/9/9/9/9/4K4 b S 1");
  const Move drop = Move::drop(SILVER, make_square(4, 2));
  EXPECT_TRUE(pos.is_legal(drop));
  EXPECT_FALSE(pos.is_legal(Move::from_raw(drop.raw() | 0x8000)));  // a promoting drop
}

// Rule 3: drops and their three restrictions.
TEST(Rule3Drops, CapturedPiecesDropOnAnyEmptySquare) {
  const Position pos = at("4k4/9/9/9/9/9/9/9/4K4 b G 1");
  EXPECT_EQ(legal_moves(pos).size(), 79u + 5u);  // a drop on each of 79 empty squares, 5 king moves
  EXPECT_TRUE(legal(pos, "G*5b"));
  EXPECT_FALSE(legal(pos, "G*5a"));  // occupied
  EXPECT_FALSE(legal(pos, "S*5b"));  // not in hand
}

TEST(Rule3Drops, Nifu) {
  const Position pos = at("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");  // Black pawn on file 5
  EXPECT_FALSE(legal(pos, "P*5e"));
  EXPECT_TRUE(legal(pos, "P*4e"));
  const Position tokin = at("4k4/9/9/9/9/9/4+P4/9/4K4 b P 1");  // a promoted pawn does not count
  EXPECT_TRUE(legal(tokin, "P*5e"));
  const Position theirs = at("4k4/9/9/9/4p4/9/9/9/4K4 b P 1");  // nor does the enemy's pawn
  EXPECT_TRUE(legal(theirs, "P*5f"));
}

TEST(Rule3Drops, NoDropWhereThePieceCouldNeverMove) {
  const Position pos = at("4k4/9/9/9/9/9/9/9/4K4 b PLN 1");
  EXPECT_FALSE(legal(pos, "P*1a"));
  EXPECT_TRUE(legal(pos, "P*1b"));
  EXPECT_FALSE(legal(pos, "L*1a"));
  EXPECT_TRUE(legal(pos, "L*1b"));
  EXPECT_FALSE(legal(pos, "N*1a"));
  EXPECT_FALSE(legal(pos, "N*1b"));
  EXPECT_TRUE(legal(pos, "N*1c"));
  const Position white = at("4k4/9/9/9/9/9/9/9/4K4 w pln 1");
  EXPECT_FALSE(legal(white, "P*1i"));
  EXPECT_FALSE(legal(white, "N*1h"));
  EXPECT_TRUE(legal(white, "N*1g"));
}

TEST(Rule3Drops, PawnDropMateIsIllegalButOtherDropMatesAre) {
  // White king 1a, own knight 2a; Black gold 2c guards 1b and 2b.
  const Position pos = at("7nk/9/7G1/9/9/9/9/9/4K4 b PG 1");
  EXPECT_FALSE(legal(pos, "P*1b"));  // uchifuzume
  EXPECT_TRUE(pos.is_pawn_drop_mate(make_square(0, 1)));
  EXPECT_TRUE(legal(pos, "G*1b"));  // a gold drop may mate
}

TEST(Rule3Drops, PawnDropCheckThatIsNotMateIsLegal) {
  // The knight on 2d guards 1b, but the king escapes to 2b.
  const Position pos = at("7nk/9/9/7N1/9/9/9/9/4K4 b P 1");
  EXPECT_TRUE(legal(pos, "P*1b"));
  EXPECT_FALSE(pos.is_pawn_drop_mate(make_square(0, 1)));
}

TEST(Rule3Drops, PawnDropThatCanBeCapturedIsNotMate) {
  // As the mate above, but a White silver on 2a can take the pawn.
  const Position pos = at("7sk/9/7G1/9/9/9/9/9/4K4 b P 1");
  EXPECT_TRUE(legal(pos, "P*1b"));
}

TEST(Rule3Drops, PawnDropMateWhenTheOnlyCapturerIsPinned) {
  // White silver 2a could take on 1b, but it is pinned to its king by the rook on 3a.
  const Position pos = at("6Rsk/9/7G1/9/9/9/9/9/4K4 b P 1");
  EXPECT_FALSE(legal(pos, "P*1b"));
}

// Rule 4: no move may leave one's own king attacked.
TEST(Rule4KingSafety, PinnedPieceStaysOnItsLine) {
  const Position pos = at("4r3k/9/9/9/9/9/9/4S4/4K4 b - 1");  // silver 5h pinned by rook 5a
  EXPECT_TRUE(legal(pos, "5h5g"));
  EXPECT_FALSE(legal(pos, "5h4g"));
  const Position unpinned = at("3r4k/9/9/9/9/9/9/4S4/4K4 b - 1");  // rook on file 6
  EXPECT_TRUE(legal(unpinned, "5h4g"));
}

TEST(Rule4KingSafety, KingCannotStepIntoAttack) {
  const Position pos = at("3r4k/9/9/9/9/9/9/9/4K4 b - 1");  // rook on file 6
  EXPECT_FALSE(legal(pos, "5i6i"));
  EXPECT_FALSE(legal(pos, "5i6h"));
  EXPECT_TRUE(legal(pos, "5i4h"));
}

TEST(Rule4KingSafety, CheckMustBeAnswered) {
  // Rook 5a checks the king on 5i; Black holds a gold.
  const Position pos = at("4r3k/9/9/9/9/9/9/9/4K4 b G 1");
  EXPECT_TRUE(pos.in_check());
  EXPECT_TRUE(legal(pos, "G*5e"));   // interposition
  EXPECT_FALSE(legal(pos, "G*4e"));  // does not answer the check
  EXPECT_TRUE(legal(pos, "5i4i"));
  EXPECT_FALSE(legal(pos, "5i5h"));  // still on the file
}

TEST(Rule4KingSafety, DoubleCheckOnlyKingMoves) {
  // Rook 5a and bishop 1e both check the king on 5i.
  const Position pos = at("4r3k/9/9/9/8b/9/9/9/4K4 b G 1");
  EXPECT_EQ(popcount(pos.checkers()), 2);
  for (Move m : legal_moves(pos)) EXPECT_EQ(m.from(), pos.king_square(BLACK));
}

// showgit: a move may promote only when it ends in the zone.
TEST(ShowgitPromotion, LeavingTheZoneDoesNotPromote) {
  const Position shogi = at("4k4/9/3S5/9/9/9/9/9/4K4 b - 1");
  const Position showgit = at("4k4/9/3S5/9/9/9/9/9/4K4 b - 1", Game::Showgit);
  EXPECT_TRUE(legal(shogi, "6c7d+"));
  EXPECT_FALSE(legal(showgit, "6c7d+"));
  EXPECT_TRUE(legal(showgit, "6c7d"));
  EXPECT_TRUE(legal(showgit, "6c6b+"));  // ends in the zone: may promote
  EXPECT_TRUE(legal(showgit, "6c6b"));
}

TEST(ShowgitPromotion, ForcedPromotionAsInShogi) {
  const Position pos = at("4k4/P8/9/9/9/9/9/9/4K4 b - 1", Game::Showgit);
  EXPECT_TRUE(legal(pos, "9b9a+"));
  EXPECT_FALSE(legal(pos, "9b9a"));
}

TEST(ShowgitPromotion, WhiteLeavingItsZone) {
  const Position pos = at("4k4/9/9/9/9/9/3s5/9/4K4 w - 1", Game::Showgit);  // White silver 6g
  EXPECT_FALSE(legal(pos, "6g7f+"));
  EXPECT_TRUE(legal(pos, "6g6h+"));
}

}  // namespace
}  // namespace kishi::shogi
