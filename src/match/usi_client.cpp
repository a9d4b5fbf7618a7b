#include "match/usi_client.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>
#include <stdexcept>

namespace kishi::match {

using SteadyClock = std::chrono::steady_clock;

UsiClient::UsiClient(const EngineSpec& spec, const std::string& stderr_path) : spec_(spec) {
  if (spec.command.empty()) throw std::runtime_error("engine " + spec.name + ": no command");
  int error_log = -1;
  if (!stderr_path.empty()) {
    error_log = open(stderr_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (error_log < 0)
      throw std::runtime_error("engine " + spec.name + ": cannot write " + stderr_path + ": " +
                               std::strerror(errno));
  }
  // Close-on-exec, so that engines started at the same time by other match
  // workers do not inherit this engine's pipe ends.
  int to_child[2] = {-1, -1}, from_child[2] = {-1, -1};
  if (pipe2(to_child, O_CLOEXEC) || pipe2(from_child, O_CLOEXEC)) {
    const std::string reason = std::strerror(errno);
    for (int fd : {to_child[0], to_child[1], error_log})
      if (fd >= 0) close(fd);
    throw std::runtime_error("engine " + spec.name + ": cannot make a pipe: " + reason);
  }
  signal(SIGPIPE, SIG_IGN);
  pid_ = fork();
  if (pid_ == 0) {
    dup2(to_child[0], 0);
    dup2(from_child[1], 1);
    if (error_log >= 0) dup2(error_log, 2);
    close(to_child[1]);
    close(from_child[0]);
    std::vector<char*> argv;
    for (const auto& a : spec.command) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  close(to_child[0]);
  close(from_child[1]);
  if (error_log >= 0) close(error_log);
  in_ = to_child[1];
  out_ = from_child[0];
  alive_ = true;

  // A failed handshake must not leave the child running: the destructor does
  // not run for a constructor that throws.
  const auto fail = [&](const std::string& what) {
    const std::string why = exit_reason();
    shut_down();
    return std::runtime_error("engine " + spec.name + " (" + spec.command[0] +
                              "): " + (why.empty() ? what : why));
  };
  send("usi");
  if (!wait_for("usiok", 20000)) throw fail("no usiok within 20 s; is it a USI engine?");
  for (const auto& [name, value] : spec.options) send("setoption name " + name + " value " + value);
  send("isready");
  if (!wait_for("readyok", 120000)) throw fail("no readyok within 120 s");
  fresh_ = true;
}

UsiClient::~UsiClient() { shut_down(); }

void UsiClient::shut_down() {
  if (pid_ <= 0) return;
  if (alive_) send("quit");
  if (in_ >= 0) close(in_);
  in_ = -1;
  int status;
  for (int i = 0; i < 30 && waitpid(pid_, &status, WNOHANG) == 0; ++i) usleep(100000);
  kill_engine();
  if (out_ >= 0) close(out_);
  out_ = -1;
}

void UsiClient::kill_engine() {
  alive_ = false;
  if (pid_ <= 0) return;
  int status;
  if (waitpid(pid_, &status, WNOHANG) == 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, &status, 0);
  }
  pid_ = -1;
}

std::string UsiClient::exit_reason() {
  int status = 0;
  if (pid_ <= 0) return "";
  // The end of its output comes a moment before the process can be reaped:
  // once the output has ended, wait a second for it.
  bool reaped = waitpid(pid_, &status, WNOHANG) == pid_;
  for (int i = 0; !reaped && !alive_ && i < 100; ++i) {
    usleep(10000);
    reaped = waitpid(pid_, &status, WNOHANG) == pid_;
  }
  if (!reaped) return "";
  pid_ = -1;
  alive_ = false;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
    return "could not start '" + spec_.command[0] + "' (no such program, or not executable)";
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  return "killed by signal " + std::to_string(WTERMSIG(status));
}

void UsiClient::send(const std::string& line) {
  if (!alive_) return;
  const std::string s = line + "\n";
  if (write(in_, s.data(), s.size()) != ssize_t(s.size())) alive_ = false;
}

bool UsiClient::read_line(std::string& line, SteadyClock::time_point deadline) {
  while (true) {
    if (const size_t eol = buffer_.find('\n'); eol != std::string::npos) {
      line = buffer_.substr(0, eol);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      buffer_.erase(0, eol + 1);
      return true;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now())
            .count();
    if (left <= 0) return false;
    pollfd p{out_, POLLIN, 0};
    if (poll(&p, 1, int(std::min<int64_t>(left, 1000))) <= 0) continue;
    char buf[4096];
    const ssize_t n = read(out_, buf, sizeof buf);
    if (n <= 0) {
      alive_ = false;
      return false;
    }
    buffer_.append(buf, size_t(n));
  }
}

bool UsiClient::wait_for(const std::string& prefix, int64_t timeout_ms, std::string* out,
                         std::string* last_info) {
  const auto deadline = SteadyClock::now() + std::chrono::milliseconds(timeout_ms);
  for (std::string line; alive_ && read_line(line, deadline);) {
    if (line.rfind(prefix, 0) == 0) {
      if (out) *out = line;
      return true;
    }
    if (last_info && line.rfind("info", 0) == 0 && line.find(" pv ") != std::string::npos)
      *last_info = line;
  }
  return false;
}

// As GUIs do before each game: isready, wait for readyok, usinewgame. Some
// engines (gpsusi) go wrong without the isready after a gameover.
bool UsiClient::wait_ready(int64_t timeout_ms) {
  send("isready");
  return wait_for("readyok", timeout_ms);
}

bool UsiClient::new_game() {
  // Right after the handshake's isready the engine is ready: asking again
  // would only wait on an engine that has stopped answering.
  if (!fresh_ && !wait_ready(120000)) {
    kill_engine();  // hung or dead: restarted for the next game
    return false;
  }
  fresh_ = false;
  send("usinewgame");
  return true;
}

UsiClient::Reply UsiClient::play(const std::string& position, const std::string& go,
                                 int64_t timeout_ms) {
  Reply reply;
  // After usinewgame another isready: whatever the engine clears is cleared
  // before the move's clock starts.
  const bool ready = spec_.new_game_each_move ? new_game() && wait_ready(60000)
                     : spec_.sync_each_move   ? wait_ready(60000)
                                              : true;
  if (!ready) {
    reply.status = alive_ ? Reply::Status::Timeout : Reply::Status::Crashed;
    return reply;
  }
  send(position);
  const auto start = SteadyClock::now();
  send(go);
  std::string line;
  const bool answered = wait_for("bestmove", timeout_ms, &line, &reply.last_info);
  reply.elapsed_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start).count();
  if (!answered) {
    reply.status = alive_ ? Reply::Status::Timeout : Reply::Status::Crashed;
    // Take the late answer off the line so that the next move starts clean;
    // an engine that gives none is hung, and is killed (restarted for the next game).
    if (alive_) {
      send("stop");
      if (!wait_for("bestmove", 5000)) kill_engine();
    }
    return reply;
  }
  reply.status = Reply::Status::Move;
  const size_t start_move = line.find_first_not_of(' ', 8);
  const size_t end_move = line.find(' ', start_move);
  reply.move =
      start_move == std::string::npos ? "" : line.substr(start_move, end_move - start_move);
  return reply;
}

void UsiClient::game_over(const std::string& result) { send("gameover " + result); }

std::optional<int> info_score_cp(const std::string& info) {
  std::istringstream words(info);
  std::optional<int> score;
  for (std::string w; words >> w;) {
    if (w != "score") continue;
    std::string kind, value;
    if (!(words >> kind >> value)) break;
    if (kind == "cp") {
      try {
        score = std::stoi(value);
      } catch (const std::exception&) {
        return std::nullopt;
      }
    } else if (kind == "mate") {
      score = value.starts_with('-') ? -30000 : 30000;
    }
  }
  return score;  // the last one: an engine may print several
}

}  // namespace kishi::match
