// shogi and showgit as a SearchGame.
#pragma once

#include "engine/search/game.h"
#include "engine/shogi/game_status.h"
#include "engine/shogi/mate_search.h"
#include "engine/shogi/movegen.h"
#include "engine/shogi/usi_move.h"

namespace kishi::search {

class ShogiGame {
 public:
  using State = shogi::Position;
  using Action = shogi::Move;
  using ActionList = shogi::MoveList;

  struct Rules {
    int max_plies = 512;
    bool declaration = false;  // the 27-point entering-king rule
    // A bounded mate search at every new leaf: a mate in this many plies (1, 3,
    // 5...) makes the leaf a win without asking the evaluator. 0: off.
    int leaf_mate_plies = 0;
    int leaf_mate_nodes = 64;
  };

  ShogiGame() = default;
  explicit ShogiGame(const Rules& rules) : rules_(rules) {}
  const Rules& rules() const { return rules_; }

  int player(const State& s) const { return s.side_to_move(); }
  void legal_actions(const State& s, ActionList& list) const {
    list.clear();
    shogi::legal_moves(s, list);
  }
  void play(State& s, Action a) const { s.do_move(a); }
  void undo(State& s) const { s.undo_move(); }
  std::string action_text(Action a) const { return shogi::to_usi(a); }

  Terminal terminal(const State& s, const ActionList& legal) const {
    if (legal.empty()) return {true, -1};  // mated, or no move at all: a loss
    // A position met before in the game: the players could repeat from there
    // forever, so it scores as the repetition would (perpetual check included).
    const shogi::GameStatus rep = shogi::repetition_status(s, 2);
    if (rep.outcome != shogi::Outcome::Ongoing) return {true, score(rep.outcome, s)};
    if (rules_.declaration && shogi::can_declare_win(s)) return {true, 1};
    if (s.move_number() - 1 >= rules_.max_plies) return {true, 0};
    if (rules_.leaf_mate_plies > 0 && has_quick_mate(s)) return {true, 1};
    return {};
  }

 private:
  static float score(shogi::Outcome o, const State& s) {
    if (o == shogi::Outcome::Draw) return 0;
    const bool black_wins = o == shogi::Outcome::BlackWins;
    return (black_wins == (s.side_to_move() == shogi::BLACK)) ? 1.0f : -1.0f;
  }
  bool has_quick_mate(const State& s) const {
    thread_local shogi::MateSearch mate_search(12);
    return mate_search.search(s, rules_.leaf_mate_nodes, nullptr, rules_.leaf_mate_plies, false)
               .kind == shogi::MateResult::Kind::Mate;
  }
  Rules rules_;
};

static_assert(SearchGame<ShogiGame>);

}  // namespace kishi::search
