#include "games/toy/toy_game.h"

#include <sstream>

namespace kishi::toy {
namespace {

constexpr int LINES[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                             {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

int mark_of(int player) { return player + 1; }

// The player with three in a row, or -1.
int line_winner(const Snapshot& s) {
  for (const auto& line : LINES) {
    const int m = s.board[line[0]];
    if (m && m == s.board[line[1]] && m == s.board[line[2]]) return m - 1;
  }
  return -1;
}

bool board_full(const Snapshot& s) {
  for (int8_t c : s.board)
    if (!c) return false;
  return true;
}

bool over(const Snapshot& s) { return line_winner(s) >= 0 || board_full(s); }

// A mark of `placer` stands on `cell`: who moves next.
void after_placement(Snapshot& s, int placer, int cell) {
  s.board[cell] = int8_t(mark_of(placer));
  s.to_move = int8_t(cell == CENTRE && !over(s) ? placer : 1 - placer);
}

std::string cell_name(int cell) {
  return std::string(1, char('a' + cell / 3)) + char('1' + cell % 3);
}

int parse_cell(std::string_view t) {
  if (t.size() != 2 || t[0] < 'a' || t[0] > 'c' || t[1] < '1' || t[1] > '3') return NO_CELL;
  return (t[0] - 'a') * 3 + (t[1] - '1');
}

uint64_t mix(uint64_t x) {  // splitmix64's finaliser: close codes, far-apart keys
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

void ToyEncoding::encode(const State& s, float* out) const {
  std::fill_n(out, SHAPE.input_size(), 0.0f);
  const int own = mark_of(s.to_move);
  for (int c = 0; c < CELLS; ++c)
    if (s.board[c]) out[(s.board[c] == own ? 0 : 1) * CELLS + c] = 1;
  if (s.pending != NO_CELL) {
    out[2 * CELLS + s.pending] = 1;
    std::fill_n(out + 3 * CELLS, CELLS, 1.0f);
  }
  if (s.vetoes[s.to_move]) std::fill_n(out + 4 * CELLS, CELLS, 1.0f);
  if (s.vetoes[1 - s.to_move]) std::fill_n(out + 5 * CELLS, CELLS, 1.0f);
}

uint64_t ToyEncoding::key(const State& s) const {
  uint64_t code = 0;
  for (int c = 0; c < CELLS; ++c) code = code * 3 + uint64_t(s.board[c]);
  code = code * 2 + uint64_t(s.to_move);
  code = code * 10 + uint64_t(s.pending + 1);
  code = code * 4 + uint64_t(s.vetoes[0] * 2 + s.vetoes[1]);
  return mix(code);
}

int ToyEncoding::policy_index(const State&, Action a) const {
  return is_placement(a) ? cell_of(a) : CELLS + (a == Action::ACCEPT ? 0 : 1);
}

std::string ToyGame::state_text(const State& s) const {
  std::string t;
  for (int c = 0; c < CELLS; ++c) {
    if (c && c % 3 == 0) t += '/';
    t += ".XO"[s.board[c]];
  }
  t += s.to_move == 0 ? " x " : " o ";
  t += s.pending == NO_CELL ? "-" : cell_name(s.pending);
  t += ' ';
  t += char('0' + s.vetoes[0]);
  t += char('0' + s.vetoes[1]);
  return t;
}

Expected<State> ToyGame::parse_state(std::string_view text) const {
  const auto fail = [&](const std::string& what) {
    return Expected<State>::failure("bad toy state '" + std::string(text) + "': " + what);
  };
  std::istringstream in{std::string(text)};
  std::string board, side, pending, vetoes, extra;
  if (!(in >> board >> side >> pending >> vetoes) || (in >> extra))
    return fail("expected 4 fields (board, side, pending cell, vetoes)");
  State s;
  if (board.size() != 11 || board[3] != '/' || board[7] != '/')
    return fail("the board is three rows of three, separated by '/'");
  for (int c = 0, i = 0; c < CELLS; ++c, ++i) {
    if (i == 3 || i == 7) ++i;
    const size_t m = std::string_view(".XO").find(board[i]);
    if (m == std::string_view::npos)
      return fail("a cell is '.', 'X' or 'O', not '" + std::string(1, board[i]) + "'");
    s.board[c] = int8_t(m);
  }
  if (side != "x" && side != "o") return fail("the side to move is 'x' or 'o'");
  s.to_move = int8_t(side == "o");
  if (vetoes.size() != 2 || (vetoes[0] != '0' && vetoes[0] != '1') ||
      (vetoes[1] != '0' && vetoes[1] != '1'))
    return fail("the vetoes are two digits, 0 or 1 each");
  s.vetoes = {int8_t(vetoes[0] - '0'), int8_t(vetoes[1] - '0')};
  if (pending != "-") {
    s.pending = int8_t(parse_cell(pending));
    if (s.pending == NO_CELL) return fail("the pending cell is '-' or a1..c3");
    if (s.board[s.pending]) return fail("the pending cell " + pending + " is not empty");
    if (!s.vetoes[s.to_move]) return fail("a placement waits only for a player with a veto");
    if (over(s)) return fail("a finished game has no pending placement");
  }
  return s;
}

void ToyGame::legal_actions(const State& s, ActionList& list) const {
  list.clear();
  if (over(s)) return;
  if (s.pending != NO_CELL) {
    list.push(Action::ACCEPT);
    list.push(Action::REJECT);
    return;
  }
  for (int c = 0; c < CELLS; ++c)
    if (!s.board[c]) list.push(place(c));
}

bool ToyGame::is_legal(const State& s, Action a) const {
  ActionList list;
  legal_actions(s, list);
  for (Action b : list)
    if (a == b) return true;
  return false;
}

void ToyGame::play(State& s, Action a) const {
  s.history.push_back(s);
  const int mover = s.to_move;
  if (is_placement(a)) {
    if (s.vetoes[1 - mover]) {
      s.pending = int8_t(cell_of(a));
      s.to_move = int8_t(1 - mover);
    } else {
      after_placement(s, mover, cell_of(a));
    }
  } else {
    const int cell = s.pending;
    s.pending = NO_CELL;
    if (a == Action::ACCEPT) {
      after_placement(s, 1 - mover, cell);
    } else {
      --s.vetoes[mover];  // and the rejecting player, still to move, places instead
    }
  }
}

void ToyGame::undo(State& s) const {
  static_cast<Snapshot&>(s) = s.history.back();
  s.history.pop_back();
}

std::string ToyGame::action_text(Action a) const {
  if (a == Action::ACCEPT) return "accept";
  if (a == Action::REJECT) return "reject";
  return is_placement(a) ? cell_name(cell_of(a)) : "none";
}

Expected<Action> ToyGame::parse_action(const State& s, std::string_view text) const {
  Action a = Action::NONE;
  if (text == "accept")
    a = Action::ACCEPT;
  else if (text == "reject")
    a = Action::REJECT;
  else if (const int cell = parse_cell(text); cell != NO_CELL)
    a = place(cell);
  else
    return Expected<Action>::failure("bad toy action '" + std::string(text) +
                                     "' (a1..c3, accept, reject)");
  if (!is_legal(s, a))
    return Expected<Action>::failure("illegal toy action '" + std::string(text) + "' in " +
                                     state_text(s));
  return a;
}

game::Outcome ToyGame::outcome(const State& s, const ActionList&) const {
  if (const int w = line_winner(s); w >= 0) return {true, w, THREE_IN_A_ROW};
  if (board_full(s)) return {true, game::Outcome::DRAW, FULL_BOARD};
  return {};
}

std::string ToyGame::reason_text(uint8_t reason) const {
  return reason == THREE_IN_A_ROW ? "three in a row" : reason == FULL_BOARD ? "full board" : "?";
}

game::Terminal ToyGame::terminal(const State& s, const ActionList& legal) const {
  const game::Outcome o = outcome(s, legal);
  if (!o.over) return {};
  return {true, o.winner == game::Outcome::DRAW ? 0.0f : o.winner == s.to_move ? 1.0f : -1.0f};
}

}  // namespace kishi::toy
