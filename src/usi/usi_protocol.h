// The USI protocol over an engine of any game (engine/engine_control.h):
// reads commands from `in`, answers on `out`. The engine searches on its own
// thread, so `stop`, `ponderhit` and everything else are read while it
// thinks. Bad input gets an `info string error: ...` line naming the problem;
// the engine keeps running and keeps its last valid position.
#pragma once

#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine_control.h"
#include "usi/usi_options.h"

namespace kishi::usi {

class UsiProtocol {
 public:
  // Throws std::invalid_argument for an unknown game or a player it lacks.
  UsiProtocol(std::istream& in, std::ostream& out, std::string_view game,
              play::Player player = play::Player::Mcts);
  ~UsiProtocol();
  int run();  // until quit or the end of input

 private:
  void send(const std::string& line);
  void error(const std::string& what);
  bool handle(const std::string& line);  // false on quit

  void cmd_usi();
  void cmd_isready();
  void cmd_setoption(const std::vector<std::string>& t);
  void cmd_position(const std::vector<std::string>& t);
  void cmd_go(const std::vector<std::string>& t);
  void cmd_stop();
  void cmd_ponderhit();
  void cmd_display();
  play::Settings settings() const;

  play::Player player_;
  std::istream& in_;
  std::ostream& out_;
  std::mutex out_mutex_;
  UsiOptions options_;
  bool ready_ = false;
  std::unique_ptr<play::EngineControl> engine_;  // last: it stops before the rest goes
};

// "info depth ... score cp|mate ... nodes ... pv ...", the fields the line has.
std::string info_text(const play::InfoLine& line);

}  // namespace kishi::usi
