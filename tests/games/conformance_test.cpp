// What every registered game must do, checked on random playouts in the
// manner of OpenSpiel's random simulation tests: play and undo restore the
// state, texts and packed actions round-trip, is_legal agrees with the move
// generator, the game ends exactly when the rules say, and the encoding is
// deterministic with policy indices in range and distinct over the legal
// actions. A new game is added to GameCases below.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <vector>

#include "game/game.h"
#include "games/gnome/gnome_game.h"
#include "games/shogi/shogi_game.h"
#include "games/toy/toy_game.h"

namespace kishi::game {
namespace {

// The ply limit is short of the playouts' length, so that games also end by it.
struct ShogiCase {
  static shogi::ShogiGame game() {
    return shogi::ShogiGame({.variant = shogi::Game::Shogi, .max_plies = 150});
  }
  static constexpr int GAMES = 16, PLIES = 200;
  static constexpr uint32_t PACKED_RANGE = 1 << 16;  // every 16-bit move, legal or not
};
struct ShowgitCase {
  static shogi::ShogiGame game() {
    return shogi::ShogiGame({.variant = shogi::Game::Showgit, .max_plies = 150});
  }
  static constexpr int GAMES = 16, PLIES = 200;
  static constexpr uint32_t PACKED_RANGE = 1 << 16;
};
// gnome's packed moves are 32 bits; the range below covers every kind from
// every square at level 0 (is_legal generates the moves, so it is kept short).
struct GnomeCase {
  static gnome::GnomeGame game() { return gnome::GnomeGame({.max_plies = 50}); }
  static constexpr int GAMES = 45, PLIES = 60;
  static constexpr uint32_t PACKED_RANGE = 1 << 9;
};
struct ToyCase {
  static toy::ToyGame game() { return {}; }
  static constexpr int GAMES = 300, PLIES = 40;
  static constexpr uint32_t PACKED_RANGE = 256;
};

template <class Case>
class GameConformance : public ::testing::Test {
 protected:
  using G = decltype(Case::game());
  using State = typename G::State;
  using Action = typename G::Action;
  using ActionList = typename G::ActionList;

