// kishi bench: fixed benchmark suites, for comparing builds and machines.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <span>

#include "app/commands/bench_signature.h"
#include "app/commands/commands.h"
#include "app/commands/option_groups.h"
#include "app/commands/parse_args.h"
#include "app/commands/run_config.h"
#include "common/config.h"
#include "game/perft.h"
#include "game/random_positions.h"
#include "games/builtin_evaluator.h"
#include "games/registry.h"
#include "nn/torch/batched_network.h"
#include "search/mcts.h"
#include "selfplay/model_store.h"
#include "selfplay/selfplay_game.h"
#include "selfplay/selfplay_runner.h"
#include "training/trainer.h"

namespace kishi::command {
namespace {

// Times each game's perft positions (its GameInfo's), single thread: a line
// each and a total line a game.
int bench_perft() {
  for (const game::GameInfo& info : games::all_games()) {
    if (info.perft_bench.empty()) continue;
    games::with_game(info.name, {}, [&](const auto& game) {
      uint64_t total_nodes = 0;
      double total_seconds = 0;
      for (const game::PerftBench& c : info.perft_bench) {
        const auto root = *game.parse_state(c.state);
        const auto start = std::chrono::steady_clock::now();
        const uint64_t nodes = game::count(game, root, c.depth, 1);
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("%-14.*s depth %d nodes %12llu time %7.3f s nps %12.0f\n", int(c.name.size()),
                    c.name.data(), c.depth, (unsigned long long)nodes, s, nodes / s);
        total_nodes += nodes;
        total_seconds += s;
      }
      std::printf("%-14s nodes %llu time %.3f s nps %.0f\n",
                  (std::string(info.name) + " total").c_str(), (unsigned long long)total_nodes,
                  total_seconds, total_nodes / total_seconds);
    });
  }
  return 0;
}

struct NnOptions {
  std::string model_file;  // checkpoint; empty: random weights of model_config
  std::string model_config;
  std::string game;
  // auto: every backend and precision this machine runs.
  nn::NetworkOptions network{.precision = nn::Precision::Auto, .backend = nn::Backend::Auto};
  std::vector<int> batch_sizes = {1, 2, 4, 8, 16, 32, 64, 128, 256};
  double seconds = 1.0;
};

// Each path's agreement with LibTorch fp32 on `positions`: the share of the
// same top move, and the mean value difference.
std::pair<double, double> agreement(nn::NetworkEvaluator& reference, nn::NetworkEvaluator& net,
                                    std::span<const nn::EncodedPosition> positions) {
  std::vector<nn::PolicyValue> want(positions.size()), got(positions.size());
  reference.evaluate(positions, want);
  net.evaluate(positions, got);
  double same = 0, value_error = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    const auto top = [](const nn::PolicyValue& pv) {
      return std::max_element(pv.priors.begin(), pv.priors.end()) - pv.priors.begin();
    };
    same += top(want[i]) == top(got[i]);
    value_error += std::abs(want[i].value() - got[i].value());
  }
  return {same / positions.size(), value_error / positions.size()};
}

// Positions/s of `net` at each batch size, and where the time goes.
template <game::Game G>
void time_batches(const G& game, nn::NetworkEvaluator& net,
                  const std::vector<typename G::State>& positions, const NnOptions& o) {
  const typename G::Encoding encoder;
  const size_t input_size = G::Encoding::SHAPE.input_size();
  typename G::ActionList legal;
  std::printf("%6s %12s %9s %9s %9s %9s %9s\n", "batch", "positions/s", "encode%", "copy%",
              "forward%", "finish%", "outside%");
  for (int batch : o.batch_sizes) {
    // Encoding (on the search threads in play) is timed here with the network's own phases.
    std::vector<float> planes(size_t(batch) * input_size);
    std::vector<std::vector<int>> indices(batch);
    std::vector<nn::EncodedPosition> input(batch);
    std::vector<nn::PolicyValue> output(batch);
    size_t next = 0;
    double encode_seconds = 0;
    const auto run_once = [&] {
      const auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < batch; ++i) {
        const auto& pos = positions[next++ % positions.size()];
        float* x = planes.data() + size_t(i) * input_size;
        encoder.encode(pos, x);
        indices[i].clear();
        game.legal_actions(pos, legal);
        for (size_t k = 0; k < legal.size(); ++k)
          indices[i].push_back(encoder.policy_index(pos, legal[k]));
        input[i] = {x, indices[i]};
      }
      encode_seconds +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      net.evaluate(input, output);
    };
    run_once();  // warm-up: allocations, kernel selection
    net.reset_times();
    encode_seconds = 0;
    const auto start = std::chrono::steady_clock::now();
    int calls = 0;
    double elapsed = 0;
    do {
      run_once();
      ++calls;
      elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    } while (elapsed < o.seconds || calls < 3);
    const nn::EvaluationTimes& t = net.times();
    const double encode = t.encode + encode_seconds;
    const double total = t.total() + encode_seconds;
    std::printf("%6d %12.0f %8.1f%% %8.1f%% %8.1f%% %8.1f%% %8.1f%%\n", batch,
                t.positions / elapsed, 100 * encode / total, 100 * t.copy / total,
                100 * t.forward / total, 100 * t.finish / total, 100 * (total - t.forward) / total);
    std::fflush(stdout);
  }
}

