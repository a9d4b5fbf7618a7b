// A USI engine in a child process, as the match runner drives it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kishi::match {

struct EngineSpec {
  std::string name;                                          // for tables and records
  std::vector<std::string> command;                          // program and arguments
  std::vector<std::pair<std::string, std::string>> options;  // setoption, in order
  // Engines that accept only `go btime wtime byoyomi` (gpsusi): no binc/winc,
  // nodes or depth are sent to them.
  bool plain_go = false;
  int64_t nodes = -1;  // fixed nodes per move instead of the clock (go nodes N)
  // Told this much less byoyomi than it has, as GUIs do for engines that
  // overrun their byoyomi (gpsusi answers up to about 200 ms late).
  int64_t byoyomi_margin_ms = 0;
  // Lateness forgiven on each move instead of the time control's tolerance (-1).
  int64_t tolerance_ms = -1;
  // Send isready and wait for readyok before each move: gpsusi keeps working
  // after its answer and otherwise delays (and can lose) the next go.
  bool sync_each_move = false;
  // Send isready, usinewgame and isready before each move: the engine searches every
  // position afresh, its hash and histories cleared, so that what it answers
  // depends on the position and its history alone (kishi teacher --fresh-search).
  bool new_game_each_move = false;
};

// The score of an info line for the engine's side to move, in centipawns; a
// mate as +-30000 by the sign of `score mate` ("mate -3", "mate -"); nothing
// when the line has no score.
std::optional<int> info_score_cp(const std::string& info);

class UsiClient {
 public:
  // Starts the engine and completes usi/usiok, the options and isready/readyok.
  // Throws std::runtime_error naming the engine and what went wrong. The
  // engine's stderr is appended to `stderr_path`, or shared with ours if empty.
  explicit UsiClient(const EngineSpec& spec, const std::string& stderr_path = "");
  ~UsiClient();
  UsiClient(const UsiClient&) = delete;
  UsiClient& operator=(const UsiClient&) = delete;

  struct Reply {
    enum class Status { Move, Timeout, Crashed } status = Status::Crashed;
    std::string move;  // the bestmove text: a move, "resign" or "win"
    int64_t elapsed_ms = 0;
    std::string last_info;  // the last info line before it
  };

  // isready (unless the engine has just answered one) and usinewgame; false
  // when the engine gives no readyok: it is then killed, alive() is false.
  bool new_game();
  // Sends the position and the go command; waits up to timeout_ms for
  // bestmove. An engine that answers neither in time nor after `stop` is killed.
  Reply play(const std::string& position, const std::string& go, int64_t timeout_ms);
  void game_over(const std::string& result);  // "win", "lose", "draw"
  bool alive() const { return alive_; }
  const EngineSpec& spec() const { return spec_; }

 private:
  void send(const std::string& line);
  // Reads until a line starts with `prefix`; false on timeout or end of output.
  bool wait_for(const std::string& prefix, int64_t timeout_ms, std::string* line = nullptr,
                std::string* last_info = nullptr);
  bool read_line(std::string& line, std::chrono::steady_clock::time_point deadline);
  bool wait_ready(int64_t timeout_ms);
  void kill_engine();
  void shut_down();
  // Why the engine's process has ended ("exited with status 3"), or "" while it runs.
  std::string exit_reason();

  EngineSpec spec_;
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  bool alive_ = false;
  bool fresh_ = false;  // answered isready, nothing sent since
  std::string buffer_;
};

}  // namespace kishi::match
