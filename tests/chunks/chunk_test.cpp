#include "chunks/chunk.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zstd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include "common/atomic_file.h"
#include "common/process_name.h"
#include "games/shogi/core/movegen.h"
#include "games/shogi/core/position.h"
#include "games/shogi/shogi_game.h"

namespace kishi::selfplay {
namespace {

using namespace kishi::shogi;
namespace fs = std::filesystem;

Chunk sample_chunk(int games, uint64_t seed) {
  std::mt19937_64 rng(seed);
  Chunk c;
  c.game = "shogi";
  c.model_id = "model-000042";
  for (int g = 0; g < games; ++g) {
    GameRecord rec;
    Position pos = Position::startpos();
    rec.start_state = pos.sfen();
    for (int ply = 0; ply < 60; ++ply) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      MoveRecord m;
      const Move move = moves[rng() % moves.size()];
      m.action = move.raw();
      m.root_value = float(int(rng() % 2001) - 1000) / 1000;
      m.has_policy = rng() % 4 != 0;
      if (m.has_policy)
        for (size_t i = 0; i < std::min<size_t>(moves.size(), 8); ++i)
          m.policy.push_back({moves[i].raw(), float(rng() % 65536) / 65535});
      pos.do_move(move);
      rec.moves.push_back(m);
    }
    rec.result = int8_t(int(rng() % 3) - 1);
    rec.reason = uint8_t(rng() % 4);
    c.games.push_back(rec);
  }
  return c;
}

class ChunkTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("kishi-chunk-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    path_ = (dir_ / "a.kchunk").string();
    write_chunk(path_, sample_chunk(5, 1));
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::vector<char> bytes() {
    std::ifstream in(path_, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  void rewrite(const std::vector<char>& b) {
    std::ofstream(path_, std::ios::binary | std::ios::trunc)
        .write(b.data(), std::streamsize(b.size()));
  }
  fs::path dir_;
  std::string path_;
};

TEST_F(ChunkTest, RoundTrip) {
  const Chunk original = sample_chunk(5, 1);
  const auto read = read_chunk(path_);
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->model_id, original.model_id);
  EXPECT_EQ(read->game, "shogi");
  ASSERT_EQ(read->games.size(), original.games.size());
  EXPECT_EQ(read->positions(), original.positions());
  for (size_t g = 0; g < original.games.size(); ++g) {
    const auto &a = original.games[g], &b = read->games[g];
    EXPECT_EQ(a.start_state, b.start_state);
    EXPECT_EQ(a.result, b.result);
    EXPECT_EQ(a.reason, b.reason);
    ASSERT_EQ(a.moves.size(), b.moves.size());
    for (size_t i = 0; i < a.moves.size(); ++i) {
      EXPECT_EQ(a.moves[i].action, b.moves[i].action);
      EXPECT_EQ(a.moves[i].root_value, b.moves[i].root_value);
      EXPECT_EQ(a.moves[i].has_policy, b.moves[i].has_policy);
      ASSERT_EQ(a.moves[i].policy.size(), b.moves[i].policy.size());
      for (size_t j = 0; j < a.moves[i].policy.size(); ++j) {
        EXPECT_EQ(a.moves[i].policy[j].action, b.moves[i].policy[j].action);
        EXPECT_NEAR(a.moves[i].policy[j].probability, b.moves[i].policy[j].probability,
                    1.0 / 65535);
      }
    }
  }
  // Nothing but the chunk itself is left in the folder.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
}

TEST_F(ChunkTest, TruncatedFilesAreRejected) {
  const auto full = bytes();
  for (size_t keep : {size_t(0), size_t(10), size_t(43), full.size() / 2, full.size() - 1}) {
    rewrite(std::vector<char>(full.begin(), full.begin() + std::ptrdiff_t(keep)));
    const auto r = read_chunk(path_);
    ASSERT_FALSE(r) << "accepted a file cut to " << keep << " bytes";
    EXPECT_NE(r.error().find(path_), std::string::npos);
    EXPECT_NE(r.error().find("truncated"), std::string::npos) << r.error();
  }
}

TEST_F(ChunkTest, EveryFlippedBitIsNoticed) {
  const auto full = bytes();
  for (size_t offset = 8; offset < full.size(); offset += std::max<size_t>(1, full.size() / 200)) {
    auto damaged = full;
    damaged[offset] ^= 0x10;
    rewrite(damaged);
    EXPECT_FALSE(read_chunk(path_)) << "flip at byte " << offset << " went unnoticed";
  }
}

TEST_F(ChunkTest, OtherVersionsAndOtherFilesAreRejected) {
  auto b = bytes();
  b[8] = 9;  // the version field
  rewrite(b);
  EXPECT_NE(read_chunk(path_).error().find("format version 9, this build reads 1"),
            std::string::npos);
  rewrite({'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd', ' ', 'o', 'f', ' ', 't',
           'e', 'x', 't', ' ', 'h', 'e', 'r', 'e', ' ', 'i', 's', ' ', 'n', 'o', 't', ' ',
           'a', ' ', 'c', 'h', 'u', 'n', 'k', ' ', 'a', 't', ' ', 'a', 'l', 'l', '!', '!'});
  EXPECT_NE(read_chunk(path_).error().find("not a kishi chunk"), std::string::npos);
  EXPECT_NE(read_chunk((dir_ / "missing.kchunk").string()).error().find("cannot open"),
            std::string::npos);
}

// A directory where a chunk file should be is named, not read (issue 12).
TEST_F(ChunkTest, ADirectoryIsNotAChunk) {
  const fs::path dir = dir_ / "x.kchunk";
  fs::create_directories(dir);
  const auto r = read_chunk(dir.string());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), "chunk '" + dir.string() + "': a directory, not a chunk file");
}

