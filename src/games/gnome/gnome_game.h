// Xadrez de Gnomo behind kishi's game interface (game/game.h): the
// state is the line of positions from the root, which the veto (rule 17) and
// repetition (rule 20) need. docs/rules-gnome.md describes the rules core.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/expected.h"
#include "game/game.h"
#include "game/game_info.h"
#include "game/mate.h"
#include "games/gnome/encoding.h"
#include "games/gnome/material.h"
#include "games/gnome/move_text.h"
#include "games/gnome/movegen.h"
#include "games/gnome/position.h"
#include "games/gnome/state.h"

namespace kishi::gnome {

// `kishi bench perft`: the start, and positions of tests/data/perft-gnome.tsv
// (stacks, wounded bishops, a king on a rook).
inline constexpr game::PerftBench PERFT_BENCH[] = {
    {"gnome-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 B", 4},
    {"gnome-wounded", "rnb1k1(rp)p/1p1pbpp1/3q4/1B~4p1/3N4/5NP1/P1RQ1B2/PPKPPP1(RP) w q - 0 16 B",
     4},
    {"gnome-king-top", "prpkp1rp/1p1bp3/2p4p/2n4b~/4q2(RK)/8/BQ1PB2P/(RN)PPPP1N1 b - - 0 24 W", 3},
};

// Positions `kishi bench` (the signature) and `kishi bench search` search: the
// start, the middle games above, and a mate in three through a veto.
inline constexpr std::string_view BENCH_STATES[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 B",
    "rnb1k1(rp)p/1p1pbpp1/3q4/1B~4p1/3N4/5NP1/P1RQ1B2/PPKPPP1(RP) w q - 0 16 B",
    "prpkp1rp/1p1bp3/2p4p/2n4b~/4q2(RK)/8/BQ1PB2P/(RN)PPPP1N1 b - - 0 24 W",
    "k7/7R/7R/8/8/8/8/5RRK w - - 0 1 B"};

class GnomeMateSolver;

inline constexpr game::GameInfo VARIANTS[] = {
    {.name = "gnome",
     .summary = "Xadrez de Gnomo: stacks, falling pieces, exploding queens, a veto",
     .notation = "FEN",
     .players = {"White", "Black"},
     .board = "gnome",
     .bench_states = BENCH_STATES,
     .perft_bench = PERFT_BENCH},
};

class GnomeGame {
 public:
  using State = gnome::State;
  using Action = Move;
  using ActionList = MoveList;
  using Encoding = GnomeEncoding;

  struct Rules {
    int max_plies = 512;  // a game this long is a draw (rule 20)
    // > 0: a state whose side to move has a mate in one that no veto answers
    // is final inside the search (find_mate), as shogi's leaf mate search; gnome
    // looks one move deep whatever the number (deeper costs more than a leaf).
    int leaf_mate_plies = 0;
  };
  // Outcome reasons.
  static constexpr uint8_t CHECKMATE = 1, STALEMATE = 2, BARE_KINGS = 3, REPETITION = 4,
                           FIFTY_MOVES = 5, MAX_PLIES = 6;

  GnomeGame() = default;
  explicit GnomeGame(Rules rules) : rules_(rules) {}
  static constexpr std::span<const game::GameInfo> variants() { return VARIANTS; }
  static GnomeGame make(const game::GameInfo&, const game::PlayRules& rules) {
    return GnomeGame({.max_plies = rules.max_plies, .leaf_mate_plies = rules.leaf_mate_plies});
  }

  std::string_view name() const { return VARIANTS[0].name; }
  State start_state() const;
  std::string state_text(const State& s) const { return fen(s.position()); }
  Expected<State> parse_state(std::string_view text) const;

  int player(const State& s) const { return s.position().side; }
  // The moves, and `veto` where the holder may veto. After a move that ends
  // the game unless vetoed (rule 18), `accept` and `veto` alone: accepting is
  // the form kishi gives to not vetoing (docs/rules-gnome.md, reading 6).
  void legal_actions(const State& s, ActionList& list) const;
  bool is_legal(const State& s, const Action& a) const;
  void play(State& s, const Action& a) const;
  void undo(State& s) const { s.line.pop_back(); }
  bool can_veto(const State& s) const { return veto_available(s); }
  // Whether the side to move's king is threatened (rule 19): gnome's check.
  bool in_check(const State& s) const { return threatened(s.position(), s.position().side); }
  // Whether the action is a veto (the evaluation counts the games with one).
  bool is_veto(const Action& a) const { return a.kind == Kind::VETO; }
  bool can_accept(const State& s) const;
  // Whether the last action accepted an end: the game is over.
  bool accepted(const State& s) const { return s.line.back().last.kind == Kind::ACCEPT; }

  std::string action_text(const Action& a) const { return move_text(a); }
  Expected<Action> parse_action(const State& s, std::string_view text) const;
  uint32_t pack(const Action& a) const;
  Action unpack(uint32_t packed) const;

  // perft counts the rules' actions: moves and `veto`, not `accept` (rule 27;
  // docs/rules-gnome.md). One thread.
  uint64_t perft(const State& s, int depth, int threads) const;
  std::vector<std::pair<std::string, uint64_t>> perft_divide(const State& s, int depth) const;

  // Ends are judged once the last move can no longer be vetoed (rule 18).
  game::Outcome outcome(const State& s, const ActionList& legal) const;
  std::string reason_text(uint8_t reason) const;
  // How the game stands at the line's first n entries with `moves` legal
  // moves at the last, the veto aside.
  game::Outcome end_at(const State& s, size_t n, int moves) const;
  game::Terminal terminal(const State& s, const ActionList& legal) const;

  // A mate that the opponent cannot escape, veto and accept included: of one
  // move on the position alone (the leaf mates), else of at most max_plies
  // plies by checks within `nodes` played actions (mate_search.h), for the
  // root mate check of self-play and the evaluation.
  std::optional<std::vector<Action>> find_mate(const State& s, int64_t nodes, int max_plies) const;
  // find_mate as the mate solver of the layers above (game/mate.h).
  GnomeMateSolver mate_solver(int table_bits) const;

  // For the greedy and alpha-beta baselines (players/).
  int material_gain(const State& s, const Action& a) const { return gnome::material_gain(s, a); }
  int static_value(const State& s) const { return gnome::static_value(s); }
  uint64_t state_key(const State& s) const {
    return s.position().key ^ (veto_available(s) ? 0x9e3779b97f4a7c15ull : 0);
  }
  bool is_capture(const State& s, const Action& a) const { return material_gain(s, a) > 0; }
  int move_order(const State& s, const Action& a) const { return material_gain(s, a); }

 private:
  Rules rules_;
};

// The mate solver of game/mate.h: the search by checks of find_mate, which
// can be stopped. It has no table (table_bits is ignored) and proves no
// absence of a mate.
class GnomeMateSolver {
 public:
  explicit GnomeMateSolver(const GnomeGame& game) : game_(game) {}
  game::MateResult<Move> search(const State& s, int64_t nodes, const std::atomic<bool>* stop,
                                int max_plies, bool unlimited) const;

 private:
  GnomeGame game_;
};

inline GnomeMateSolver GnomeGame::mate_solver(int) const { return GnomeMateSolver(*this); }

static_assert(game::Game<GnomeGame>);
static_assert(game::HasMateSolver<GnomeGame>);
static_assert(game::EncodingFor<GnomeEncoding, GnomeGame>);

}  // namespace kishi::gnome
