// kishi bench: fixed benchmark suites, for comparing builds and machines.
#include <chrono>
#include <cstdio>

#include "engine/command/commands.h"
#include "engine/command/parse_args.h"
#include "engine/shogi/perft.h"

namespace kishi::command {
namespace {

struct PerftCase {
  const char* name;
  const char* sfen;
  int depth;
};

// Openings, a middle game full of drops, and hand-heavy positions.
constexpr PerftCase PERFT_SUITE[] = {
    {"hirate", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 5},
    {"matsuri", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", 3},
    {"usi-spec", "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
     3},
    {"9P9p-in-hand", "lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1", 3},
    {"maxmoves593", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 3},
};

int bench_perft() {
  using namespace kishi::shogi;
  uint64_t total_nodes = 0;
  double total_seconds = 0;
  for (const auto& c : PERFT_SUITE) {
    Position pos = *Position::from_sfen(c.sfen);
    const auto start = std::chrono::steady_clock::now();
    const uint64_t nodes = perft(pos, c.depth);
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%-14s depth %d nodes %12llu time %7.3f s nps %12.0f\n", c.name, c.depth,
                (unsigned long long)nodes, s, nodes / s);
    total_nodes += nodes;
    total_seconds += s;
  }
  std::printf("total          nodes %llu time %.3f s nps %.0f\n", (unsigned long long)total_nodes,
              total_seconds, total_nodes / total_seconds);
  return 0;
}

}  // namespace

int bench(int argc, char** argv) {
  CLI::App app{"Fixed benchmark suites", "kishi bench"};
  app.require_subcommand(1);
  auto* perft = app.add_subcommand("perft", "perft suite, single thread; prints nodes/s");
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  if (perft->parsed()) return bench_perft();
  return 2;
}

}  // namespace kishi::command
