// kishi usi: the engine for shogi GUIs and match tools, on stdin/stdout.
// --game picks the game (the Game option switches among its variants),
// --player a built-in baseline instead of the tree search.
#include <iostream>

#include "app/commands/commands.h"
#include "app/commands/option_groups.h"
#include "app/commands/parse_args.h"
#include "usi/usi_protocol.h"

namespace kishi::command {

int usi(int argc, char** argv) {
  CLI::App app{"The USI engine (reads USI commands on stdin)", "kishi usi"};
  std::string player = "mcts", game;
  app.add_option("--player", player,
                 "mcts (the engine), or a baseline: random, greedy (1-ply material), alphabeta")
      ->capture_default_str()
      ->check(CLI::IsMember({"mcts", "random", "greedy", "alphabeta"}));
  add_game_option(app, game);
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  const play::Player p = player == "random"      ? play::Player::Random
                         : player == "greedy"    ? play::Player::Greedy
                         : player == "alphabeta" ? play::Player::AlphaBeta
                                                 : play::Player::Mcts;
  usi::UsiProtocol engine(std::cin, std::cout, game, p);
  return engine.run();
}

}  // namespace kishi::command
