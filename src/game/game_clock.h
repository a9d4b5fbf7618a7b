// The two players' clocks under one time control, as USI and the shogi custom
// have it: a main time each; once it is spent, each move may take the byoyomi;
// or, instead of a byoyomi, an increment added after every move. The match
// referee and the web board's games keep time with it.
#pragma once

#include <algorithm>
#include <cstdint>

namespace kishi::game {

struct TimeControl {
  int64_t main_ms = 0;  // each player's main time
  int64_t byoyomi_ms = 0;
  int64_t increment_ms = 0;
  bool timed() const { return main_ms > 0 || byoyomi_ms > 0 || increment_ms > 0; }
};

class GameClock {
 public:
  explicit GameClock(const TimeControl& control = {})
      : control_(control), left_{control.main_ms, control.main_ms} {}

  const TimeControl& control() const { return control_; }
  // What is left of `player`'s main time.
  int64_t left_ms(int player) const { return left_[player]; }
  void set_left_ms(int player, int64_t ms) { left_[player] = std::max<int64_t>(ms, 0); }
  // The longest a move of `player` may take: the main time left, then the
  // byoyomi, and the increment it is about to earn.
  int64_t allowed_ms(int player) const {
    return left_[player] + control_.byoyomi_ms + control_.increment_ms;
  }
  // A move of `player` took `elapsed_ms`: the main time it used is gone, the
  // increment is added. False, and the clock as it was, when the move took
  // more than allowed_ms(player) and `tolerance_ms` besides (the player lost
  // on time).
  bool spend(int player, int64_t elapsed_ms, int64_t tolerance_ms = 0) {
    if (elapsed_ms > allowed_ms(player) + tolerance_ms) return false;
    left_[player] = std::max<int64_t>(0, left_[player] - elapsed_ms) + control_.increment_ms;
    return true;
  }

 private:
  TimeControl control_;
  int64_t left_[2];
};

}  // namespace kishi::game
