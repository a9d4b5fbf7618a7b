// kishi evaluate: a model against the built-in baselines (uniform random mover,
// 1-ply material-greedy player, depth-limited alpha-beta), both colours, a
// fixed number of playouts a move: the measurement behind the training loop's
// acceptance figures, with how the games ended.
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string_view>
#include <vector>

#include "app/commands/commands.h"
#include "app/commands/game_option.h"
#include "app/commands/parse_args.h"
#include "app/commands/run_config.h"
#include "common/atomic_file.h"
#include "games/registry.h"
#include "match/elo.h"
#include "selfplay/model_store.h"
#include "training/evaluation.h"

namespace kishi::command {

namespace {

struct BaselineRun {
  std::string name;
  training::Baseline baseline;
  double bar;     // < 0: none
  int depth = 1;  // alpha-beta
};

// "alphabeta-N", N a depth of 1-8.
std::optional<int> alpha_beta_depth(const std::string& name) {
  constexpr std::string_view PREFIX = "alphabeta-";
  if (name.size() != PREFIX.size() + 1 || name.compare(0, PREFIX.size(), PREFIX) != 0)
    return std::nullopt;
  const char d = name.back();
  if (d < '1' || d > '8') return std::nullopt;
  return d - '0';
}

std::string endings_text(const training::EvalResult& r) {
  std::string text;
  for (const auto& [reason, n] : r.endings)
    text += (text.empty() ? "" : ", ") + reason + " " + std::to_string(n);
  return text;
}

}  // namespace

int evaluate(int argc, char** argv) {
  CLI::App app{"A model against the built-in baselines", "kishi evaluate"};
  std::string run_dir, model_path, game_name, baselines = "random,greedy", out_path;
  int games = 100, playouts = 16, max_plies = 256, leaf_mate_plies = 3, threads = 1, gumbel = 0,
      opening_plies = 0, adjudicate_material = 0, root_mate_nodes = 1000;
  uint64_t seed = 1;
  double min_random = -1, min_greedy = -1;
  app.add_option("--run", run_dir, "use the newest model of this run directory");
  app.add_option("--model", model_path, "a model file (instead of --run)");
  auto* game_option = add_game_option(app, game_name);
  game_option->description(game_option->get_description() + " (default: the run's)");
  app.add_option("--baselines", baselines,
                 "comma-separated: random, greedy, alphabeta-N (depth N of 1-8; default: "
                 "random,greedy)");
  app.add_option("--games", games, "games against each baseline, half with each colour (100)")
      ->check(CLI::Range(1, 1000000));
  app.add_option("--playouts", playouts, "playouts a move for the model (16)")
      ->check(CLI::Range(1, 1000000));
  app.add_option("--gumbel", gumbel,
                 "search the root as self-play does: sequential halving over this many moves, "
                 "no noise (default 0: PUCT)")
      ->check(CLI::Range(0, 600));
  app.add_option("--max-plies", max_plies, "games reaching this many plies are draws (256)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--leaf-mate-plies", leaf_mate_plies, "mate search at new leaves, plies (3)")
      ->check(CLI::Range(0, 7));
  app.add_option("--root-mate-nodes", root_mate_nodes,
                 "before each search the model plays a mate proved in this many nodes, as "
                 "self-play does (1000; 0: off)")
      ->check(CLI::Range(0, 100000000));
  app.add_option("--opening-plies", opening_plies,
                 "random plies before the players take over, the same for both colours of a pair "
                 "(0; deterministic players need some)")
      ->check(CLI::Range(0, 1000));
  app.add_option("--adjudicate-material", adjudicate_material,
                 "also score the games drawn by length by material: a side this many "
                 "centipawns ahead wins; the --min-... bars then apply to that score (0: off)")
      ->check(CLI::Range(0, 1000000));
  app.add_option("--threads", threads, "torch threads (1)")->check(CLI::Range(1, 256));
  app.add_option("--seed", seed, "seed of the baselines' choices (1)");
  app.add_option("--out", out_path, "write the results as JSON to this file");
  app.add_option("--min-random", min_random, "exit 1 if the score against random is lower")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--min-greedy", min_greedy, "exit 1 if the score against greedy is lower")
      ->check(CLI::Range(0.0, 1.0));
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  if (run_dir.empty() == model_path.empty()) {
    std::fprintf(stderr, "kishi evaluate: give either --run RUN or --model FILE\n");
    return 2;
  }
  if (!game_option->count() && !run_dir.empty() &&
      std::filesystem::is_regular_file(run_dir + "/config.toml")) {
    try {
      game_name = load_run_config(run_dir + "/config.toml").game;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "kishi evaluate: %s\n", e.what());
      return 2;
    }
  }
  // Every baseline is checked before the first game: a typo costs no games.
  std::vector<BaselineRun> runs;
  std::stringstream list(baselines);
  for (std::string name; std::getline(list, name, ',');) {
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    if (name == "random")
      runs.push_back({name, training::Baseline::Random, min_random});
    else if (name == "greedy")
      runs.push_back({name, training::Baseline::Greedy, min_greedy});
    else if (const auto depth = alpha_beta_depth(name))
      runs.push_back({name, training::Baseline::AlphaBeta, -1, *depth});
    else {
      std::fprintf(stderr,
                   "kishi evaluate: unknown baseline '%s' in --baselines (random, greedy, "
                   "alphabeta-1 ... alphabeta-8)\n",
                   name.c_str());
      return 2;
    }
  }
  const auto listed = [&](const char* name) {
    for (const auto& r : runs)
      if (r.name == name) return true;
    return false;
  };
  if (runs.empty() || (min_random >= 0 && !listed("random")) ||
      (min_greedy >= 0 && !listed("greedy"))) {
    std::fprintf(stderr,
                 "kishi evaluate: --baselines '%s' lacks a baseline that a --min-... bar "
                 "names, or names none\n",
                 baselines.c_str());
    return 2;
  }
  if (!run_dir.empty()) {
    const auto latest = selfplay::latest_model(run_dir);
    if (!latest) {
      std::fprintf(stderr, "kishi evaluate: no model in %s/models; train one first\n",
                   run_dir.c_str());
      return 1;
    }
    model_path = latest->path;
  } else if (!std::filesystem::is_regular_file(model_path)) {
    std::fprintf(stderr, "kishi evaluate: no model file '%s'\n", model_path.c_str());
    return 1;
  }

