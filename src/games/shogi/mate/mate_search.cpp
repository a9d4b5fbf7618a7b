#include "games/shogi/mate/mate_search.h"

#include <algorithm>

#include "games/shogi/core/movegen.h"

namespace kishi::shogi {

MateSearch::MateSearch(int table_bits)
    : table_(size_t(1) << table_bits), mask_((uint64_t(1) << table_bits) - 1) {}

void MateSearch::clear() { std::fill(table_.begin(), table_.end(), Entry{}); }

// Attacker and defender nodes of one position are different questions, and so
// are the same node with different plies left.
uint64_t MateSearch::node_key(const Position& pos, bool attacker, int depth) const {
  return pos.key() ^ (attacker ? 0x5bd1e9955bd1e995ULL : 0) ^
         (depth == NO_DEPTH_LIMIT ? 0
                                  : uint64_t(depth + 64) * 0x9e3779b97f4a7c15ULL);  // depth >= -1
}

bool MateSearch::table_has(uint64_t key) const {
  const Entry& e = table_[key & mask_];
  return e.used && e.key == key;
}

MateSearch::Values MateSearch::lookup(uint64_t key) const {
  const Entry& e = table_[key & mask_];
  if (e.used && e.key == key) return {e.pn, e.dn, e.length, e.by_repetition};
  return {1, 1, 0};
}

void MateSearch::store(uint64_t key, Values v) {
  Entry& e = table_[key & mask_];
  e = {key, v.pn, v.dn, v.length, true, v.dn == 0 && v.by_repetition};
}

void MateSearch::mid(Position& pos, bool attacker, int depth, uint32_t th_pn, uint32_t th_dn) {
  const uint64_t key = node_key(pos, attacker, depth);
  if (++nodes_ > max_nodes_ || (stop_ && (nodes_ & 1023) == 0 && stop_->load())) {
    aborted_ = true;
    return;
  }
  struct Child {
    Move move;
    uint64_t key;
  };
  std::vector<Child> kids;
  if (attacker && depth <= 0) {  // out of plies: no mate within the limit
    store(key, {INF, 0, 0});
    return;
  }
  const MoveList moves = legal_moves(pos);
  for (Move m : moves) {
    pos.do_move(m);
    if (!attacker || pos.in_check()) {
      const uint64_t child_key = node_key(pos, !attacker, child_depth(depth));
      kids.push_back({m, child_key});
      // A new defender node starts with one proof number per reply, so that
      // checks leaving the king few replies are tried first; none is mate.
      if (attacker && !table_has(child_key)) {
        const uint32_t replies = uint32_t(legal_moves(pos).size());
        store(child_key, replies ? Values{replies, 1, 0} : Values{0, INF, 0});
      }
    }
    pos.undo_move();
  }
  if (kids.empty()) {
    // No check to give: no mate here. No reply to a check: mate.
    store(key, attacker ? Values{INF, 0, 0} : Values{0, INF, 0});
    return;
  }
  path_.push_back(key);
  // A child already on this line would repeat: counted as no mate (perpetual check).
  const auto child_values = [&](const Child& c) -> Values {
    if (std::find(path_.begin(), path_.end(), c.key) != path_.end()) return {INF, 0, 0, true};
    return lookup(c.key);
  };

  Values self{};
  while (true) {
    // Attacker: pn = min pn, dn = sum dn. Defender: the other way round.
    uint32_t best_phi = INF + 1, second_phi = INF + 1, sum_delta = 0;
    size_t best = 0;
    uint16_t best_len = 0, max_len = 0;
    bool repetition = false;  // does a disproof of this node lean on a repetition?
    for (size_t i = 0; i < kids.size(); ++i) {
      const Values v = child_values(kids[i]);
      if (v.dn == 0) repetition |= v.by_repetition;
      const uint32_t phi = attacker ? v.pn : v.dn;
      const uint32_t delta = attacker ? v.dn : v.pn;
      // Sums saturate below INF: in a graph with transpositions they count some
      // nodes many times and can grow huge, but only a real proof is infinite.
      sum_delta = delta >= INF || sum_delta >= INF ? INF : std::min(INF - 1, sum_delta + delta);
      if (phi < best_phi || (phi == best_phi && phi == 0 && v.length < best_len)) {
        second_phi = best_phi;
        best_phi = phi;
        best = i;
        best_len = v.length;
      } else if (phi < second_phi) {
        second_phi = phi;
      }
      max_len = std::max(max_len, v.length);
    }
    best_phi = std::min(best_phi, INF);
    self = attacker ? Values{best_phi, sum_delta, 0} : Values{sum_delta, best_phi, 0};
    if (self.pn == 0) self.length = uint16_t(1 + (attacker ? best_len : max_len));
    self.by_repetition = self.dn == 0 && repetition;
    const uint32_t th_phi = attacker ? th_pn : th_dn;
    const uint32_t th_delta = attacker ? th_dn : th_pn;
    if (best_phi >= th_phi || sum_delta >= th_delta || aborted_) break;

    const Values bv = child_values(kids[best]);
    const uint32_t child_delta = attacker ? bv.dn : bv.pn;
    // The 1 + epsilon trick: a little slack before switching to the second-best
    // child saves most re-expansions.
    const uint32_t second = second_phi > INF ? INF : second_phi;
    const uint32_t child_th_phi = std::min<uint64_t>(th_phi, uint64_t(second) + second / 4 + 1);
    const uint32_t child_th_delta =
        std::min<uint64_t>(INF, uint64_t(th_delta) - sum_delta + child_delta);
    pos.do_move(kids[best].move);
    // Thresholds in proof and disproof numbers: phi is pn at attacker nodes, dn at defender nodes.
    if (attacker)
      mid(pos, false, child_depth(depth), child_th_phi, child_th_delta);
    else
      mid(pos, true, child_depth(depth), child_th_delta, child_th_phi);
    pos.undo_move();
  }
  path_.pop_back();
  store(key, self);
}

std::vector<Move> MateSearch::principal_variation(Position pos, int depth) {
  std::vector<Move> pv;
  bool attacker = true;
  while (pv.size() < 1000) {
    Move chosen;
    int chosen_len = attacker ? 1 << 30 : -1;
    for (Move m : legal_moves(pos)) {
      pos.do_move(m);
      const bool relevant = !attacker || pos.in_check();
      const Values v = lookup(node_key(pos, !attacker, child_depth(depth)));
      pos.undo_move();
      if (!relevant) continue;
      if (v.pn != 0) {
        if (!attacker) return {};  // a defence the table cannot refute: no proof to show
        continue;
      }
      if (attacker ? v.length < chosen_len : v.length > chosen_len) {
        chosen = m;
        chosen_len = v.length;
      }
    }
    if (!chosen) break;  // the defender is mated
    pv.push_back(chosen);
    pos.do_move(chosen);
    depth = child_depth(depth);
    attacker = !attacker;
  }
  return pv.size() % 2 == 1 ? pv : std::vector<Move>{};
}

MateResult MateSearch::search(const Position& root, int64_t max_nodes,
                              const std::atomic<bool>* stop, int shortest_up_to, bool unlimited) {
  nodes_ = 0;
  max_nodes_ = max_nodes;
  stop_ = stop;
  aborted_ = false;
  MateResult result;
  const auto attempt = [&](int depth) {
    path_.clear();
    Position pos = root;
    mid(pos, true, depth, INF, INF);
    const Values v = lookup(node_key(root, true, depth));
    if (v.pn == 0) {
      result.pv = principal_variation(root, depth);
      if (!result.pv.empty()) result.kind = MateResult::Kind::Mate;
    }
    return v;
  };
  bool all_disproven = true;
  for (int depth = 1; depth <= shortest_up_to && !aborted_; depth += 2) {
    const Values v = attempt(depth);
    if (result.kind == MateResult::Kind::Mate) break;
    all_disproven &= v.dn == 0 && !v.by_repetition;
  }
  if (result.kind != MateResult::Kind::Mate && unlimited && !aborted_) {
    const Values v = attempt(NO_DEPTH_LIMIT);
    if (result.kind != MateResult::Kind::Mate && v.dn == 0 && !v.by_repetition && !aborted_)
      result.kind = MateResult::Kind::NoMate;
  } else if (result.kind != MateResult::Kind::Mate && !unlimited && all_disproven && !aborted_) {
    result.kind = MateResult::Kind::NoMate;  // no mate within shortest_up_to plies
  }
  result.nodes = nodes_;
  return result;
}

}  // namespace kishi::shogi
