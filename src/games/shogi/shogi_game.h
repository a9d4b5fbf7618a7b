// shogi and showgit as a kishi Game (game/game.h): one class, the
// variant in its Rules, so that every layer above the rules serves both.
#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "game/game.h"
#include "game/game_info.h"
#include "game/record.h"
#include "games/shogi/core/game_status.h"
#include "games/shogi/core/mirror.h"
#include "games/shogi/core/movegen.h"
#include "games/shogi/core/names.h"
#include "games/shogi/core/perft.h"
#include "games/shogi/core/usi_move.h"
#include "games/shogi/encoding.h"
#include "games/shogi/eval/piece_values.h"
#include "games/shogi/eval/static_value.h"
#include "games/shogi/mate/mate_search.h"
#include "games/shogi/mate/quick_mate.h"
#include "games/shogi/records/handicaps.h"
#include "games/shogi/records/records.h"

namespace kishi::shogi {

// Positions `kishi bench` (the signature) and `kishi bench search` search: the
// start, middle games (one full of drops), and endgames with a mate to find.
inline constexpr std::string_view BENCH_STATES[] = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "ln1g3nl/1r1sk1gb1/p1pp1s1pp/1p2ppp2/9/2PPP1P2/PPBS1P1PP/2G1K2R1/LN3GSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    "9/4k4/9/3G5/5S3/9/9/9/4K4 b 2GS 1",
    "3k5/9/9/1N7/5L3/9/9/9/4K4 b R2G 1"};