  training::EvalSettings settings;
  settings.network.threads = threads;
  settings.games = games;
  settings.playouts = playouts;
  settings.gumbel_actions = gumbel;
  settings.max_plies = max_plies;
  settings.opening_plies = opening_plies;
  settings.adjudicate_material = adjudicate_material;
  settings.root_mate_nodes = root_mate_nodes;
  const game::PlayRules rules{.max_plies = max_plies, .leaf_mate_plies = leaf_mate_plies};
  settings.seed = seed;
  const std::string search_text =
      gumbel > 0 ? "Gumbel root over " + std::to_string(gumbel) + " moves" : "PUCT";
  nlohmann::json out = {
      {"model", model_path}, {"games", games}, {"playouts", playouts}, {"gumbel", gumbel}};
  int failed = 0;
  for (const BaselineRun& run : runs) {
    std::printf("evaluate: %s vs %s, %d games, %d playouts a move (%s)\n", model_path.c_str(),
                run.name.c_str(), games, playouts, search_text.c_str());
    std::fflush(stdout);
    const auto tally = [&](const training::EvalResult& so_far) {
      const int n = so_far.wins + so_far.draws + so_far.losses;
      if (n % 10 == 0 || n == games)
        std::printf("  %d/%d games: +%d =%d -%d\n", n, games, so_far.wins, so_far.draws,
                    so_far.losses);
      std::fflush(stdout);
    };
    training::EvalResult r;
    try {
      r = games::with_game(game_name, rules, [&](const auto& game) {
        return training::play_evaluation(
            game, model_path, {.baseline = run.baseline, .model_path = {}, .depth = run.depth},
            settings, tally);
      });
    } catch (const std::invalid_argument& e) {
      std::fprintf(stderr, "kishi evaluate: %s\n", e.what());
      return 2;
    }
    const auto elo = match::estimate_elo(match::Score{r.wins, r.draws, r.losses});
    std::printf("evaluate: vs %s: +%d =%d -%d, score %.1f%%, Elo %+.0f [%+.0f, %+.0f]\n",
                run.name.c_str(), r.wins, r.draws, r.losses, 100 * r.score(), elo.elo, elo.lower,
                elo.upper);
    std::printf("evaluate: vs %s, endings: %s\n", run.name.c_str(), endings_text(r).c_str());
    const double score = adjudicate_material > 0 ? r.adjudicated_score() : r.score();
    if (adjudicate_material > 0)
      std::printf(
          "evaluate: vs %s, of the draws by length (by material, %d cp): model ahead %d, "
          "%s ahead %d; score with them %.1f%%\n",
          run.name.c_str(), adjudicate_material, r.material_wins, run.name.c_str(),
          r.material_losses, 100 * score);
    if (r.model_vetoes + r.opponent_vetoes > 0)
      std::printf("evaluate: vs %s, games with a veto: by the model %d, by %s %d\n",
                  run.name.c_str(), r.model_vetoes, run.name.c_str(), r.opponent_vetoes);
    out[run.name] = {{"wins", r.wins},
                     {"draws", r.draws},
                     {"losses", r.losses},
                     {"score", r.score()},
                     {"endings", r.endings},
                     {"model_vetoes", r.model_vetoes},
                     {"opponent_vetoes", r.opponent_vetoes}};
    if (adjudicate_material > 0)
      out[run.name]["material"] = {{"model_ahead", r.material_wins},
                                   {"opponent_ahead", r.material_losses},
                                   {"adjudicated_score", score}};
    if (run.bar >= 0 && score < run.bar) {
      std::printf("evaluate: score against %s %.1f%% is below the bar %.1f%%\n", run.name.c_str(),
                  100 * score, 100 * run.bar);
      failed = 1;
    }
  }
  if (!out_path.empty()) write_file_atomically(out_path, out.dump(2) + "\n");
  return failed;
}

}  // namespace kishi::command
