// Micro-benchmarks of the rules core: legal move generation, do/undo, the
// legality test for outside moves, SFEN parsing. Run: build/bench/kishi_microbench
#include <benchmark/benchmark.h>

#include "games/shogi/core/movegen.h"
#include "games/shogi/core/perft.h"
#include "games/shogi/core/usi_move.h"

namespace kishi::shogi {
namespace {

constexpr const char* POSITIONS[] = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
};
constexpr const char* NAMES[] = {"startpos", "matsuri", "usi-spec", "maxmoves593"};

void LegalMoves(benchmark::State& state) {
  const Position pos = *Position::from_sfen(POSITIONS[state.range(0)]);
  state.SetLabel(NAMES[state.range(0)]);
  size_t moves = 0;
  for (auto _ : state) {
    MoveList list;
    legal_moves(pos, list);
    benchmark::DoNotOptimize(list);
    moves += list.size();
  }
  state.counters["moves/s"] = benchmark::Counter(double(moves), benchmark::Counter::kIsRate);
}
BENCHMARK(LegalMoves)->DenseRange(0, 3);

void DoUndoAllMoves(benchmark::State& state) {
  Position pos = *Position::from_sfen(POSITIONS[state.range(0)]);
  state.SetLabel(NAMES[state.range(0)]);
  const MoveList list = legal_moves(pos);
  for (auto _ : state)
    for (Move m : list) {
      pos.do_move(m);
      pos.undo_move();
    }
  state.counters["do+undo/s"] =
      benchmark::Counter(double(state.iterations() * list.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(DoUndoAllMoves)->DenseRange(0, 3);

void IsLegalOnGeneratedMoves(benchmark::State& state) {
  const Position pos = *Position::from_sfen(POSITIONS[state.range(0)]);
  state.SetLabel(NAMES[state.range(0)]);
  const MoveList list = legal_moves(pos);
  for (auto _ : state)
    for (Move m : list) benchmark::DoNotOptimize(pos.is_legal(m));
  state.counters["checks/s"] =
      benchmark::Counter(double(state.iterations() * list.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(IsLegalOnGeneratedMoves)->DenseRange(0, 3);

void ParseSfen(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(Position::from_sfen(POSITIONS[1]));
}
BENCHMARK(ParseSfen);

void PerftStartposDepth4(benchmark::State& state) {
  Position pos = Position::startpos();
  uint64_t nodes = 0;
  for (auto _ : state) nodes += perft(pos, 4);
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(PerftStartposDepth4)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace kishi::shogi
