// gnome's built-in baselines: the greedy player takes what wins most at once
// (an explosion included), alpha-beta finds a mate that cannot be vetoed and
// weighs the veto where it can.
#include "players/players.h"

#include <random>

#include "players/alpha_beta.h"
#include "tests/games/gnome/gnome_test_util.h"

namespace kishi::gnome::testing {
namespace {

State state_of(std::string_view fen) { return *GnomeGame{}.parse_state(fen); }

TEST(GnomePlayers, GreedyTakesTheQueenAndHerNeighbours) {
  // d1d5 takes the queen, whose explosion takes the bishop beside her: 1280.
  const State s = state_of("k7/8/8/2bq4/8/8/8/3R3K w - - 0 1");
  EXPECT_EQ(material_gain(s, *parse_move(s.position(), "d1d5")), 950 + 330);
  std::mt19937_64 rng(1);
  EXPECT_EQ(move_text(players::greedy_action(GnomeGame{}, s, rng)), "d1d5");
  // Every move loses the expiring wounded bishop: the gains are all negative,
  // and greedy still moves.
  const State wounded = state_of("k7/8/8/8/8/8/3B~4/7K w - - 0 1");
  EXPECT_EQ(material_gain(wounded, *parse_move(wounded.position(), "h1g1,g1h1")), -60);
  (void)players::greedy_action(GnomeGame{}, wounded, rng);
}

TEST(GnomePlayers, AlphaBetaMatesWhereNoVetoIsLeft) {
  players::AlphaBeta<GnomeGame> search(GnomeGame{}, 16);
  const auto spent = search.search(state_of("k7/7R/7R/8/8/8/8/6RK w - - 0 1 b"), 2, 1000000);
  EXPECT_EQ(move_text(spent.best), "g1g8");
  EXPECT_GE(spent.score, players::AlphaBeta<GnomeGame>::MATE_BOUND);
  // With Black's usable token the mate is vetoed: no mate score.
  const auto vetoable = search.search(state_of("k7/7R/7R/8/8/8/8/6RK w - - 0 1 B"), 2, 1000000);
  EXPECT_LT(vetoable.score, players::AlphaBeta<GnomeGame>::MATE_BOUND);
}

// The node budget holds in the quiescence too (it overran a clock once: in
// gnome one capture brings others).
TEST(GnomePlayers, AlphaBetaKeepsItsBudgetInTheQuiescence) {
  players::AlphaBeta<GnomeGame> search(GnomeGame{}, 16);
  const State s =
      state_of("rnb1k1(rp)p/1p1pbpp1/3q4/1B~4p1/3N4/5NP1/P1RQ1B2/PPKPPP1(RP) w q - 0 16 B");
  for (const int64_t budget : {50, 300, 2000}) {
    search.search(s, 6, budget);
    EXPECT_LE(search.nodes_searched(), budget + 1) << budget;
  }
}

// The trainer's material target: the queen en prise counts as taken (and her
// explosion with her); out of budget, the static value as it stands.
TEST(GnomePlayers, QuiescenceValueCountsWhatHangs) {
  players::AlphaBeta<GnomeGame> search(GnomeGame{}, 0);
  // Black's token spent ("b"): nothing undoes the capture.
  const State s = state_of("k7/8/8/2bq4/8/8/8/3R3K w - - 0 1 b");
  const int standing = GnomeGame{}.static_value(s);
  EXPECT_LT(standing, 0);  // Black's queen and bishop against a rook
  const int settled = search.quiescence_value(s, 4, 1000);
  EXPECT_GE(settled, standing + 950 + 330 - 50) << standing;
  EXPECT_LE(search.nodes_searched(), 1000);
  EXPECT_EQ(search.quiescence_value(s, 4, 1), standing);
  // With Black's token usable the capture is vetoed: the quiescence counts the
  // veto as the reply that wins back what the capture took.
  const State vetoable = state_of("k7/8/8/2bq4/8/8/8/3R3K w - - 0 1");
  EXPECT_EQ(search.quiescence_value(vetoable, 4, 1000), GnomeGame{}.static_value(vetoable));
  // Nothing to take: the static value.
  const State quiet = state_of("k7/8/8/8/8/8/8/3R3K b - - 0 1");
  EXPECT_EQ(search.quiescence_value(quiet, 4, 1000), GnomeGame{}.static_value(quiet));
}

}  // namespace
}  // namespace kishi::gnome::testing
