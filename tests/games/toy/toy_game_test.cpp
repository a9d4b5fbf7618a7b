// The toy game's own rules, and the search on it: two moves in a row and a
// decision node, as gnome will have them.
#include "games/toy/toy_game.h"

#include <gtest/gtest.h>

#include "game/uniform_evaluator.h"
#include "search/mcts.h"

namespace kishi::toy {
namespace {

const ToyGame GAME;

State state(std::string_view text) {
  auto s = GAME.parse_state(text);
  EXPECT_TRUE(s) << s.error();
  return *s;
}

std::vector<std::string> legal_texts(const State& s) {
  ActionList list;
  GAME.legal_actions(s, list);
  std::vector<std::string> out;
  for (Action a : list) out.push_back(GAME.action_text(a));
  return out;
}

TEST(ToyGame, APlacementWaitsForTheOpponentsAnswer) {
  State s = GAME.start_state();
  EXPECT_EQ(GAME.state_text(s), ".../.../... x - 11");
  GAME.play(s, *GAME.parse_action(s, "a1"));
  EXPECT_EQ(GAME.state_text(s), ".../.../... o a1 11");
  EXPECT_EQ(GAME.player(s), 1);
  EXPECT_EQ(legal_texts(s), (std::vector<std::string>{"accept", "reject"}));
  GAME.play(s, *GAME.parse_action(s, "accept"));
  // O answered and now places: O moves twice in a row.
  EXPECT_EQ(GAME.state_text(s), "X../.../... o - 11");
  EXPECT_EQ(GAME.player(s), 1);
}

TEST(ToyGame, ARejectedMarkIsTakenBackAndTheRejecterPlaces) {
  State s = state(".../.../... o b3 11");
  GAME.play(s, *GAME.parse_action(s, "reject"));
  EXPECT_EQ(GAME.state_text(s), ".../.../... o - 10");
  // X still has its veto: O's placement waits for X's answer.
  GAME.play(s, *GAME.parse_action(s, "c1"));
  EXPECT_EQ(GAME.state_text(s), ".../.../... x c1 10");
  GAME.undo(s);
  GAME.undo(s);
  EXPECT_EQ(GAME.state_text(s), ".../.../... o b3 11");
}

TEST(ToyGame, TheCentreGivesAnotherPlacement) {
  State s = state(".../.../... x - 00");
  GAME.play(s, *GAME.parse_action(s, "b2"));
  EXPECT_EQ(GAME.state_text(s), ".../.X./... x - 00");
  GAME.play(s, *GAME.parse_action(s, "a1"));
  EXPECT_EQ(GAME.state_text(s), "X../.X./... o - 00");
}

TEST(ToyGame, ThreeInARowWinsAndAFullBoardDraws) {
  ActionList legal;
  const State won = state("XXX/OO./... o - 00");
  GAME.legal_actions(won, legal);
  EXPECT_EQ(legal.size(), 0u);
  EXPECT_EQ(GAME.outcome(won, legal), (game::Outcome{true, 0, ToyGame::THREE_IN_A_ROW}));
  const State full = state("XOX/XOO/OXX x - 00");
  GAME.legal_actions(full, legal);
  EXPECT_EQ(GAME.outcome(full, legal),
            (game::Outcome{true, game::Outcome::DRAW, ToyGame::FULL_BOARD}));
}

TEST(ToyGame, BadInputIsNamed) {
  EXPECT_EQ(GAME.parse_state("XX/.../... x - 11").error(),
            "bad toy state 'XX/.../... x - 11': the board is three rows of three, separated by "
            "'/'");
  EXPECT_FALSE(GAME.parse_state("X../.../... x a1 11"));  // the pending cell is taken
  EXPECT_FALSE(GAME.parse_state(".../.../... x a1 01"));  // X has no veto to answer with
  EXPECT_EQ(GAME.parse_action(state(".../.../... o a1 11"), "b2").error(),
            "illegal toy action 'b2' in .../.../... o a1 11");
  EXPECT_FALSE(GAME.parse_action(GAME.start_state(), "d4"));
}

search::SearchResult<Action> search(const State& s, int playouts) {
  game::UniformEvaluator<ToyGame> uniform;
  search::Search<ToyGame> tree(GAME, uniform, {.max_nodes = 1 << 18});
  search::SearchLimits limits;
  limits.max_playouts = playouts;
  return tree.run(s, limits);
}

// X threatens a3. O must spend its veto on that placement, then block it.
TEST(ToyGameSearch, TheDecisionNodeIsSearched) {
  const auto answer = search(state("XX./.O./... o a3 01"), 4000);
  ASSERT_TRUE(answer.best);
  EXPECT_EQ(GAME.action_text(*answer.best), "reject");
  const auto block = search(state("XX./.O./... o - 00"), 4000);
  EXPECT_EQ(GAME.action_text(*block.best), "a3");
}

// X in the centre moves again: b2 then c3 wins at once, where another first
// placement lets O block (no vetoes left).
TEST(ToyGameSearch, TwoMovesInARowAreSeen) {
  const auto r = search(state("X../.../O.. x - 00"), 6000);
  ASSERT_TRUE(r.best);
  EXPECT_EQ(GAME.action_text(*r.best), "b2");
  EXPECT_GT(r.value, 0.9f);
}

}  // namespace
}  // namespace kishi::toy
