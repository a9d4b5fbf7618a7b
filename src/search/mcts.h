// PUCT Monte Carlo tree search over any SearchGame.
//
// Playouts run on `threads` worker threads with virtual loss; each leaf is one
// blocking call to the LeafEvaluator, which batches the calls of all threads
// (and of other searches sharing it). The tree lives in a fixed arena: its
// fill is reported as hashfull, and a full tree ends the search. The tree is
// kept between searches when the next root continues the previous game.
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <mutex>
#include <optional>
#include <random>
#include <span>
#include <thread>
#include <vector>

#include "game/game.h"
#include "game/leaf_evaluator.h"
#include "search/final_move.h"
#include "search/node.h"
#include "search/puct_params.h"

namespace kishi::search {

using game::SearchGame;
using game::Terminal;

struct SearchParams {
  int threads = 1;
  uint32_t max_nodes = 1 << 20;  // arena capacity
  PuctParams puct{};
  // Root noise for self-play: P = (1 - epsilon) P + epsilon Dir(alpha).
  float dirichlet_alpha = 0.15f;
  float dirichlet_epsilon = 0.0f;
  // Final choice by a lower confidence bound instead of most visits (final_move.h).
  bool lcb_final = false;
  float lcb_z = 5.0f;  // standard errors below the mean (KataGo's lcbStdevs)
  // A draw inside the tree is worth -contempt to the root's player and
  // +contempt to the other: above 0 the engine steers away from repetitions.
  float contempt = 0.0f;
  uint64_t seed = 1;
};

struct SearchInfo {
  int64_t playouts = 0;  // this search's playouts
  int64_t root_visits = 0;
  double seconds = 0;
  int depth = 0;           // mean depth of this search's playouts
  int seldepth = 0;        // deepest playout
  int hashfull = 0;        // permille of the arena in use
  int64_t tree_nodes = 0;  // nodes in the tree
  float best_share = 0;    // visits of the most visited child / all child visits
  bool tree_full = false;
};

template <class Action>
struct ChildStats {
  Action action;
  int visits;
  float q;  // for the player to move at the root
  float prior;
};

template <class Action>
struct SearchResult {
  std::optional<Action> best;  // none when the root has no legal action
  float value = 0;             // for the player to move at the root
  std::vector<Action> pv;
  std::vector<ChildStats<Action>> children;  // most visited first
  std::vector<float> improved_policy;  // Gumbel search: completed-Q target, same order as children
  SearchInfo info;
};

// When to stop; checked by the controller about every millisecond.
struct SearchLimits {
  int64_t max_playouts = -1;  // this search's playouts; -1: no limit
  int64_t max_visits = -1;    // root visits, reused ones included; -1: no limit
  std::function<bool(const SearchInfo&)> should_stop;  // time management, USI stop
};

// The root move drawn with probability proportional to count^(1 / temperature),
// a child's count its visits plus `prior_visits` times its prior: self-play's
// openings count visits alone; a weakened player counts the prior as a share
// of a visit, so that a search of one playout still draws from the policy.
// Temperature 0 takes the most visited.
template <class Action, class Rng>
Action sample_by_visits(const std::vector<ChildStats<Action>>& children, float temperature,
                        Rng& rng, float prior_visits = 0) {
  if (temperature <= 0 || children.size() == 1) return children.front().action;
  std::vector<double> counts;
  for (const auto& c : children) counts.push_back(c.visits + double(prior_visits) * c.prior);
  const double top = std::max(1e-9, *std::max_element(counts.begin(), counts.end()));
  for (double& c : counts) c = std::pow(c / top, 1.0 / temperature);
  std::discrete_distribution<size_t> pick(counts.begin(), counts.end());
  return children[pick(rng)].action;
}

template <SearchGame G>
class Search {
 public:
  using State = typename G::State;
  using Action = typename G::Action;
  using Result = SearchResult<Action>;

  Search(G game, game::LeafEvaluator<G>& evaluator, const SearchParams& params)
      : game_(std::move(game)), evaluator_(&evaluator), params_(params), rng_(params.seed) {
    make_arenas();
  }

