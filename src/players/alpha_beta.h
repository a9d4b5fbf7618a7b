// The alpha-beta baseline, a built-in opponent without a network for ladders
// (`kishi usi --player alphabeta`): iterative deepening, a transposition
// table, quiescence on captures, over the game's own static value. It serves
// any game that has one (shogi: material plus king shelter).
#pragma once

#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "game/game.h"

namespace kishi::players {

// What alpha-beta needs of a game beyond the rules.
template <class G>
concept AlphaBetaGame = game::Game<G> &&
    requires(const G& g, const typename G::State& s, typename G::Action a) {
  { g.static_value(s) } -> std::convertible_to<int>;  // centipawns for the player to move
  { g.state_key(s) } -> std::convertible_to<uint64_t>;
  { g.is_capture(s, a) } -> std::convertible_to<bool>;    // searched in quiescence
  { g.material_gain(s, a) } -> std::convertible_to<int>;  // orders the captures
  { g.move_order(s, a) } -> std::convertible_to<int>;     // orders the rest, highest first
};

template <class Action>
struct AlphaBetaResult {
  Action best{};
  int score = 0;  // centipawns for the side to move; beyond +-MATE_BOUND a mate
  int depth = 0;
  int64_t nodes = 0;
  std::vector<Action> pv;
};

template <AlphaBetaGame G>
class AlphaBeta {
 public:
  using State = typename G::State;
  using Action = typename G::Action;
  using Result = AlphaBetaResult<Action>;
  static constexpr int MATE = 100000;
  static constexpr int MATE_BOUND = MATE - 1000;

  explicit AlphaBeta(G game = {}, int table_bits = 20)
      : game_(std::move(game)),
        table_(size_t(1) << table_bits),
        mask_((uint64_t(1) << table_bits) - 1) {}

  int64_t nodes_searched() const { return nodes_; }  // by the last search, aborted or not

  // The static value once the captures have settled (the quiescence search
  // alone, at most max_plies captures deep; centipawns for the side to move, a
  // mate beyond +-MATE_BOUND), or the static value where that takes more than
  // max_nodes: what the position is worth when a piece stands en prise, for
  // training targets.
  int quiescence_value(const State& s, int max_plies, int64_t max_nodes) {
    nodes_ = 0;
    max_nodes_ = max_nodes;
    stop_ = nullptr;
    aborted_ = false;
    quiescence_plies_ = max_plies;
    State pos = s;
    const int v = quiescence(pos, -MATE - 1, MATE + 1, 0);
    quiescence_plies_ = QUIESCENCE_PLIES;
    return aborted_ ? game_.static_value(s) : v;
  }

  // Iterative deepening to max_depth (and at most max_nodes, or until *stop);
  // on_iteration sees each completed depth.
  Result search(const State& root, int max_depth, int64_t max_nodes,
                const std::atomic<bool>* stop = nullptr,
                const std::function<void(const Result&)>& on_iteration = {}) {
    nodes_ = 0;
    max_nodes_ = max_nodes;
    stop_ = stop;
    aborted_ = false;
    Result result;
    typename G::ActionList moves;
    game_.legal_actions(root, moves);
    if (moves.size() == 0) return result;
    result.best = moves[0];
    State pos = root;
    const uint64_t root_key = game_.state_key(root);
    for (int depth = 1; depth <= max_depth; ++depth) {
      const int score = negamax(pos, depth, -MATE - 1, MATE + 1, 0);
      if (aborted_) break;
      const Entry& e = table_[root_key & mask_];
      if (e.key == root_key && e.move) result.best = game_.unpack(e.move - 1);
      result.score = score;
      result.depth = depth;
      result.nodes = nodes_;
      // The principal variation from the table.
      result.pv.clear();
      State line = root;
      for (int i = 0; i < depth; ++i) {
        const Entry& t = table_[game_.state_key(line) & mask_];
        if (t.key != game_.state_key(line) || !t.move) break;
        const Action m = game_.unpack(t.move - 1);
        if (!game_.is_legal(line, m)) break;
        result.pv.push_back(m);
        game_.play(line, m);
      }
      if (on_iteration) on_iteration(result);
      if (std::abs(score) >= MATE_BOUND) break;
    }
    result.nodes = nodes_;
    return result;
  }

 private:
  struct Entry {
    uint64_t key = 0;
    int32_t score = 0;
    int16_t depth = -1;
    uint8_t bound = 0;  // 1 lower, 2 upper, 3 exact
    uint32_t move = 0;  // the packed action + 1; 0: none
  };

