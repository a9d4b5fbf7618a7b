// A game's mate solver, the one mate capability of the layers above the
// rules: the engine asks it before its tree search and for USI `go mate`,
// self-play and the evaluation before each search (a mate the network could
// miss). A game has one when game.mate_solver(table_bits) makes a solver
// whose search(state, nodes, stop, max_plies, unlimited) looks for a mate by
// checks of at most max_plies plies (longer ones too when `unlimited`) within
// `nodes` nodes or until *stop.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

#include "game/game.h"

namespace kishi::game {

template <class Action>
struct MateResult {
  enum class Kind { Mate, NoMate, Unknown } kind = Kind::Unknown;
  std::vector<Action> pv;  // for Mate: the attacker's move, a reply, ... ending in mate
  int64_t nodes = 0;
};

template <class G>
concept HasMateSolver = requires(const G& game, const typename G::State& s) {
  game.mate_solver(1).search(s, int64_t(1), static_cast<const std::atomic<bool>*>(nullptr), 1,
                             false);
};

// The game's solver type, or std::monostate for a game without one.
template <class G>
struct MateSolverOf {
  using type = std::monostate;
};
template <HasMateSolver G>
struct MateSolverOf<G> {
  using type = decltype(std::declval<const G&>().mate_solver(1));
};

// The first move of a mate the game's solver proves within `nodes` nodes and
// `max_plies` plies; nothing where it proves none, or the game has no solver.
// The solver (a table of 2^table_bits entries) is made at the first need.
template <Game G>
class RootMate {
 public:
  RootMate(const G& game, int table_bits) : game_(game), table_bits_(table_bits) {}

  std::optional<typename G::Action> find(const typename G::State& s, int64_t nodes, int max_plies) {
    if constexpr (HasMateSolver<G>) {
      if (nodes <= 0) return std::nullopt;
      if (!solver_) solver_.emplace(game_.mate_solver(table_bits_));
      auto r = solver_->search(s, nodes, nullptr, max_plies, false);
      if (r.kind == decltype(r.kind)::Mate && !r.pv.empty()) return r.pv.front();
    }
    return std::nullopt;
  }

 private:
  const G& game_;
  int table_bits_;
  std::optional<typename MateSolverOf<G>::type> solver_;
};

}  // namespace kishi::game
