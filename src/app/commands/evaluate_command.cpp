// kishi evaluate: a model against the built-in baselines (uniform random mover,
// 1-ply material-greedy player, depth-limited alpha-beta) or another model,
// both colours, a fixed number of playouts a move: the measurement behind the
// training loop's acceptance figures, with how the games ended.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string_view>
#include <vector>

#include "app/commands/commands.h"
#include "app/commands/option_groups.h"
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
  std::string model_path = {};  // --opponent's
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

struct EvaluateOptions {
  RunOptions run;
  std::string model_path, game_name, baselines = "random,greedy", out_path, opponent;
  nn::NetworkOptions network{
      .threads = 1, .precision = nn::Precision::Auto, .backend = nn::Backend::Auto};
  int games = 100, playouts = 16, max_plies = 256, leaf_mate_plies = 3, gumbel = 0,
      opening_plies = 0, adjudicate_material = 0, root_mate_nodes = 1000;
  uint64_t seed = 1;
  double min_random = -1, min_greedy = -1, min_opponent = -1;
};

CLI::Option* add_options(CLI::App& app, EvaluateOptions& o) {
  add_run_options(app, o.run, "use the newest model of this run directory", Need::Absent,
                  Need::Optional);
  app.add_option("--model", o.model_path, "a model file (instead of --run)");
  auto* game_option = add_game_option(app, o.game_name);
  game_option->description(game_option->get_description() + " (default: the run's)");
  app.add_option("--baselines", o.baselines,
                 "comma-separated: random, greedy, alphabeta-N (depth N of 1-8; default: "
                 "random,greedy)");
  app.add_option("--games", o.games, "games against each baseline, half with each colour (100)")
      ->check(CLI::Range(1, 1000000));
  app.add_option("--playouts", o.playouts, "playouts a move for the model (16)")
      ->check(CLI::Range(1, 1000000));
  app.add_option("--gumbel", o.gumbel,
                 "search the root as self-play does: sequential halving over this many moves, "
                 "no noise (default 0: PUCT)")
      ->check(CLI::Range(0, 600));
  app.add_option("--max-plies", o.max_plies, "games reaching this many plies are draws (256)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--leaf-mate-plies", o.leaf_mate_plies, "mate search at new leaves, plies (3)")
      ->check(CLI::Range(0, 7));
  app.add_option("--root-mate-nodes", o.root_mate_nodes,
                 "before each search the model plays a mate proved in this many nodes, as "
                 "self-play does (1000; 0: off)")
      ->check(CLI::Range(0, 100000000));
  app.add_option("--opening-plies", o.opening_plies,
                 "random plies before the players take over, the same for both colours of a pair "
                 "(0; deterministic players need some)")
      ->check(CLI::Range(0, 1000));
  app.add_option("--adjudicate-material", o.adjudicate_material,
                 "also score the games drawn by length by material: a side this many "
                 "centipawns ahead wins; the --min-... bars then apply to that score (0: off)")
      ->check(CLI::Range(0, 1000000));
  add_network_options(app, o.network);
  app.add_option("--seed", o.seed, "seed of the baselines' choices (1)");
  app.add_option("--out", o.out_path, "write the results as JSON to this file");
  app.add_option("--min-random", o.min_random, "exit 1 if the score against random is lower")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--min-greedy", o.min_greedy, "exit 1 if the score against greedy is lower")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--opponent", o.opponent,
                 "another model of the game, searching as this one does (then no baselines "
                 "unless --baselines names them, and 6 opening plies unless --opening-plies)");
  app.add_option("--min-opponent", o.min_opponent,
                 "exit 1 if the score against --opponent is lower")
      ->check(CLI::Range(0.0, 1.0));
  return game_option;
}

