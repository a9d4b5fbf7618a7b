#include "selfplay/selfplay_game.h"

namespace kishi::selfplay {

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

}  // namespace kishi::selfplay
