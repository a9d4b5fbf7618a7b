#include "selfplay/selfplay_game.h"

#include "engine/shogi/game_status.h"
#include "engine/shogi/movegen.h"

namespace kishi::selfplay {

using namespace kishi::shogi;

SelfPlayConfig SelfPlayConfig::from(const Config& t) {
  SelfPlayConfig c;
  const auto positive = [&](const char* key, int64_t fallback) {
    const int64_t v = t.get_int(key, fallback);
    if (v < 1)
      throw ConfigError(std::string("key 'selfplay.") + key + "' in " + t.source() +
                        " must be at least 1");
    return int(v);
  };
  const auto share = [&](const char* key, double fallback) {
    const double v = t.get_double(key, fallback);
    if (v < 0 || v > 1)
      throw ConfigError(std::string("key 'selfplay.") + key + "' in " + t.source() +
                        " must be between 0 and 1");
    return v;
  };
  c.playouts = positive("playouts", c.playouts);
  c.fast_playouts = positive("fast_playouts", c.fast_playouts);
  c.full_search_share = share("full_search_share", c.full_search_share);
  c.gumbel = t.get_bool("gumbel", c.gumbel);
  c.gumbel_actions = positive("gumbel_actions", c.gumbel_actions);
  c.dirichlet_alpha = float(t.get_double("dirichlet_alpha", c.dirichlet_alpha));
  c.dirichlet_epsilon = float(share("dirichlet_epsilon", c.dirichlet_epsilon));
  c.temperature_plies = int(t.get_int("temperature_plies", c.temperature_plies));
  c.temperature = float(t.get_double("temperature", c.temperature));
  c.resign_value = float(t.get_double("resign_value", c.resign_value));
  c.playout_share = share("playout_share", c.playout_share);
  c.max_plies = positive("max_plies", c.max_plies);
  c.opening_random_plies = int(t.get_int("opening_random_plies", c.opening_random_plies));
  c.leaf_mate_plies = int(t.get_int("leaf_mate_plies", c.leaf_mate_plies));
  c.root_mate_nodes = int(t.get_int("root_mate_nodes", c.root_mate_nodes));
  if (c.root_mate_nodes < 0)
    throw ConfigError("key 'selfplay.root_mate_nodes' in " + t.source() + " must be at least 0");
  if (c.leaf_mate_plies < 0 || c.leaf_mate_plies > 7)
    throw ConfigError("key 'selfplay.leaf_mate_plies' in " + t.source() +
                      " must be between 0 and 7");
  return c;
}

GameRecord play_selfplay_game(search::Search<shogi::ShogiGame>& search,
                              const SelfPlayConfig& config, Game game, std::mt19937_64& rng,
                              const std::atomic<bool>* stop) {
  GameRecord record;
  Position pos = Position::startpos(game);
  record.start_sfen = pos.sfen();
  search.clear_tree();
  std::uniform_real_distribution<double> unit(0, 1);
  const bool may_resign = unit(rng) >= config.playout_share;
  int low_value_streak[2] = {0, 0};
  search::SearchParams params = search.params();

  while (true) {
    const GameStatus status = game_status(pos, {.max_plies = config.max_plies});
    if (status.outcome != Outcome::Ongoing) {
      record.result = status.outcome == Outcome::BlackWins   ? 1
                      : status.outcome == Outcome::WhiteWins ? -1
                                                             : 0;
      record.reason = uint8_t(status.reason);
      return record;
    }
    if (stop && *stop) {
      record.reason = ABANDONED;
      return record;
    }
    const int ply = pos.plies_played();
    MoveRecord m;
    std::optional<std::vector<Move>> mate;
    if (ply >= config.opening_random_plies && config.root_mate_nodes > 0)
      mate = search.game().find_mate(pos, config.root_mate_nodes, 7);
    if (ply < config.opening_random_plies) {
      const MoveList moves = legal_moves(pos);
      m.move = moves[rng() % moves.size()];
    } else if (mate) {
      // A proven win: its first move is the policy target, the value is won.
      m.move = mate->front();
      m.policy.push_back({m.move, 1.0f});
      m.has_policy = true;
      m.root_value = 1;
      low_value_streak[pos.side_to_move()] = 0;
    } else {
      const bool full = unit(rng) < config.full_search_share;
      const int budget = full ? config.playouts : config.fast_playouts;
      search::SearchResult<Move> result;
      if (config.gumbel) {
        result = search.run_gumbel(pos, budget, config.gumbel_actions);
        if (full)
          for (size_t i = 0; i < result.children.size(); ++i)
            m.policy.push_back({result.children[i].action, result.improved_policy[i]});
        m.move = *result.best;
      } else {
        params.dirichlet_epsilon = full ? config.dirichlet_epsilon : 0;
        search.set_params(params);
        search::SearchLimits limits;
        limits.max_playouts = budget;
        result = search.run(pos, limits);
        if (full) {
          int total = 0;
          for (const auto& c : result.children) total += c.visits;
          for (const auto& c : result.children)
            if (c.visits) m.policy.push_back({c.action, float(c.visits) / float(total)});
        }
        m.move = ply < config.temperature_plies
                     ? search::sample_by_visits(result.children, config.temperature, rng)
                     : *result.best;
      }
      m.has_policy = full;
      m.root_value = result.value;
      const Color us = pos.side_to_move();
      low_value_streak[us] = result.value < config.resign_value ? low_value_streak[us] + 1 : 0;
      if (low_value_streak[us] >= 2) {
        if (may_resign) {
          record.result = us == BLACK ? -1 : 1;
          record.reason = RESIGNATION;
          return record;
        }
        if (!record.would_have_resigned) record.would_have_resigned = us == BLACK ? 1 : -1;
      }
    }
    pos.do_move(m.move);
    search.advance_root(std::span(&m.move, 1));
    record.moves.push_back(std::move(m));
  }
}

}  // namespace kishi::selfplay