template <game::Game G>
int bench_nn(const G& game, const NnOptions& o) {
  const nn::GameEncoding encoding = nn::game_encoding(game);
  const nn::ModelConfig config = nn::ModelConfig::from_file(o.model_config);
  const auto load = [&](const nn::NetworkOptions& options) {
    return o.model_file.empty()
               ? nn::NetworkEvaluator::random(config, encoding, 1, options)
               : nn::NetworkEvaluator::from_checkpoint(o.model_file, encoding, options);
  };
  const auto positions = game::random_positions(game, 512, 12345);
  const typename G::Encoding encoder;
  const size_t input_size = encoding.shape.input_size();
  typename G::ActionList legal;
  // Every path a choice left open may take, each measured alone.
  std::vector<std::string> left_out;
  const std::vector<nn::ForwardPath> paths = nn::runnable_paths(o.network, left_out);
  std::unique_ptr<nn::NetworkEvaluator> reference;
  std::vector<float> check_planes(positions.size() * input_size);
  std::vector<std::vector<int>> check_indices(positions.size());
  std::vector<nn::EncodedPosition> check(positions.size());
  for (size_t i = 0; i < positions.size(); ++i) {
    encoder.encode(positions[i], check_planes.data() + i * input_size);
    game.legal_actions(positions[i], legal);
    for (size_t k = 0; k < legal.size(); ++k)
      check_indices[i].push_back(encoder.policy_index(positions[i], legal[k]));
    check[i] = {check_planes.data() + i * input_size, check_indices[i]};
  }
  for (const nn::ForwardPath& path : paths) {
    nn::NetworkOptions fixed = o.network;
    fixed.backend = path.backend;
    fixed.precision = path.precision;
    std::unique_ptr<nn::NetworkEvaluator> net = load(fixed);
    std::printf("network %s%s\n", net->describe().c_str(),
                o.model_file.empty() ? " (random weights)" : "");
    if (path != nn::ForwardPath{}) {
      if (!reference) reference = load({.device = o.network.device, .threads = o.network.threads});
      const auto [top1, value_error] = agreement(*reference, *net, check);
      std::printf("agreement with libtorch fp32 on %zu positions: top-1 %.1f%%, value %.4f\n",
                  check.size(), 100 * top1, value_error);
    }
    time_batches(game, *net, positions, o);
  }
  for (const std::string& reason : left_out) std::printf("left out: %s\n", reason.c_str());
  return 0;
}

struct SearchBenchOptions {
  int64_t playouts = 200000;
  double network_seconds = 10;
  int batch = 8;
  nn::NetworkOptions network{.precision = nn::Precision::Auto, .backend = nn::Backend::Auto};
  std::string model_file;
  std::string game;
};

