// kishi perft: count leaf nodes of a position's legal move tree.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "app/commands/commands.h"
#include "app/commands/option_groups.h"
#include "app/commands/parse_args.h"
#include "game/perft.h"
#include "games/registry.h"

namespace kishi::command {

namespace {

struct PerftOptions {
  std::string game, state;
  int depth = 0, threads = 1;
  bool divide = false;
};

template <game::Game G>
int run_perft(const G& game, const PerftOptions& o) {
  const auto parsed =
      o.state.empty() ? Expected<typename G::State>(game.start_state()) : game.parse_state(o.state);
  if (!parsed) {
    std::fprintf(stderr, "kishi perft: %s\n", parsed.error().c_str());
    return 2;
  }
  typename G::State root = *parsed;
  const auto start = std::chrono::steady_clock::now();
  uint64_t nodes = 0;
  if (o.divide) {
    // Sorted by move text, so that the lines diff against other engines' divide.
    auto lines = game::divide(game, root, o.depth);
    std::sort(lines.begin(), lines.end());
    for (const auto& [move, count] : lines) {
      std::printf("%s: %llu\n", move.c_str(), (unsigned long long)count);
      nodes += count;
    }
  } else {
    nodes = game::count(game, root, o.depth, o.threads);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("game %s depth %d nodes %llu time %.3f s nps %.0f\n", o.game.c_str(), o.depth,
              (unsigned long long)nodes, seconds, seconds > 0 ? nodes / seconds : 0.0);
  return 0;
}

}  // namespace

int perft(int argc, char** argv) {
  CLI::App app{"Count the leaf nodes of the legal move tree (last ply counted in bulk, no hashing)",
               "kishi perft"};
  PerftOptions o;
  add_game_option(app, o.game);
  app.add_option("--position,--sfen,--state", o.state,
                 "the position in the game's notation (default: the start)");
  app.add_option("--depth", o.depth, "plies to count")->required()->check(CLI::Range(1, 20));
  app.add_option("--threads", o.threads,
                 "worker threads over the root moves (where the game has them)")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  app.add_flag("--divide", o.divide, "print the count below each root move");
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  return games::with_game(o.game, {}, [&](const auto& game) { return run_perft(game, o); });
}

}  // namespace kishi::command
