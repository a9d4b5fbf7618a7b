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
  // The position must stay unchanged until the call returns.
  Evaluation evaluate(const shogi::Position& pos);
  BatcherStats stats() const;

 private:
  struct Request {
    const shogi::Position* position;
    Evaluation* result;
    bool done = false;
    std::exception_ptr error;
  };
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
