#include "games/gnome/mate_search.h"

#include <algorithm>

#include "games/gnome/gnome_game.h"

namespace kishi::gnome {

namespace {

struct MateSearch {
  const GnomeGame& game;
  int attacker;
  int64_t nodes_left;
  const std::atomic<bool>* stop;

  // Spends a node; false once none is left or the search is stopped.
  bool spend() {
    if (stop && (nodes_left & 255) == 0 && *stop) nodes_left = 0;
    return --nodes_left >= 0;
  }

  // The attacker to move: a check after which every answer still loses
  // within `plies` (the check included). Writes the line to `pv`.
  bool attack(State& s, int plies, std::vector<Move>& pv) {
    MoveList moves;
    game.legal_actions(s, moves);
    for (const Move& m : moves) {
      if (m.kind == Kind::VETO || m.kind == Kind::ACCEPT) continue;
      if (!spend()) return false;
      game.play(s, m);
      const bool check = threatened(s.position(), s.position().side);
      const bool mates = check && defend(s, plies - 1, pv);
      game.undo(s);
      if (mates) {
        pv.insert(pv.begin(), m);
        return true;
      }
    }
    return false;
  }

  // The defender to act after a check: lost whatever it does (a veto, an
  // accept, every move) within `plies`.
  bool defend(State& s, int plies, std::vector<Move>& pv) {
    MoveList answers;
    game.legal_actions(s, answers);
    const game::Outcome o = game.outcome(s, answers);
    if (o.over) {
      pv.clear();
      return o.winner == attacker;
    }
    if (plies < 2) return false;
    std::vector<Move> line;
    for (const Move& a : answers) {
      if (!spend()) return false;
      game.play(s, a);
      bool lost;
      if (a.kind == Kind::ACCEPT) {
        MoveList none;
        const game::Outcome end = game.outcome(s, none);
        lost = end.over && end.winner == attacker;
        line.clear();
      } else {
        lost = attack(s, plies - 1, line);
      }
      game.undo(s);
      if (!lost) return false;
      // Every answer loses: the line shown is the longest defence.
      if (&a == &answers[0] || line.size() + 1 > pv.size()) {
        pv = line;
        pv.insert(pv.begin(), a);
      }
    }
    return true;
  }
};

}  // namespace

std::optional<std::vector<Move>> mate_by_checks(const GnomeGame& game, const State& root,
                                                int64_t nodes, int max_plies,
                                                const std::atomic<bool>* stop, int64_t* spent) {
  if (game.accepted(root) || game.can_accept(root)) return std::nullopt;
  State s = root;
  MateSearch search{game, game.player(root), nodes, stop};
  std::optional<std::vector<Move>> found;
  for (int plies = 1; plies <= max_plies && !found; plies += 2) {
    std::vector<Move> pv;
    if (search.attack(s, plies, pv)) found = std::move(pv);
    if (search.nodes_left < 0) break;
  }
  if (spent) *spent = nodes - std::max<int64_t>(search.nodes_left, 0);
  return found;
}

}  // namespace kishi::gnome
