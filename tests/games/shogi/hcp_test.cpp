// hcp, move16 and hcpe against the values published for cshogi and dlshogi
// (docs/data-formats.md), and round trips.
#include "games/shogi/data/hcp.h"

#include <gtest/gtest.h>

#include <random>

#include "games/shogi/core/movegen.h"
#include "games/shogi/core/usi_move.h"
#include "games/shogi/data/hcpe3.h"

namespace kishi::shogi {
namespace {

std::string hex(const Hcp& h) {
  std::string s;
  for (uint8_t b : h) s += "0123456789abcdef"[b >> 4], s += "0123456789abcdef"[b & 15];
  return s;
}

TEST(Hcp, TheStartPositionIsThePublishedBytes) {
  const auto hcp = to_hcp(Position::startpos());
  ASSERT_TRUE(hcp) << hcp.error();
  EXPECT_EQ(hex(*hcp), "58a449210cd757217e8e4d212caf427814c2ab109e4d212cd75f213e8e49210c");
  const auto back = from_hcp(*hcp);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->sfen(), Position::START_SFEN);
}

TEST(Hcp, Move16IsApery) {
  Position pos = Position::startpos();
  const auto move16 = [&](std::string_view usi) { return to_move16(*parse_usi_move(pos, usi)); };
  EXPECT_EQ(move16("7g7f"), 0x1e3b);
  pos.do_move(*parse_usi_move(pos, "7g7f"));
  pos.do_move(*parse_usi_move(pos, "3c3d"));
  EXPECT_EQ(move16("8h2b+"), 0x630a);
  pos.do_move(*parse_usi_move(pos, "8h2b+"));
  pos.do_move(*parse_usi_move(pos, "3a2b"));
  EXPECT_EQ(move16("B*5e"), 0x2aa8);
  const auto m = from_move16(pos, 0x2aa8);
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(to_usi(*m), "B*5e");
  EXPECT_FALSE(from_move16(pos, 0x1e3b));  // 7g7f was played already
  EXPECT_FALSE(from_move16(pos, 0xffff));
}

// Positions of random games, with captures and promotions, written and read back.
TEST(Hcp, RandomPositionsRoundTrip) {
  std::mt19937 rng(7);
  int positions = 0;
  for (int game = 0; game < 40; ++game) {
    Position pos = Position::startpos();
    for (int ply = 0; ply < 160; ++ply) {
      MoveList moves;
      legal_moves(pos, moves);
      if (moves.size() == 0) break;
      pos.do_move(moves[rng() % moves.size()]);
      const auto hcp = to_hcp(pos);
      ASSERT_TRUE(hcp) << pos.sfen() << ": " << hcp.error();
      const auto back = from_hcp(*hcp);
      ASSERT_TRUE(back) << pos.sfen() << ": " << back.error();
      // The move number is not in hcp.
      const std::string want = pos.sfen(), got = back->sfen();
      ASSERT_EQ(got.substr(0, got.rfind(' ')), want.substr(0, want.rfind(' ')));
      ++positions;
    }
  }
  EXPECT_GT(positions, 4000);
}

TEST(Hcp, RefusesWhatCannotBeWritten) {
  EXPECT_FALSE(to_hcp(*Position::from_sfen("9/9/9/9/9/9/9/9/4K4 b - 1")));  // one king
  Hcp junk;
  junk.fill(0xff);
  EXPECT_FALSE(from_hcp(junk));
}

TEST(Hcpe, RecordBytes) {
  Hcpe r;
  r.hcp = *to_hcp(Position::startpos());
  r.eval = -300;
  r.move16 = 0x1e3b;
  r.game_result = 2;
  std::array<uint8_t, Hcpe::SIZE> bytes{};
  write_hcpe(r, bytes);
  EXPECT_EQ(bytes[32], 0xd4);  // -300 = 0xfed4, little-endian
  EXPECT_EQ(bytes[33], 0xfe);
  EXPECT_EQ(bytes[34], 0x3b);
  EXPECT_EQ(bytes[35], 0x1e);
  EXPECT_EQ(bytes[36], 2);
  const Hcpe back = read_hcpe(bytes);
  EXPECT_EQ(back.hcp, r.hcp);
  EXPECT_EQ(back.eval, -300);
  EXPECT_EQ(back.move16, 0x1e3b);
  EXPECT_EQ(back.game_result, 2);
}

TEST(Hcpe3, AGameRoundTripsAndACutOneIsRefused) {
  Hcpe3Game g;
  g.start = *to_hcp(Position::startpos());
  g.result = 1 | HCPE3_MAX_MOVES;
  g.moves.push_back({0x1e3b, 40, {{0x1e3b, 300}, {0x0a15, 12}}});
  g.moves.push_back({0x0a15, -35, {}});
  std::vector<uint8_t> bytes;
  append_hcpe3(g, bytes);
  append_hcpe3(g, bytes);
  // 36 bytes a game, 6 a move, 4 a candidate.
  ASSERT_EQ(bytes.size(), 2u * (36 + 2 * 6 + 2 * 4));
  const auto games = read_hcpe3(bytes);
  ASSERT_TRUE(games) << games.error();
  ASSERT_EQ(games->size(), 2u);
  const Hcpe3Game& back = (*games)[1];
  EXPECT_EQ(back.start, g.start);
  EXPECT_EQ(back.result, g.result);
  ASSERT_EQ(back.moves.size(), 2u);
  EXPECT_EQ(back.moves[0].eval, 40);
  EXPECT_EQ(back.moves[0].candidates, g.moves[0].candidates);
  EXPECT_EQ(back.moves[1].eval, -35);
  bytes.pop_back();
  const auto cut = read_hcpe3(bytes);
  ASSERT_FALSE(cut);
  EXPECT_NE(cut.error().find("game 2"), std::string::npos) << cut.error();
  EXPECT_FALSE(read_hcpe3({}));
}

}  // namespace
}  // namespace kishi::shogi
