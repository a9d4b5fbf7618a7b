// A cache of network evaluations keyed by the encoding's key, bounded in bytes.
// Direct-mapped: a new entry replaces whatever shared its slot.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

#include "nn/evaluator.h"

namespace kishi::nn {

class EvaluationCache {
 public:
  explicit EvaluationCache(size_t max_bytes);
  bool find(uint64_t key, PolicyValue& out) const;
  void store(uint64_t key, const PolicyValue& e);
  size_t bytes_used() const { return bytes_; }
  size_t max_bytes() const { return max_bytes_; }
  size_t slots() const { return slots_.size(); }

 private:
  struct Slot {
    uint64_t key = 0;
    bool used = false;
    PolicyValue value;
  };
  static size_t bytes_of(const Slot& s) {
    return s.used ? s.value.priors.size() * sizeof(float) : 0;
  }
  std::mutex& lock_for(size_t slot) const { return locks_[slot % locks_.size()]; }

  size_t max_bytes_;
  std::vector<Slot> slots_;
  mutable std::array<std::mutex, 64> locks_;
  std::atomic<size_t> bytes_{0};
};

}  // namespace kishi::nn
