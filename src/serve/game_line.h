// One game's line of play as text, for the web server: the start, the
// actions played, what is legal now, the verdict and the records, with the
// game's own type hidden (a virtual call per request, never in a search).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.h"
#include "game/game.h"
#include "game/record.h"

namespace kishi::serve {

struct PieceLabel {
  std::string letter, code, name;  // "+P", "TO", "promoted pawn"
};

class GameLine {
 public:
  virtual ~GameLine() = default;
  virtual std::string game() const = 0;
  virtual std::string start() const = 0;  // the start's state text
  virtual std::string state() const = 0;  // the state text now
  virtual int to_move() const = 0;
  virtual bool in_check() const = 0;  // the side to move (false where the game has no check)
  virtual size_t plies() const = 0;
  virtual const std::vector<std::string>& actions() const = 0;
  virtual const std::vector<std::string>& notation() const = 0;  // the actions for people
  virtual const std::vector<int>& movers() const = 0;            // who played each action
  // The actions legal now; none once the game is over.
  virtual std::vector<std::string> legal() const = 0;
  virtual game::Outcome outcome() const = 0;
  virtual std::string reason_text(const game::Outcome& outcome) const = 0;
  // Plays `text` if it is legal now: an error naming it otherwise.
  virtual std::string play(std::string_view text) = 0;
  virtual void undo() = 0;
  // "position startpos|sfen S moves ..." split into words, for the engine.
  // The state text before the first action and after each (plies() + 1).
  virtual std::vector<std::string> states() const = 0;
  virtual std::vector<std::string> position_tokens() const = 0;
  // The records of the game so far, in the game's formats.
  virtual std::vector<game::RecordFile> records(const game::Record& record) const = 0;
  virtual std::vector<PieceLabel> piece_labels() const = 0;  // empty: the page knows them
};

// The game `game` from `start`: a state text (empty: the start position), a
// state text followed by "moves ..." (the page's export), or a USI position
// line ("[position] startpos|sfen S|fen F [moves ...]"), the moves replayed;
// else an error naming the game or the faulty text or move.
Expected<std::unique_ptr<GameLine>> make_game_line(std::string_view game, std::string_view start);

}  // namespace kishi::serve
