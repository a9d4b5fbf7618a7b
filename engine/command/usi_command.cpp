// kishi usi: the engine for shogi GUIs and match tools, on stdin/stdout.
// --player picks a built-in baseline instead of the tree search.
#include <iostream>

#include "engine/command/commands.h"
#include "engine/command/parse_args.h"
#include "engine/usi/usi_engine.h"

namespace kishi::command {

int usi(int argc, char** argv) {
  CLI::App app{"The USI engine (reads USI commands on stdin)", "kishi usi"};
  std::string player = "mcts";
  app.add_option("--player", player,
                 "mcts (the engine), or a baseline: random, greedy (1-ply material), alphabeta")
      ->capture_default_str()
      ->check(CLI::IsMember({"mcts", "random", "greedy", "alphabeta"}));
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  const usi::Player p = player == "random"      ? usi::Player::Random
                        : player == "greedy"    ? usi::Player::Greedy
                        : player == "alphabeta" ? usi::Player::AlphaBeta
                                                : usi::Player::Mcts;
  usi::UsiEngine engine(std::cin, std::cout, p);
  return engine.run();
}

}  // namespace kishi::command
