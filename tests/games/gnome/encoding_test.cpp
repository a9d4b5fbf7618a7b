// gnome's encoding (docs/gnome-encoding.md): a position and its colour-mirrored
// twin look the same to the side to move; stacks, wounded bishops, rights and
// every token state appear in the planes where the page says; policy indices
// are distinct over the legal actions of positions with tall stacks.
#include "games/gnome/encoding.h"

#include <cctype>
#include <random>
#include <set>
#include <sstream>
#include <vector>

#include "tests/games/gnome/gnome_test_util.h"

namespace kishi::gnome::testing {
namespace {

constexpr int PLANES = GnomeEncoding::SHAPE.planes;

std::vector<float> encode(const State& s) {
  std::vector<float> out(GnomeEncoding::SHAPE.input_size());
  GnomeEncoding{}.encode(s, out.data());
  return out;
}

State state_of(std::string_view fen) { return *GnomeGame{}.parse_state(fen); }

float at(const std::vector<float>& planes, int plane, int sq) { return planes[plane * 64 + sq]; }

// The FEN with ranks turned and colours swapped (the side to move, the
// rights, the token's holder and the en passant square with them).
std::string mirrored(const std::string& fen) {
  std::istringstream in(fen);
  std::string board, side, castling, ep, half, full, token;
  in >> board >> side >> castling >> ep >> half >> full >> token;
  std::vector<std::string> ranks;
  std::stringstream b(board);
  for (std::string r; std::getline(b, r, '/');) ranks.insert(ranks.begin(), r);
  auto swap_case = [](std::string t) {
    for (char& c : t)
      if (std::isalpha(static_cast<unsigned char>(c)))
        c = std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c))
                                                        : char(std::toupper(c));
    return t;
  };
  std::string out;
  for (const auto& r : ranks) out += (out.empty() ? "" : "/") + swap_case(r);
  std::string rights = castling == "-" ? "-" : swap_case(castling);
  if (rights != "-") {  // FEN order: KQkq
    std::string ordered;
    for (char c : std::string("KQkq"))
      if (rights.find(c) != std::string::npos) ordered += c;
    rights = ordered;
  }
  if (ep != "-") ep[1] = char('1' + ('8' - ep[1]));
  // The token's letter is its holder, its case its usability.
  const char holder = token[0] == 'B' ? 'W' : token[0] == 'W' ? 'B' : token[0] == 'b' ? 'w' : 'b';
  return out + (side == "w" ? " b " : " w ") + rights + " " + ep + " " + half + " " + full + " " +
         holder;
}

TEST(GnomeEncoding, AMirroredTwinLooksTheSameToTheSideToMove) {
  const GnomeGame game;
  std::mt19937_64 rng(3);
  int compared = 0;
  for (int g = 0; g < 20; ++g) {
    State s = game.start_state();
    MoveList legal;
    for (int ply = 0; ply < 50; ++ply) {
      game.legal_actions(s, legal);
      if (legal.empty() || game.outcome(s, legal).over) break;
      game.play(s, legal[rng() % legal.size()]);
      if (s.position().banned.kind != Kind::NONE) continue;  // the eighth field is a move text
      const std::string fen = game.state_text(s);
      const State root = state_of(fen), twin = state_of(mirrored(fen));
      ASSERT_EQ(encode(root), encode(twin)) << fen << "\n" << mirrored(fen);
      ++compared;
    }
  }
  EXPECT_GT(compared, 500);
}

