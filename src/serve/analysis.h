// A game reviewed: every position of it searched at fixed playouts by an
// engine of its own, in a thread of its own (the game's engine stays free to
// play), with the person's win rate, the best move and a judgement of the
// move played from it by how much it lost (docs/serve.md, "Analysis").
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/engine_control.h"

namespace kishi::serve {

// The positions of a game, as an engine is told them.
struct AnalysedLine {
  std::string game;
  std::vector<std::string> start_tokens;  // "startpos" or "sfen"/"fen" and the state's fields
  std::vector<std::string> actions;
  std::vector<int> to_move;          // the player to move at each position (actions + 1)
  std::optional<int> winner_at_end;  // the last position's result when the game is over
  bool over_at_end = false;
  int person = 0;
};

// The reviews a server runs at once, each an engine and a search thread of its
// own: one asked for beyond them is refused until one ends.
class AnalysisSlots {
 public:
  explicit AnalysisSlots(int most) : free_(most), most_(most) {}
  bool take() {
    for (int free = free_.load(); free > 0;)
      if (free_.compare_exchange_weak(free, free - 1)) return true;
    return false;
  }
  void give_back() { ++free_; }
  int most() const { return most_; }

 private:
  std::atomic<int> free_;
  const int most_;
};

// How much of the mover's win rate a move gave away: the judgement's thresholds.
struct Judgement {
  static constexpr double INACCURACY = 0.10, MISTAKE = 0.20, BLUNDER = 0.30;
  // "inaccuracy", "mistake", "blunder", or "" for a loss under 0.10.
  static const char* of(double loss);
};

class Analysis {
 public:
  // Starts the review; `progress` is called (from its thread, no lock held)
  // after each position. `slots` (a slot taken for it; may be null) gets the
  // slot back when the review ends.
  Analysis(AnalysedLine line, int64_t playouts, const play::Settings& settings,
           std::function<void()> progress, std::shared_ptr<AnalysisSlots> slots);
  ~Analysis();  // stops the search and waits for the thread
  Analysis(const Analysis&) = delete;
  Analysis& operator=(const Analysis&) = delete;

  // {"playouts", "plies", "done", "total", "running", "error", "warning", "entries": [{"ply",
  // "win_rate", "best", "move", "loss", "judgement"}...]}: win rates for the person.
  nlohmann::json report() const;
  size_t plies() const { return line_.actions.size(); }

 private:
  void run(play::Settings settings);
  // The side to move's win rate at position `ply` and its best move.
  std::pair<double, std::string> search(play::EngineControl& engine, size_t ply);

  const AnalysedLine line_;
  const int64_t playouts_;
  const std::function<void()> progress_;
  const std::shared_ptr<AnalysisSlots> slots_;
  mutable std::mutex mutex_;
  struct Position {
    double win_rate = 0.5;  // for the side to move
    std::string best;
  };
  std::vector<Position> done_;  // positions searched, in order
  std::optional<int> last_cp_;  // of the search under way, for its side to move
  std::string error_;           // why the review stopped
  std::string warning_;         // what the engine said and carried on after (a model not loaded)
  bool running_ = true;
  std::atomic<bool> stop_{false};
  // Guards engine_, stop_'s setting and the engine's go against the destructor's stop.
  std::mutex engine_mutex_;
  play::EngineControl* engine_ = nullptr;
  std::thread thread_;  // last: started once the rest is built
};

}  // namespace kishi::serve
