// One self-play game of any game: the search plays every side and every
// action is recorded with the search's root value and, for full searches, its
// policy target.
#pragma once

#include <atomic>
#include <optional>
#include <random>
#include <vector>

#include "chunks/chunk.h"
#include "common/config.h"
#include "game/game.h"
#include "game/mate.h"
#include "game/play_game.h"
#include "search/mcts.h"

namespace kishi::selfplay {

struct SelfPlayConfig {
  int playouts = 64;       // a full search, recorded as a policy target
  int fast_playouts = 16;  // a fast search, not recorded (playout-cap randomization)
  double full_search_share = 0.25;
  bool gumbel = true;  // Gumbel root with sequential halving; else PUCT with noise
  int gumbel_actions = 16;
  float dirichlet_alpha = 0.15f;
  float dirichlet_epsilon = 0.25f;
  int temperature_plies = 30;  // PUCT: moves drawn by visits^(1/t) for this many plies
  float temperature = 1.0f;
  float resign_value = -0.95f;  // resign after two moves in a row below this value
  double playout_share = 0.1;   // share of games never resigned, to measure false resignations
  int max_plies = 320;  // games reaching it are draws (the runner gives it to the game's rules)
  int opening_random_plies = 0;  // uniformly random moves first, for variety
  // A bounded mate search at new leaves (rules only, no evaluation): games end
  // in mate instead of wandering to the ply limit. 0: off.
  int leaf_mate_plies = 0;
  // Nodes of the game's mate search (df-pn for shogi), where it has one, spent
  // at each move on a mate of up to 7 plies, played at once when found. The
  // sampled root of a small search often missed a mate in hand, and the lost
  // side then "resigned falsely". 0: off.
  int root_mate_nodes = 1000;
  // > 0: a game drawn by its length (the ply limit, or the rules' maximum
  // length) in which the side to move's static value (centipawns, games with
  // one) is at least this far from 0 is scored as won by the side ahead
  // (reason MATERIAL_ADJUDICATION). gnome's early games nearly all reach the
  // limit, and their draws teach the value head nothing. 0: off.
  int adjudicate_material = 0;

  // Reads the [selfplay] table; unknown keys are left for Config::finish.
  static SelfPlayConfig from(const Config& table);
};

// How self-play and teacher games end: the rules, the config's ply limit,
// material adjudication of a draw by length.
inline game::PlayLimits play_limits(const SelfPlayConfig& config) {
  return {.max_plies = config.max_plies, .adjudicate_material = config.adjudicate_material};
}

// The record's result (for player 0) and reason, from how its game ended.
inline void record_end(const game::GameEnd& end, GameRecord& record) {
  record.result = end.winner == game::Outcome::DRAW ? 0 : end.winner == 0 ? 1 : -1;
  switch (end.by) {
    case game::GameEnd::By::Rules:
    case game::GameEnd::By::Player: record.reason = end.reason; break;
    case game::GameEnd::By::PlyLimit: record.reason = PLY_LIMIT; break;
    case game::GameEnd::By::Material: record.reason = MATERIAL_ADJUDICATION; break;
  }
}

// Plays one game from the game's start position with `search` (its tree is
// cleared first). When *stop turns true the game is given up between moves:
// reason ABANDONED, a record never to be written.
template <game::Game G>
GameRecord play_selfplay_game(search::Search<G>& search, const SelfPlayConfig& config,
                              std::mt19937_64& rng, const std::atomic<bool>* stop = nullptr) {
  using Action = typename G::Action;
  using Turn = game::Turn<Action>;
  const G& game = search.game();
  GameRecord record;
  typename G::State position = game.start_state();
  record.start_state = game.state_text(position);
  search.clear_tree();
  std::uniform_real_distribution<double> unit(0, 1);
  const bool may_resign = unit(rng) >= config.playout_share;
  int low_value_streak[2] = {0, 0};
  search::SearchParams params = search.params();
  game::RootMate<G> root_mate(game, 16);

  const auto turn = [&](const typename G::State& state, const typename G::ActionList& legal,
                        int ply) -> Turn {
    if (stop && *stop) return Turn::finish(game::Outcome::DRAW, ABANDONED, "abandoned");
    MoveRecord m;
    Action action = legal[0];
    std::optional<Action> mate;
    if (ply >= config.opening_random_plies) mate = root_mate.find(state, config.root_mate_nodes, 7);
    const int us = game.player(state);
    if (ply < config.opening_random_plies) {
      action = legal[rng() % legal.size()];
    } else if (mate) {
      // A proven win: its first move is the policy target, the value is won.
      action = *mate;
      m.policy.push_back({game.pack(action), 1.0f});
      m.has_policy = true;
      m.root_value = 1;
      low_value_streak[us] = 0;
    } else {
      const bool full = unit(rng) < config.full_search_share;
      const int budget = full ? config.playouts : config.fast_playouts;
      search::SearchResult<Action> result;
      if (config.gumbel) {
        result = search.run_gumbel(state, budget, config.gumbel_actions);
        if (full)
          for (size_t i = 0; i < result.children.size(); ++i)
            m.policy.push_back({game.pack(result.children[i].action), result.improved_policy[i]});
        action = *result.best;
      } else {
        params.dirichlet_epsilon = full ? config.dirichlet_epsilon : 0;
        search.set_params(params);
        search::SearchLimits limits;
        limits.max_playouts = budget;
        result = search.run(state, limits);
        if (full) {
          int total = 0;
          for (const auto& c : result.children) total += c.visits;
          for (const auto& c : result.children)
            if (c.visits) m.policy.push_back({game.pack(c.action), float(c.visits) / float(total)});
        }
        action = ply < config.temperature_plies
                     ? search::sample_by_visits(result.children, config.temperature, rng)
                     : *result.best;
      }
      m.has_policy = full;
      m.root_value = result.value;
      low_value_streak[us] = result.value < config.resign_value ? low_value_streak[us] + 1 : 0;
      if (low_value_streak[us] >= 2) {
        if (may_resign) return Turn::finish(1 - us, RESIGNATION, "resignation");
        if (!record.would_have_resigned) record.would_have_resigned = us == 0 ? 1 : -1;
      }
    }
    m.action = game.pack(action);
    search.advance_root(std::span(&action, 1));
    record.moves.push_back(std::move(m));
    return Turn::play(action);
  };
  record_end(game::play_game(game, position, play_limits(config), turn), record);
  return record;
}

}  // namespace kishi::selfplay
