// Micro-benchmarks of the gnome rules core: legal move generation, make/undo
// against copying the position, FEN parsing. Run: build/bench/kishi_microbench
#include <benchmark/benchmark.h>

#include "games/gnome/move_effects.h"
#include "games/gnome/movegen.h"
#include "games/gnome/position.h"

namespace kishi::gnome {
namespace {

// The start, and positions of tests/data/perft-gnome.tsv: stacks, wounded
// bishops, kings on rooks.
constexpr const char* POSITIONS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 B",
    "rnb1k1(rp)p/1p1pbpp1/3q4/1B~4p1/3N4/5NP1/P1RQ1B2/PPKPPP1(RP) w q - 0 16 B",
    "prpkp1rp/1p1bp3/2p4p/2n4b~/4q2(RK)/8/BQ1PB2P/(RN)PPPP1N1 b - - 0 24 W",
    "kn2rp1r/1p(RP)p3p/4p1pn/p2P4/4(b~N)2q/8/PP2B3/P2QNKPP b - - 0 22 B",
};
constexpr const char* NAMES[] = {"start", "wounded-b5", "king-on-rook", "wounded-under-n"};

void GnomeLegalMoves(benchmark::State& state) {
  const Position p = *parse_fen(POSITIONS[state.range(0)]);
  state.SetLabel(NAMES[state.range(0)]);
  size_t moves = 0;
  MoveList list;
  for (auto _ : state) {
    moves += legal_moves(p, list);
    benchmark::DoNotOptimize(list);
  }
  state.counters["moves/s"] = benchmark::Counter(double(moves), benchmark::Counter::kIsRate);
}
BENCHMARK(GnomeLegalMoves)->DenseRange(0, 3);

// Each legal move played and taken back in place...
void GnomeMakeUnmakeAllMoves(benchmark::State& state) {
  Position p = *parse_fen(POSITIONS[state.range(0)]);
  state.SetLabel(NAMES[state.range(0)]);
  MoveList list;
  legal_moves(p, list);
  MoveUndo undo;
  for (auto _ : state)
    for (const Move& m : list) {
      make_move(p, m, &undo);
      unmake_move(p, undo);
    }
  state.counters["moves/s"] =
      benchmark::Counter(double(state.iterations() * list.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(GnomeMakeUnmakeAllMoves)->DenseRange(0, 3);

// ... or on a copy of the position.
void GnomeCopyAllMoves(benchmark::State& state) {
  const Position p = *parse_fen(POSITIONS[state.range(0)]);
  state.SetLabel(NAMES[state.range(0)]);
  MoveList list;
  legal_moves(p, list);
  Position after;
  for (auto _ : state)
    for (const Move& m : list) {
      play_move(p, m, after);
      benchmark::DoNotOptimize(after);
    }
  state.counters["moves/s"] =
      benchmark::Counter(double(state.iterations() * list.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(GnomeCopyAllMoves)->DenseRange(0, 3);

void GnomeParseFen(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(parse_fen(POSITIONS[1]));
}
BENCHMARK(GnomeParseFen);

}  // namespace
}  // namespace kishi::gnome
