// kishi perft: count leaf nodes of a position's legal move tree.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "engine/command/commands.h"
#include "engine/command/parse_args.h"
#include "engine/shogi/names.h"
#include "engine/shogi/perft.h"
#include "engine/shogi/usi_move.h"

namespace kishi::command {

int perft(int argc, char** argv) {
  using namespace kishi::shogi;
  CLI::App app{"Count the leaf nodes of the legal move tree (last ply counted in bulk, no hashing)",
               "kishi perft"};
  std::string game_name = "shogi";
  std::string sfen{Position::START_SFEN};
  int depth = 0, threads = 1;
  bool divide = false;
  app.add_option("--game", game_name, "shogi or showgit")->capture_default_str();
  app.add_option("--sfen", sfen, "position (default: the start position)");
  app.add_option("--depth", depth, "plies to count")->required()->check(CLI::Range(1, 20));
  app.add_option("--threads", threads, "worker threads over the root moves")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  app.add_flag("--divide", divide, "print the count below each root move");
  if (auto rc = parse_args(app, argc, argv)) return *rc;

  const auto game = parse_game(game_name);
  if (!game) {
    std::fprintf(stderr, "kishi perft: %s\n", game.error().c_str());
    return 2;
  }
  const auto pos = Position::from_sfen(sfen, *game);
  if (!pos) {
    std::fprintf(stderr, "kishi perft: %s\n", pos.error().c_str());
    return 2;
  }

  const auto start = std::chrono::steady_clock::now();
  uint64_t nodes = 0;
  if (divide) {
    // Sorted by move text, so that the lines diff against other engines' divide.
    std::vector<std::pair<std::string, uint64_t>> lines;
    for (const auto& [move, count] : perft_divide(*pos, depth))
      lines.emplace_back(to_usi(move), count);
    std::sort(lines.begin(), lines.end());
    for (const auto& [move, count] : lines) {
      std::printf("%s: %llu\n", move.c_str(), (unsigned long long)count);
      nodes += count;
    }
  } else {
    nodes = perft_parallel(*pos, depth, threads);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("game %s depth %d nodes %llu time %.3f s nps %.0f\n", game_name.c_str(), depth,
              (unsigned long long)nodes, seconds, seconds > 0 ? nodes / seconds : 0.0);
  return 0;
}

}  // namespace kishi::command
