// The toy game: tic-tac-toe with a veto and an extra move, small enough to
// search to the end, written to exercise what gnome will need of every layer
// above the rules: a player who moves twice in a row, and a decision node.
//
// Players 0 (X) and 1 (O) place marks on a 3x3 board; three in a row wins, a
// full board draws. Each player has one veto: while the opponent still has
// theirs, a placement waits for the opponent's answer (accept or reject: the
// decision node); a rejected mark is taken back, the veto is spent and the
// rejecting player places instead. A mark that stands in the centre gives its player
// another placement at once (two moves in a row), unless the game is over.
// docs/games.md walks through it as the example of adding a game.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.h"
#include "game/encoding.h"
#include "game/game.h"
#include "game/game_info.h"

namespace kishi::toy {

constexpr int CELLS = 9;
constexpr int CENTRE = 4;
constexpr int NO_CELL = -1;

// An action: a cell to place on (0..8, row-major from the top left), or an
// answer to a pending placement.
enum class Action : uint8_t { ACCEPT = CELLS, REJECT = CELLS + 1, NONE = 255 };
constexpr Action place(int cell) { return Action(cell); }
constexpr bool is_placement(Action a) { return uint8_t(a) < CELLS; }
constexpr int cell_of(Action a) { return int(a); }

// Everything that decides the game from here.
struct Snapshot {
  std::array<int8_t, CELLS> board{};  // 0 empty, 1 X (player 0), 2 O (player 1)
  int8_t to_move = 0;                 // the player who chooses the next action
  int8_t pending = NO_CELL;           // a placement of the other player, awaiting to_move's answer
  std::array<int8_t, 2> vetoes{1, 1};
  bool operator==(const Snapshot&) const = default;
};

struct State : Snapshot {
  std::vector<Snapshot> history;  // the states before each action played, for undo
};

class ActionList {
 public:
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Action operator[](size_t i) const { return actions_[i]; }
  const Action* begin() const { return actions_.data(); }
  const Action* end() const { return actions_.data() + size_; }
  void clear() { size_ = 0; }
  void push(Action a) { actions_[size_++] = a; }

 private:
  std::array<Action, CELLS> actions_{};
  size_t size_ = 0;
};

// The encoding: 6 planes of 3x3 seen from the player to move (own marks, the
// opponent's, the pending cell, a decision to make, own veto left, the
// opponent's); the policy is placements on plane 0 and accept/reject on
// squares 0 and 1 of plane 1.
struct ToyEncoding {
  static constexpr std::string_view VERSION = "toy-planes-v1";
  static constexpr game::EncodingShape SHAPE{6, 3, 3, 2};
  void encode(const State& s, float* out) const;
  uint64_t key(const State& s) const;
  int policy_index(const State& s, Action a) const;
};

inline constexpr game::GameInfo VARIANTS[] = {
    {.name = "toy",
     .summary = "tic-tac-toe with a veto and a double move, for the tests",
     .notation = "text",
     .players = {"X", "O"}},
};

class ToyGame {
 public:
  using State = toy::State;
  using Action = toy::Action;
  using ActionList = toy::ActionList;
  using Encoding = ToyEncoding;

  // Outcome reasons.
  static constexpr uint8_t THREE_IN_A_ROW = 1, FULL_BOARD = 2;

  static constexpr std::span<const game::GameInfo> variants() { return VARIANTS; }
  static ToyGame make(const game::GameInfo&, const game::PlayRules&) { return {}; }

  std::string_view name() const { return VARIANTS[0].name; }
  State start_state() const { return {}; }
  // "X.O/.X./... o - 10": rows from the top, the player to move (x or o), the
  // pending cell or '-', the vetoes left of X and O.
  std::string state_text(const State& s) const;
  Expected<State> parse_state(std::string_view text) const;

  int player(const State& s) const { return s.to_move; }
  void legal_actions(const State& s, ActionList& list) const;
  bool is_legal(const State& s, Action a) const;
  void play(State& s, Action a) const;
  void undo(State& s) const;
  // "b2" (row a-c from the top, column 1-3), "accept", "reject".
  std::string action_text(Action a) const;
  Expected<Action> parse_action(const State& s, std::string_view text) const;
  uint32_t pack(Action a) const { return uint8_t(a); }
  Action unpack(uint32_t packed) const { return packed < 11 ? Action(packed) : Action::NONE; }

  game::Outcome outcome(const State& s, const ActionList& legal) const;
  std::string reason_text(uint8_t reason) const;
  game::Terminal terminal(const State& s, const ActionList& legal) const;
};

static_assert(game::Game<ToyGame>);
static_assert(game::EncodingFor<ToyEncoding, ToyGame>);

}  // namespace kishi::toy
