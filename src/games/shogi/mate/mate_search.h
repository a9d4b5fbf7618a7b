// Mate search by df-pn (depth-first proof-number search, Nagai 2002): does the
// side to move force checkmate by checks alone? The search uses it at the root
// and, with a small budget, at leaves, and USI `go mate` answers with it.
//
// Attacker nodes try every checking move, defender nodes every legal reply. A
// position met again on the current line counts as no mate: a perpetual check
// loses in shogi. Pawn-drop mates never appear: the generator forbids them.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "game/mate.h"
#include "games/shogi/core/position.h"

namespace kishi::shogi {

using MateResult = game::MateResult<Move>;

class MateSearch {
 public:
  // The table holds 2^table_bits entries (24 bytes each).
  explicit MateSearch(int table_bits = 18);

  // Searches until the question is settled, `max_nodes` nodes are spent, or *stop.
  // Mates of up to `shortest_up_to` plies are found shortest first (iterative
  // deepening); longer ones, when `unlimited`, by plain df-pn (a mate, not
  // always the shortest).
  MateResult search(const Position& pos, int64_t max_nodes, const std::atomic<bool>* stop = nullptr,
                    int shortest_up_to = 11, bool unlimited = true);
  void clear();

 private:
  static constexpr uint32_t INF = 1u << 30;
  struct Entry {
    uint64_t key = 0;
    uint32_t pn = 1, dn = 1;
    uint16_t length = 0;  // plies to mate, once proven
    bool used = false;
    bool by_repetition = false;
  };
  struct Values {
    uint32_t pn, dn;
    uint16_t length;
    // A disproof that leans on a repetition of the line it was found on: true
    // there, maybe not on another line (the graph-history interaction). Such a
    // disproof is never reported as "no mate".
    bool by_repetition = false;
  };

  Values lookup(uint64_t key) const;
  bool table_has(uint64_t key) const;
  void store(uint64_t key, Values v);
  static constexpr int NO_DEPTH_LIMIT = 1 << 20;
  uint64_t node_key(const Position& pos, bool attacker, int depth) const;
  // depth: plies left to the attacker (NO_DEPTH_LIMIT: unbounded).
  void mid(Position& pos, bool attacker, int depth, uint32_t th_pn, uint32_t th_dn);
  std::vector<Move> principal_variation(Position pos, int depth);
  static int child_depth(int depth) { return depth == NO_DEPTH_LIMIT ? depth : depth - 1; }

  std::vector<Entry> table_;
  uint64_t mask_;
  std::vector<uint64_t> path_;  // keys of the current line
  int64_t nodes_ = 0, max_nodes_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  bool aborted_ = false;
};

}  // namespace kishi::shogi