  // Calls visit(state, legal) at every state of seeded random playouts, the
  // final ones included; the state has its history (undo works).
  template <class Visit>
  void for_each_state(Visit&& visit, uint64_t seed = 1) {
    const G game = Case::game();
    std::mt19937_64 rng(seed);
    for (int g = 0; g < Case::GAMES; ++g) {
      State s = game.start_state();
      ActionList legal;
      for (int ply = 0;; ++ply) {
        game.legal_actions(s, legal);
        visit(s, legal);
        if (legal.size() == 0 || game.outcome(s, legal).over || ply >= Case::PLIES) break;
        game.play(s, legal[rng() % legal.size()]);
      }
    }
  }
  const G game_ = Case::game();
};

using GameCases = ::testing::Types<ShogiCase, ShowgitCase, ToyCase, GnomeCase>;
TYPED_TEST_SUITE(GameConformance, GameCases);

TYPED_TEST(GameConformance, PlayThenUndoRestoresTheState) {
  const auto& game = this->game_;
  typename TestFixture::ActionList after;
  this->for_each_state([&](auto& s, const auto& legal) {
    const std::string text = game.state_text(s);
    const uint64_t key = typename TestFixture::G::Encoding{}.key(s);
    for (size_t i = 0; i < legal.size(); i += 1 + legal.size() / 8) {
      game.play(s, legal[i]);
      game.legal_actions(s, after);  // the state after is usable
      game.undo(s);
      ASSERT_EQ(game.state_text(s), text) << game.action_text(legal[i]);
      ASSERT_EQ(typename TestFixture::G::Encoding{}.key(s), key);
    }
  });
}

TYPED_TEST(GameConformance, StateTextRoundTrips) {
  const auto& game = this->game_;
  typename TestFixture::ActionList reparsed_legal;
  this->for_each_state([&](const auto& s, const auto& legal) {
    const std::string text = game.state_text(s);
    const auto parsed = game.parse_state(text);
    ASSERT_TRUE(parsed) << parsed.error();
    ASSERT_EQ(game.state_text(*parsed), text);
    game.legal_actions(*parsed, reparsed_legal);
    // gnome's text holds the position, not the line: a veto, offered after a
    // move, is not offered at a root read from text, nor an end to accept
    // instead of the moves, and an accepted end is not in it.
    size_t history_actions = 0;
    if constexpr (requires { game.can_accept(s); }) {
      if (game.can_accept(s) || game.accepted(s)) return;
      history_actions = game.can_veto(s);
    }
    ASSERT_EQ(reparsed_legal.size() + history_actions, legal.size()) << text;
  });
  EXPECT_FALSE(game.parse_state("not a state"));
  EXPECT_FALSE(game.parse_state(""));
}

TYPED_TEST(GameConformance, ActionTextAndPackingRoundTrip) {
  const auto& game = this->game_;
  this->for_each_state([&](const auto& s, const auto& legal) {
    for (size_t i = 0; i < legal.size(); ++i) {
      const auto a = legal[i];
      const auto parsed = game.parse_action(s, game.action_text(a));
      ASSERT_TRUE(parsed) << parsed.error();
      ASSERT_TRUE(*parsed == a) << game.action_text(a);
      ASSERT_TRUE(game.unpack(game.pack(a)) == a) << game.action_text(a);
    }
  });
  EXPECT_FALSE(game.parse_action(game.start_state(), "nonsense"));
}

TYPED_TEST(GameConformance, IsLegalAgreesWithTheGenerator) {
  const auto& game = this->game_;
  std::mt19937_64 rng(5);
  int states = 0;
  this->for_each_state([&](const auto& s, const auto& legal) {
    if (states++ % 4) return;  // every packed value at a quarter of the states
    std::set<uint32_t> generated;
    for (size_t i = 0; i < legal.size(); ++i) {
      ASSERT_TRUE(game.is_legal(s, legal[i])) << game.action_text(legal[i]);
      generated.insert(game.pack(legal[i]));
    }
    for (uint32_t p = 0; p < TypeParam::PACKED_RANGE; ++p)
      ASSERT_EQ(game.is_legal(s, game.unpack(p)), generated.count(p) == 1)
          << game.state_text(s) << " packed " << p;
    ASSERT_FALSE(game.is_legal(s, game.unpack(uint32_t(rng()) | 0x80000000u)));
  });
}

TYPED_TEST(GameConformance, TheGameEndsWhenTheRulesSay) {
  const auto& game = this->game_;
  int finished = 0;
  this->for_each_state([&](const auto& s, const auto& legal) {
    const Outcome o = game.outcome(s, legal);
    // A state without a legal action is always final.
    if (legal.size() == 0) {
      ASSERT_TRUE(o.over) << game.state_text(s);
    }
    if (!o.over) return;
    ++finished;
    ASSERT_TRUE(o.winner == Outcome::DRAW || o.winner == 0 || o.winner == 1);
    ASSERT_FALSE(game.reason_text(o.reason).empty());
    // The search sees the same end, scored for the player to move.
    const Terminal t = game.terminal(s, legal);
    ASSERT_TRUE(t.over) << game.state_text(s);
    const float expected = o.winner == Outcome::DRAW ? 0.0f : o.winner == game.player(s) ? 1 : -1;
    ASSERT_EQ(t.value, expected) << game.state_text(s);
  });
  EXPECT_GT(finished, 0);
}

TYPED_TEST(GameConformance, EncodingIsDeterministicWithDistinctIndicesInRange) {
  using E = typename TestFixture::G::Encoding;
  const E encoding;
  std::vector<float> a(E::SHAPE.input_size()), b(E::SHAPE.input_size());
  int states = 0;
  this->for_each_state([&](const auto& s, const auto& legal) {
    ++states;
    encoding.encode(s, a.data());
    encoding.encode(s, b.data());
    ASSERT_EQ(a, b);
    for (float x : a) ASSERT_TRUE(x >= 0 && x <= 1);
    std::set<int> indices;
    for (size_t i = 0; i < legal.size(); ++i) {
      const int index = encoding.policy_index(s, legal[i]);
      ASSERT_GE(index, 0);
      ASSERT_LT(index, E::SHAPE.policy_size());
      ASSERT_TRUE(indices.insert(index).second)
          << "two legal actions share index " << index << " in " << this->game_.state_text(s);
    }
  });
  EXPECT_GE(states, 2000);  // thousands of positions
}

}  // namespace
}  // namespace kishi::game
