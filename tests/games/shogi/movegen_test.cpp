// Properties of the generator over positions from random playouts.
#include "games/shogi/core/movegen.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>

#include "tests/games/random_playout.h"

namespace kishi::shogi {
namespace {

// Every 16-bit move the encoding can express, legal or not.
std::vector<Move> all_encodable_moves() {
  std::vector<Move> moves;
  for (Square from = 0; from < SQ_NB; ++from)
    for (Square to = 0; to < SQ_NB; ++to)
      for (bool promote : {false, true}) moves.push_back(Move::normal(from, to, promote));
  for (int pt = PAWN; pt <= GOLD; ++pt)
    for (Square to = 0; to < SQ_NB; ++to) moves.push_back(Move::drop(PieceType(pt), to));
  return moves;
}

class GeneratorProperties : public ::testing::TestWithParam<Game> {};

// legal_moves and is_legal are written separately; they must agree on every move.
TEST_P(GeneratorProperties, LegalMovesEqualsIsLegalOverAllMoves) {
  const auto candidates = all_encodable_moves();
  const auto sfens = testing::random_playout_sfens(GetParam(), 20, 160, 7);
  for (size_t i = 0; i < sfens.size(); i += 5) {
    const Position pos = *Position::from_sfen(sfens[i], GetParam());
    const MoveList list = legal_moves(pos);
    const std::set<uint16_t> generated = [&] {
      std::set<uint16_t> s;
      for (Move m : list) s.insert(m.raw());
      return s;
    }();
    ASSERT_EQ(generated.size(), list.size()) << "duplicate move in " << sfens[i];
    for (Move m : candidates)
      ASSERT_EQ(pos.is_legal(m), generated.count(m.raw()) == 1)
          << "move raw " << m.raw() << " in " << sfens[i];
  }
}

TEST_P(GeneratorProperties, DoUndoRestoresPositionAndKeyIsIncremental) {
  const auto sfens = testing::random_playout_sfens(GetParam(), 20, 200, 11);
  for (size_t i = 0; i < sfens.size(); i += 3) {
    Position pos = *Position::from_sfen(sfens[i], GetParam());
    const Key key = pos.key();
    for (Move m : legal_moves(pos)) {
      pos.do_move(m);
      // The key after the move equals the key of the same position read afresh.
      const Position fresh = *Position::from_sfen(pos.sfen(), GetParam());
      ASSERT_EQ(pos.key(), fresh.key()) << sfens[i];
      ASSERT_EQ(pos.checkers(), fresh.checkers());
      ASSERT_EQ(pos.pinned(), fresh.pinned());
      pos.undo_move();
    }
    ASSERT_EQ(pos.sfen(), sfens[i]);
    ASSERT_EQ(pos.key(), key);
  }
}

// No legal move leaves the mover's king attacked, and every generated drop or
// promotion follows the piece rules.
TEST_P(GeneratorProperties, NoMoveLeavesOwnKingAttacked) {
  const auto sfens = testing::random_playout_sfens(GetParam(), 10, 200, 13);
  for (const auto& sfen : sfens) {
    Position pos = *Position::from_sfen(sfen, GetParam());
    const Color us = pos.side_to_move();
    for (Move m : legal_moves(pos)) {
      pos.do_move(m);
      const Square k = pos.king_square(us);
      ASSERT_FALSE(k != SQ_NONE && pos.is_attacked(~us, k)) << sfen;
      pos.undo_move();
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Games, GeneratorProperties, ::testing::Values(Game::Shogi, Game::Showgit),
                         [](const auto& param_info) {
                           return std::string(param_info.param == Game::Shogi ? "shogi"
                                                                              : "showgit");
                         });

TEST(MoveList, StartPositionHasThirtyMovesWithoutDuplicates) {
  const MoveList list = legal_moves(Position::startpos());
  EXPECT_EQ(list.size(), 30u);
  std::set<uint16_t> unique;
  for (Move m : list) unique.insert(m.raw());
  EXPECT_EQ(unique.size(), 30u);
}

// Found by the fuzzer: without a Black king every drop and move is legal, and
// the list outgrows the 593 moves of the largest reachable position.
// Issue 12, finding 8: a copy kept the original's end pointer (size 2110 for 30 moves).
TEST(MoveList, ACopyHoldsTheSameMoves) {
  const MoveList original = legal_moves(Position::startpos());
  const MoveList copy(original);
  ASSERT_EQ(copy.size(), 30u);
  EXPECT_TRUE(std::equal(copy.begin(), copy.end(), original.begin()));
  MoveList assigned;
  assigned.push(original[0]);
  assigned = original;
  EXPECT_EQ(assigned.size(), 30u);
  EXPECT_EQ(assigned.end() - assigned.begin(), 30);
  const auto boxed = std::make_unique<MoveList>(original);
  EXPECT_EQ(boxed->size(), 30u);
  EXPECT_EQ(boxed->end(), boxed->begin() + 30);
}

TEST(MoveList, KinglessPositionWithMoreThan600Moves) {
  const Position pos =
      *Position::from_sfen("R8/2B1S1SSk/4R4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 15");
  const MoveList list = legal_moves(pos);
  EXPECT_GT(list.size(), 600u);
  size_t legal = 0;
  for (const Move m : all_encodable_moves()) legal += pos.is_legal(m);
  EXPECT_EQ(legal, list.size());
}

}  // namespace
}  // namespace kishi::shogi