// The baselines of --baselines, each checked before the first game (a typo
// costs no games), with the bars that name them.
Expected<std::vector<BaselineRun>> baseline_runs(const EvaluateOptions& o, bool baselines_given) {
  using Result = Expected<std::vector<BaselineRun>>;
  std::vector<BaselineRun> runs;
  std::stringstream list(o.opponent.empty() || baselines_given ? o.baselines : "");
  for (std::string name; std::getline(list, name, ',');) {
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    if (name == "random")
      runs.push_back({name, training::Baseline::Random, o.min_random});
    else if (name == "greedy")
      runs.push_back({name, training::Baseline::Greedy, o.min_greedy});
    else if (const auto depth = alpha_beta_depth(name))
      runs.push_back({name, training::Baseline::AlphaBeta, -1, *depth});
    else
      return Result::failure("unknown baseline '" + name +
                             "' in --baselines (random, greedy, alphabeta-1 ... alphabeta-8)");
  }
  const auto listed = [&](const char* name) {
    return std::any_of(runs.begin(), runs.end(), [&](const auto& r) { return r.name == name; });
  };
  if ((runs.empty() && o.opponent.empty()) || (o.min_random >= 0 && !listed("random")) ||
      (o.min_greedy >= 0 && !listed("greedy")))
    return Result::failure("--baselines '" + o.baselines +
                           "' lacks a baseline that a --min-... bar names, or names none");
  if (o.min_opponent >= 0 && o.opponent.empty())
    return Result::failure("--min-opponent needs --opponent FILE");
  if (!o.opponent.empty()) {
    if (!std::filesystem::is_regular_file(o.opponent))
      return Result::failure("no model file '" + o.opponent + "' (--opponent)");
    runs.push_back({"opponent", training::Baseline::Random, o.min_opponent, 1, o.opponent});
  }
  return runs;
}

// The model file: --model's, or the newest of --run's.
Expected<std::string> model_file(const EvaluateOptions& o) {
  if (!o.run.run_dir.empty()) {
    const auto latest = selfplay::latest_model(o.run.run_dir);
    if (!latest)
      return Expected<std::string>::failure("no model in " + o.run.run_dir +
                                            "/models; train one first");
    return latest->path;
  }
  if (!std::filesystem::is_regular_file(o.model_path))
    return Expected<std::string>::failure("no model file '" + o.model_path + "'");
  return o.model_path;
}

training::EvalSettings eval_settings(const EvaluateOptions& o) {
  training::EvalSettings settings;
  settings.network = o.network;
  settings.games = o.games;
  settings.playouts = o.playouts;
  settings.gumbel_actions = o.gumbel;
  settings.max_plies = o.max_plies;
  settings.opening_plies = o.opening_plies;
  settings.adjudicate_material = o.adjudicate_material;
  settings.root_mate_nodes = o.root_mate_nodes;
  settings.seed = o.seed;
  return settings;
}

// Prints one baseline's result, adds it to `out`; whether it passes its bar.
bool report(const BaselineRun& run, const training::EvalResult& r, const EvaluateOptions& o,
            nlohmann::json& out) {
  const auto elo = match::estimate_elo(match::Score{r.wins, r.draws, r.losses});
  const char* name = run.name.c_str();
  std::printf("evaluate: vs %s: +%d =%d -%d, score %.1f%%, Elo %+.0f [%+.0f, %+.0f]\n", name,
              r.wins, r.draws, r.losses, 100 * r.score(), elo.elo, elo.lower, elo.upper);
  std::printf("evaluate: vs %s, endings: %s\n", name, endings_text(r).c_str());
  const double score = o.adjudicate_material > 0 ? r.adjudicated_score() : r.score();
  if (o.adjudicate_material > 0)
    std::printf(
        "evaluate: vs %s, of the draws by length (by material, %d cp): model ahead %d, "
        "%s ahead %d; score with them %.1f%%\n",
        name, o.adjudicate_material, r.material_wins, name, r.material_losses, 100 * score);
  if (r.model_vetoes + r.opponent_vetoes > 0)
    std::printf("evaluate: vs %s, games with a veto: by the model %d, by %s %d\n", name,
                r.model_vetoes, name, r.opponent_vetoes);
  out[run.name] = {{"wins", r.wins},
                   {"draws", r.draws},
                   {"losses", r.losses},
                   {"score", r.score()},
                   {"endings", r.endings},
                   {"model_vetoes", r.model_vetoes},
                   {"opponent_vetoes", r.opponent_vetoes}};
  if (o.adjudicate_material > 0)
    out[run.name]["material"] = {{"model_ahead", r.material_wins},
                                 {"opponent_ahead", r.material_losses},
                                 {"adjudicated_score", score}};
  if (run.bar < 0 || score >= run.bar) return true;
  std::printf("evaluate: score against %s %.1f%% is below the bar %.1f%%\n", name, 100 * score,
              100 * run.bar);
  return false;
}

}  // namespace

