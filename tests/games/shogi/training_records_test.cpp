// The ecosystem's data read as positions with targets: records the test
// writes in every format, and their positions, moves, scores and results
// known by hand; what is not legal is skipped and counted.
#include "games/shogi/data/training_records.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "games/shogi/core/usi_move.h"
#include "games/shogi/data/hcp.h"
#include "games/shogi/data/hcpe3.h"
#include "games/shogi/data/psv.h"

namespace kishi::formats {
namespace {

using shogi::Position;

std::string bytes_of(const uint8_t* data, size_t n) {
  return std::string(reinterpret_cast<const char*>(data), n);
}

TEST(TrainingRecords, FormatsByNameAndExtension) {
  EXPECT_EQ(record_format_of("games/x.hcpe3"), RecordFormat::HCPE3);
  EXPECT_EQ(record_format_of("a.psv"), RecordFormat::PSV);
  EXPECT_EQ(record_format_of("a.bin"), std::nullopt);
  EXPECT_EQ(parse_record_format("csa"), RecordFormat::CSA);
  EXPECT_EQ(parse_record_format("kif2"), std::nullopt);
}

TEST(TrainingRecords, PsvRecordsGiveTheirPositionMoveScoreAndResult) {
  std::string file;
  std::array<uint8_t, shogi::Psv::SIZE> out{};
  Position pos = Position::startpos();
  pos.do_move(*shogi::parse_usi_move(pos, "7g7f"));
  // White to move after 7g7f: 3c3d, scored -120 for White, who went on to win.
  shogi::Psv r{*shogi::to_packed_sfen(pos), -120,
               shogi::to_yaneuraou_move16(*shogi::parse_usi_move(pos, "3c3d")), 2, 1};
  shogi::write_psv(r, out);
  file += bytes_of(out.data(), out.size());
  r.move16 = 0x1e3b;  // 7g7f again: Black's move, not legal with White to move
  shogi::write_psv(r, out);
  file += bytes_of(out.data(), out.size());
  const auto records = read_records("t.psv", file, RecordFormat::PSV, shogi::Game::Shogi);
  ASSERT_TRUE(records) << records.error();
  EXPECT_EQ(records->positions, 1u);
  EXPECT_EQ(records->faults, 1u);
  const RecordPosition& p = records->games[0].positions.at(0);
  EXPECT_EQ(p.position.sfen().substr(0, 60), pos.sfen().substr(0, 60));
  EXPECT_EQ(shogi::to_usi(p.move), "3c3d");
  EXPECT_EQ(p.score, -120);
  EXPECT_EQ(p.result, 1);
  EXPECT_NE(records->games[1].fault.find("record 2:"), std::string::npos)
      << records->games[1].fault;
  const auto cut = read_records("t.psv", file.substr(1), RecordFormat::PSV, shogi::Game::Shogi);
  ASSERT_FALSE(cut);
  EXPECT_NE(cut.error().find("t.psv: 79 bytes"), std::string::npos) << cut.error();
}

TEST(TrainingRecords, HcpeResultsAreTurnedToTheSideToMove) {
  shogi::Hcpe r;
  r.hcp = *shogi::to_hcp(Position::startpos());
  r.eval = 35;
  r.move16 = 0x1e3b;  // 7g7f
  r.game_result = 2;  // White won: a loss for Black, to move
  std::array<uint8_t, shogi::Hcpe::SIZE> out{};
  shogi::write_hcpe(r, out);
  const auto records = read_records("t.hcpe", bytes_of(out.data(), out.size()), RecordFormat::HCPE,
                                    shogi::Game::Shogi);
  ASSERT_TRUE(records) << records.error();
  const RecordPosition& p = records->games.at(0).positions.at(0);
  EXPECT_EQ(p.position.sfen(), Position::START_SFEN);
  EXPECT_EQ(shogi::to_usi(p.move), "7g7f");
  EXPECT_EQ(p.score, 35);
  EXPECT_EQ(p.result, -1);
}

TEST(TrainingRecords, Hcpe3GamesReplayWithTheirVisits) {
  shogi::Hcpe3Game g;
  g.start = *shogi::to_hcp(Position::startpos());
  g.result = 1;                                                    // Black won
  g.moves.push_back({0x1e3b, 40, {{0x1e3b, 300}, {0x0a15, 12}}});  // 7g7f; 3c3d is not Black's
  g.moves.push_back({0x0a15, -35, {}});                            // 3c3d
  g.moves.push_back({0x0a15, 0, {}});                              // 3c3d again: illegal
  std::vector<uint8_t> bytes;
  shogi::append_hcpe3(g, bytes);
  const auto records = read_records("t.hcpe3", bytes_of(bytes.data(), bytes.size()),
                                    RecordFormat::HCPE3, shogi::Game::Shogi);
  ASSERT_TRUE(records) << records.error();
  const RecordGame& game = records->games.at(0);
  ASSERT_EQ(game.positions.size(), 2u);
  EXPECT_EQ(game.positions[0].result, 1);
  EXPECT_EQ(game.positions[1].result, -1);  // White to move, Black won
  EXPECT_EQ(game.positions[1].score, -35);
  ASSERT_EQ(game.positions[0].candidates.size(), 1u);  // the illegal candidate left out
  EXPECT_EQ(shogi::to_usi(game.positions[0].candidates[0].first), "7g7f");
  EXPECT_EQ(game.positions[0].candidates[0].second, 300);
  EXPECT_NE(game.fault.find("game 1, move 3"), std::string::npos) << game.fault;
  EXPECT_EQ(records->faults, 1u);
}

TEST(TrainingRecords, CsaArchivesCountTheGameAnIllegalMoveCutsShort) {
  std::ifstream in(std::string(KISHI_TEST_DATA_DIR) + "/two-games.csa");
  std::stringstream text;
  text << in.rdbuf();
  const auto records =
      read_records("two-games.csa", text.str(), RecordFormat::CSA, shogi::Game::Shogi);
  ASSERT_TRUE(records) << records.error();
  ASSERT_EQ(records->games.size(), 2u);
  EXPECT_EQ(records->positions, 6u);
  EXPECT_EQ(records->faults, 1u);
  const RecordGame& first = records->games[0];
  ASSERT_EQ(first.positions.size(), 5u);
  EXPECT_EQ(first.ending, "%TORYO");
  EXPECT_EQ(shogi::to_usi(first.positions[2].move), "8h2b+");
  EXPECT_EQ(first.positions[0].result, 1);  // White resigned after Black's 5th move
  EXPECT_EQ(first.positions[1].result, -1);
  EXPECT_FALSE(first.positions[0].score);
  EXPECT_NE(records->games[1].fault.find("line 17"), std::string::npos) << records->games[1].fault;
  const auto foreign =
      read_records("x.csa", "not a record\n", RecordFormat::CSA, shogi::Game::Shogi);
  ASSERT_FALSE(foreign);
  EXPECT_EQ(foreign.error().rfind("x.csa: ", 0), 0u) << foreign.error();
}

}  // namespace
}  // namespace kishi::formats
