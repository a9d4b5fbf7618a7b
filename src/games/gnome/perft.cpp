#include "games/gnome/perft.h"

#include "games/gnome/move_effects.h"

namespace kishi::gnome {

namespace {

// `last` and `last_undo`: the move that led to p and its undo (null at a root
// without history); `moves_before`: the count of distinct moves before it.
uint64_t count(Position& p, int depth, const Move* last, MoveUndo* last_undo, int moves_before) {
  MoveList list;
  const int n = int(legal_moves(p, list));
  const bool veto = last_undo && last->kind != Kind::VETO && p.token_usable &&
                    p.token_holder == p.side && moves_before >= 2;
  if (depth == 1) return uint64_t(n) + veto;
  uint64_t nodes = 0;
  MoveUndo undo;
  for (int i = 0; i < n; ++i) {
    make_move(p, list[i], &undo);
    nodes += count(p, depth - 1, &list[i], &undo, n);
    unmake_move(p, undo);
  }
  if (veto) {
    // Take the move back, hand the token over with the move banned, count, restore.
    unmake_move(p, *last_undo);
    const uint64_t key = p.key;
    const uint8_t holder = p.token_holder;
    const bool usable = p.token_usable;
    const Move banned = p.banned;
    p.key ^= p.fields_key();
    p.token_holder = p.side;
    p.token_usable = false;
    p.banned = *last;
    p.key ^= p.fields_key();
    nodes += count(p, depth - 1, &VETO_MOVE, nullptr, -1);
    p.token_holder = holder;
    p.token_usable = usable;
    p.banned = banned;
    p.key = key;
    make_move(p, *last, last_undo);
  }
  return nodes;
}

}  // namespace

uint64_t perft_in_place(const State& root, int depth) {
  if (depth <= 0) return 1;
  const Entry& now = root.line.back();
  if (root.line.size() < 2 || now.last.kind == Kind::VETO) {
    Position p = now.position;
    return count(p, depth, nullptr, nullptr, -1);
  }
  const Entry& before = root.line[root.line.size() - 2];
  Position p = before.position;
  MoveList list;
  const int moves_before = int(legal_moves(p, list));
  MoveUndo undo;
  make_move(p, now.last, &undo);
  return count(p, depth, &now.last, &undo, moves_before);
}

void rules_actions(const State& s, MoveList& list) {
  legal_moves(s.position(), list);
  if (veto_available(s)) list.push(VETO_MOVE);
}

std::vector<std::pair<std::string, uint64_t>> perft_divide(const State& root, int depth) {
  MoveList list;
  rules_actions(root, list);
  std::vector<std::pair<std::string, uint64_t>> counts;
  const GnomeGame game;
  for (const Move& m : list) {
    State child = root;
    game.play(child, m);
    counts.emplace_back(move_text(m), perft_in_place(child, depth - 1));
  }
  return counts;
}

}  // namespace kishi::gnome
