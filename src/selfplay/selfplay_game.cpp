#include "selfplay/selfplay_game.h"

namespace kishi::selfplay {

SelfPlayConfig SelfPlayConfig::from(const Config& t) {
  SelfPlayConfig c;
  // Counts are ints: a larger value must not wrap around.
  constexpr int64_t MAX = INT32_MAX;
  const auto positive = [&](const char* key, int64_t fallback) {
    return int(t.get_int(key, fallback, 1, MAX));
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
  c.temperature_plies = int(t.get_int("temperature_plies", c.temperature_plies, 0, MAX));
  c.temperature = float(t.get_double("temperature", c.temperature));
  c.resign_value = float(t.get_double("resign_value", c.resign_value));
  c.playout_share = share("playout_share", c.playout_share);
  c.max_plies = positive("max_plies", c.max_plies);
  c.opening_random_plies = int(t.get_int("opening_random_plies", c.opening_random_plies, 0, MAX));
  c.leaf_mate_plies = int(t.get_int("leaf_mate_plies", c.leaf_mate_plies, 0, 7));
  c.root_mate_nodes = int(t.get_int("root_mate_nodes", c.root_mate_nodes, 0, MAX));
  c.adjudicate_material = int(t.get_int("adjudicate_material", c.adjudicate_material, 0, MAX));
  return c;
}

}  // namespace kishi::selfplay
