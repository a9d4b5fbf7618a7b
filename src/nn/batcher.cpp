#include "nn/batcher.h"

namespace kishi::nn {

EvaluationBatcher::EvaluationBatcher(Evaluator& backend, const BatcherOptions& options)
    : backend_(backend), options_(options) {
  if (options.max_batch < 1) throw std::invalid_argument("batch size must be at least 1");
  if (options.cache_bytes) cache_ = std::make_unique<EvaluationCache>(options.cache_bytes);
  worker_ = std::thread([this] { run(); });
}

EvaluationBatcher::~EvaluationBatcher() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  work_ready_.notify_all();
  worker_.join();
}

bool EvaluationBatcher::find_cached(uint64_t key, PolicyValue& out) {
  if (!cache_->find(key, out)) return false;
  std::lock_guard lock(mutex_);
  ++stats_.requests;
  ++stats_.cache_hits;
  return true;
}

void EvaluationBatcher::submit(const EncodedPosition& position, const uint64_t* key,
                               PolicyValue& result) {
  Request request{position, &result, false, nullptr};
  {
    std::unique_lock lock(mutex_);
    ++stats_.requests;
    queue_.push_back(&request);
    if (int(queue_.size()) >= options_.max_batch || queue_.size() == 1) work_ready_.notify_one();
    work_done_.wait(lock, [&] { return request.done; });
  }
  if (request.error) std::rethrow_exception(request.error);
  if (cache_ && key) cache_->store(*key, result);
}

BatcherStats EvaluationBatcher::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void EvaluationBatcher::run() {
  std::vector<Request*> batch;
  std::vector<EncodedPosition> positions;
  std::vector<PolicyValue> results;
  std::unique_lock lock(mutex_);
  while (true) {
    work_ready_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and nobody waits
    // Wait for a full batch, at most max_wait from now.
    const auto deadline = std::chrono::steady_clock::now() + options_.max_wait;
    work_ready_.wait_until(lock, deadline,
                           [&] { return stopping_ || int(queue_.size()) >= options_.max_batch; });
    batch.clear();
    while (!queue_.empty() && int(batch.size()) < options_.max_batch) {
      batch.push_back(queue_.front());
      queue_.pop_front();
    }
    ++stats_.batches;
    lock.unlock();

    positions.clear();
    for (Request* r : batch) positions.push_back(r->position);
    results.resize(batch.size());
    std::exception_ptr error;
    try {
      backend_.evaluate(positions, results);
    } catch (...) {
      error = std::current_exception();
    }

    lock.lock();
    for (size_t i = 0; i < batch.size(); ++i) {
      batch[i]->error = error;
      if (!error) *batch[i]->result = std::move(results[i]);
      batch[i]->done = true;
    }
    work_done_.notify_all();
  }
}

}  // namespace kishi::nn
