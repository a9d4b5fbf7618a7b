// The USI engine: reads commands from `in`, answers on `out`. Searches run on
// their own thread, so `stop`, `ponderhit` and everything else are read while
// the engine thinks. Bad input gets an `info string error ...` line naming the
// problem; the engine keeps running and keeps its last valid position.
#pragma once

#include <atomic>
#include <condition_variable>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/players/baselines.h"
#include "engine/search/mcts.h"
#include "engine/search/time_manager.h"
#include "engine/shogi/mate_search.h"
#include "engine/shogi/material_evaluator.h"
#include "engine/shogi/shogi_game.h"
#include "engine/usi/usi_options.h"

namespace kishi::nn {
template <class G>
struct BatchedNetwork;
}  // namespace kishi::nn

namespace kishi::usi {

// Who chooses the moves: the tree search, or a built-in baseline.
enum class Player { Mcts, Random, Greedy, AlphaBeta };

class UsiEngine {
 public:
  UsiEngine(std::istream& in, std::ostream& out, Player player = Player::Mcts);
  ~UsiEngine();
  int run();  // until quit or the end of input

 private:
  struct GoParams {
    int64_t btime = -1, wtime = -1, binc = 0, winc = 0, byoyomi = 0, movetime = -1;
    int64_t nodes = -1;
    int64_t depth = -1;
    bool infinite = false, ponder = false;
    bool mate = false;
    int64_t mate_ms = -1;  // -1: infinite
  };

  void send(const std::string& line);
  void error(const std::string& what);
  bool handle(const std::string& line);  // false on quit

  void cmd_usi();
  void cmd_isready();
  void cmd_setoption(const std::vector<std::string>& t);
  void cmd_position(const std::vector<std::string>& t);
  void cmd_go(const std::vector<std::string>& t);
  void cmd_stop();
  void cmd_ponderhit();
  void cmd_gameover();

  // Each returns the answer line (bestmove ..., checkmate ...).
  std::string think(GoParams go);
  std::string think_mate(const GoParams& go);
  std::string think_baseline(const GoParams& go, const search::TimeBudget& budget, bool timed);
  void wait_for_stop_or_ponderhit();
  void wait_until_stopped();
  void stop_and_join(bool discard_bestmove);
  void report(const search::SearchInfo& info, const search::Search<shogi::ShogiGame>& s);
  search::SearchParams search_params() const;
  shogi::ShogiGame::Rules game_rules() const;
  void drop_network();

  Player player_;
  std::istream& in_;
  std::ostream& out_;
  std::mutex out_mutex_;
  UsiOptions options_;

  bool ready_ = false;
  shogi::Game game_ = shogi::Game::Shogi;
  std::optional<shogi::Position> position_;
  std::string base_sfen_;
  std::vector<shogi::Move> moves_;
  std::string searched_base_;  // the last search's root, for tree reuse
  std::vector<shogi::Move> searched_moves_;

  shogi::MaterialEvaluator material_;
  std::unique_ptr<nn::BatchedNetwork<shogi::ShogiGame>> network_;
  std::string loaded_network_;  // ModelFile, Device, NetworkThreads, BatchSize
  std::unique_ptr<search::Search<shogi::ShogiGame>> search_;
  shogi::MateSearch mate_search_{20};
  players::AlphaBeta alphabeta_{20};

  std::thread thinker_;
  std::atomic<bool> searching_{false};
  std::atomic<bool> stop_requested_{false};
  std::atomic<bool> pondering_{false};
  std::atomic<bool> discard_bestmove_{false};
  std::mutex wait_mutex_;
  std::condition_variable wait_cv_;
  std::chrono::steady_clock::time_point clock_start_;
  std::atomic<int64_t> ponderhit_at_ms_{-1};
  int multipv_ = 1;
};

// Centipawns for a value in [-1, 1] (side to move): 600 * ln(w / (1 - w)) for
// the expected score w = (v + 1) / 2, the customary scale of shogi engines.
int value_to_cp(float value);

}  // namespace kishi::usi
