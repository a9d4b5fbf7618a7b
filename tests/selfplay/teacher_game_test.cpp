// Teacher games (selfplay/teacher_game.h) on gnome: every move legal, the
// opening's random moves without a target, the alpha-beta's moves with a
// one-hot target and its score as the value, the end as the rules say.
#include "selfplay/teacher_game.h"

#include <gtest/gtest.h>

#include <cmath>

#include "games/gnome/gnome_game.h"

namespace kishi::selfplay {
namespace {

using gnome::GnomeGame;

TEST(TeacherGame, ScoresBecomeValues) {
  EXPECT_EQ(teacher_value(0, 99000, 600), 0.0f);
  EXPECT_NEAR(teacher_value(600, 99000, 600), 2 / (1 + std::exp(-1.0)) - 1, 1e-6);
  EXPECT_NEAR(teacher_value(-600, 99000, 600), -(2 / (1 + std::exp(-1.0)) - 1), 1e-6);
  EXPECT_EQ(teacher_value(99500, 99000, 600), 1.0f);
  EXPECT_EQ(teacher_value(-99500, 99000, 600), -1.0f);
}

TEST(TeacherGame, GnomeGamesReplayWithOneHotTargets) {
  const GnomeGame game;
  players::AlphaBeta<GnomeGame> search(game, 16);
  SelfPlayConfig config;
  config.max_plies = 80;
  config.opening_random_plies = 4;
  config.adjudicate_material = 300;
  TeacherConfig teacher;
  teacher.depth = 1;
  std::mt19937_64 rng(3);
  int targets = 0, valued = 0;
  for (int i = 0; i < 4; ++i) {
    const GameRecord g = play_teacher_game(game, search, config, teacher, rng);
    auto state = *game.parse_state(g.start_state);
    for (size_t ply = 0; ply < g.moves.size(); ++ply) {
      const MoveRecord& m = g.moves[ply];
      const auto action = game.unpack(m.action);
      ASSERT_TRUE(game.is_legal(state, action)) << "game " << i << " ply " << ply;
      EXPECT_GE(m.root_value, -1.0f);
      EXPECT_LE(m.root_value, 1.0f);
      if (ply < 4) {
        EXPECT_FALSE(m.has_policy);
        EXPECT_TRUE(m.policy.empty());
      } else {
        ASSERT_TRUE(m.has_policy);
        ASSERT_EQ(m.policy.size(), 1u);
        EXPECT_EQ(m.policy[0].action, m.action);
        EXPECT_EQ(m.policy[0].probability, 1.0f);
        ++targets;
        valued += m.root_value != 0;
      }
      game.play(state, action);
    }
    GnomeGame::ActionList legal;
    game.legal_actions(state, legal);
    const game::Outcome outcome = game.outcome(state, legal);
    if (outcome.over) {
      EXPECT_EQ(g.reason, outcome.reason);
      EXPECT_EQ(g.result, outcome.winner == game::Outcome::DRAW ? 0 : outcome.winner == 0 ? 1 : -1);
    } else {
      EXPECT_EQ(int(g.moves.size()), config.max_plies);
      EXPECT_TRUE(g.reason == PLY_LIMIT || g.reason == MATERIAL_ADJUDICATION) << int(g.reason);
    }
  }
  EXPECT_GT(targets, 0);
  EXPECT_GT(valued, 0);  // the scores are not all even
}

}  // namespace
}  // namespace kishi::selfplay
