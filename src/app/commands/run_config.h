// The configuration of a training run (configs/*.toml), read in full by every
// command that uses it, so that an unknown key or a wrong type anywhere is an
// error naming the key and the file.
#pragma once

#include <string>

#include "common/config.h"
#include "games/registry.h"
#include "nn/model_config.h"
#include "nn/torch/network_evaluator.h"
#include "selfplay/selfplay_game.h"
#include "selfplay/selfplay_runner.h"
#include "training/trainer.h"

namespace kishi::command {

struct RunConfig {
  std::string path;
  std::string game;  // a name of the game registry
  uint64_t seed = 1;
  nn::ModelConfig model;
  nn::NetworkOptions network;
  selfplay::SelfPlayConfig selfplay;
  int games_in_parallel = 8;
  int batch_size = 4;  // leaves per network batch (default: half the games)
  training::TrainConfig train;
  struct Loop {
    int64_t games_per_iteration = 32;
    int64_t steps_per_iteration = 100;
    int eval_every = 2;   // iterations between evaluations
    int eval_games = 10;  // against each baseline, both colours
    int eval_playouts = 16;
    // The run opens with this many teacher games (the game's alpha-beta at
    // teacher_depth playing both sides) before self-play: supervised data from
    // the first minute, where random weights would give noise.
    int64_t teacher_games = 0;
    int teacher_depth = 2;
  } loop;
  std::string text;  // the file, to copy into the run directory
};

inline RunConfig load_run_config(const std::string& path) {
  RunConfig rc;
  rc.path = path;
  const Config c = Config::load_file(path);
  const Config run = c.table("run");
  rc.game = run.get_string("game", games::default_game());
  if (!games::is_game(rc.game))
    throw ConfigError("key 'run.game' in " + path + ": " + games::unknown_game(rc.game).what());
  rc.seed = uint64_t(run.get_int("seed", 1));
  rc.model = nn::ModelConfig::from(c.table("model"));
  const Config network = c.table("network");
  rc.network.device = network.get_string("device", "cpu");
  rc.network.threads = int(network.get_int("threads", 0, 0, 1024));  // 0: torch's default
  try {
    rc.network.precision = nn::parse_precision(network.get_string("precision", "auto"));
  } catch (const std::invalid_argument& e) {
    throw ConfigError("key 'network.precision' in " + path + ": " + e.what());
  }
  try {
    rc.network.backend = nn::parse_backend(network.get_string("backend", "auto"));
  } catch (const std::invalid_argument& e) {
    throw ConfigError("key 'network.backend' in " + path + ": " + e.what());
  }
  const Config sp = c.table("selfplay");
  rc.selfplay = selfplay::SelfPlayConfig::from(sp);
  rc.games_in_parallel = int(sp.get_int("games_in_parallel", rc.games_in_parallel, 1, 4096));
  rc.batch_size = int(sp.get_int("batch_size", std::max(1, rc.games_in_parallel / 2), 1, 4096));
  rc.train = training::TrainConfig::from(c.table("train"), network);
  const Config loop = c.table("loop");
  constexpr int64_t MAX = INT32_MAX;
  rc.loop.games_per_iteration =
      loop.get_int("games_per_iteration", rc.loop.games_per_iteration, 1, INT64_MAX);
  rc.loop.steps_per_iteration =
      loop.get_int("steps_per_iteration", rc.loop.steps_per_iteration, 1, INT64_MAX);
  rc.loop.eval_every = int(loop.get_int("eval_every", rc.loop.eval_every, 1, MAX));
  rc.loop.eval_games = int(loop.get_int("eval_games", rc.loop.eval_games, 0, MAX));
  rc.loop.eval_playouts = int(loop.get_int("eval_playouts", rc.loop.eval_playouts, 1, MAX));
  rc.loop.teacher_games = loop.get_int("teacher_games", 0, 0, INT64_MAX);
  rc.loop.teacher_depth = int(loop.get_int("teacher_depth", rc.loop.teacher_depth, 1, 8));
  c.finish();
  rc.text = c.to_toml();
  return rc;
}

// The rules self-play gives the run's game.
inline game::PlayRules selfplay_rules(const RunConfig& rc) {
  return {.max_plies = rc.selfplay.max_plies, .leaf_mate_plies = rc.selfplay.leaf_mate_plies};
}

inline selfplay::RunnerOptions runner_options(const RunConfig& rc) {
  selfplay::RunnerOptions o;
  o.seed = rc.seed;
  o.model = rc.model;
  o.network = rc.network;
  o.selfplay = rc.selfplay;
  o.games_in_parallel = rc.games_in_parallel;
  o.batch_size = rc.batch_size;
  return o;
}

}  // namespace kishi::command