// Issue 12, finding 6: the temporary files of a writer killed before its
// rename stayed for ever; those of a live writer must stay.
TEST_F(ChunkTest, StaleTemporaryFilesAreRemoved) {
  const pid_t child = fork();
  if (child == 0) _exit(0);
  waitpid(child, nullptr, 0);  // a process that is surely gone
  const fs::path dead = dir_ / ("a.kchunk.tmp." + std::to_string(child));
  const fs::path live = dir_ / ("b.kchunk.tmp." + std::to_string(getpid()));
  const fs::path other = dir_ / "c.kchunk.tmp.notapid";
  // Named with the host (issue 17: several hosts share a run directory).
  const fs::path dead_here = dir_ / ("d.kchunk.tmp." + host_name() + "." + std::to_string(child));
  const fs::path live_here =
      dir_ / ("e.kchunk.tmp." + host_name() + "." + std::to_string(getpid()));
  // Another host's: its writer cannot be asked; removed once an hour old.
  const fs::path fresh_there = dir_ / ("f.kchunk.tmp.other.host.example." + std::to_string(child));
  const fs::path old_there = dir_ / ("g.kchunk.tmp.other.host.example." + std::to_string(child));
  for (const fs::path& p : {dead, live, other, dead_here, live_here, fresh_there, old_there})
    std::ofstream(p) << "half a file";
  fs::last_write_time(old_there, fs::file_time_type::clock::now() - std::chrono::hours(2));
  EXPECT_EQ(remove_stale_temporaries(dir_.string()), 3);
  EXPECT_FALSE(fs::exists(dead));
  EXPECT_TRUE(fs::exists(live));
  EXPECT_TRUE(fs::exists(other));
  EXPECT_FALSE(fs::exists(dead_here));
  EXPECT_TRUE(fs::exists(live_here));
  EXPECT_TRUE(fs::exists(fresh_there));
  EXPECT_FALSE(fs::exists(old_there));
}