  bool out_of_budget() {
    if ((max_nodes_ >= 0 && nodes_ >= max_nodes_) || (stop_ && (nodes_ & 63) == 0 && stop_->load()))
      aborted_ = true;
    return aborted_;
  }

  // Captures only, but under the same budget: in gnome one capture brings
  // others, and a quiescence that never looked at the clock overran it.
  int quiescence(State& pos, int alpha, int beta, int ply) {
    if (out_of_budget()) return 0;
    ++nodes_;
    typename G::ActionList moves;
    game_.legal_actions(pos, moves);
    if (const auto end = terminal_score(pos, moves, ply)) return *end;
    const int stand = game_.static_value(pos);
    if (stand >= beta || ply >= quiescence_plies_) return stand;
    alpha = std::max(alpha, stand);
    std::vector<std::pair<int, Action>> captures;
    for (size_t i = 0; i < moves.size(); ++i)
      if (game_.is_capture(pos, moves[i]))
        captures.emplace_back(game_.material_gain(pos, moves[i]), moves[i]);
    std::sort(captures.begin(), captures.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; });
    const int mover = game_.player(pos);
    for (const auto& [v, m] : captures) {
      game_.play(pos, m);
      const int score = game_.player(pos) == mover ? quiescence(pos, alpha, beta, ply + 1)
                                                   : -quiescence(pos, -beta, -alpha, ply + 1);
      game_.undo(pos);
      if (aborted_) return 0;
      if (score >= beta) return score;
      alpha = std::max(alpha, score);
    }
    return alpha;
  }

  // The score of a finished game for the side to move (a draw 0, a loss
  // nearer the root worse), or nothing while it goes on.
  std::optional<int> terminal_score(const State& pos, const typename G::ActionList& moves,
                                    int ply) const {
    const game::Terminal t = game_.terminal(pos, moves);
    if (!t.over) return std::nullopt;
    return t.value > 0 ? MATE - ply : t.value < 0 ? -MATE + ply : 0;
  }

  int negamax(State& pos, int depth, int alpha, int beta, int ply) {
    if (out_of_budget()) return 0;
    if (depth <= 0) return quiescence(pos, alpha, beta, ply);
    ++nodes_;
    typename G::ActionList moves;
    game_.legal_actions(pos, moves);
    if (const auto end = terminal_score(pos, moves, ply)) return *end;

    const uint64_t key = game_.state_key(pos);
    Entry& e = table_[key & mask_];
    std::optional<Action> tt_move;
    if (e.key == key) {
      if (e.move) tt_move = game_.unpack(e.move - 1);
      if (e.depth >= depth && ply > 0) {
        if (e.bound == 3 || (e.bound == 1 && e.score >= beta) || (e.bound == 2 && e.score <= alpha))
          return e.score;
      }
    }
    std::vector<std::pair<int, Action>> ordered;
    for (size_t i = 0; i < moves.size(); ++i) {
      const Action m = moves[i];
      ordered.emplace_back(tt_move && m == *tt_move ? 1 << 20 : game_.move_order(pos, m), m);
    }
    std::sort(ordered.begin(), ordered.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; });

    const int original_alpha = alpha;
    int best = -MATE;
    std::optional<Action> best_move;
    const int mover = game_.player(pos);
    for (const auto& [order, m] : ordered) {
      game_.play(pos, m);
      // A side may act twice (gnome's `accept` keeps the side to move).
      const int score = game_.player(pos) == mover
                            ? negamax(pos, depth - 1, alpha, beta, ply + 1)
                            : -negamax(pos, depth - 1, -beta, -alpha, ply + 1);
      game_.undo(pos);
      if (aborted_) return 0;
      if (score > best) {
        best = score;
        best_move = m;
      }
      alpha = std::max(alpha, score);
      if (alpha >= beta) break;
    }
    e = {key, best, int16_t(depth),
         uint8_t(best >= beta             ? 1
                 : best <= original_alpha ? 2
                                          : 3),
         best_move ? game_.pack(*best_move) + 1 : 0};
    return best;
  }

  static constexpr int QUIESCENCE_PLIES = 61;  // beyond the deepest line the search reaches
  G game_;
  int quiescence_plies_ = QUIESCENCE_PLIES;
  std::vector<Entry> table_;
  uint64_t mask_;
  int64_t nodes_ = 0, max_nodes_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  bool aborted_ = false;
};

// An alpha-beta search where the game has one, for code written for every
// game (the evaluation's opponent, the trainer's material targets): empty otherwise.
template <class G>
struct OptionalAlphaBeta {};
template <AlphaBetaGame G>
struct OptionalAlphaBeta<G> {
  std::optional<AlphaBeta<G>> search;
};

}  // namespace kishi::players
