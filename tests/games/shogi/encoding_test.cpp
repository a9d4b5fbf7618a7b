#include "games/shogi/encoding.h"

#include <gtest/gtest.h>

#include <vector>

#include "games/shogi/core/usi_move.h"
#include "games/shogi/policy_index.h"
#include "tests/games/random_playout.h"

namespace kishi::nn {
namespace {

using namespace kishi::shogi;

std::vector<float> encode(const Position& pos) {
  std::vector<float> v(INPUT_SIZE);
  encode_position(pos, v.data());
  return v;
}

float at(const std::vector<float>& v, int plane, Square oriented_square) {
  return v[plane * SQ_NB + oriented_square];
}

// The same position with colours swapped and the board turned round.
Position colour_mirror(const Position& pos) {
  std::string board;
  for (int rank = 0; rank < 9; ++rank) {
    int empty = 0;
    for (int file = 8; file >= 0; --file) {
      const Piece pc = pos.piece_on(SQ_NB - 1 - make_square(file, rank));
      if (!pc) {
        ++empty;
        continue;
      }
      if (empty) board += char('0' + std::exchange(empty, 0));
      static constexpr const char* LETTERS = " PLNSBRGK";
      const PieceType pt = type_of(pc);
      if (pt > KING) board += '+';
      char c = LETTERS[unpromoted(pt)];
      if (color_of(pc) == BLACK) c = char(c + 32);  // swapped colour
      board += c;
    }
    if (empty) board += char('0' + empty);
    if (rank < 8) board += '/';
  }
  std::string hands;
  static constexpr const char* HAND = " PLNSBRG";
  for (Color c : {WHITE, BLACK})  // White's hand becomes Black's
    for (int pt = PAWN; pt <= GOLD; ++pt)
      if (int n = pos.hand_count(c, PieceType(pt))) {
        if (n > 1) hands += std::to_string(n);
        hands += c == WHITE ? HAND[pt] : char(HAND[pt] + 32);
      }
  const std::string sfen =
      board + (pos.side_to_move() == BLACK ? " w " : " b ") + (hands.empty() ? "-" : hands) + " 1";
  auto mirrored = Position::from_sfen(sfen, pos.game());
  EXPECT_TRUE(mirrored) << mirrored.error();
  return *mirrored;
}

TEST(Encoder, HandCountsAreScaledBySetSize) {
  const auto v = encode(*Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2P3p 1"));
  EXPECT_FLOAT_EQ(at(v, plane::OWN_HAND + PAWN - 1, 40), 2.0f / 18);
  EXPECT_FLOAT_EQ(at(v, plane::THEIR_HAND + PAWN - 1, 0), 3.0f / 18);
  EXPECT_FLOAT_EQ(at(v, plane::OWN_HAND + GOLD - 1, 0), 0.0f);
}

TEST(Encoder, PromotedPieceHasItsOwnPlane) {
  const Position pos = *Position::from_sfen("3k5/9/9/9/4+R4/9/9/9/4K4 b - 1");
  const auto v = encode(pos);
  const Square e5 = make_square(4, 4);
  EXPECT_EQ(at(v, plane::OWN_PIECES + DRAGON - 1, e5), 1.0f);
  EXPECT_EQ(at(v, plane::OWN_PIECES + ROOK - 1, e5), 0.0f);
  // A dragon attacks diagonally adjacent squares and the open file.
  EXPECT_EQ(at(v, plane::OWN_ATTACKS + DRAGON - 1, make_square(3, 3)), 1.0f);
  EXPECT_EQ(at(v, plane::OWN_ATTACKS + DRAGON - 1, make_square(4, 1)), 1.0f);
}

TEST(Encoder, BoardIsTurnedRoundForWhite) {
  const Position pos = *Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w - 1");
  const auto v = encode(pos);
  // White's king on 5a is seen where Black sees its own king: 5i.
  EXPECT_EQ(at(v, plane::OWN_PIECES + KING - 1, make_square(4, 8)), 1.0f);
  EXPECT_EQ(at(v, plane::THEIR_PIECES + KING - 1, make_square(4, 0)), 1.0f);
}

TEST(Encoder, MirroredTwinsHaveEqualEncodings) {
  int compared = 0;
  for (const auto& sfen : shogi::testing::random_playout_sfens(Game::Shogi, 10, 120, 5)) {
    const Position pos = *Position::from_sfen(sfen);
    const Position twin = colour_mirror(pos);
    ASSERT_NE(pos.side_to_move(), twin.side_to_move());
    ASSERT_EQ(encode(pos), encode(twin)) << sfen << " vs " << twin.sfen();
    ++compared;
  }
  EXPECT_GT(compared, 500);
}

TEST(Encoder, CheckAndRepetitionPlanes) {
  const auto check = encode(*Position::from_sfen("4r3k/9/9/9/9/9/9/9/4K4 b - 1"));
  EXPECT_EQ(at(check, plane::IN_CHECK, 0), 1.0f);
  Position pos = Position::startpos();
  EXPECT_EQ(at(encode(pos), plane::IN_CHECK, 0), 0.0f);
  for (const char* m : {"2h3h", "8b7b", "3h2h", "7b8b"}) pos.do_move(*parse_usi_move(pos, m));
  EXPECT_FLOAT_EQ(at(encode(pos), plane::REPETITION, 7), 1.0f / 3);
  EXPECT_NE(encoding_key(pos), encoding_key(Position::startpos()));
  EXPECT_EQ(pos.key(), Position::startpos().key());
}

}  // namespace
}  // namespace kishi::nn
