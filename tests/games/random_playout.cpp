#include "tests/games/random_playout.h"

#include <random>

#include "games/shogi/core/movegen.h"

namespace kishi::shogi::testing {

std::vector<std::string> random_playout_sfens(Game game, int games, int max_plies, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::string> sfens;
  for (int g = 0; g < games; ++g) {
    Position pos = Position::startpos(game);
    for (int ply = 0; ply < max_plies; ++ply) {
      sfens.push_back(pos.sfen());
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      pos.do_move(moves[rng() % moves.size()]);
    }
  }
  return sfens;
}

}  // namespace kishi::shogi::testing