// `kishi bench perft`: openings, a middle game full of drops, hand-heavy positions.
inline constexpr game::PerftBench PERFT_BENCH[] = {
    {"hirate", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 5},
    {"matsuri", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", 3},
    {"usi-spec", "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
     3},
    {"9P9p-in-hand", "lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1", 3},
    {"maxmoves593", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 3},
};

// The two names this type plays, in the order of shogi::Game.
inline constexpr game::GameInfo VARIANTS[] = {
    {.name = "shogi",
     .summary = "shogi, standard rules",
     .notation = "SFEN",
     .players = {"black / sente", "white / gote"},
     .board = "shogi",
     .fairy_variant = "shogi",
     .bench_states = BENCH_STATES,
     .perft_bench = PERFT_BENCH,
     .handicaps = HANDICAP_STARTS,
     .chunk_v1_id = 0},
    {.name = "showgit",
     .summary = "shogi renamed: promotion only when a move ends in the zone",
     .notation = "SFEN",
     .players = {"black / sente", "white / gote"},
     .board = "shogi",
     .board_labels = "codes",
     .bench_states = BENCH_STATES,
     .chunk_v1_id = 1},
};

class ShogiGame {
 public:
  using State = Position;
  using Action = Move;
  using ActionList = MoveList;
  using Encoding = ShogiEncoding;

  struct Rules {
    Game variant = Game::Shogi;
    int max_plies = 512;
    bool declaration = false;  // the 27-point entering-king rule
    // A bounded mate search at every new leaf: a mate in this many plies (1, 3,
    // 5...) makes the leaf a win without asking the evaluator. 0: off.
    int leaf_mate_plies = 0;
    int leaf_mate_moves = 256;  // its budget: moves played (mate/quick_mate.h)
  };

  ShogiGame() = default;
  explicit ShogiGame(const Rules& rules) : rules_(rules) {}
  static constexpr std::span<const game::GameInfo> variants() { return VARIANTS; }
  // The variant `info` (one of variants()) under the command's rules.
  static ShogiGame make(const game::GameInfo& info, const game::PlayRules& rules) {
    return ShogiGame({.variant = *parse_game(info.name),
                      .max_plies = rules.max_plies,
                      .declaration = rules.declaration,
                      .leaf_mate_plies = rules.leaf_mate_plies});
  }
  const Rules& rules() const { return rules_; }

  std::string_view name() const { return game_name(rules_.variant); }
  State start_state() const { return Position::startpos(rules_.variant); }
  std::string state_text(const State& s) const { return s.sfen(); }
  Expected<State> parse_state(std::string_view sfen) const {
    return Position::from_sfen(sfen, rules_.variant);
  }

  int player(const State& s) const { return s.side_to_move(); }
  void legal_actions(const State& s, ActionList& list) const {
    list.clear();
    legal_moves(s, list);
  }
  bool is_legal(const State& s, Action a) const { return s.is_legal(a); }
  void play(State& s, Action a) const { s.do_move(a); }
  void undo(State& s) const { s.undo_move(); }
  std::string action_text(Action a) const { return to_usi(a); }
  Expected<Action> parse_action(const State& s, std::string_view usi) const {
    return parse_usi_move(s, usi);
  }
  uint32_t pack(Action a) const { return a.raw(); }
  Action unpack(uint32_t packed) const {
    return packed > 0xffff ? Move() : Move::from_raw(uint16_t(packed));
  }

  // perft with `threads` workers over the root moves (the generic one plays
  // every move; this one counts the last ply in bulk).
  uint64_t perft(const State& s, int depth, int threads) const {
    return perft_parallel(s, depth, threads);
  }

  // Mate, fourth repetition (perpetual check loses), the ply limit.
  game::Outcome outcome(const State& s, const ActionList& legal) const {
    return to_outcome(game_status(s, !legal.empty(), {.max_plies = rules_.max_plies}));
  }
  std::string reason_text(uint8_t reason) const { return to_string(Termination(reason)); }

  game::Terminal terminal(const State& s, const ActionList& legal) const {
    // Inside the tree a position met before in the game is final: the players
    // could repeat from there forever, so it scores as the repetition would
    // (perpetual check included). A declarable position is a win.
    const GameStatus status = game_status(
        s, !legal.empty(),
        {.max_plies = rules_.max_plies, .declaration = rules_.declaration, .repetitions = 2});
    if (status.outcome != shogi::Outcome::Ongoing) {
      const game::Outcome o = to_outcome(status);
      return {true, o.winner == game::Outcome::DRAW ? 0.0f
                    : o.winner == s.side_to_move()  ? 1.0f
                                                    : -1.0f};
    }
    if (rules_.leaf_mate_plies > 0 && has_quick_mate(s)) return {true, 1};
    return {};
  }

  // What the action wins at once, in centipawns (the greedy baseline's choice).
  int material_gain(const State& s, Action a) const { return capture_value(s, a); }

  // For the alpha-beta baseline (players/alpha_beta.h).
  int static_value(const State& s) const { return shogi::static_value(s); }
  uint64_t state_key(const State& s) const { return s.key(); }
  bool is_capture(const State& s, Action a) const { return !a.is_drop() && s.piece_on(a.to()); }
  // Captures and promotions first, by what they win; board moves before drops.
  int move_order(const State& s, Action a) const {
    return capture_value(s, a) * 16 + (a.is_drop() ? 0 : 1);
  }

  // Left-right mirroring (the rules do not tell the files apart): the trainer
  // doubles its data with it.
  std::string mirror_state_text(std::string_view sfen) const { return mirror_sfen(sfen); }
  Action mirror_action(Action a) const { return mirror(a); }

  // Whether the player to move may claim the win by the entering-king
  // declaration (when the rules have it): the engine's `bestmove win`, checked
  // by the match referee.
  bool declaration_wins(const State& s) const { return rules_.declaration && can_declare_win(s); }

  // The move number of the state's text, for the engine's time plan.
  int move_number(const State& s) const { return s.move_number(); }
  std::string diagram(const State& s) const { return board_diagram(s); }

  bool in_check(const State& s) const { return s.in_check(); }
  // The pieces' codes and names for people (a page drawing the board).
  std::vector<PieceLabel> piece_labels() const { return shogi::piece_labels(rules_.variant); }
  // A move for people: CSA ("+7776FU").
  std::string action_notation(const State& s, Action a) const { return move_notation(s, a); }

  // Records in shogi's own formats: CSA, KIF and a USI position line.
  std::vector<game::RecordFile> record_files(const game::Record& r) const {
    return {{"csa", csa_record(r, rules_.variant)},
            {"kif", kif_record(r, rules_.variant)},
            {"usi", usi_record(r)}};
  }

  // A CSA or KIF text read back (records.h); nullopt when it is neither.
  std::optional<Expected<game::RecordLine>> read_record(std::string_view text) const {
    return shogi::read_record(text, rules_.variant);
  }

  // The df-pn solver (game/mate.h), its table 2^table_bits entries.
  MateSearch mate_solver(int table_bits) const { return MateSearch(table_bits); }

 private:
  static game::Outcome to_outcome(const GameStatus& st) {
    if (st.outcome == shogi::Outcome::Ongoing) return {};
    return {true,
            st.outcome == shogi::Outcome::BlackWins   ? int(BLACK)
            : st.outcome == shogi::Outcome::WhiteWins ? int(WHITE)
                                                      : game::Outcome::DRAW,
            uint8_t(st.reason)};
  }
  bool has_quick_mate(const State& s) const {
    thread_local std::optional<Position> scratch;  // keeps its history's memory between calls
    scratch = s;
    return mates_within(*scratch, rules_.leaf_mate_plies, rules_.leaf_mate_moves);
  }
  Rules rules_;
};

static_assert(game::Game<ShogiGame>);
static_assert(game::HasMateSolver<ShogiGame>);

}  // namespace kishi::shogi
