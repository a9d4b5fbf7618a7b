// Gathers evaluation requests from many threads (search threads, concurrent
// self-play games) into batches: a batch runs when it is full or when its first
// request has waited max_wait. Optionally answers repeated positions from a cache.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

#include "nn/evaluation_cache.h"
#include "nn/evaluator.h"

namespace kishi::nn {

struct BatcherOptions {
  int max_batch = 64;
  std::chrono::microseconds max_wait{2000};
  size_t cache_bytes = 0;  // 0: no cache
};

struct BatcherStats {
  long requests = 0;
  long batches = 0;
  long cache_hits = 0;
};

class EvaluationBatcher {
 public:
  EvaluationBatcher(Evaluator& backend, const BatcherOptions& options);
  ~EvaluationBatcher();
  EvaluationBatcher(const EvaluationBatcher&) = delete;
  EvaluationBatcher& operator=(const EvaluationBatcher&) = delete;

  // Blocks until the position is evaluated; safe from any number of threads.
  // When there is a cache, `key()` (the encoding's key) is looked up in it
  // first; on a miss `encode()` gives the EncodedPosition, whose buffers must
  // stay unchanged until the call returns. Without a cache the key is never
  // computed.
  template <class Key, class Encode>
  PolicyValue evaluate(Key&& key, Encode&& encode) {
    PolicyValue result;
    if (!cache_) {
      submit(encode(), nullptr, result);
      return result;
    }
    const uint64_t k = key();
    if (find_cached(k, result)) return result;
    submit(encode(), &k, result);
    return result;
  }
  // The same without the cache.
  PolicyValue evaluate(const EncodedPosition& position) {
    PolicyValue result;
    submit(position, nullptr, result);
    return result;
  }
  BatcherStats stats() const;

 private:
  struct Request {
    EncodedPosition position;
    PolicyValue* result;
    bool done = false;
    std::exception_ptr error;
  };
  bool find_cached(uint64_t key, PolicyValue& out);
  // Queues the position and waits for its batch; stores the answer under *key when cached.
  void submit(const EncodedPosition& position, const uint64_t* key, PolicyValue& out);
  void run();

  Evaluator& backend_;
  BatcherOptions options_;
  std::unique_ptr<EvaluationCache> cache_;
  mutable std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable work_done_;
  std::deque<Request*> queue_;
  BatcherStats stats_;
  bool stopping_ = false;
  std::thread worker_;
};

}  // namespace kishi::nn
