// Forced mates (tests/data/tsume.tsv: 30 problems, mate in 1 to 9 with a unique
// first move) found by the mate search within a node budget; the short ones
// confirmed by a plain exhaustive search that shares no code with df-pn. The
// leaves' mate test (quick_mate.h) and its check test against that search.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "game/random_positions.h"
#include "games/shogi/core/movegen.h"
#include "games/shogi/core/usi_move.h"
#include "games/shogi/mate/mate_search.h"
#include "games/shogi/mate/quick_mate.h"
#include "games/shogi/shogi_game.h"

namespace kishi::shogi {
namespace {

struct Tsume {
  int length;
  std::string sfen, first_move;
};

std::vector<Tsume> problems() {
  std::ifstream in(KISHI_TEST_DATA_DIR "/tsume.tsv");
  std::vector<Tsume> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Tsume t;
    std::string length;
    std::getline(fields, length, '\t');
    std::getline(fields, t.sfen, '\t');
    std::getline(fields, t.first_move, '\t');
    t.length = std::stoi(length);
    out.push_back(t);
  }
  return out;
}

// Exhaustive: does the attacker (to move) mate within `plies`?
bool mates_within(Position& pos, int plies);

// Does every defence of the attacked side (to move, in check) lose within `plies`?
bool all_defences_lose(Position& pos, int plies) {
  const MoveList replies = legal_moves(pos);
  if (replies.empty()) return true;
  if (plies < 2) return false;
  for (Move r : replies) {
    pos.do_move(r);
    const bool lost = mates_within(pos, plies - 1);
    pos.undo_move();
    if (!lost) return false;
  }
  return true;
}

bool mates_within(Position& pos, int plies) {
  if (plies < 1) return false;
  for (Move m : legal_moves(pos)) {
    pos.do_move(m);
    const bool mate = pos.in_check() && all_defences_lose(pos, plies - 1);
    pos.undo_move();
    if (mate) return true;
  }
  return false;
}

class TsumeTest : public ::testing::TestWithParam<Tsume> {};

TEST_P(TsumeTest, MateSearchFindsTheShortestMate) {
  const Tsume& t = GetParam();
  const Position pos = *Position::from_sfen(t.sfen);
  MateSearch search(18);
  const MateResult r = search.search(pos, 300000);
  ASSERT_EQ(r.kind, MateResult::Kind::Mate) << t.sfen;
  EXPECT_EQ(int(r.pv.size()), t.length) << t.sfen;
  EXPECT_EQ(to_usi(r.pv[0]), t.first_move) << t.sfen;
  // The line is real: checks every attacker move, ends with no legal reply.
  Position line = pos;
  for (size_t i = 0; i < r.pv.size(); ++i) {
    ASSERT_TRUE(line.is_legal(r.pv[i]));
    line.do_move(r.pv[i]);
    if (i % 2 == 0) {
      ASSERT_TRUE(line.in_check());
    }
  }
  EXPECT_TRUE(line.in_check());
  EXPECT_TRUE(legal_moves(line).empty());
}

// The exhaustive search is fast enough up to mate in 5.
class ShortTsumeTest : public TsumeTest {};

TEST_P(ShortTsumeTest, ExhaustiveSearchAgrees) {
  const Tsume& t = GetParam();
  Position pos = *Position::from_sfen(t.sfen);
  EXPECT_FALSE(t.length > 1 && mates_within(pos, t.length - 2)) << "a shorter mate exists";
  pos.do_move(*parse_usi_move(pos, t.first_move));
  EXPECT_TRUE(pos.in_check());
  EXPECT_TRUE(all_defences_lose(pos, t.length - 1));
}

std::string problem_name(const ::testing::TestParamInfo<Tsume>& info) {
  return "mate" + std::to_string(info.param.length) + "_" + std::to_string(info.index);
}

std::vector<Tsume> short_problems() {
  auto all = problems();
  std::erase_if(all, [](const Tsume& t) { return t.length > 5; });
  return all;
}

INSTANTIATE_TEST_SUITE_P(Problems, TsumeTest, ::testing::ValuesIn(problems()), problem_name);
INSTANTIATE_TEST_SUITE_P(Problems, ShortTsumeTest, ::testing::ValuesIn(short_problems()),
                         problem_name);

TEST(TsumeData, ThirtyProblemsFromOneToNine) {
  const auto all = problems();
  EXPECT_EQ(all.size(), 30u);
  for (int length : {1, 3, 5, 7, 9})
    EXPECT_GE(
        std::count_if(all.begin(), all.end(), [&](const Tsume& t) { return t.length == length; }),
        4);
}

TEST(MateSearch, NoMateIsSaidOnlyWhenProven) {
  MateSearch search(16);
  // A bare king with nothing to check with.
  EXPECT_EQ(search.search(Position::startpos(), 10000).kind, MateResult::Kind::NoMate);
  // A pawn drop would mate but is illegal: no mate.
  EXPECT_EQ(search.search(*Position::from_sfen("7nk/9/7G1/9/9/9/9/9/4K4 b P 1"), 10000).kind,
            MateResult::Kind::NoMate);
  // Out of budget: unknown, not "no mate".
  EXPECT_EQ(search.search(*Position::from_sfen("6k2/9/9/6S2/9/9/9/9/4K4 b RS 1"), 50).kind,
            MateResult::Kind::Unknown);
}

// Positions of random games: many pieces in hand, kings in the open.
const std::vector<Position>& random_game_positions() {
  static const auto positions = game::random_positions(ShogiGame(), 3000, 7, 200);
  return positions;
}

TEST(GivesCheck, AgreesWithPlayingEachMove) {
  size_t checks = 0, uncovered = 0;
  for (Position pos : random_game_positions()) {
    for (Move m : legal_moves(pos)) {
      const bool said = pos.gives_check(m);
      pos.do_move(m);
      const Bitboard checkers = pos.checkers();
      pos.undo_move();
      ASSERT_EQ(said, checkers != 0) << pos.sfen() << " " << to_usi(m);
      checks += said;
      uncovered += !m.is_drop() && checkers && !test(checkers, m.to());
    }
  }
  EXPECT_GT(checks, 3000u);
  EXPECT_GT(uncovered, 50u);  // the discovered checks are among them
}

TEST(QuickMate, AgreesWithTheExhaustiveSearch) {
  int mates1 = 0, mates3 = 0;
  for (Position pos : random_game_positions()) {
    const std::string sfen = pos.sfen();
    const bool in1 = mates_within(pos, 1);
    const bool in3 = in1 || mates_within(pos, 3);
    ASSERT_EQ(mates_within(pos, 1, 1 << 30), in1) << sfen;
    ASSERT_EQ(mates_within(pos, 3, 1 << 30), in3) << sfen;
    ASSERT_EQ(pos.sfen(), sfen);  // left as it was
    mates1 += in1;
    mates3 += in3;
  }
  EXPECT_GT(mates1, 20);
  EXPECT_GT(mates3, mates1 + 20);
  std::printf("mates in 1: %d, in 3: %d\n", mates1, mates3);
}

TEST(QuickMate, FindsTheShortProblemsAndStopsAtItsBudget) {
  for (const Tsume& t : short_problems()) {
    Position pos = *Position::from_sfen(t.sfen);
    EXPECT_TRUE(mates_within(pos, t.length, 1 << 30)) << t.sfen;
    if (t.length > 1) {
      EXPECT_FALSE(mates_within(pos, t.length - 2, 1 << 30)) << t.sfen;
    }
  }
  // Out of budget: no mate said, though there is one.
  Position pos = *Position::from_sfen(problems()[0].sfen);
  EXPECT_FALSE(mates_within(pos, 1, 0));
  EXPECT_TRUE(mates_within(pos, 1, 100));
  // The pawn drop that would mate is illegal: no mate.
  Position pawn = *Position::from_sfen("7nk/9/7G1/9/9/9/9/9/4K4 b P 1");
  EXPECT_FALSE(mates_within(pawn, 3, 1 << 30));
}

}  // namespace
}  // namespace kishi::shogi
