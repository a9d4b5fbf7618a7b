// The engine as a protocol sees it: positions and moves as text, a search
// started and stopped, its progress and answer delivered to callbacks. The
// engine of any game (engine/engine.h) implements it, so a protocol (USI
// today) is written once, game-free; the virtual calls are per command, never
// in the search.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/levels.h"
#include "game/evaluation.h"
#include "search/puct_params.h"

namespace kishi::play {

// Who chooses the moves: the tree search, or a built-in baseline.
enum class Player { Mcts, Random, Greedy, AlphaBeta };

// What the protocol's options set for each `go`.
struct GoSettings {
  int multipv = 1;
  int64_t byoyomi_margin_ms = 300;
  int resign_cp = -30000;      // resign at or below this score; -30000: never
  int64_t mate_nodes = 30000;  // a mate search before the tree search; 0: none
  bool offer_ponder = false;   // name the expected reply with the move
  int alphabeta_depth = 4;
  int64_t alphabeta_nodes = 0;  // 0: no limit
  int info_interval_ms = 1000;  // between info lines of a search
  int level = FULL_LEVEL;       // engine/levels.h: the playouts' cap and the move's temperature
};

// What the protocol's options set at prepare(): the network, the search's
// size, the rules.
struct Settings {
  int64_t hash_mb = 256;
  int threads = 2;
  int batch_size = 8;
  int network_threads = 1;
  std::string model_file;  // empty: the game's shipped model; "builtin": the built-in evaluator
  std::string device = "cpu";
  // Of the forward pass: auto (the fastest that holds, measured), fp32, fp16
  // (CUDA), bf16, int8 (onednn); what runs it: auto, libtorch, onednn (CPU).
  std::string precision = "auto";
  std::string backend = "auto";
  int max_plies = 512;
  bool declaration = false;
  int leaf_mate_plies = 3;
  // PUCT's exploration and first-play urgency in play: less exploration and a
  // larger first-play reduction than AlphaZero's values won shogi matches at
  // 300 and 1,600 playouts (gnome: neutral; docs/results-log.md, "exploration
  // and first-play urgency"). Self-play keeps AlphaZero's: the matches measured
  // the moves played, not the training targets self-play makes.
  search::PuctParams puct{.cpuct_init = 0.90f, .fpu_reduction = 0.40f};
  // What a draw inside the tree costs the engine (search::SearchParams::contempt).
  float contempt = 0;
  GoSettings go;
};

// One `go`: the clocks are indexed by player (0 moves first).
struct Limits {
  int64_t time_ms[2] = {-1, -1}, increment_ms[2] = {0, 0};
  int64_t byoyomi_ms = 0, movetime_ms = -1;
  int64_t nodes = -1, depth = -1;
  bool infinite = false, ponder = false;
};

// One line of search progress.
struct InfoLine {
  int depth = 0;
  int seldepth = -1;  // -1: not given
  int multipv = 0;    // 0: a single line
  std::optional<int> cp, mate_plies;
  int64_t nodes = 0;
  int64_t visits = -1;  // the playouts through the line's first move; -1: not given
  int64_t nps = -1, time_ms = -1;
  int hashfull = -1;
  std::vector<std::string> pv;
};

struct Answer {
  enum class Kind { Move, Resign, Win } kind = Kind::Resign;
  std::string move, ponder;  // ponder: empty when none is offered
};

struct MateAnswer {
  enum class Kind { Mate, NoMate, Timeout } kind = Kind::Timeout;
  std::vector<std::string> pv;
};

class EngineControl {
 public:
  struct Listener {
    std::function<void(const std::string&)> message;  // a line for people ("loaded ...")
    std::function<void(const std::string&)> error;    // a problem, the engine carries on
    std::function<void(const InfoLine&)> info;
  };
  virtual ~EngineControl() = default;

  // The game's names this engine can switch between (shogi: shogi, showgit).
  virtual std::vector<std::string> variants() const = 0;
  virtual std::string variant() const = 0;
  // Switches to another of variants(), at its start position.
  virtual void set_variant(const std::string& name) = 0;
  // Builds the network and the search from the settings (the protocol's
  // isready); a model that fails to load is reported and the built-in evaluator used.
  virtual void prepare(const Settings& settings) = 0;
  virtual void new_game() = 0;
  // "startpos" or "sfen <state>", then "moves ...": an error naming the fault,
  // or empty (the position is then set).
  virtual std::string set_position(std::span<const std::string> tokens) = 0;
  // A diagram of the position, line by line, and its state text last.
  virtual std::vector<std::string> describe_position() const = 0;
  virtual bool has_mate_solver() const = 0;  // a mate search at the root (MateSearchNodes)
  virtual bool has_leaf_mate() const = 0;    // a mate search at new leaves (LeafMatePlies)
  virtual bool has_declaration() const = 0;  // shogi's entering-king declaration

  // Starts thinking; `done` gets the answer (from the engine's thread) unless
  // stop(true) discarded it. An infinite or ponder search answers only after
  // stop() (or ponderhit(), for ponder).
  virtual void go(const Limits& limits, const GoSettings& settings,
                  std::function<void(const Answer&)> done) = 0;
  // Looks for a forced mate for up to mate_ms (-1: until stop).
  virtual void go_mate(int64_t mate_ms, std::function<void(const MateAnswer&)> done) = 0;
  virtual void stop(bool discard_answer) = 0;
  virtual void ponderhit() = 0;
  virtual bool searching() const = 0;
  virtual bool pondering() const = 0;
};

// The engine for the game `game` (a name of games/registry.h); throws
// std::invalid_argument naming the game and the player it lacks.
std::unique_ptr<EngineControl> make_engine(std::string_view game, Player player,
                                           EngineControl::Listener listener);

}  // namespace kishi::play
