// Self-play games written as hcpe: each position's hcp, the engine's score,
// the move played (Apery's move16) and the absolute result.
#include "games/shogi/data/hcpe_export.h"

#include <gtest/gtest.h>

#include "game/evaluation.h"
#include "games/shogi/data/hcp.h"
#include "games/shogi/data/hcpe3.h"
#include "games/shogi/shogi_game.h"

namespace kishi::formats {
namespace {

using selfplay::GameRecord;

TEST(HcpeExport, AShogiGameBecomesOneRecordAMove) {
  const shogi::ShogiGame game;
  shogi::Position pos = shogi::Position::startpos();
  GameRecord record;
  record.start_state = pos.sfen();
  record.result = -1;  // White won
  for (const char* usi : {"7g7f", "3c3d", "8h2b+"}) {
    const shogi::Move m = *game.parse_action(pos, usi);
    record.moves.push_back({game.pack(m), 0.25f, false, {}});
    pos.do_move(m);
  }
  Chunk chunk;
  chunk.game = "shogi";
  chunk.games.push_back(record);
  HcpeExport out;
  ASSERT_TRUE(append_hcpe(chunk, out));
  ASSERT_EQ(out.positions, 3);
  ASSERT_EQ(out.bytes.size(), 3 * shogi::Hcpe::SIZE);
  const uint16_t moves[] = {0x1e3b, 0x0a15, 0x630a};  // 3c3d: to 3d (21), from 3c (20)
  for (int i = 0; i < 3; ++i) {
    const shogi::Hcpe r = shogi::read_hcpe(std::span<const uint8_t, shogi::Hcpe::SIZE>(
        out.bytes.data() + i * shogi::Hcpe::SIZE, shogi::Hcpe::SIZE));
    EXPECT_EQ(r.move16, moves[i]) << i;
    EXPECT_EQ(r.game_result, 2);
    EXPECT_EQ(r.eval, value_to_cp(0.25f));
    if (i == 0) {
      EXPECT_EQ(shogi::from_hcp(r.hcp)->sfen(), shogi::Position::START_SFEN);
    }
  }
}

TEST(HcpeExport, Hcpe3KeepsThePolicyAsVisits) {
  const shogi::ShogiGame game;
  const shogi::Position pos = shogi::Position::startpos();
  GameRecord record;
  record.start_state = pos.sfen();
  record.result = 0;
  record.reason = uint8_t(shogi::Termination::Repetition);
  const shogi::Move m = *game.parse_action(pos, "7g7f");
  const shogi::Move other = *game.parse_action(pos, "2g2f");
  record.moves.push_back(
      {game.pack(m), -0.5f, true, {{game.pack(m), 0.75f}, {game.pack(other), 0.25f}}});
  Chunk chunk;
  chunk.game = "shogi";
  chunk.games.push_back(record);
  HcpeExport out;
  ASSERT_TRUE(append_hcpe3(chunk, out));
  EXPECT_EQ(out.positions, 1);
  const auto games = shogi::read_hcpe3(out.bytes);
  ASSERT_TRUE(games) << games.error();
  const shogi::Hcpe3Game& g = (*games)[0];
  EXPECT_EQ(g.result, shogi::HCPE3_REPETITION);  // a draw by repetition
  ASSERT_EQ(g.moves.size(), 1u);
  EXPECT_EQ(g.moves[0].move16, 0x1e3b);
  EXPECT_EQ(g.moves[0].eval, value_to_cp(-0.5f));
  const std::vector<std::pair<uint16_t, uint16_t>> want = {{0x1e3b, 49151},
                                                           {shogi::to_move16(other), 16384}};
  EXPECT_EQ(g.moves[0].candidates, want);
}

TEST(HcpeExport, OtherGamesAreRefused) {
  Chunk chunk;
  chunk.game = "gnome";
  HcpeExport out;
  const auto ok = append_hcpe(chunk, out);
  ASSERT_FALSE(ok);
  EXPECT_NE(ok.error().find("gnome"), std::string::npos);
}

}  // namespace
}  // namespace kishi::formats
