// Ctrl-C and SIGTERM for long jobs: the first asks the job to stop at its next
// safe point (after the current game or phase), which the job polls.
#pragma once

#include <atomic>
#include <csignal>

namespace kishi::command {

inline std::atomic<bool>& stop_requested_by_signal() {
  static std::atomic<bool> requested{false};
  static const bool installed = [] {
    const auto handler = [](int) { stop_requested_by_signal() = true; };
    std::signal(SIGINT, handler);
    std::signal(SIGTERM, handler);
    return true;
  }();
  (void)installed;
  return requested;
}

}  // namespace kishi::command
