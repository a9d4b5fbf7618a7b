// gnome's mate search by checks (games/gnome/mate_search.h): its proofs hold
// against every answer, the veto included, and it finds the mates the game has.
#include <random>

#include "tests/games/gnome/gnome_test_util.h"

namespace kishi::gnome::testing {
namespace {

// Whether the side to move at s wins within `plies` whatever the other does,
// every action of both sides tried (no restriction to checks).
bool wins_within(const GnomeGame& game, State& s, int attacker, int plies) {
  MoveList actions;
  game.legal_actions(s, actions);
  const game::Outcome o = game.outcome(s, actions);
  if (o.over) return o.winner == attacker;
  if (plies == 0) return false;
  const bool attacking = game.player(s) == attacker && !game.accepted(s);
  for (const Move& a : actions) {
    game.play(s, a);
    const bool won = wins_within(game, s, attacker, plies - 1);
    game.undo(s);
    if (attacking && won) return true;
    if (!attacking && !won) return false;
  }
  return !attacking;
}

// Black holds the usable token: White's first mate is vetoed, its second (a
// different result) stands, since the veto passed the token to White.
TEST(GnomeMateSearch, AVetoedMateIsFollowedByAnother) {
  const GnomeGame game;
  const State s = *game.parse_state("k7/7R/7R/8/8/8/8/5RRK w - - 0 1 B");
  EXPECT_FALSE(game.find_mate(s, 100000, 1));
  const auto mate = game.find_mate(s, 100000, 3);
  ASSERT_TRUE(mate);
  ASSERT_EQ(mate->size(), 3u);
  EXPECT_EQ(move_text((*mate)[1]), "veto");
  EXPECT_NE((*mate)[0], (*mate)[2]);
  State t = s;
  for (const Move& m : *mate) {
    ASSERT_TRUE(game.is_legal(t, m)) << move_text(m);
    game.play(t, m);
  }
  MoveList answers;
  game.legal_actions(t, answers);
  const game::Outcome o = game.outcome(t, answers);
  EXPECT_TRUE(o.over);
  EXPECT_EQ(o.winner, WHITE);
  EXPECT_EQ(o.reason, GnomeGame::CHECKMATE);
  // With one mate only the veto answers it.
  EXPECT_FALSE(game.find_mate(*game.parse_state("k7/7R/7R/8/8/8/8/6RK w - - 0 1 B"), 100000, 3));
}

// Over the positions of random games: every mate found wins against every
// answer, and where a mate in one stands the search of 3 plies finds one.
TEST(GnomeMateSearch, EveryProofHoldsAgainstEveryAnswer) {
  const GnomeGame game;
  std::mt19937_64 rng(5);
  int proofs = 0, longer = 0;
  for (int g = 0; g < 12; ++g) {
    State s = game.start_state();
    MoveList legal;
    for (int ply = 0; ply < 200; ++ply) {
      game.legal_actions(s, legal);
      if (legal.empty() || game.outcome(s, legal).over) break;
      const auto mate = game.find_mate(s, 20000, 3);
      if (mate) {
        ++proofs;
        longer += mate->size() > 1;
        State t = s;
        game.play(t, mate->front());
        EXPECT_TRUE(wins_within(game, t, game.player(s), 2)) << game.state_text(s);
      }
      EXPECT_TRUE(!game.find_mate(s, 1000, 1) || mate) << game.state_text(s);
      game.play(s, legal[rng() % legal.size()]);
    }
  }
  EXPECT_GT(proofs, 0);
  EXPECT_GT(longer, 0);
}

// The node bound holds: a search cut short proves nothing it has not seen.
TEST(GnomeMateSearch, ANodeBoundStopsTheSearch) {
  const GnomeGame game;
  const State s = *game.parse_state("k7/7R/7R/8/8/8/8/5RRK w - - 0 1 B");
  EXPECT_FALSE(game.find_mate(s, 3, 3));
  EXPECT_TRUE(game.find_mate(s, 100000, 3));
}

}  // namespace
}  // namespace kishi::gnome::testing
