#include "nn/evaluation_cache.h"

namespace kishi::nn {

// Slots are sized for a typical middle-game entry (about 80 moves); the byte
// bound is kept exactly by refusing stores that would pass it.
EvaluationCache::EvaluationCache(size_t max_bytes)
    : max_bytes_(max_bytes),
      slots_(std::max<size_t>(1, max_bytes / (sizeof(Slot) + 80 * sizeof(float)))) {
  bytes_ = slots_.size() * sizeof(Slot);
}

bool EvaluationCache::find(uint64_t key, PolicyValue& out) const {
  const size_t i = key % slots_.size();
  std::lock_guard lock(lock_for(i));
  const Slot& s = slots_[i];
  if (!s.used || s.key != key) return false;
  out = s.value;
  return true;
}

void EvaluationCache::store(uint64_t key, const PolicyValue& e) {
  const size_t i = key % slots_.size();
  std::lock_guard lock(lock_for(i));
  Slot& s = slots_[i];
  const size_t old_bytes = bytes_of(s);
  const size_t new_bytes = e.priors.size() * sizeof(float);
  // Reserve first, so that stores racing in other slots cannot pass the bound together.
  if (bytes_.fetch_add(new_bytes) + new_bytes - old_bytes > max_bytes_) {
    bytes_ -= new_bytes;
    return;
  }
  s.key = key;
  s.used = true;
  s.value.wdl = e.wdl;
  s.value.priors.assign(e.priors.begin(), e.priors.end());
  s.value.priors.shrink_to_fit();
  bytes_ -= old_bytes;
}

}  // namespace kishi::nn
