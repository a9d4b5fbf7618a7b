// Tree nodes and the arena that holds them. Children of a node lie next to each
// other in the arena; the arena's size is the search's memory bound.
#pragma once

#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>

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

  Node() = default;
  Node(Action a, float p) : action(a), prior(p) {}

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

// The nodes' memory is taken from the system untouched and a node is built
// where it is handed out, so a large arena costs no time at its start and only
// the memory a search reaches (kishi serve keeps an arena for each game).
template <class Action>
class NodeArena {
 public:
  static constexpr uint32_t FULL = UINT32_MAX;
  explicit NodeArena(uint32_t capacity)
      : storage_(new std::byte[size_t(capacity) * sizeof(Node<Action>)]), capacity_(capacity) {}

  // Index of n fresh consecutive nodes, or FULL; each is built by emplace() before use.
  uint32_t allocate(uint32_t n) {
    uint32_t first = used_.load(std::memory_order_relaxed);
    do {
      if (first + uint64_t(n) > capacity_) return FULL;
    } while (!used_.compare_exchange_weak(first, first + n, std::memory_order_relaxed));
    return first;
  }
  Node<Action>& emplace(uint32_t i, Action a, float prior) {
    return *new (storage_.get() + size_t(i) * sizeof(Node<Action>)) Node<Action>(a, prior);
  }
  Node<Action>& operator[](uint32_t i) { return *node(i); }
  const Node<Action>& operator[](uint32_t i) const { return *node(i); }
  uint32_t used() const { return used_.load(std::memory_order_relaxed); }
  uint32_t capacity() const { return capacity_; }
  void clear() { used_.store(0, std::memory_order_relaxed); }

 private:
  Node<Action>* node(uint32_t i) const {
    return std::launder(
        reinterpret_cast<Node<Action>*>(storage_.get() + size_t(i) * sizeof(Node<Action>)));
  }
  static_assert(std::is_trivially_destructible_v<Node<Action>>);
  static_assert(alignof(Node<Action>) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__);

  std::unique_ptr<std::byte[]> storage_;
  uint32_t capacity_;
  std::atomic<uint32_t> used_{0};
};

}  // namespace kishi::search
