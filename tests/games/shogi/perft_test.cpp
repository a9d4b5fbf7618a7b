// Every published perft count below 1e9 nodes (larger ones run in bench/).
#include "games/shogi/core/perft.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace kishi::shogi {
namespace {

struct PerftRow {
  std::string name, sfen;
  int depth;
  uint64_t count;
  Game game = Game::Shogi;
};

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// name<TAB>sfen<TAB>depth<TAB>count
std::vector<PerftRow> shogi_rows() {
  std::vector<PerftRow> rows;
  std::istringstream in(read_file(KISHI_TEST_DATA_DIR "/perft-shogi.tsv"));
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    PerftRow row;
    std::string depth, count;
    std::getline(fields, row.name, '\t');
    std::getline(fields, row.sfen, '\t');
    std::getline(fields, depth, '\t');
    std::getline(fields, count, '\t');
    row.depth = std::stoi(depth);
    row.count = std::stoull(count);
    if (row.count < 1'000'000'000) rows.push_back(row);
  }
  return rows;
}

// sfen ; depth ; showgit count ; shogi count — one row for each game.
std::vector<PerftRow> showgit_rows() {
  std::vector<PerftRow> rows;
  std::istringstream in(read_file(KISHI_TEST_DATA_DIR "/perft-showgit.txt"));
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string sfen, depth, showgit, shogi;
    std::getline(fields, sfen, ';');
    std::getline(fields, depth, ';');
    std::getline(fields, showgit, ';');
    std::getline(fields, shogi, ';');
    const std::string name = "showgit-row" + std::to_string(++n);
    rows.push_back(
        {name + "-showgit", sfen, std::stoi(depth), std::stoull(showgit), Game::Showgit});
    rows.push_back({name + "-shogi", sfen, std::stoi(depth), std::stoull(shogi), Game::Shogi});
  }
  return rows;
}

void PrintTo(const PerftRow& row, std::ostream* os) {
  *os << row.name << " depth " << row.depth << " count " << row.count;
}

class PerftTest : public ::testing::TestWithParam<PerftRow> {};

TEST_P(PerftTest, MatchesPublishedCount) {
  const PerftRow& row = GetParam();
  auto pos = Position::from_sfen(row.sfen, row.game);
  ASSERT_TRUE(pos) << pos.error();
  EXPECT_EQ(perft(*pos, row.depth), row.count) << row.name << " depth " << row.depth;
}

std::string row_name(const ::testing::TestParamInfo<PerftRow>& info) {
  std::string s =
      std::to_string(info.index) + "_" + info.param.name + "_d" + std::to_string(info.param.depth);
  for (char& c : s)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

INSTANTIATE_TEST_SUITE_P(Shogi, PerftTest, ::testing::ValuesIn(shogi_rows()), row_name);
INSTANTIATE_TEST_SUITE_P(Showgit, PerftTest, ::testing::ValuesIn(showgit_rows()), row_name);

TEST(PerftData, TablesAreThere) {
  EXPECT_EQ(shogi_rows().size(), 86u);
  EXPECT_EQ(showgit_rows().size(), 12u);
}

// The copies in tests/data must stay those of ../shared/data when it is beside the repo.
TEST(PerftData, CopiesMatchSharedData) {
  for (const char* name : {"perft-shogi.tsv", "perft-showgit.txt", "perft-gnome.txt"}) {
    const std::string shared = std::string(KISHI_SHARED_DIR) + "/data/" + name;
    if (!std::filesystem::exists(shared)) continue;
    EXPECT_EQ(read_file(shared), read_file(std::string(KISHI_TEST_DATA_DIR) + "/" + name)) << name;
  }
}

TEST(Perft, ParallelAndDivideAgreeWithPlainPerft) {
  Position pos = Position::startpos();
  uint64_t sum = 0;
  for (const auto& [move, n] : perft_divide(pos, 3)) sum += n;
  EXPECT_EQ(sum, 25470u);
  EXPECT_EQ(perft_parallel(pos, 4, 2), 719731u);
}

}  // namespace
}  // namespace kishi::shogi
