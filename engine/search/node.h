// Tree nodes and the arena that holds them. Children of a node lie next to each
// other in the arena; the arena's size is the search's memory bound.
#pragma once

#include <atomic>
#include <cmath>
#include <cstdint>
#include <memory>

namespace kishi::search {

enum class NodeState : uint8_t { Unexpanded, Expanding, Expanded, Terminal };

template <class Action>
struct Node {
  Action action{};           // the action that led here
  float prior = 0;           // the parent's policy for that action
  float eval_value = 0;      // evaluator's value for the player to move here
  float terminal_value = 0;  // the game's verdict for the player to move, when Terminal
  int8_t player = -1;        // player to move here, once reached
  uint16_t num_children = 0;
  uint32_t first_child = 0;
  std::atomic<NodeState> state{NodeState::Unexpanded};
  std::atomic<int32_t> visits{0};
  std::atomic<int32_t> virtual_loss{0};
  // Sums of the values of the playouts through here, for the player who chose
  // this node's action (the parent's player to move).
  std::atomic<double> value_sum{0};
  std::atomic<double> value_sq_sum{0};

  void reset(Action a, float p) {
    action = a;
    prior = p;
    eval_value = terminal_value = 0;
    player = -1;
    num_children = 0;
    first_child = 0;
    state.store(NodeState::Unexpanded, std::memory_order_relaxed);
    visits.store(0, std::memory_order_relaxed);
    virtual_loss.store(0, std::memory_order_relaxed);
    value_sum.store(0, std::memory_order_relaxed);
    value_sq_sum.store(0, std::memory_order_relaxed);
  }
  void add_value(float v) {
    value_sum.fetch_add(v, std::memory_order_relaxed);
    value_sq_sum.fetch_add(double(v) * v, std::memory_order_relaxed);
    visits.fetch_add(1, std::memory_order_release);
  }
  // Mean value for the player who chose this node's action.
  double q() const {
    const int n = visits.load(std::memory_order_acquire);
    return n ? value_sum.load(std::memory_order_relaxed) / n : 0.0;
  }
  bool expanded() const { return state.load(std::memory_order_acquire) == NodeState::Expanded; }
};

template <class Action>
class NodeArena {
 public:
  static constexpr uint32_t FULL = UINT32_MAX;
  explicit NodeArena(uint32_t capacity)
      : nodes_(std::make_unique<Node<Action>[]>(capacity)), capacity_(capacity) {}

  // Index of n fresh consecutive nodes, or FULL.
  uint32_t allocate(uint32_t n) {
    uint32_t first = used_.load(std::memory_order_relaxed);
    do {
      if (first + uint64_t(n) > capacity_) return FULL;
    } while (!used_.compare_exchange_weak(first, first + n, std::memory_order_relaxed));
    return first;
  }
  Node<Action>& operator[](uint32_t i) { return nodes_[i]; }
  const Node<Action>& operator[](uint32_t i) const { return nodes_[i]; }
  uint32_t used() const { return used_.load(std::memory_order_relaxed); }
  uint32_t capacity() const { return capacity_; }
  void clear() { used_.store(0, std::memory_order_relaxed); }

 private:
  std::unique_ptr<Node<Action>[]> nodes_;
  uint32_t capacity_;
  std::atomic<uint32_t> used_{0};
};

}  // namespace kishi::search