  const G& game() const { return game_; }
  void set_evaluator(game::LeafEvaluator<G>& evaluator) { evaluator_ = &evaluator; }
  void set_params(const SearchParams& p) {
    const bool resize = p.max_nodes != params_.max_nodes;
    // The tree's sums hold draws valued with the old contempt.
    const bool revalue = p.contempt != params_.contempt;
    params_ = p;
    if (resize) make_arenas();
    if (resize || revalue) clear_tree();
  }
  const SearchParams& params() const { return params_; }

  void clear_tree() {
    arena().clear();
    has_root_ = false;
  }

  // Moves the root down the tree along `actions` (played since the last search's
  // root), keeping that subtree. False, and an empty tree, when the tree lacks them.
  bool advance_root(std::span<const Action> actions) {
    if (!has_root_) return false;
    uint32_t node = 0;
    for (const Action& a : actions) {
      const Node<Action>& n = arena()[node];
      if (!n.expanded()) return clear_and_fail();
      uint32_t next = NodeArena<Action>::FULL;
      for (uint32_t i = 0; i < n.num_children; ++i)
        if (arena()[n.first_child + i].action == a) next = n.first_child + i;
      if (next == NodeArena<Action>::FULL) return clear_and_fail();
      node = next;
    }
    // With contempt the tree's draws were valued for the old root's player.
    if (params_.contempt != 0 && arena()[node].player != arena()[0].player) return clear_and_fail();
    if (node != 0) compact_from(node);
    return true;
  }

  // Searches `root` until a limit is met or stop() is called. `on_info` is called
  // about every info_interval with the running figures.
  Result run(const State& root, const SearchLimits& limits,
             const std::function<void(const SearchInfo&, const Search&)>& on_info = {},
             std::chrono::milliseconds info_interval = std::chrono::milliseconds(1000)) {
    begin(root, limits);
    if (!prepare_root()) return finish_result();
    std::vector<std::thread> workers;
    for (int t = 1; t < params_.threads; ++t) workers.emplace_back([this, t] { work(t); });
    std::thread first([this] { work(0); });
    auto next_info = start_ + info_interval;
    while (!stop_.load()) {
      std::this_thread::sleep_for(std::chrono::microseconds(500));
      const SearchInfo now = info();
      if (limit_reached(now) || (limits.should_stop && limits.should_stop(now))) stop_.store(true);
      if (on_info && std::chrono::steady_clock::now() >= next_info) {
        on_info(now, *this);
        next_info += info_interval;
      }
    }
    first.join();
    for (auto& w : workers) w.join();
    return finish_result();
  }

