// PackedSfen, YaneuraOu's move16 and PackedSfenValue against the values
// published for YaneuraOu and cshogi (docs/data-formats.md), and round trips.
#include "games/shogi/data/psv.h"

#include <gtest/gtest.h>

#include <random>

#include "games/shogi/core/movegen.h"
#include "games/shogi/core/usi_move.h"
#include "games/shogi/data/hcp.h"

namespace kishi::shogi {
namespace {

std::string hex(const PackedSfen& h) {
  std::string s;
  for (uint8_t b : h) s += "0123456789abcdef"[b >> 4], s += "0123456789abcdef"[b & 15];
  return s;
}

TEST(PackedSfen, TheStartPositionIsThePublishedBytes) {
  const auto packed = to_packed_sfen(Position::startpos());
  ASSERT_TRUE(packed) << packed.error();
  EXPECT_EQ(hex(*packed), "58a451220ceb67227e9653221caf447824c22b119e53221ceb6f223e9651220c");
  const auto back = from_packed_sfen(*packed);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->sfen(), Position::START_SFEN);
  EXPECT_NE(hex(*packed), hex(*to_hcp(Position::startpos())));  // not hcp's codes
}

TEST(PackedSfen, Move16IsYaneuraOus) {
  Position pos = Position::startpos();
  const auto move16 = [&](std::string_view usi) {
    return to_yaneuraou_move16(*parse_usi_move(pos, usi));
  };
  pos.do_move(*parse_usi_move(pos, "7g7f"));
  pos.do_move(*parse_usi_move(pos, "3c3d"));
  EXPECT_EQ(move16("8h2b+"), 0xa30a);
  const Move bishop_takes = *parse_usi_move(pos, "8h2b+");
  EXPECT_EQ(*from_yaneuraou_move16(pos, 0xa30a), bishop_takes);
  EXPECT_FALSE(from_yaneuraou_move16(pos, 0x630a));  // Apery's form of it: no such move here
  pos.do_move(bishop_takes);
  pos.do_move(*parse_usi_move(pos, "3a2b"));
  EXPECT_EQ(move16("B*5e"), 0x42a8);
  EXPECT_EQ(to_usi(*from_yaneuraou_move16(pos, 0x42a8)), "B*5e");
  EXPECT_FALSE(from_yaneuraou_move16(pos, 0x42a8 | 0x8000));  // a promoted drop
  EXPECT_FALSE(from_yaneuraou_move16(pos, 0));                // MOVE_NONE
}

TEST(PackedSfen, RandomPositionsAndTheirMovesRoundTrip) {
  std::mt19937 rng(11);
  int positions = 0, drops = 0;
  for (int game = 0; game < 40; ++game) {
    Position pos = Position::startpos();
    for (int ply = 0; ply < 160; ++ply) {
      MoveList moves;
      legal_moves(pos, moves);
      if (moves.size() == 0) break;
      const Move m = moves[rng() % moves.size()];
      const auto packed = to_packed_sfen(pos);
      ASSERT_TRUE(packed) << pos.sfen() << ": " << packed.error();
      const auto back = from_packed_sfen(*packed);
      ASSERT_TRUE(back) << pos.sfen() << ": " << back.error();
      const std::string want = pos.sfen(), got = back->sfen();  // no move number in it
      ASSERT_EQ(got.substr(0, got.rfind(' ')), want.substr(0, want.rfind(' ')));
      const auto again = from_yaneuraou_move16(*back, to_yaneuraou_move16(m));
      ASSERT_TRUE(again) << again.error();
      ASSERT_EQ(*again, m);
      drops += m.is_drop();
      pos.do_move(m);
      ++positions;
    }
  }
  EXPECT_GT(positions, 4000);
  EXPECT_GT(drops, 100);
}

TEST(PackedSfen, TheBoxHoldsWhatAHandicapRemoves) {
  // Two-piece handicap: rook and bishop go to the box.
  const auto pos =
      Position::from_sfen("lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  ASSERT_TRUE(pos);
  const auto back = from_packed_sfen(*to_packed_sfen(*pos));
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->sfen(), pos->sfen());
  PackedSfen junk;
  junk.fill(0xff);
  const auto refused = from_packed_sfen(junk);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("PackedSfen"), std::string::npos) << refused.error();
}

TEST(Psv, RecordBytes) {
  Psv r;
  r.sfen = *to_packed_sfen(Position::startpos());
  r.score = -300;
  r.move16 = 0x1e3b;
  r.game_ply = 1;
  r.game_result = -1;
  std::array<uint8_t, Psv::SIZE> bytes{};
  write_psv(r, bytes);
  EXPECT_EQ(bytes[32], 0xd4);  // -300 = 0xfed4, little-endian
  EXPECT_EQ(bytes[33], 0xfe);
  EXPECT_EQ(bytes[34], 0x3b);
  EXPECT_EQ(bytes[35], 0x1e);
  EXPECT_EQ(bytes[36], 1);
  EXPECT_EQ(bytes[38], 0xff);
  const Psv back = read_psv(bytes);
  EXPECT_EQ(back.sfen, r.sfen);
  EXPECT_EQ(back.score, -300);
  EXPECT_EQ(back.move16, 0x1e3b);
  EXPECT_EQ(back.game_ply, 1);
  EXPECT_EQ(back.game_result, -1);
}

}  // namespace
}  // namespace kishi::shogi
