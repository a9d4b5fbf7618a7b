// A finished game as text, for people and tools: what self-play and the match
// runner write beside their data. Every game gets a plain text record; a game
// may add records in its own formats (shogi: CSA and a USI position line) with
// a record_files(record) member, used instead.
#pragma once

#include <cstdint>
#include <ctime>
#include <string>
#include <vector>

#include "game/game.h"

namespace kishi::game {

struct Record {
  std::string players[2];            // who played player 0 and player 1
  std::string start_state;           // state text
  std::vector<std::string> actions;  // action texts, from the start state
  std::vector<int64_t> action_ms;    // thinking time of each action (0: unknown or opening)
  size_t opening_actions = 0;        // the first actions, played before the players took over
  int winner = Outcome::DRAW;        // a player, or DRAW
  std::string reason;                // "checkmate", "resign", "time (...)", ...
  // Lost by a player's fault (a crash, time, an illegal move), not decided on
  // the board: its result says nothing of the positions.
  bool forfeit = false;
  // Stopped before its end (a game still under way): no result, written "*".
  bool unfinished = false;
  std::string event;                 // what the game was played for ("kishi match"); may be empty
  std::string start_time;            // "YYYY/MM/DD HH:MM:SS", local time; may be empty
};

// A record's line of play as a game's reader gives it (a game with a
// read_record member: its own formats read back).
struct RecordLine {
  std::string start_state;           // state text
  std::vector<std::string> actions;  // action texts, from the start state
};

// The local time now, as a record's start_time.
inline std::string record_time_now() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y/%m/%d %H:%M:%S", &local);
  return text;
}

struct RecordFile {
  std::string extension;  // without the dot
  std::string text;
};

inline const char* result_text(int winner) {
  return winner == 0 ? "1-0" : winner == 1 ? "0-1" : "1/2-1/2";
}
inline const char* result_text(const Record& r) {
  return r.unfinished ? "*" : result_text(r.winner);
}

// "startpos" when the record starts where the game does, else "sfen <state>".
template <Game G>
std::string start_text(const G& game, const std::string& state) {
  return state == game.state_text(game.start_state()) ? "startpos" : "sfen " + state;
}

// "position startpos|sfen <state> [moves ...]", the line an engine is sent.
template <Game G>
std::string position_line(const G& game, const std::string& state,
                          const std::vector<std::string>& actions) {
  std::string s = "position " + start_text(game, state);
  if (!actions.empty()) s += " moves";
  for (const std::string& a : actions) s += " " + a;
  return s;
}

template <Game G>
std::vector<RecordFile> record_files(const G& game, const Record& r) {
  if constexpr (requires { game.record_files(r); }) {
    return game.record_files(r);
  } else {
    std::string text = "game " + std::string(game.name()) + "\nplayers " + r.players[0] + " vs " +
                       r.players[1] + "\nstart " + r.start_state + "\nactions";
    for (const std::string& a : r.actions) text += " " + a;
    text += "\nresult " + std::string(result_text(r)) + " (" + r.reason + "), " +
            std::to_string(r.actions.size()) + " plies\n";
    return {{"txt", text}};
  }
}

}  // namespace kishi::game
