#include "selfplay/game_records.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "games/shogi/core/position.h"
#include "games/shogi/core/usi_move.h"
#include "games/shogi/shogi_game.h"

namespace kishi::selfplay {
namespace {

using namespace kishi::shogi;

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(GameRecords, CsaAndUsiRecordsBesideTheChunkReplayTheGame) {
  Chunk chunk;
  chunk.game = "shogi";
  chunk.model_id = "model-0000000100";
  GameRecord g;
  g.start_state = Position::startpos().sfen();
  Position pos = Position::startpos();
  for (const char* usi : {"7g7f", "3c3d", "8h2b+"}) {
    MoveRecord m;
    const Move move = *parse_usi_move(pos, usi);
    m.action = move.raw();
    pos.do_move(move);
    g.moves.push_back(m);
  }
  g.result = 1;
  g.reason = RESIGNATION;
  chunk.games.push_back(g);

  const auto dir = std::filesystem::temp_directory_path() /
                   ("kishi-game-records-test-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string stem = (dir / "game").string();
  write_game_records(ShogiGame{}, stem, chunk);

  const std::string usi = read(stem + ".usi");
  EXPECT_EQ(usi.substr(0, usi.find('\n')), "position startpos moves 7g7f 3c3d 8h2b+");
  EXPECT_NE(usi.find("1-0 (resign), 3 plies"), std::string::npos) << usi;
  const std::string csa = read(stem + ".csa");
  EXPECT_NE(csa.find("N+kishi model-0000000100"), std::string::npos) << csa;
  EXPECT_NE(csa.find("+7776FU\n"), std::string::npos) << csa;
  EXPECT_NE(csa.find("-3334FU\n"), std::string::npos) << csa;
  EXPECT_NE(csa.find("+8822UM\n"), std::string::npos) << csa;
  EXPECT_NE(csa.find("%TORYO"), std::string::npos) << csa;
  const std::string kif = read(stem + ".kif");
  EXPECT_NE(kif.find("   3 ２二角成(88)"), std::string::npos) << kif;
  EXPECT_NE(kif.find("まで3手で先手の勝ち"), std::string::npos) << kif;
  // Nothing else left in the folder: no temporary file.
  int files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 3);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace kishi::selfplay