int evaluate(int argc, char** argv) {
  CLI::App app{"A model against the built-in baselines", "kishi evaluate"};
  EvaluateOptions o;
  const CLI::Option* game_option = add_options(app, o);
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  // Two deterministic searches would otherwise repeat one game a colour.
  if (!o.opponent.empty() && !app.get_option("--opening-plies")->count()) o.opening_plies = 6;
  if (o.run.run_dir.empty() == o.model_path.empty()) {
    std::fprintf(stderr, "kishi evaluate: give either --run RUN or --model FILE\n");
    return 2;
  }
  try {
    if (!game_option->count() && !o.run.run_dir.empty() &&
        std::filesystem::is_regular_file(o.run.run_dir + "/config.toml"))
      o.game_name = load_run_config(o.run.run_dir + "/config.toml").game;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kishi evaluate: %s\n", e.what());
    return 2;
  }
  const auto runs = baseline_runs(o, app.get_option("--baselines")->count() > 0);
  if (!runs) {
    std::fprintf(stderr, "kishi evaluate: %s\n", runs.error().c_str());
    return 2;
  }
  const auto model = model_file(o);
  if (!model) {
    std::fprintf(stderr, "kishi evaluate: %s\n", model.error().c_str());
    return 1;
  }
  const training::EvalSettings settings = eval_settings(o);
  const game::PlayRules rules{.max_plies = o.max_plies, .leaf_mate_plies = o.leaf_mate_plies};
  const std::string search_text =
      o.gumbel > 0 ? "Gumbel root over " + std::to_string(o.gumbel) + " moves" : "PUCT";
  nlohmann::json out = {
      {"model", *model}, {"games", o.games}, {"playouts", o.playouts}, {"gumbel", o.gumbel}};
  if (!o.opponent.empty()) out["opponent_model"] = o.opponent;
  int failed = 0;
  for (const BaselineRun& run : *runs) {
    std::printf("evaluate: %s vs %s, %d games, %d playouts a move (%s)\n", model->c_str(),
                run.model_path.empty() ? run.name.c_str() : run.model_path.c_str(), o.games,
                o.playouts, search_text.c_str());
    std::fflush(stdout);
    const auto tally = [&](const training::EvalResult& so_far) {
      const int n = so_far.wins + so_far.draws + so_far.losses;
      if (n % 10 == 0 || n == o.games)
        std::printf("  %d/%d games: +%d =%d -%d\n", n, o.games, so_far.wins, so_far.draws,
                    so_far.losses);
      std::fflush(stdout);
    };
    try {
      const auto r = games::with_game(o.game_name, rules, [&](const auto& game) {
        return training::play_evaluation(
            game, *model,
            {.baseline = run.baseline, .model_path = run.model_path, .depth = run.depth}, settings,
            tally);
      });
      if (!report(run, r, o, out)) failed = 1;
    } catch (const std::invalid_argument& e) {
      std::fprintf(stderr, "kishi evaluate: %s\n", e.what());
      return 2;
    }
  }
  if (!o.out_path.empty()) write_file_atomically(o.out_path, out.dump(2) + "\n");
  return failed;
}

}  // namespace kishi::command