  // Gumbel root for small budgets (Danihelka et al. 2022): sample k actions by
  // Gumbel-top-k on the policy, share `playouts` among them by sequential halving,
  // play the survivor with the best g + logit + sigma(q), and return the
  // completed-Q improved policy as the training target. Runs on the calling thread.
  // `gumbel_noise` false: the deterministic variant (for evaluation games).
  Result run_gumbel(const State& root, int playouts, int k, bool gumbel_noise = true,
                    float c_visit = 50, float c_scale = 1) {
    const SearchLimits no_limits;
    begin(root, no_limits);
    if (!prepare_root(/*noise=*/false)) return finish_result();

    Node<Action>& r = arena()[0];
    const int n = r.num_children;
    std::vector<float> logits(n), gumbel(n);
    std::extreme_value_distribution<float> gumbel_dist(0, 1);
    for (int i = 0; i < n; ++i) {
      logits[i] = std::log(std::max(child(r, i).prior, 1e-9f));
      gumbel[i] = gumbel_noise ? gumbel_dist(rng_) : 0.0f;
    }
    std::vector<int> alive(n);
    for (int i = 0; i < n; ++i) alive[i] = i;
    const auto sigma = [&](float q) {
      int max_n = 0;
      for (int i = 0; i < n; ++i) max_n = std::max(max_n, child(r, i).visits.load());
      return (c_visit + max_n) * c_scale * (q + 1) / 2;  // q in [-1, 1] rescaled to [0, 1]
    };
    const auto score = [&](int i) {
      const Node<Action>& c = child(r, i);
      return gumbel[i] + logits[i] + (c.visits.load() ? sigma(float(c.q())) : 0.0f);
    };
    std::sort(alive.begin(), alive.end(),
              [&](int a, int b) { return gumbel[a] + logits[a] > gumbel[b] + logits[b]; });
    alive.resize(std::min(k, n));

    Worker w(this, 0);
    const int phases = alive.size() > 1 ? int(std::ceil(std::log2(double(alive.size())))) : 1;
    int remaining = playouts;
    for (int phase = 0; phase < phases && remaining > 0; ++phase) {
      const int per_action = std::max(1, playouts / (phases * int(alive.size())));
      for (int i : alive)
        for (int j = 0; j < per_action && remaining > 0; ++j) {
          if (playout(w, i)) --remaining;
          if (tree_full_) break;
        }
      std::sort(alive.begin(), alive.end(), [&](int a, int b) { return score(a) > score(b); });
      if (alive.size() > 1) alive.resize((alive.size() + 1) / 2);
    }
    // Whatever the halving left over goes to the survivor.
    while (remaining-- > 0 && !tree_full_) playout(w, alive[0]);

    Result result = finish_result();
    result.best = child(r, alive[0]).action;
    // Completed Q: visited children keep their q; unvisited ones get the mixed value.
    double visited_prior = 0, weighted_q = 0, total_visits = 0;
    for (int i = 0; i < n; ++i) {
      const Node<Action>& c = child(r, i);
      if (c.visits.load()) {
        visited_prior += c.prior;
        weighted_q += c.prior * c.q();
        total_visits += c.visits.load();
      }
    }
    const double v_mix =
        visited_prior > 0
            ? (r.eval_value + total_visits * (weighted_q / visited_prior)) / (1 + total_visits)
            : r.eval_value;
    std::vector<float> improved(n);
    float max_l = -1e30f;
    for (int i = 0; i < n; ++i) {
      const Node<Action>& c = child(r, i);
      improved[i] = logits[i] + sigma(c.visits.load() ? float(c.q()) : float(v_mix));
      max_l = std::max(max_l, improved[i]);
    }
    float sum = 0;
    for (float& x : improved) sum += (x = std::exp(x - max_l));
    for (float& x : improved) x /= sum;
    // Report it in the order of result.children.
    result.improved_policy.clear();
    for (const auto& cs : result.children)
      for (int i = 0; i < n; ++i)
        if (child(r, i).action == cs.action) result.improved_policy.push_back(improved[i]);
    return result;
  }

  void stop() { stop_.store(true); }

  // Figures of the running (or last) search.
  SearchInfo info() const {
    SearchInfo s;
    s.playouts = playouts_.load();
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    s.depth = s.playouts ? int(depth_sum_.load() / s.playouts) : 0;
    s.seldepth = seldepth_.load();
    s.tree_nodes = arena().used();
    s.hashfull = int(uint64_t(s.tree_nodes) * 1000 / arena().capacity());
    s.tree_full = tree_full_.load();
    if (has_root_) {
      const Node<Action>& r = arena()[0];
      s.root_visits = r.visits.load();
      int best = 0, total = 0;
      if (r.expanded())
        for (uint32_t i = 0; i < r.num_children; ++i) {
          const int v = child(r, i).visits.load();
          best = std::max(best, v);
          total += v;
        }
      s.best_share = total ? float(best) / total : 0;
    }
    return s;
  }