TEST(GnomeEncoding, StacksWoundedBishopsAndRightsAppearWhereDocumented) {
  // White to move: a white rook with a black knight on top on d4; a white
  // wounded bishop on b1; Black to move sees the board turned.
  const auto w = encode(state_of("k7/8/8/8/3(Rn)4/8/8/1B~5K w - - 0 1"));
  EXPECT_EQ(at(w, 0 * 14 + 4, 27), 1);      // level 0, own rook (R = type 5 -> 4), d4
  EXPECT_EQ(at(w, 1 * 14 + 7 + 1, 27), 1);  // level 1, opponent's knight
  EXPECT_EQ(at(w, 56 + 7 + 1, 27), 1);      // top: opponent's knight
  EXPECT_EQ(at(w, 70, 27), 1);              // height at least 2
  EXPECT_EQ(at(w, 71, 27), 0);
  EXPECT_EQ(at(w, 0 * 14 + 3, 1), 1);  // own wounded bishop (type 4 -> 3) on b1
  const auto b = encode(state_of("k7/8/8/8/3(Rn)4/8/8/1B~5K b - - 0 1"));
  EXPECT_EQ(at(b, 0 * 14 + 7 + 4, 27 ^ 56), 1);  // d4 seen from Black: the opponent's rook on d5
  EXPECT_EQ(at(b, 1 * 14 + 1, 27 ^ 56), 1);      // its own knight on top
  const auto start = encode(GnomeGame{}.start_state());
  for (int plane = 74; plane < 78; ++plane) EXPECT_EQ(at(start, plane, 0), 1);  // four rights
  EXPECT_EQ(at(start, 79, 0), 0);  // White to move, Black holds the token
  EXPECT_EQ(at(start, 80, 0), 1);  // usable
}

TEST(GnomeEncoding, EveryTokenStateAppears) {
  const GnomeGame game;
  State s = game.start_state();
  auto planes_now = [&] { return encode(s); };
  auto play = [&](const char* text) { game.play(s, *game.parse_action(s, text)); };
  play("e2e4");  // Black holds it, usable, and may veto now
  auto p = planes_now();
  EXPECT_EQ(at(p, 79, 0), 1);
  EXPECT_EQ(at(p, 80, 0), 1);
  EXPECT_EQ(at(p, 81, 0), 1);
  // The position before: a white pawn on e2 (Black's view: e7), no longer there now.
  EXPECT_EQ(at(p, 88 + 7, 12 ^ 56), 1);
  EXPECT_EQ(at(p, 56 + 7, 12 ^ 56), 0);
  play("veto");  // White holds it, not usable, e2e4 banned
  p = planes_now();
  EXPECT_EQ(at(p, 79, 0), 1);
  EXPECT_EQ(at(p, 80, 0), 0);
  EXPECT_EQ(at(p, 81, 0), 0);
  EXPECT_EQ(at(p, 82, 12), 1);  // banned from e2
  EXPECT_EQ(at(p, 83, 28), 1);  // to e4
  play("d2d4");                 // Black's free move: the token White's, not usable
  p = planes_now();
  EXPECT_EQ(at(p, 79, 0), 0);
  EXPECT_EQ(at(p, 80, 0), 0);
  EXPECT_EQ(at(p, 82, 12 ^ 56), 0);
  play("e7e5");
  play("g1f3");  // usable again: Black's next move may be vetoed by White
  p = planes_now();
  EXPECT_EQ(at(p, 79, 0), 0);
  EXPECT_EQ(at(p, 80, 0), 1);
  EXPECT_EQ(at(p, 81, 0), 0);
}

// Every legal action its own index, in range, on random positions with
// stacks up to height 4 and more (tests/gnome/threat_test.cpp's kind).
TEST(GnomeEncoding, PolicyIndicesAreDistinctOnTallStacks) {
  const GnomeEncoding e;
  const std::vector<std::string> fens = {
      "7k/8/8/3(RRRQ)4/8/8/8/K7 w - - 0 1",       "k7/8/8/3(RRRR)4/2N5/8/8/7K w - - 0 1",
      "k7/8/2(rrrq)5/1N6/8/8/8/K7 w - - 0 1",  // area captures at levels 0-3
      "k7/8/8/8/8/1P4B1/1PPPPPP1/4K2R w K - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
      "2p(rn)3k/4P3/8/8/8/8/8/7K w - - 0 1",
  };
  for (const auto& fen : fens) {
    const State s = state_of(fen);
    MoveList legal;
    GnomeGame{}.legal_actions(s, legal);
    std::set<int> seen;
    for (const Move& m : legal) {
      const int i = e.policy_index(s, m);
      ASSERT_GE(i, 0);
      ASSERT_LT(i, GnomeEncoding::SHAPE.policy_size());
      ASSERT_TRUE(seen.insert(i).second) << move_text(m) << " in " << fen;
    }
  }
  EXPECT_EQ(PLANES, 103);
}

}  // namespace
}  // namespace kishi::gnome::testing