// Playouts per second of the tree search itself (built-in evaluator, one
// thread), then with the default network: how much of the wall time the
// forward pass takes (the rest is search, encoding and waiting).
template <game::Game G>
int bench_search(const G& game, const SearchBenchOptions& o) {
  using namespace kishi::search;
  // The game's bench positions, else its start and a state 20 random plies in.
  std::vector<typename G::State> roots;
  for (std::string_view text : games::find_game(o.game)->bench_states)
    roots.push_back(*game.parse_state(text));
  if (roots.empty()) {
    const auto states = game::random_positions(game, 20, 12345);
    roots = {game.start_state(), states.back()};
  }
  auto builtin = games::builtin_evaluator(game);
  SearchParams params;
  params.threads = 1;
  params.max_nodes = 1 << 24;
  double total_playouts = 0, total_seconds = 0;
  for (const auto& root : roots) {
    Search<G> search(game, *builtin.evaluator, params);
    SearchLimits limits;
    limits.max_playouts = o.playouts;
    const auto result = search.run(root, limits);
    std::printf(
        "built-in evaluator, 1 thread: %8lld playouts in %.3f s: %9.0f playouts/s (tree %d%% "
        "full)\n",
        (long long)result.info.playouts, result.info.seconds,
        result.info.playouts / result.info.seconds, result.info.hashfull / 10);
    total_playouts += result.info.playouts;
    total_seconds += result.info.seconds;
  }
  std::printf("built-in evaluator: %.0f playouts/s\n", total_playouts / total_seconds);

  nn::NetworkOptions net_options = o.network;
  net_options.batch = o.batch;
  const nn::GameEncoding encoding = nn::game_encoding(game);
  nn::BatcherOptions batch;
  batch.max_batch = o.batch;
  batch.max_wait = std::chrono::microseconds(1000);
  const nn::BatchedNetwork<G> batched(
      o.model_file.empty()
          ? nn::NetworkEvaluator::random(nn::ModelConfig{}, encoding, 1, net_options)
          : nn::NetworkEvaluator::from_checkpoint(o.model_file, encoding, net_options),
      batch);
  nn::NetworkEvaluator* network = batched.net.get();
  params.threads = o.batch;  // one waiting leaf per thread fills a batch
  params.max_nodes = 1 << 22;
  Search<G> search(game, *batched.leaf, params);
  SearchLimits limits;
  const auto start = std::chrono::steady_clock::now();
  limits.should_stop = [&](const SearchInfo& info) { return info.seconds >= o.network_seconds; };
  network->reset_times();
  const auto result = search.run(roots[1], limits);
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const nn::EvaluationTimes& t = network->times();
  const auto stats = batched.batcher->stats();
  std::printf(
      "network %s, batch %d, %d search threads: %lld playouts in %.1f s: %.0f playouts/s, "
      "mean batch %.1f\n",
      network->describe().c_str(), o.batch, params.threads, (long long)result.info.playouts, wall,
      result.info.playouts / wall,
      stats.batches ? double(stats.requests - stats.cache_hits) / stats.batches : 0.0);
  if (!network->choice_note().empty()) std::printf("%s\n", network->choice_note().c_str());
  std::printf(
      "share of wall time in the forward pass: %.1f%% (encode %.1f%%, copy %.1f%%, "
      "legal-move softmax %.1f%%)\n",
      100 * t.forward / wall, 100 * t.encode / wall, 100 * t.copy / wall, 100 * t.finish / wall);
  return 0;
}

// The trainer against a bare forward+backward loop of the same network and
// batch, on positions from quick self-play games with the built-in evaluator.
template <game::Game G>
int bench_train(const G& game, const RunConfig& rc, int64_t steps) {
  namespace fs = std::filesystem;
  const nn::ModelConfig& model = rc.model;
  const training::TrainConfig& train = rc.train;
  const std::string dir =
      (fs::temp_directory_path() / ("kishi-bench-train-" + std::to_string(getpid()))).string();
  fs::create_directories(dir + "/models");
  fs::create_directories(dir + "/games");
  nn::NetworkEvaluator::random(model, nn::game_encoding(game), 1, {})
      ->save(selfplay::model_path(dir, 0));
  auto builtin = games::builtin_evaluator(game);
  search::Search<G> search(game, *builtin.evaluator, {.max_nodes = 1 << 16});
  selfplay::SelfPlayConfig sp;
  sp.playouts = 16;
  sp.fast_playouts = 4;
  sp.full_search_share = 1;
  sp.max_plies = 200;
  std::mt19937_64 rng(3);
  selfplay::Chunk chunk;
  chunk.game = std::string(game.name());
  for (int i = 0; i < 20; ++i) chunk.games.push_back(selfplay::play_selfplay_game(search, sp, rng));
  selfplay::write_chunk(dir + "/games/bench.kchunk", chunk);
  training::Trainer trainer(dir, training::training_game(game), train);
  trainer.train(5);  // warm-up
  const auto m = trainer.train(steps);
  const double bare = trainer.bare_samples_per_second(steps);
  fs::remove_all(dir);
  std::printf(
      "trainer: %.0f samples/s; bare forward+backward loop of the same network (%s) and batch %d: "
      "%.0f "
      "samples/s; trainer at %.1f%% of the bare loop\n",
      m.samples_per_second, model.describe().c_str(), train.batch_size, bare,
      100 * m.samples_per_second / bare);
  return 0;
}

