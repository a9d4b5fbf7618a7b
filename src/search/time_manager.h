// Time for one move under USI clocks: byoyomi, Fischer increment, sudden death,
// fixed movetime. The soft limit is the usual spend; the search may run on to
// the hard limit while the best move is in doubt. The hard limit never passes
// the time left on the clock, less the margin for the GUI and network delays.
#pragma once

#include <algorithm>
#include <cstdint>

namespace kishi::search {

struct Clock {
  int64_t time_left_ms = -1;  // -1: no main time given
  int64_t increment_ms = 0;
  int64_t byoyomi_ms = 0;
  int64_t movetime_ms = -1;  // go movetime
};

struct TimeBudget {
  int64_t soft_ms;
  int64_t hard_ms;
};

inline TimeBudget plan_time(const Clock& c, int64_t margin_ms, int ply) {
  if (c.movetime_ms >= 0) {
    // The GUI asked for this much thinking: the margin takes at most a tenth of it.
    const int64_t t = std::max<int64_t>(c.movetime_ms - std::min(margin_ms, c.movetime_ms / 10), 1);
    return {t, t};
  }
  const int64_t left = std::max<int64_t>(c.time_left_ms, 0);
  // What can be spent now without losing: the main time, this move's increment
  // and byoyomi, less the margin.
  const int64_t available = std::max<int64_t>(left + c.increment_ms + c.byoyomi_ms - margin_ms, 1);
  // Spread the main time over the moves a game still has (more early on).
  const int64_t moves_to_go = std::max(20, 60 - ply / 4);
  int64_t soft = left / moves_to_go + c.increment_ms + c.byoyomi_ms;
  // Near the end of the main time, byoyomi alone pays for the move.
  soft = std::min(soft, available);
  const int64_t hard =
      std::min(available, std::max(soft, left / 8 + c.increment_ms + c.byoyomi_ms));
  soft = std::max<int64_t>(std::min(soft, hard), 1);
  return {soft, std::max<int64_t>(hard, soft)};
}

}  // namespace kishi::search