  // The running search's figures by root child, most visited first (for info lines).
  std::vector<ChildStats<Action>> root_children() const {
    std::vector<ChildStats<Action>> out;
    if (!has_root_ || !arena()[0].expanded()) return out;
    const Node<Action>& r = arena()[0];
    for (uint32_t i = 0; i < r.num_children; ++i) {
      const Node<Action>& c = child(r, i);
      out.push_back({c.action, c.visits.load(), float(c.q()), c.prior});
    }
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
      return a.visits != b.visits ? a.visits > b.visits : a.prior > b.prior;
    });
    return out;
  }

  // The most visited line from the root child playing `first`.
  std::vector<Action> pv_from(const Action& first, int max_len = 64) const {
    std::vector<Action> pv;
    if (!has_root_ || !arena()[0].expanded()) return pv;
    const Node<Action>* n = nullptr;
    const Node<Action>& r = arena()[0];
    for (uint32_t i = 0; i < r.num_children; ++i)
      if (child(r, i).action == first) n = &child(r, i);
    while (n && int(pv.size()) < max_len) {
      pv.push_back(n->action);
      if (!n->expanded() || n->num_children == 0) break;
      const Node<Action>* best = nullptr;
      for (uint32_t i = 0; i < n->num_children; ++i) {
        const Node<Action>& c = child(*n, i);
        if (c.visits.load() && (!best || c.visits.load() > best->visits.load())) best = &c;
      }
      n = best;
    }
    return pv;
  }

 private:
  struct Worker {
    Worker(Search* s, int index) : state(*s->root_state_), rng(s->params_.seed * 7919 + index) {}
    State state;
    typename G::ActionList list;
    typename game::LeafEvaluator<G>::Evaluation eval;
    std::vector<Node<Action>*> path;
    std::mt19937_64 rng;
  };

  void make_arenas() {
    for (auto& a : arenas_) a = std::make_unique<NodeArena<Action>>(params_.max_nodes);
    current_ = 0;
  }
  NodeArena<Action>& arena() { return *arenas_[current_]; }
  const NodeArena<Action>& arena() const { return *arenas_[current_]; }
  Node<Action>& child(const Node<Action>& n, uint32_t i) { return arena()[n.first_child + i]; }
  const Node<Action>& child(const Node<Action>& n, uint32_t i) const {
    return arena()[n.first_child + i];
  }

  void begin(const State& root, const SearchLimits& limits) {
    stop_.store(false);
    start_ = std::chrono::steady_clock::now();
    playouts_ = 0;
    depth_sum_ = 0;
    seldepth_ = 0;
    tree_full_ = false;
    root_state_ = root;
    limits_ = &limits;
  }

  bool clear_and_fail() {
    clear_tree();
    return false;
  }

  bool limit_reached(const SearchInfo& s) const {
    return s.tree_full || (limits_->max_playouts >= 0 && s.playouts >= limits_->max_playouts) ||
           (limits_->max_visits >= 0 && s.root_visits >= limits_->max_visits);
  }

  // Expands the root if needed and applies root noise; false when there is nothing to search.
  bool prepare_root(bool noise = true) {
    if (!has_root_) {
      arena().clear();
      arena().allocate(1);
      arena().emplace(0, Action{}, 1);
      has_root_ = true;
    }
    Node<Action>& r = arena()[0];
    // A reused root may have been final inside the old tree (a repetition, a
    // quick mate): as the root it is expanded afresh.
    if (r.state.load() == NodeState::Terminal) r.state.store(NodeState::Unexpanded);
    if (r.state.load() == NodeState::Unexpanded) {
      Worker w(this, 0);
      r.state.store(NodeState::Expanding);
      float v = 0;
      if (!expand(w, r, v, /*root=*/true)) return false;
      r.add_value(v);
    }
    if (r.state.load() != NodeState::Expanded || r.num_children == 0) return false;
    if (noise && params_.dirichlet_epsilon > 0) {
      std::gamma_distribution<float> gamma(params_.dirichlet_alpha, 1);
      std::vector<float> eta(r.num_children);
      float sum = 0;
      for (float& x : eta) sum += (x = gamma(rng_));
      for (uint32_t i = 0; i < r.num_children; ++i) {
        Node<Action>& c = child(r, i);
        c.prior = (1 - params_.dirichlet_epsilon) * c.prior +
                  params_.dirichlet_epsilon * (sum > 0 ? eta[i] / sum : 0);
      }
    }
    return true;
  }

  void work(int index) {
    Worker w(this, index);
    while (!stop_.load(std::memory_order_relaxed)) {
      playout(w, -1);
      if (limits_->max_playouts >= 0 && playouts_.load() >= limits_->max_playouts) break;
      if (limits_->max_visits >= 0 && arena()[0].visits.load() >= limits_->max_visits) break;
    }
  }

  // Expands `node` (state Expanding, held by this thread) at w.state; sets `value`
  // to the value for its player to move. False if the arena is full.
  bool expand(Worker& w, Node<Action>& node, float& value, bool root = false) {
    game_.legal_actions(w.state, w.list);
    node.player = int8_t(game_.player(w.state));
    // The root is searched whenever it has a move: what the game would score
    // as final inside the tree (a repetition, a quick mate) is a position to play here.
    const Terminal t = root ? Terminal{w.list.size() == 0, -1} : game_.terminal(w.state, w.list);
    if (t.over) {
      node.terminal_value = t.value;
      value = terminal_value(node);
      node.state.store(NodeState::Terminal, std::memory_order_release);
      return true;
    }
    evaluator_->evaluate(w.state, w.list, w.eval);
    const uint32_t n = uint32_t(w.eval.policy.size());
    const uint32_t first = arena().allocate(n);
    if (first == NodeArena<Action>::FULL) {
      tree_full_.store(true);
      node.state.store(NodeState::Unexpanded, std::memory_order_release);
      value = w.eval.value();
      return false;
    }
    for (uint32_t i = 0; i < n; ++i)
      arena().emplace(first + i, w.eval.policy[i].first, w.eval.policy[i].second);
    node.first_child = first;
    node.num_children = uint16_t(n);
    node.eval_value = value = w.eval.value();
    node.state.store(NodeState::Expanded, std::memory_order_release);
    return true;
  }

  // A terminal node's value for its player to move, a draw's with contempt.
  float terminal_value(const Node<Action>& node) const {
    if (node.terminal_value != 0 || params_.contempt == 0) return node.terminal_value;
    return node.player == arena()[0].player ? -params_.contempt : params_.contempt;
  }

  uint32_t select(const Node<Action>& node, bool is_root) const {
    int parent_visits = 0;
    double visited_prior = 0;
    for (uint32_t i = 0; i < node.num_children; ++i) {
      const Node<Action>& c = child(node, i);
      const int n =
          c.visits.load(std::memory_order_relaxed) + c.virtual_loss.load(std::memory_order_relaxed);
      parent_visits += n;
      if (n) visited_prior += c.prior;
    }
    const PuctParams& puct = params_.puct;
    const double cpuct =
        puct.cpuct_init + std::log((parent_visits + puct.cpuct_base + 1) / puct.cpuct_base);
    const double explore = cpuct * std::sqrt(double(std::max(parent_visits, 1)));
    const double fpu = node.eval_value - (is_root ? puct.root_fpu_reduction : puct.fpu_reduction) *
                                             std::sqrt(visited_prior);
    uint32_t best = 0;
    double best_score = -1e300;
    for (uint32_t i = 0; i < node.num_children; ++i) {
      const Node<Action>& c = child(node, i);
      const int visits = c.visits.load(std::memory_order_acquire);
      const int vl = c.virtual_loss.load(std::memory_order_relaxed);
      const int n = visits + vl;
      // Virtual losses count as lost playouts, steering other threads elsewhere.
      const double q = n ? (c.value_sum.load(std::memory_order_relaxed) - vl) / n : fpu;
      const double score = q + explore * c.prior / (1 + n);
      if (score > best_score) {
        best_score = score;
        best = i;
      }
    }
    return best;
  }

  // One playout; false on a collision with another thread's expansion.
  bool playout(Worker& w, int forced_root_child) {
    w.path.clear();
    Node<Action>* node = &arena()[0];
    w.path.push_back(node);
    float value = 0;
    bool evaluated = true;
    while (true) {
      const NodeState st = node->state.load(std::memory_order_acquire);
      if (st == NodeState::Terminal) {
        value = terminal_value(*node);
        break;
      }
      if (st == NodeState::Expanded) {
        const bool root = w.path.size() == 1;
        const uint32_t i =
            root && forced_root_child >= 0 ? uint32_t(forced_root_child) : select(*node, root);
        Node<Action>* next = &child(*node, i);
        next->virtual_loss.fetch_add(1, std::memory_order_relaxed);
        game_.play(w.state, next->action);
        w.path.push_back(next);
        node = next;
        continue;
      }
      NodeState expected = NodeState::Unexpanded;
      if (st == NodeState::Unexpanded &&
          node->state.compare_exchange_strong(expected, NodeState::Expanding)) {
        evaluated = expand(w, *node, value);
        break;
      }
      // Another thread is expanding this node: take the virtual losses back.
      for (size_t j = 1; j < w.path.size(); ++j) {
        w.path[j]->virtual_loss.fetch_sub(1, std::memory_order_relaxed);
        game_.undo(w.state);
      }
      std::this_thread::yield();
      return false;
    }
    backup(w, value);
    for (size_t j = 1; j < w.path.size(); ++j) game_.undo(w.state);
    const int depth = int(w.path.size()) - 1;
    depth_sum_.fetch_add(depth, std::memory_order_relaxed);
    int sd = seldepth_.load(std::memory_order_relaxed);
    while (depth > sd && !seldepth_.compare_exchange_weak(sd, depth)) {
    }
    playouts_.fetch_add(1, std::memory_order_relaxed);
    return evaluated;
  }

  // `value` is for the player to move at the leaf; each node on the path takes
  // it for the player who chose it.
  void backup(Worker& w, float value) {
    const int leaf_player = w.path.back()->player;
    for (size_t j = w.path.size() - 1; j >= 1; --j) {
      Node<Action>* n = w.path[j];
      const int chooser = w.path[j - 1]->player;
      n->add_value(chooser == leaf_player ? value : -value);
      n->virtual_loss.fetch_sub(1, std::memory_order_relaxed);
    }
    w.path[0]->visits.fetch_add(1, std::memory_order_release);
  }

  Result finish_result() {
    Result result;
    result.info = info();
    if (!has_root_) return result;
    Node<Action>& r = arena()[0];
    if (!r.expanded() || r.num_children == 0) {
      result.value = r.state.load() == NodeState::Terminal ? r.terminal_value : 0;
      return result;
    }
    result.children = root_children();
    const auto& top = result.children.front();
    const ChildStats<Action>* chosen = &top;
    if (params_.lcb_final) {
      std::vector<ChildSample> samples;
      for (const auto& cs : result.children) samples.push_back(sample_of(cs.action));
      chosen = &result.children[lcb_choice(samples, 0, params_.lcb_z)];
    }
    result.best = chosen->action;
    result.value = chosen->visits ? chosen->q : r.eval_value;
    result.pv = pv_from(chosen->action);
    return result;
  }

  ChildSample sample_of(const Action& a) const {
    const Node<Action>& r = arena()[0];
    for (uint32_t i = 0; i < r.num_children; ++i) {
      const Node<Action>& c = child(r, i);
      if (c.action == a) return {c.visits.load(), c.value_sum.load(), c.value_sq_sum.load()};
    }
    return {};
  }

  // Copies the subtree under `node` into the other arena, as its root.
  void compact_from(uint32_t node) {
    NodeArena<Action>& from = arena();
    NodeArena<Action>& to = *arenas_[1 - current_];
    to.clear();
    to.allocate(1);
    copy_node(from[node], to, 0);
    std::vector<std::pair<uint32_t, uint32_t>> stack{{node, 0}};  // (source, destination)
    while (!stack.empty()) {
      const auto [src, dst] = stack.back();
      stack.pop_back();
      const Node<Action>& s = from[src];
      if (s.state.load() != NodeState::Expanded) continue;
      const uint32_t first = to.allocate(s.num_children);
      to[dst].first_child = first;
      for (uint32_t i = 0; i < s.num_children; ++i) {
        copy_node(from[s.first_child + i], to, first + i);
        stack.emplace_back(s.first_child + i, first + i);
      }
    }
    current_ = 1 - current_;
  }

  static void copy_node(const Node<Action>& s, NodeArena<Action>& to, uint32_t at) {
    Node<Action>& d = to.emplace(at, s.action, s.prior);
    d.eval_value = s.eval_value;
    d.terminal_value = s.terminal_value;
    d.player = s.player;
    d.num_children = s.num_children;
    d.state.store(s.state.load() == NodeState::Expanding ? NodeState::Unexpanded : s.state.load());
    d.visits.store(s.visits.load());
    d.value_sum.store(s.value_sum.load());
    d.value_sq_sum.store(s.value_sq_sum.load());
  }

  G game_;
  game::LeafEvaluator<G>* evaluator_;
  SearchParams params_;
  std::unique_ptr<NodeArena<Action>> arenas_[2];
  int current_ = 0;
  bool has_root_ = false;
  std::optional<State> root_state_;
  const SearchLimits* limits_ = nullptr;
  std::mt19937_64 rng_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> tree_full_{false};
  std::atomic<int64_t> playouts_{0};
  std::atomic<int64_t> depth_sum_{0};
  std::atomic<int> seldepth_{0};
  std::chrono::steady_clock::time_point start_;
};

}  // namespace kishi::search