// Self-play as the loop runs it (the config's network and settings, random
// weights): positions per hour and the share of wall time in the forward pass.
int bench_selfplay(const std::string& config_path, double seconds) {
  namespace fs = std::filesystem;
  const RunConfig rc = load_run_config(config_path);
  selfplay::RunnerOptions o = runner_options(rc);
  o.verbose = false;
  const std::string dir =
      (fs::temp_directory_path() / ("kishi-bench-selfplay-" + std::to_string(getpid()))).string();
  std::atomic<bool> stop{false};
  std::thread timer([&] {
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    stop = true;
  });
  const auto stats = games::with_game(rc.game, selfplay_rules(rc), [&](const auto& game) {
    return selfplay::run_selfplay(dir, game, o, -1, stop);
  });
  timer.join();
  fs::remove_all(dir);
  std::printf(
      "selfplay (%s, %d games at once): %lld games, %lld positions in %.1f s: %.0f positions/hour; "
      "%.1f%% of wall time in the forward pass\n",
      o.model.describe().c_str(), o.games_in_parallel, (long long)stats.games,
      (long long)stats.positions, stats.seconds, stats.positions / stats.seconds * 3600,
      100 * stats.forward_seconds / stats.seconds);
  return 0;
}

}  // namespace

int bench(int argc, char** argv) {
  CLI::App app{
      "Fixed benchmark suites; with none named, the build's signature: each game's bench "
      "positions to fixed playouts, then `nodes N` and `nodes/s M`",
      "kishi bench"};
  app.require_subcommand(0, 1);
  SignatureOptions signature;
  app.add_option("--playouts", signature.playouts, "the signature's playouts per position")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(1), int64_t(1) << 20));
  auto* perft = app.add_subcommand("perft", "perft suite, single thread; prints nodes/s");
  NnOptions nn_options;
  auto* nn_cmd = app.add_subcommand(
      "nn", "network throughput by batch size, and the share of time outside the forward pass");
  auto* model_opt = nn_cmd->add_option("--model", nn_options.model_file,
                                       "checkpoint to load (default: random weights)");
  auto* config_opt =
      nn_cmd->add_option("--config", nn_options.model_config,
                         "TOML file whose [model] table shapes the random network (default: "
                         "configs/model/small.toml's shape)");
  add_game_option(*nn_cmd, nn_options.game);
  add_network_options(*nn_cmd, nn_options.network);
  nn_cmd->add_option("--batch", nn_options.batch_sizes, "batch sizes")->delimiter(',');
  nn_cmd->add_option("--seconds", nn_options.seconds, "time per batch size")->capture_default_str();
  model_opt->excludes(config_opt);
  SearchBenchOptions search_options;
  auto* search_cmd = app.add_subcommand(
      "search", "playouts/s with the built-in evaluator; forward-pass share with the network");
  search_cmd->add_option("--playouts", search_options.playouts, "playouts per position (built-in)")
      ->capture_default_str();
  search_cmd->add_option("--seconds", search_options.network_seconds, "network search time")
      ->capture_default_str();
  search_cmd->add_option("--batch", search_options.batch, "network batch size")
      ->capture_default_str();
  add_network_options(*search_cmd, search_options.network);
  search_cmd->add_option("--model", search_options.model_file,
                         "checkpoint (default: random weights)");
  add_game_option(*search_cmd, search_options.game);
  std::string train_config = "configs/quickstart.toml";
  int64_t train_steps = 50;
  auto* train_cmd =
      app.add_subcommand("train", "trainer samples/s against a bare forward+backward loop");
  train_cmd->add_option("--config", train_config, "config whose [model] and [train] to use")
      ->capture_default_str();
  train_cmd->add_option("--steps", train_steps, "steps to time")->capture_default_str();
  double selfplay_seconds = 60;
  auto* selfplay_cmd =
      app.add_subcommand("selfplay", "self-play positions/hour and forward-pass share");
  selfplay_cmd
      ->add_option("--config", train_config, "config whose [model], [network], [selfplay] to use")
      ->capture_default_str();
  selfplay_cmd
      ->add_option("--seconds", selfplay_seconds,
                   "time to play (games under way then are finished)")
      ->capture_default_str();
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  if (selfplay_cmd->parsed()) return bench_selfplay(train_config, selfplay_seconds);
  if (train_cmd->parsed()) {
    // The config's game, its self-play games capped at 200 plies.
    const RunConfig rc = load_run_config(train_config);
    return games::with_game(rc.game, {.max_plies = 200},
                            [&](const auto& game) { return bench_train(game, rc, train_steps); });
  }
  if (perft->parsed()) return bench_perft();
  if (search_cmd->parsed())
    return games::with_game(search_options.game, {},
                            [&](const auto& game) { return bench_search(game, search_options); });
  if (nn_cmd->parsed())
    return games::with_game(nn_options.game, {},
                            [&](const auto& game) { return bench_nn(game, nn_options); });
  return bench_signature(signature);
}

}  // namespace kishi::command
