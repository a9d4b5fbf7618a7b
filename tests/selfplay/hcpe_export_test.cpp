// Self-play games written as hcpe: each position's hcp, the engine's score,
// the move played (Apery's move16) and the absolute result.
#include "selfplay/hcpe_export.h"

#include <gtest/gtest.h>

#include "engine/common/evaluation.h"
#include "engine/shogi/hcp.h"
#include "engine/shogi/shogi_game.h"

namespace kishi::selfplay {
namespace {

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

TEST(HcpeExport, OtherGamesAreRefused) {
  Chunk chunk;
  chunk.game = "gnome";
  HcpeExport out;
  const auto ok = append_hcpe(chunk, out);
  ASSERT_FALSE(ok);
  EXPECT_NE(ok.error().find("gnome"), std::string::npos);
}

}  // namespace
}  // namespace kishi::selfplay
