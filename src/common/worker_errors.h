// The first error of a set of worker threads: it stops the others' work (they
// poll failed()) and is rethrown on the joining thread, after the join.
#pragma once

#include <atomic>
#include <exception>
#include <mutex>

namespace kishi {

class WorkerErrors {
 public:
  // Runs `work`, keeping its exception (the first of all workers') for rethrow().
  template <class Work>
  void run(Work&& work) {
    try {
      work();
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!error_) error_ = std::current_exception();
      failed_ = true;
    }
  }
  bool failed() const { return failed_; }
  // Call after joining the workers.
  void rethrow() const {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  std::mutex mutex_;
  std::exception_ptr error_;
  std::atomic<bool> failed_{false};
};

}  // namespace kishi
