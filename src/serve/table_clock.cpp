// A timed game's clock (Table's part that keeps time): it runs for the side to
// move while the engine thinks or, on the person's turn, while a page watches
// (a page closed or a server stopped does not lose the game on time), and
// whoever overruns their time loses the game.
#include <algorithm>

#include "serve/table.h"

namespace kishi::serve {

using nlohmann::json;

namespace {

// What a move may overrun its time by before it is lost: the page's round
// trip for the person, a loaded machine for the engine (it keeps a margin).
constexpr int64_t PERSON_TOLERANCE_MS = 1000;
constexpr int64_t ENGINE_TOLERANCE_MS = 2000;

int64_t ms_between(Table::Clock::time_point from, Table::Clock::time_point to) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(to - from).count();
}

}  // namespace

int64_t Table::move_elapsed_locked() const {
  return move_used_ms_ + (clock_running_ ? ms_between(*clock_running_, Clock::now()) : 0);
}

bool Table::out_of_time_locked(int player, int64_t elapsed) const {
  if (!clock_.control().timed()) return false;
  const int64_t tolerance = player == options_.person ? PERSON_TOLERANCE_MS : ENGINE_TOLERANCE_MS;
  return elapsed > clock_.allowed_ms(player) + tolerance;
}

void Table::spend_locked(int player, int64_t elapsed) {
  if (!clock_.control().timed()) return;
  // Within the tolerance a move is on time: it spends at most what it had.
  clock_.spend(player, std::min(elapsed, clock_.allowed_ms(player)));
  move_used_ms_ = 0;
  clock_running_.reset();
}

void Table::end_on_time_locked(int player) {
  move_used_ms_ = std::min(move_elapsed_locked(), clock_.allowed_ms(player));
  clock_running_.reset();
  clock_.set_left_ms(player, 0);
  ended_ = game::Outcome{true, 1 - player, 0};
  ended_by_ = "time";
  changed();
}

void Table::sync_clock_locked() {
  if (!clock_.control().timed()) return;
  const bool engine_to_move = line_->to_move() == engine_player();
  const bool runs = !outcome_locked().over && (engine_to_move ? thinking_ : subscribers_ > 0);
  const auto now = Clock::now();
  if (runs && !clock_running_) {
    clock_running_ = now;
  } else if (!runs && clock_running_) {
    move_used_ms_ += ms_between(*clock_running_, now);
    clock_running_.reset();
  }
}

void Table::tick() {
  std::lock_guard engine_lock(engine_mutex_);
  {
    std::lock_guard lock(mutex_);
    if (!clock_.control().timed() || outcome_locked().over) return;
    const int mover = line_->to_move();
    if (!out_of_time_locked(mover, move_elapsed_locked())) return;
    end_on_time_locked(mover);
    if (mover != engine_player()) return;
  }
  stop_thinking_locked();  // the engine overran: its search is dropped
}

json Table::clock_json_locked() const {
  const game::TimeControl& tc = clock_.control();
  if (!tc.timed()) return nullptr;
  return {{"main", tc.main_ms},
          {"byoyomi", tc.byoyomi_ms},
          {"increment", tc.increment_ms},
          {"left", {clock_.left_ms(0), clock_.left_ms(1)}},
          {"used", move_elapsed_locked()},  // by the side to move, this move
          {"running", clock_running_.has_value()}};
}

json Table::saved_clock_locked() const {
  if (!clock_.control().timed()) return nullptr;
  return {{"left", {clock_.left_ms(0), clock_.left_ms(1)}}, {"used", move_elapsed_locked()}};
}

std::string Table::restore_clock(const json& saved) {
  if (saved.is_null()) return {};
  if (!clock_.control().timed()) return "a clock in a game without one";
  const json& left = saved.value("left", json());
  const json& used = saved.value("used", json());
  if (!left.is_array() || left.size() != 2 || !left[0].is_number_integer() ||
      !left[1].is_number_integer() || !used.is_number_integer() || used.get<int64_t>() < 0)
    return "a bad clock";
  for (int p : {0, 1}) clock_.set_left_ms(p, left[p].get<int64_t>());
  move_used_ms_ = used.get<int64_t>();
  return {};
}

}  // namespace kishi::serve
