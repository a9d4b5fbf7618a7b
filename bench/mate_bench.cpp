// The mate test at the tree's leaves: the plain search of quick_mate.h against
// df-pn with the budget the leaves used before it (64 nodes, 3 plies), on the
// same positions of seeded random shogi games. Counters: positions/s and mates found.
#include <benchmark/benchmark.h>

#include "game/random_positions.h"
#include "games/shogi/mate/quick_mate.h"
#include "games/shogi/shogi_game.h"

namespace kishi::shogi {
namespace {

const std::vector<Position>& leaf_positions() {
  static const auto positions = game::random_positions(ShogiGame(), 4000, 7, 200);
  return positions;
}

void report(benchmark::State& state, size_t mates) {
  const double n = double(state.iterations() * leaf_positions().size());
  state.counters["positions/s"] = benchmark::Counter(n, benchmark::Counter::kIsRate);
  state.counters["mates"] = double(mates) / double(state.iterations());
}

void LeafMateQuick(benchmark::State& state) {
  std::optional<Position> scratch;
  size_t mates = 0;
  for (auto _ : state)
    for (const Position& pos : leaf_positions()) {
      scratch = pos;
      mates += mates_within(*scratch, int(state.range(0)), int(state.range(1)));
    }
  report(state, mates);
}
BENCHMARK(LeafMateQuick)
    ->Args({3, 256})
    ->Args({3, 1024})
    ->Args({1, 256})
    ->Unit(benchmark::kMillisecond);

void LeafMateDfpn(benchmark::State& state) {
  MateSearch search(12);
  size_t mates = 0;
  for (auto _ : state)
    for (const Position& pos : leaf_positions())
      mates += search.search(pos, state.range(1), nullptr, int(state.range(0)), false).kind ==
               MateResult::Kind::Mate;
  report(state, mates);
}
BENCHMARK(LeafMateDfpn)->Args({3, 64})->Args({3, 100000})->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace kishi::shogi
