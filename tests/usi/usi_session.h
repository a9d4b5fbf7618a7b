// A scripted session with the real `kishi usi`, past usi/isready, for the
// USI tests of every game.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tests/usi/usi_process.h"

namespace kishi::testing {

// An engine past usi/isready, with a small hash so that sessions start fast,
// and the built-in evaluator: these tests are of the protocol and the search,
// whose speed and depth the shipped network would change.
struct Session {
  UsiProcess engine;
  explicit Session(std::vector<std::string> args = {"usi"})
      : engine(KISHI_BINARY, std::move(args)) {
    engine.send("usi");
    EXPECT_TRUE(engine.wait_for_prefix("usiok"));
    engine.send("setoption name ModelFile value builtin");
    engine.send("setoption name USI_Hash value 64");
    engine.send("isready");
    EXPECT_TRUE(engine.wait_for_prefix("readyok"));
  }
  std::string bestmove(int timeout_ms = 10000) {
    const auto line = engine.wait_for_prefix("bestmove", timeout_ms);
    EXPECT_TRUE(line) << "no bestmove";
    return line ? line->substr(9) : "";
  }
  std::string error(int timeout_ms = 5000) {
    const auto line = engine.wait_for_prefix("info string error", timeout_ms);
    EXPECT_TRUE(line) << "no error line";
    return line.value_or("");
  }
  // The last `info depth` line before the next bestmove, and the bestmove line.
  std::pair<std::string, std::string> last_info_and_bestmove() {
    std::string last_info;
    const auto best = engine.wait_for([&](const std::string& l) {
      if (l.rfind("info depth", 0) == 0) last_info = l;
      return l.rfind("bestmove", 0) == 0;
    });
    EXPECT_TRUE(best) << "no bestmove";
    return {last_info, best.value_or("")};
  }
  // The engine's current position, read back with its `d` command.
  std::string sfen() {
    engine.send("d");
    const auto line = engine.wait_for_prefix("info string sfen ");
    return line ? line->substr(17) : "";
  }
};

}  // namespace kishi::testing
