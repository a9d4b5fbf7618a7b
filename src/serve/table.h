// One game on the web server: the person's moves, the engine's replies
// searched in the background, take back and resign, and what the page is told
// (its state, the engine's thinking). Game-free: the game is a GameLine, the
// engine the same EngineControl as `kishi usi` drives.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.h"
#include "engine/engine_control.h"
#include "game/game_clock.h"
#include "serve/analysis.h"
#include "serve/game_line.h"
#include "serve/game_store.h"

namespace kishi::serve {

// What a new game asks for (POST /api/games).
struct TableOptions {
  std::string game;        // a name of the registry's with a board
  std::string start;       // a state text; empty: the start position
  std::string handicap;    // the name of the game's handicap `start` is; empty: none
  int person = 0;          // the player the person plays
  int64_t playouts = 400;  // the engine's playouts a move, unless seconds > 0
  double seconds = 0;
  int level = 0;  // engine/levels.h: 1 to 8 (the playouts' cap, the move's temperature); 0: none
  game::TimeControl clock{};  // timed: both sides play by it (the engine instead of seconds)
  bool takeback = true;
};

// How every game's engine is built.
struct EngineOptions {
  std::string model_file;  // empty: the built-in evaluator
  int64_t hash_mb = 64;
  int threads = 1;
  std::shared_ptr<AnalysisSlots> analysis_slots;  // shared by every game; null: no bound
};

// An HTTP status and, unless 2xx, the error.
struct Reply {
  int status = 200;
  std::string error;
};

class Table {
 public:
  using Clock = std::chrono::steady_clock;

  // A new game with its engine (thinking at once when the engine moves first),
  // kept in `store` after every change when one is given.
  static Expected<std::shared_ptr<Table>> create(std::string id, const TableOptions& options,
                                                 const EngineOptions& engine,
                                                 std::shared_ptr<const GameStore> store = nullptr);
  // The game `saved` (what saved() gave), its actions replayed; an error names
  // the field or the action that does not hold.
  static Expected<std::shared_ptr<Table>> restore(std::string id, const nlohmann::json& saved,
                                                  const EngineOptions& engine,
                                                  std::shared_ptr<const GameStore> store);
  ~Table();
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  const std::string& id() const { return id_; }
  nlohmann::json state() const;
  Reply play(const std::string& move);
  Reply undo();
  Reply resign();
  // {"states": the state text before the first move and after each, "moves"}:
  // what the page steps through.
  nlohmann::json positions() const;
  // Starts a review of the game as it stands at `playouts` a position (the
  // one under way, if any, is dropped); the state then carries its progress.
  Reply analyse(int64_t playouts);
  // The record in `format` (an extension of GameLine::records: csa, kif, usi,
  // txt; empty: the game's first, csa for shogi).
  Expected<std::string> record(const std::string& format) const;

  // What a page's event stream has seen: the state's and the thinking's versions.
  struct Seen {
    uint64_t state = 0, info = 0;
  };
  // Waits up to `wait` for a new state; the versions now.
  Seen wait_for_change(const Seen& seen, std::chrono::milliseconds wait) const;
  nlohmann::json info() const;
  // A page's event stream opens (false: `most` were still open after `wait`,
  // another page was waiting already, or the server stops) or closes; the last
  // to close stops the search.
  bool subscribe(int most, std::chrono::milliseconds wait, const std::atomic<bool>& stopping);
  void unsubscribe();
  // Starts the engine if it is to move and idle (after a page came back).
  void kick();
  // Wakes every waiting stream and page (the server stops).
  void wake();
  bool watched() const;
  Clock::time_point last_used() const;
  // A timed game: the side whose time ran out loses (the event streams call it
  // a few times a second).
  void tick();

 private:
  Table(std::string id, const TableOptions& options, std::unique_ptr<GameLine> line);
  // The engine built and told the game; thinking when it is to move.
  static Expected<std::shared_ptr<Table>> start(std::shared_ptr<Table> table,
                                                const EngineOptions& engine);
  nlohmann::json saved_locked() const;  // mutex_ held
  void save_locked();                   // mutex_ held
  void start_thinking_locked();  // engine_mutex_ held, mutex_ not
  void stop_thinking_locked();   // engine_mutex_ held, mutex_ not
  void on_answer(uint64_t generation, const play::Answer& answer);
  void on_info(const play::InfoLine& line);
  void publish_lines();  // mutex_ held: the report under way becomes info_
  int engine_player() const { return 1 - options_.person; }
  void changed();  // mutex_ held: the page is told, the game saved
  game::Outcome outcome_locked() const;  // the board's, or the game given up or lost on time

  // The clock (table_clock.cpp; mutex_ held). It runs for the side to move
  // while the engine thinks or, on the person's turn, while a page watches.
  int64_t move_elapsed_locked() const;  // the move under way, so far
  bool out_of_time_locked(int player, int64_t elapsed) const;
  void spend_locked(int player, int64_t elapsed);  // `player` moved
  void end_on_time_locked(int player);             // `player` lost on time
  void sync_clock_locked();                        // started or paused as the game stands
  nlohmann::json clock_json_locked() const;        // for the page; null untimed
  nlohmann::json saved_clock_locked() const;
  std::string restore_clock(const nlohmann::json& saved);  // an error names the fault

  const std::string id_;
  const TableOptions options_;
  // engine_mutex_ orders the engine's commands; mutex_ guards the rest and is
  // never held while calling the engine (its thread takes mutex_ to answer).
  mutable std::mutex engine_mutex_;
  mutable std::mutex mutex_;
  mutable std::condition_variable cv_;
  std::unique_ptr<GameLine> line_;
  std::vector<std::optional<int>> evals_;  // per action: the engine's cp for player 0
  std::optional<game::Outcome> ended_;     // the game given up or lost on time
  std::string ended_by_;                   // "resign" or "time"
  game::GameClock clock_;
  int64_t move_used_ms_ = 0;  // the move under way, before the stretch running
  std::optional<Clock::time_point> clock_running_;  // since when the clock runs
  bool thinking_ = false;
  uint64_t generation_ = 0;  // of the search whose answer is awaited
  uint64_t state_version_ = 1, info_version_ = 0;
  nlohmann::json info_;         // the last complete set of lines
  nlohmann::json lines_;        // the lines of the report under way
  nlohmann::json last_report_;  // its depth, nodes, nps
  std::string engine_message_, engine_error_;
  std::shared_ptr<const GameStore> store_;  // null: the game is not kept
  std::string save_error_;                  // the last save's, if it failed
  int subscribers_ = 0;
  static constexpr int MAX_WAITING_SUBSCRIBERS = 1;
  int waiting_ = 0;  // pages waiting for a place among the subscribers
  Clock::time_point last_used_;
  EngineOptions engine_options_;
  std::unique_ptr<play::EngineControl> engine_;  // built after the rest, destroyed before
  // Replaced and destroyed outside mutex_: its thread takes mutex_ to report.
  std::unique_ptr<Analysis> analysis_;
};

}  // namespace kishi::serve
