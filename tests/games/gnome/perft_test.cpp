// gnome perft: the independent counts of the start position, the measured
// table tests/data/perft-gnome.tsv, perft by make/undo against perft by
// copying and against --divide, and properties of random playouts' positions.
#include "games/gnome/perft.h"

#include <fstream>
#include <random>
#include <sstream>
#include <vector>

#include "tests/games/gnome/gnome_test_util.h"

namespace kishi::gnome::testing {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Row {
  std::string fen;
  int depth;
  uint64_t count;
};

void PrintTo(const Row& r, std::ostream* os) { *os << r.fen << " depth " << r.depth; }

// Rows "FEN <sep> depth <sep> count", the separator ';' or a tab; '#' comments.
std::vector<Row> rows(const std::string& path, char sep) {
  std::vector<Row> out;
  std::istringstream in(read_file(path));
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream l(line);
    std::string fen, depth, count;
    std::getline(l, fen, sep);
    std::getline(l, depth, sep);
    std::getline(l, count, sep);
    while (!fen.empty() && fen.back() == ' ') fen.pop_back();
    out.push_back({fen, std::stoi(depth), std::stoull(count)});
  }
  return out;
}

State state(const std::string& fen) {
  auto s = GnomeGame{}.parse_state(fen);
  if (!s) throw std::runtime_error(s.error());
  return *s;
}

// perft by copying: the game's play and undo over the rules' actions.
uint64_t perft_by_copying(State& s, int depth) {
  MoveList list;
  rules_actions(s, list);
  if (depth == 1) return list.size();
  uint64_t nodes = 0;
  for (const Move& m : list) {
    GnomeGame{}.play(s, m);
    nodes += perft_by_copying(s, depth - 1);
    GnomeGame{}.undo(s);
  }
  return nodes;
}

// States met in seeded random games (with their history: vetoes apply).
std::vector<State> playout_states(int games, int plies, uint64_t seed) {
  const GnomeGame game;
  std::mt19937_64 rng(seed);
  std::vector<State> out;
  for (int g = 0; g < games; ++g) {
    State s = game.start_state();
    MoveList legal;
    for (int ply = 0; ply < plies; ++ply) {
      game.legal_actions(s, legal);
      if (legal.empty() || game.outcome(s, legal).over) break;
      game.play(s, legal[rng() % legal.size()]);
      out.push_back(s);
    }
  }
  return out;
}

TEST(GnomePerft, TheIndependentCountsOfTheStart) {
  const auto independent = rows(KISHI_TEST_DATA_DIR "/perft-gnome.txt", ';');
  ASSERT_EQ(independent.size(), 4u);
  for (const Row& r : independent) {
    if (r.depth > 3) continue;  // depth 4 is a row of perft-gnome.tsv
    State s = state(r.fen);
    EXPECT_EQ(perft_in_place(s, r.depth), r.count) << "depth " << r.depth;
    EXPECT_EQ(perft_by_copying(s, r.depth), r.count) << "depth " << r.depth;
  }
}

class GnomePerftTable : public ::testing::TestWithParam<Row> {};

TEST_P(GnomePerftTable, CountMatches) {
  const Row& r = GetParam();
  EXPECT_EQ(perft_in_place(state(r.fen), r.depth), r.count) << r.fen;
}

// The rows below 10^8 nodes (all the CI runs).
std::vector<Row> table_rows() {
  std::vector<Row> out;
  for (const Row& r : rows(KISHI_TEST_DATA_DIR "/perft-gnome.tsv", '\t'))
    if (r.count < 100000000) out.push_back(r);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Rows, GnomePerftTable, ::testing::ValuesIn(table_rows()),
                         [](const auto& row) { return "row" + std::to_string(row.index); });

uint64_t divide_sum(const State& s, int depth) {
  uint64_t sum = 0;
  for (const auto& [text, n] : perft_divide(s, depth)) sum += n;
  return sum;
}

TEST(GnomePerft, MakeUndoEqualsCopyingAndDivideSums) {
  const GnomeGame game;
  State start = game.start_state();
  EXPECT_EQ(divide_sum(start, 3), 514934u);
  const auto states = playout_states(30, 12, 2026);
  ASSERT_GE(states.size(), 30u);
  for (size_t i = 0; i < 30; ++i) {
    State s = states[i * states.size() / 30];
    const uint64_t in_place = perft_in_place(s, 3);
    EXPECT_EQ(perft_by_copying(s, 3), in_place) << game.state_text(s);
    EXPECT_EQ(divide_sum(s, 3), in_place) << game.state_text(s);
  }
}

// Every position of random playouts: the FEN round-trips, the key kept in
// step equals one computed afresh, every move's text and packed form read
// back to it, is_legal agrees with the generator, make/undo restores.
TEST(GnomePlayouts, PositionsRoundTripAndAgree) {
  const GnomeGame game;
  int stacks = 0, wounded = 0, vetoes = 0;
  for (const State& s : playout_states(40, 160, 7)) {
    const Position& p = s.position();
    const std::string text = fen(p);
    const auto parsed = parse_fen(text);
    ASSERT_TRUE(parsed) << parsed.error();
    ASSERT_EQ(fen(*parsed), text);
    Position fresh = p;
    fresh.refresh_all();
    ASSERT_EQ(fresh.key, p.key) << text;
    ASSERT_EQ(fresh.occupied, p.occupied) << text;
    ASSERT_EQ(fresh.pieces, p.pieces) << text;
    stacks += std::popcount(p.occupied & ~p.lone) > 0;
    wounded += (p.pieces[0][WOUNDED] | p.pieces[1][WOUNDED]) != 0;
    MoveList legal;
    game.legal_actions(s, legal);
    Position copy = p;
    for (const Move& m : legal) {
      const auto back = game.parse_action(s, game.action_text(m));
      ASSERT_TRUE(back) << back.error() << " in " << text;
      ASSERT_EQ(*back, m) << game.action_text(m) << " in " << text;
      ASSERT_EQ(game.unpack(game.pack(m)), m);
      ASSERT_TRUE(game.is_legal(s, m)) << game.action_text(m);
      if (m.kind == Kind::VETO) {
        ++vetoes;
        continue;
      }
      MoveUndo undo;
      Position after;
      play_move(p, m, after);
      make_move(copy, m, &undo);
      ASSERT_TRUE(copy.same_result(after) && copy.key == after.key) << game.action_text(m);
      unmake_move(copy, undo);
      ASSERT_TRUE(copy.same_result(p) && copy.key == p.key && copy.halfmove == p.halfmove);
      // Moves next to the legal one, and the legal one changed, are refused
      // unless the generator lists them too.
      for (Move other : {move_of(m.kind, m.from, m.level, (m.to + 1) & 63),
                         move_of(m.kind, (m.from + 9) & 63, m.level, m.to)}) {
        const bool listed = std::find(legal.begin(), legal.end(), other) != legal.end();
        ASSERT_EQ(game.is_legal(s, other), listed) << game.action_text(other) << " in " << text;
      }
    }
  }
  EXPECT_GT(stacks, 100);  // the playouts meet the rules that need stacks
  EXPECT_GT(wounded, 10);
  EXPECT_GT(vetoes, 100);
}

}  // namespace
}  // namespace kishi::gnome::testing
