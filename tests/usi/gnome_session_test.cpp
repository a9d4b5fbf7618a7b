// Scripted sessions of `kishi usi --game gnome` (docs/gnome-protocol.md): the
// handshake, positions with stacks and a veto, every go form, stop, ponder,
// garbage and illegal moves. Answers are checked with the gnome rules core.
#include <gtest/gtest.h>

#include <chrono>

#include "game/position_command.h"
#include "games/gnome/gnome_game.h"
#include "tests/usi/usi_session.h"

namespace kishi {
namespace {

using Clock = std::chrono::steady_clock;

// A gnome session, with more arguments for `kishi usi`; bestmove() without a ponder move.
struct GnomeSession : testing::Session {
  explicit GnomeSession(const std::vector<std::string>& more = {}) : Session(with_game(more)) {}
  static std::vector<std::string> with_game(const std::vector<std::string>& more) {
    std::vector<std::string> args = {"usi", "--game", "gnome"};
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }
  std::string bestmove(int timeout_ms = 10000) {
    const std::string line = Session::bestmove(timeout_ms);
    return line.substr(0, line.find(' '));
  }
};

// Whether `move` is a legal action after "position <position>".
bool legal_after(const std::string& position, const std::string& move) {
  const gnome::GnomeGame game;
  std::vector<std::string> tokens;
  for (size_t i = 0; i < position.size();) {
    const size_t end = position.find(' ', i);
    tokens.push_back(position.substr(i, end == std::string::npos ? std::string::npos : end - i));
    i = end == std::string::npos ? position.size() : end + 1;
  }
  auto named = game::parse_position(game, tokens);
  if (!named) return false;
  return bool(game.parse_action(named->state, move));
}

int64_t ms_since(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

constexpr const char* STACKS = "fen k7/8/8/3(rp)4/8/8/3(RRN)4/7K b - - 0 1";
constexpr const char* VETOED = "startpos moves e2e4 veto d2d4";

TEST(GnomeSession, EveryGoFormAnswersALegalMove) {
  GnomeSession s;
  s.engine.send(std::string("position ") + VETOED);
  s.engine.send("go nodes 300");
  EXPECT_TRUE(legal_after(VETOED, s.bestmove()));
  s.engine.send(std::string("position ") + STACKS);
  s.engine.send("go depth 2");
  EXPECT_TRUE(legal_after(STACKS, s.bestmove()));
  s.engine.send("go movetime 300");
  auto start = Clock::now();
  EXPECT_TRUE(legal_after(STACKS, s.bestmove()));
  EXPECT_LT(ms_since(start), 1500);
  s.engine.send("go btime 2000 wtime 2000 binc 100 winc 100");
  start = Clock::now();
  EXPECT_TRUE(legal_after(STACKS, s.bestmove(4000)));
  EXPECT_LT(ms_since(start), 2500);
  s.engine.send("go infinite");
  EXPECT_FALSE(s.engine.wait_for_prefix("bestmove", 600));
  s.engine.send("stop");
  EXPECT_TRUE(legal_after(STACKS, s.bestmove(3000)));
}

TEST(GnomeSession, TheVetoIsAnActionOfTheEngine) {
  GnomeSession s;
  // After White's mate Black, who holds the token, vetoes or accepts (rule 18);
  // accepting loses.
  const std::string mate = "fen k7/7R/7R/8/8/8/8/6RK w - - 0 1 moves g1g8";
  s.engine.send("position " + mate);
  s.engine.send("go nodes 100");
  EXPECT_EQ(s.bestmove(), "veto");
}

// A queen down, Black accepts the draw that White's move makes by repeating
// the position a third time rather than veto it; a move is no answer there.
TEST(GnomeSession, AnEndIsAcceptedWhereVetoingIsWorse) {
  const std::string repeated =
      "fen k7/p7/8/8/8/8/P7/Q6K b - - 0 1 B moves a8b8,b8a8 h1g1,g1h1 a8b8,b8a8 h1g1,g1h1";
  GnomeSession s({"--player", "alphabeta"});
  s.engine.send("position " + repeated);
  s.engine.send("go depth 2");
  EXPECT_EQ(s.bestmove(), "accept");
  s.engine.send("position " + repeated + " a7a6");
  EXPECT_TRUE(s.engine.wait_for_prefix("info string error: move 'a7a6'", 3000));
}

TEST(GnomeSession, PonderThenPonderhit) {
  GnomeSession s;
  s.engine.send("setoption name USI_Ponder value true");
  s.engine.send("isready");
  ASSERT_TRUE(s.engine.wait_for_prefix("readyok"));
  s.engine.send(std::string("position ") + STACKS);
  s.engine.send("go ponder btime 0 wtime 0 byoyomi 500");
  EXPECT_FALSE(s.engine.wait_for_prefix("bestmove", 700));
  s.engine.send("ponderhit");
  EXPECT_TRUE(legal_after(STACKS, s.bestmove(3000)));
}

TEST(GnomeSession, GarbageAndIllegalMovesGetAnErrorAndThePositionIsKept) {
  GnomeSession s;
  s.engine.send(std::string("position ") + STACKS);
  s.engine.send("position startpos moves e2e5");
  EXPECT_NE(s.error().find("move 'e2e5'"), std::string::npos);
  s.engine.send("position startpos moves veto");  // no veto at the root
  EXPECT_NE(s.error().find("move 'veto': no veto here"), std::string::npos);
  s.engine.send("position fen (NR)7/8/8/8/8/8/8/K6k w - - 0 1");
  EXPECT_NE(s.error().find("'N' below another piece on a8"), std::string::npos);
  s.engine.send("frobnicate the stacks");
  EXPECT_NE(s.error().find("unknown command 'frobnicate'"), std::string::npos);
  s.engine.send("go nodes 200");
  EXPECT_TRUE(legal_after(STACKS, s.bestmove()));  // the last valid position
  s.engine.send("quit");
  EXPECT_EQ(s.engine.wait_exit(5000), 0);
}

}  // namespace
}  // namespace kishi
