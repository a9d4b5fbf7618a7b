// The referee of one game: it sends each engine the position and the clock,
// checks every move with the rules core, and ends the game by the rules
// (checkmate, repetition and perpetual check, declaration, maximum plies) or by
// a fault (illegal move, crash, time loss), recording the reason.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/match/usi_client.h"
#include "engine/shogi/position.h"

namespace kishi::match {

struct TimeControl {
  int64_t main_ms = 0;     // main time per side
  int64_t byoyomi_ms = 0;  // per move once the main time is gone
  int64_t increment_ms = 0;
  int64_t tolerance_ms = 200;  // process and pipe delays forgiven per move
};

struct Opening {
  std::string sfen;                // start position
  std::vector<std::string> moves;  // played before the engines take over
  std::string describe() const;
};

enum class Winner { Black, White, Draw };

struct GameRecord {
  std::string black, white;  // engine names
  Opening opening;
  std::vector<std::string> moves;  // all moves, opening included
  std::vector<int64_t> move_ms;    // thinking time of each engine move (opening moves: 0)
  Winner winner = Winner::Draw;
  std::string
      reason;  // "checkmate", "resign", "repetition", "perpetual check", "illegal move 7g7h",
               // "time", "crash", "declaration", "false declaration", "maximum plies"
  shogi::Game game = shogi::Game::Shogi;
  int max_plies = 320;
};

// Plays one game; `black` moves first from the opening position.
GameRecord play_game(UsiClient& black, UsiClient& white, const Opening& opening,
                     const TimeControl& tc, shogi::Game game, int max_plies);

// Reads an opening suite: one per line, "startpos [moves ...]" or "sfen <sfen> [moves ...]"
// (a leading "position" is allowed); '#' starts a comment. Errors name the line.
std::vector<Opening> read_openings(const std::string& path, shogi::Game game);

}  // namespace kishi::match
