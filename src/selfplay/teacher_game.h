// One teacher game of any game with an alpha-beta search: the search plays
// both sides, each move recorded as a one-hot policy target with the search's
// score as a win rate. Training data where no outside engine of the game
// exists to teach (gnome), for supervised training as shogi's teacher games
// give it (docs/strength.md).
#pragma once

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <random>

#include "players/alpha_beta.h"
#include "selfplay/selfplay_game.h"

namespace kishi::selfplay {

struct TeacherConfig {
  int depth = 3;                  // the alpha-beta's depth a move
  int64_t max_nodes = 2'000'000;  // and its node bound
  double score_scale = 600;       // centipawns cp are the value 2 / (1 + exp(-cp / scale)) - 1
};

// The value in [-1, 1] of an alpha-beta score (centipawns, beyond MATE_BOUND a mate).
inline float teacher_value(int score, int mate_bound, double scale) {
  if (std::abs(score) >= mate_bound) return score > 0 ? 1.0f : -1.0f;
  return float(2 / (1 + std::exp(-score / scale)) - 1);
}

// Plays one game from the start position: config.opening_random_plies random
// moves (not recorded as targets), then the alpha-beta at teacher.depth; the
// end as in self-play (the rules, the ply limit, material adjudication). When
// *stop turns true the game is given up between moves (reason ABANDONED).
template <players::AlphaBetaGame G>
GameRecord play_teacher_game(const G& game, players::AlphaBeta<G>& search,
                             const SelfPlayConfig& config, const TeacherConfig& teacher,
                             std::mt19937_64& rng, const std::atomic<bool>* stop = nullptr) {
  using Turn = game::Turn<typename G::Action>;
  GameRecord record;
  typename G::State position = game.start_state();
  record.start_state = game.state_text(position);
  const auto turn = [&](const typename G::State& state, const typename G::ActionList& legal,
                        int ply) -> Turn {
    if (stop && *stop) return Turn::finish(game::Outcome::DRAW, ABANDONED, "abandoned");
    MoveRecord m;
    typename G::Action action;
    if (ply < config.opening_random_plies) {
      action = legal[rng() % legal.size()];
    } else {
      const auto result = search.search(state, teacher.depth, teacher.max_nodes, stop);
      action = result.best;
      m.has_policy = true;
      m.policy.push_back({game.pack(action), 1.0f});
      m.root_value =
          teacher_value(result.score, players::AlphaBeta<G>::MATE_BOUND, teacher.score_scale);
    }
    m.action = game.pack(action);
    record.moves.push_back(std::move(m));
    return Turn::play(action);
  };
  record_end(game::play_game(game, position, play_limits(config), turn), record);
  return record;
}

}  // namespace kishi::selfplay
