#include "games/gnome/gnome_game.h"

#include <algorithm>
#include <bit>

#include "games/gnome/mate_search.h"
#include "games/gnome/move_effects.h"
#include "games/gnome/move_text.h"
#include "games/gnome/perft.h"

namespace kishi::gnome {

namespace {

int distinct_moves(const Entry& e) {
  if (e.moves < 0) {
    MoveList list;
    e.moves = int(legal_moves(e.position, list));
  }
  return e.moves;
}

// Bits 0-2 kind, 3-8 from, 9-13 level, 14-19 to, 20 level shown, then the kind's own.
uint32_t pack_move(const Move& m) {
  uint32_t p = uint32_t(m.kind) | uint32_t(m.from) << 3 | uint32_t(m.level) << 9 |
               uint32_t(m.to) << 14 | uint32_t(m.level_shown) << 20;
  switch (m.kind) {
    case Kind::STEP:
    case Kind::SHIFT: return p | uint32_t(m.climb) << 21 | uint32_t(m.promotion) << 22;
    case Kind::KNIGHT_TOP: return p | uint32_t(m.aux_level) << 21;
    case Kind::KNIGHT_AREA: return p | uint32_t(m.aux) << 21 | uint32_t(m.aux_level) << 27;
    case Kind::KING:
      return p | uint32_t(m.aux) << 21 | uint32_t(m.climb) << 27 | uint32_t(m.climb2) << 28;
    case Kind::ACCEPT: return uint32_t(Kind::VETO) | 1u << 3;
    default: return p;
  }
}

// The moves that stand in the line's first n entries: a move and its veto count nothing.
int standing_moves(const State& s, size_t n) {
  int moves = 0;
  for (size_t i = 0; i < n; ++i) {
    const Kind k = s.line[i].last.kind;
    moves += k == Kind::VETO ? -1 : k != Kind::NONE && k != Kind::ACCEPT;
  }
  return moves;
}

}  // namespace

State GnomeGame::start_state() const { return State{{Entry{start_position()}}}; }

Expected<State> GnomeGame::parse_state(std::string_view text) const {
  auto p = parse_fen(text);
  if (!p) return Expected<State>::failure(p.error());
  return State{{Entry{*p}}};
}

bool veto_available(const State& s) {
  const Position& p = s.position();
  if (!p.token_usable || p.token_holder != p.side || s.line.size() < 2) return false;
  const Entry& last = s.line.back();
  if (last.last.kind == Kind::NONE || last.last.kind == Kind::VETO ||
      last.last.kind == Kind::ACCEPT)
    return false;
  const Entry& before = s.line[s.line.size() - 2];
  // A move is vetoable unless every legal move of its side had the same result.
  return before.position.side != p.side && distinct_moves(before) >= 2;
}

int earlier_occurrences(const State& s, size_t n) {
  const Position& p = s.line[n - 1].position;
  int count = 0;
  for (size_t i = 0; i + 1 < n; ++i) {
    const Entry& e = s.line[i];
    const bool vetoed = s.line[i + 1].last.kind == Kind::VETO;
    if (!vetoed && e.position.key == p.key && e.position.same_result(p)) ++count;
  }
  return count;
}

int earlier_occurrences(const State& s) { return earlier_occurrences(s, s.line.size()); }

game::Outcome GnomeGame::end_at(const State& s, size_t n, int moves) const {
  const Position& p = s.line[n - 1].position;
  if (moves == 0) {
    if (threatened(p, p.side)) return {true, 1 - p.side, CHECKMATE};
    return {true, game::Outcome::DRAW, STALEMATE};
  }
  int pieces = 0;
  for (uint64_t occ = p.occupied; occ && pieces <= 2; occ &= occ - 1)
    pieces += p.stacks[std::countr_zero(occ)].height();
  if (pieces == 2) return {true, game::Outcome::DRAW, BARE_KINGS};
  if (earlier_occurrences(s, n) >= 2) return {true, game::Outcome::DRAW, REPETITION};
  if (p.halfmove >= 100) return {true, game::Outcome::DRAW, FIFTY_MOVES};
  if (standing_moves(s, n) >= rules_.max_plies) return {true, game::Outcome::DRAW, MAX_PLIES};
  return {};
}

bool GnomeGame::can_accept(const State& s) const {
  return !accepted(s) && can_veto(s) &&
         end_at(s, s.line.size(), distinct_moves(s.line.back())).over;
}

void GnomeGame::legal_actions(const State& s, ActionList& list) const {
  if (accepted(s)) {
    list.clear();
    return;
  }
  const int moves = int(legal_moves(s.position(), list));
  s.line.back().moves = moves;
  if (!can_veto(s)) return;
  if (end_at(s, s.line.size(), moves).over) {
    list.clear();
    list.push(ACCEPT_MOVE);
  }
  list.push(VETO_MOVE);
}

bool GnomeGame::is_legal(const State& s, const Action& a) const {
  if (accepted(s)) return false;
  if (a.kind == Kind::VETO) return a == VETO_MOVE && can_veto(s);
  if (a.kind == Kind::ACCEPT) return a == ACCEPT_MOVE && can_accept(s);
  if (a.kind == Kind::NONE || can_accept(s)) return false;
  MoveList legal;
  legal_moves(s.position(), legal);
  return std::find(legal.begin(), legal.end(), a) != legal.end();
}

void GnomeGame::play(State& s, const Action& a) const {
  Entry next;
  next.last = a;
  if (a.kind == Kind::VETO) {
    // The move is taken back, counters too; its side moves again, holding the
    // token, not usable, with the vetoed move banned.
    const Position& before = s.line[s.line.size() - 2].position;
    next.position = before;
    Position& p = next.position;
    p.key ^= p.fields_key();
    p.token_holder = before.side;
    p.token_usable = false;
    p.banned = s.line.back().last;
    p.key ^= p.fields_key();
  } else if (a.kind == Kind::ACCEPT) {
    next.position = s.position();  // the game ends here (outcome)
  } else {
    play_move(s.position(), a, next.position);
  }
  s.line.push_back(std::move(next));
}

Expected<Move> GnomeGame::parse_action(const State& s, std::string_view text) const {
  if (accepted(s))
    return Expected<Move>::failure("move '" + std::string(text) + "': the game is over (accepted)");
  if (text == "veto") {
    if (can_veto(s)) return VETO_MOVE;
    return Expected<Move>::failure(
        "move 'veto': no veto here (the side to move must hold the usable token, right after a "
        "vetoable move of the other side)");
  }
  if (text == "accept") {
    if (can_accept(s)) return ACCEPT_MOVE;
    return Expected<Move>::failure(
        "move 'accept': nothing to accept here (only after a move that ends the game while the "
        "side to move may still veto it)");
  }
  if (can_accept(s))
    return Expected<Move>::failure("move '" + std::string(text) +
                                   "': the last move ended the game unless vetoed; play "
                                   "'veto' or 'accept'");
  return parse_move(s.position(), text);
}

uint32_t GnomeGame::pack(const Action& a) const { return pack_move(a); }

Move GnomeGame::unpack(uint32_t packed) const {
  Move m{};
  const uint32_t kind = packed & 7;
  if (kind == 0) return {};
  if (packed == pack_move(ACCEPT_MOVE)) return ACCEPT_MOVE;
  m.kind = Kind(kind);
  m.from = uint8_t(packed >> 3 & 63);
  m.level = uint8_t(packed >> 9 & 31);
  m.to = uint8_t(packed >> 14 & 63);
  m.level_shown = packed >> 20 & 1;
  switch (m.kind) {
    case Kind::STEP:
    case Kind::SHIFT:
      m.climb = packed >> 21 & 1;
      m.promotion = Type(packed >> 22 & 7);
      if (m.promotion != NO_TYPE && m.promotion != QUEEN && m.promotion != ROOK &&
          m.promotion != BISHOP && m.promotion != KNIGHT)
        return {};
      break;
    case Kind::KNIGHT_TOP: m.aux_level = uint8_t(packed >> 21 & 31); break;
    case Kind::KNIGHT_AREA:
      m.aux = uint8_t(packed >> 21 & 63);
      m.aux_level = uint8_t(packed >> 27 & 31);
      break;
    case Kind::KING:
      m.aux = uint8_t(packed >> 21 & 63);
      m.climb = packed >> 27 & 1;
      m.climb2 = packed >> 28 & 1;
      break;
    default: break;
  }
  return pack_move(m) == packed ? m : Move{};
}

game::Outcome GnomeGame::outcome(const State& s, const ActionList& legal) const {
  const size_t n = s.line.size();
  if (accepted(s)) return end_at(s, n - 1, distinct_moves(s.line[n - 2]));
  // While the last move may be vetoed, the holder decides first (rule 18).
  if (!legal.empty() && legal[legal.size() - 1].kind == Kind::VETO) return {};
  return end_at(s, n, int(legal.size()));
}

std::optional<std::vector<Move>> GnomeGame::find_mate(const State& s, int64_t nodes,
                                                      int max_plies) const {
  if (max_plies < 1 || accepted(s) || can_accept(s)) return std::nullopt;
  if (max_plies >= 3) return mate_by_checks(*this, s, nodes, max_plies);
  // A mate in one on the position alone: the search asks it at every leaf,
  // where copying the state's line would cost more than the check.
  const Position& now = s.position();
  MoveList moves, replies;
  legal_moves(now, moves);
  Position after;
  for (const Move& m : moves) {
    play_move(now, m, after);
    // The opponent may veto a move of ours when it holds the usable token and
    // we had another result (veto_available, on the position alone).
    const bool vetoable =
        after.token_usable && after.token_holder == after.side && moves.size() >= 2;
    if (!vetoable && threatened(after, after.side) && legal_moves(after, replies) == 0)
      return std::vector<Move>{m};
  }
  return std::nullopt;
}

std::string GnomeGame::reason_text(uint8_t reason) const {
  switch (reason) {
    case CHECKMATE: return "checkmate";
    case STALEMATE: return "stalemate";
    case BARE_KINGS: return "bare kings";
    case REPETITION: return "threefold repetition";
    case FIFTY_MOVES: return "50-move rule";
    case MAX_PLIES: return "maximum length";
    default: return "unknown";
  }
}

game::Terminal GnomeGame::terminal(const State& s, const ActionList& legal) const {
  const game::Outcome o = outcome(s, legal);
  if (!o.over) {
    if (rules_.leaf_mate_plies > 0 && find_mate(s, 0, 1)) return {true, 1.0f};
    return {};
  }
  return {true, o.winner == game::Outcome::DRAW ? 0.0f : o.winner == player(s) ? 1.0f : -1.0f};
}

uint64_t GnomeGame::perft(const State& s, int depth, int) const { return perft_in_place(s, depth); }

std::vector<std::pair<std::string, uint64_t>> GnomeGame::perft_divide(const State& s,
                                                                      int depth) const {
  return gnome::perft_divide(s, depth);
}

game::MateResult<Move> GnomeMateSolver::search(const State& s, int64_t nodes,
                                               const std::atomic<bool>* stop, int max_plies,
                                               bool) const {
  game::MateResult<Move> r;
  if (auto line = mate_by_checks(game_, s, nodes, max_plies, stop, &r.nodes)) {
    r.kind = game::MateResult<Move>::Kind::Mate;
    r.pv = std::move(*line);
  }
  return r;
}

}  // namespace kishi::gnome
