// The clocks of game/game_clock.h: main time, then a byoyomi a move, or an
// increment after each move; a move over its time is refused and changes nothing.
#include "game/game_clock.h"

#include <gtest/gtest.h>

namespace kishi::game {
namespace {

TEST(GameClock, MainTimeThenByoyomi) {
  GameClock clock({.main_ms = 10000, .byoyomi_ms = 3000});
  EXPECT_EQ(clock.allowed_ms(0), 13000);
  EXPECT_TRUE(clock.spend(0, 4000));
  EXPECT_EQ(clock.left_ms(0), 6000);
  EXPECT_EQ(clock.left_ms(1), 10000);  // the other side's untouched
  EXPECT_TRUE(clock.spend(0, 8000));   // the main time gone, 2 s of the byoyomi used
  EXPECT_EQ(clock.left_ms(0), 0);
  EXPECT_EQ(clock.allowed_ms(0), 3000);  // the byoyomi is whole again each move
  EXPECT_TRUE(clock.spend(0, 3000));
  EXPECT_FALSE(clock.spend(0, 3001));      // over: lost on time
  EXPECT_TRUE(clock.spend(0, 3100, 200));  // within the tolerance
}

TEST(GameClock, IncrementAddedAfterEachMove) {
  GameClock clock({.main_ms = 5000, .increment_ms = 2000});
  EXPECT_EQ(clock.allowed_ms(1), 7000);
  EXPECT_TRUE(clock.spend(1, 1000));
  EXPECT_EQ(clock.left_ms(1), 6000);
  EXPECT_FALSE(clock.spend(1, 8001));
  EXPECT_EQ(clock.left_ms(1), 6000);  // a refused move changes nothing
  EXPECT_TRUE(clock.control().timed());
  EXPECT_FALSE(GameClock().control().timed());
}

}  // namespace
}  // namespace kishi::game