// A file whose checksum holds but whose payload claims 50 million games is
// refused before anything is allocated for them (issue 12).
TEST_F(ChunkTest, CountsThatCannotFitThePayloadAreRefused) {
  const uint32_t claimed = 50'000'000;
  std::vector<char> raw(4);
  std::memcpy(raw.data(), &claimed, 4);
  std::vector<char> packed(ZSTD_compressBound(raw.size()));
  packed.resize(ZSTD_compress(packed.data(), packed.size(), raw.data(), raw.size(), 3));
  const std::string game = "shogi";
  std::vector<char> file = {'K', 'I', 'S', 'H', 'I', 'C', 'H', 'K'};
  const auto put = [&](auto v) {
    const char* p = reinterpret_cast<const char*>(&v);
    file.insert(file.end(), p, p + sizeof v);
  };
  put(uint32_t(2));
  put(uint32_t(game.size()));
  put(uint32_t(0));  // no model id
  put(uint64_t(raw.size()));
  put(uint64_t(packed.size()));
  put(uint64_t(0));
  file.insert(file.end(), game.begin(), game.end());
  file.insert(file.end(), packed.begin(), packed.end());
  uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a, as docs/selfplay-chunks.md says
  for (size_t i = 0; i < file.size(); ++i)
    if (i < 36 || i >= 44) h = (h ^ uint8_t(file[i])) * 0x100000001b3ULL;
  std::memcpy(file.data() + 36, &h, 8);
  rewrite(file);
  const auto r = read_chunk(path_);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("50000000 games cannot fit in the 0 bytes left"), std::string::npos)
      << r.error();
}

// Version 2 names its game and keeps 32-bit actions whole.
TEST(Chunk, AnyGameNameAndWideActionsRoundTrip) {
  Chunk c;
  c.game = "toy";
  c.model_id = "model-0000000007";
  GameRecord g;
  g.start_state = ".../.../... x - 11";
  g.moves.push_back({.action = 0xfedcba98u,
                     .root_value = 0.5f,
                     .has_policy = true,
                     .policy = {{0x12345678u, 1.0f}}});
  c.games.push_back(g);
  const std::string path =
      (fs::temp_directory_path() / ("kishi-chunk-v2-" + std::to_string(getpid()))).string();
  write_chunk(path, c);
  const auto read = read_chunk(path);
  fs::remove(path);
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->game, "toy");
  EXPECT_EQ(read->model_id, c.model_id);
  EXPECT_EQ(read->games[0].start_state, g.start_state);
  EXPECT_EQ(read->games[0].moves[0].action, 0xfedcba98u);
  EXPECT_EQ(read->games[0].moves[0].policy[0].action, 0x12345678u);
}

// A chunk written before the game interface (tests/data/compat) still reads,
// and its moves replay legally from its start position.
TEST(Chunk, VersionOneFileOfAnEarlierBuildReads) {
  const auto chunk = read_chunk(std::string(KISHI_TEST_DATA_DIR) + "/compat/games-1ee4c8c.kchunk");
  ASSERT_TRUE(chunk) << chunk.error();
  EXPECT_EQ(chunk->v1_game_id, 0);  // shogi's number then
  EXPECT_TRUE(holds_game(*chunk, shogi::VARIANTS[0]));
  EXPECT_FALSE(holds_game(*chunk, shogi::VARIANTS[1]));
  EXPECT_EQ(chunk->model_id, "model-0000000000");
  ASSERT_EQ(chunk->games.size(), 1u);
  const GameRecord& g = chunk->games[0];
  EXPECT_EQ(g.moves.size(), 60u);
  Position pos = *Position::from_sfen(g.start_state);
  for (const MoveRecord& m : g.moves) {
    const Move move = Move::from_raw(uint16_t(m.action));
    ASSERT_TRUE(pos.is_legal(move));
    pos.do_move(move);
  }
}

}  // namespace
}  // namespace kishi::selfplay
