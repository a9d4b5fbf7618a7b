// A `kishi usi` child process on pipes, for scripted USI sessions in tests.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace kishi::testing {

class UsiProcess {
 public:
  explicit UsiProcess(const std::string& exe, std::vector<std::string> args = {"usi"}) {
    int to_child[2], from_child[2];
    if (pipe(to_child) || pipe(from_child)) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to_child[0], 0);
      dup2(from_child[1], 1);
      dup2(from_child[1], 2);
      close(to_child[1]);
      close(from_child[0]);
      std::vector<char*> argv{const_cast<char*>(exe.c_str())};
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(exe.c_str(), argv.data());
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = to_child[1];
    out_ = from_child[0];
    signal(SIGPIPE, SIG_IGN);
  }
  ~UsiProcess() {
    if (in_ >= 0) close(in_);
    if (!exited_) {
      int status;
      for (int i = 0; i < 50 && waitpid(pid_, &status, WNOHANG) == 0; ++i) usleep(100000);
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
    }
    close(out_);
  }

  void send(const std::string& line) {
    const std::string s = line + "\n";
    if (write(in_, s.data(), s.size()) != ssize_t(s.size()))
      throw std::runtime_error("write failed");
  }
  void close_input() {
    close(in_);
    in_ = -1;
  }

  // The first line (after those already read) satisfying `pred`, within the timeout.
  std::optional<std::string> wait_for(const std::function<bool(const std::string&)>& pred,
                                      int timeout_ms = 10000) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
      while (next_ < lines_.size())
        if (pred(lines_[next_++])) return lines_[next_ - 1];
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                            deadline - std::chrono::steady_clock::now())
                            .count();
      if (left <= 0 || !read_more(int(left))) return std::nullopt;
    }
  }
  std::optional<std::string> wait_for_prefix(const std::string& prefix, int timeout_ms = 10000) {
    return wait_for([&](const std::string& l) { return l.rfind(prefix, 0) == 0; }, timeout_ms);
  }
  // Every line seen so far.
  const std::vector<std::string>& lines() const { return lines_; }
  size_t mark() const { return next_; }

  // Exit status once the process ends within the timeout, or nullopt.
  std::optional<int> wait_exit(int timeout_ms) {
    int status;
    for (int waited = 0; waited <= timeout_ms; waited += 10) {
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      usleep(10000);
    }
    return std::nullopt;
  }

 private:
  bool read_more(int timeout_ms) {
    pollfd p{out_, POLLIN, 0};
    if (poll(&p, 1, timeout_ms) <= 0) return false;
    char buf[4096];
    const ssize_t n = read(out_, buf, sizeof buf);
    if (n <= 0) return false;
    for (ssize_t i = 0; i < n; ++i) {
      if (buf[i] == '\n') {
        lines_.push_back(partial_);
        partial_.clear();
      } else {
        partial_ += buf[i];
      }
    }
    return true;
  }

  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  bool exited_ = false;
  std::vector<std::string> lines_;
  size_t next_ = 0;
  std::string partial_;
};

}  // namespace kishi::testing
