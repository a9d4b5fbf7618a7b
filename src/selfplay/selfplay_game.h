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
#include "game/adjudication.h"
#include "game/game.h"
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

// Whether the game ends here (by its rules, or at the config's ply limit,
// scored by material when the config says so); if so, its result and reason
// go into `record`.
template <game::Game G>
bool record_game_end(const G& game, const typename G::State& state,
                     const typename G::ActionList& legal, const SelfPlayConfig& config,
                     GameRecord& record) {
  const game::Outcome outcome = game.outcome(state, legal);
  const int ply = int(record.moves.size());
  if (!outcome.over && ply < config.max_plies) return false;
  record.result = !outcome.over || outcome.winner == game::Outcome::DRAW ? 0
                  : outcome.winner == 0                                  ? 1
                                                                         : -1;
  record.reason = outcome.over ? outcome.reason : PLY_LIMIT;
  // A draw by length ends at the ply limit; the rules' maximum length counts
  // only the moves that stand, so it ends there too or later.
  if (record.result == 0 && ply >= config.max_plies)
    if (const auto leader = game::material_leader(game, state, config.adjudicate_material)) {
      record.result = *leader == 0 ? 1 : -1;
      record.reason = MATERIAL_ADJUDICATION;
    }
  return true;
}

// Plays one game from the game's start position with `search` (its tree is
// cleared first). When *stop turns true the game is given up between moves:
// reason ABANDONED, a record never to be written.
template <game::Game G>
GameRecord play_selfplay_game(search::Search<G>& search, const SelfPlayConfig& config,
                              std::mt19937_64& rng, const std::atomic<bool>* stop = nullptr) {
  using Action = typename G::Action;
  const G& game = search.game();
  GameRecord record;
  typename G::State state = game.start_state();
  record.start_state = game.state_text(state);
  search.clear_tree();
  std::uniform_real_distribution<double> unit(0, 1);
  const bool may_resign = unit(rng) >= config.playout_share;
  int low_value_streak[2] = {0, 0};
  search::SearchParams params = search.params();
  typename G::ActionList legal;

  while (true) {
    game.legal_actions(state, legal);
    if (record_game_end(game, state, legal, config, record)) return record;
    const int ply = int(record.moves.size());
    if (stop && *stop) {
      record.reason = ABANDONED;
      return record;
    }
    MoveRecord m;
    Action action = legal[0];
    std::optional<std::vector<Action>> mate;
    if constexpr (requires { game.find_mate(state, int64_t(1), 7); })
      if (ply >= config.opening_random_plies && config.root_mate_nodes > 0)
        mate = game.find_mate(state, config.root_mate_nodes, 7);
    const int us = game.player(state);
    if (ply < config.opening_random_plies) {
      action = legal[rng() % legal.size()];
    } else if (mate) {
      // A proven win: its first move is the policy target, the value is won.
      action = mate->front();
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
        if (may_resign) {
          record.result = us == 0 ? -1 : 1;
          record.reason = RESIGNATION;
          return record;
        }
        if (!record.would_have_resigned) record.would_have_resigned = us == 0 ? 1 : -1;
      }
    }
    m.action = game.pack(action);
    game.play(state, action);
    search.advance_root(std::span(&action, 1));
    record.moves.push_back(std::move(m));
  }
}

}  // namespace kishi::selfplay
