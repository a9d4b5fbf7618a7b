// kishi selfplay: play games with the newest model of a run and write them as
// chunk files to RUN/games. Several processes may share a run directory.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <thread>

#include "engine/command/commands.h"
#include "engine/command/parse_args.h"
#include "engine/command/run_config.h"
#include "engine/shogi/names.h"
#include "nn/batcher.h"
#include "nn/model_config.h"
#include "nn/network_evaluator.h"
#include "nn/network_leaf_evaluator.h"
#include "selfplay/chunk.h"
#include "selfplay/model_store.h"
#include "selfplay/selfplay_game.h"

namespace kishi::command {

namespace {

std::atomic<bool> interrupted{false};
void on_signal(int) { interrupted = true; }

}  // namespace

int selfplay(int argc, char** argv) {
  CLI::App app{"Self-play with the newest model of a run; games go to RUN/games", "kishi selfplay"};
  std::string run_dir, config_path;
  int64_t max_games = -1;
  app.add_option("--run", run_dir, "run directory (models/ and games/ inside)")->required();
  app.add_option("--config", config_path, "TOML config ([run], [model], [network], [selfplay])")
      ->required();
  app.add_option("--games", max_games, "stop after this many games (default: until interrupted)");
  if (auto rc = parse_args(app, argc, argv)) return *rc;

  const RunConfig rc = load_run_config(config_path);
  const auto game = std::optional<shogi::Game>(rc.game);
  const nn::ModelConfig& model_config = rc.model;
  const nn::NetworkOptions& net_options = rc.network;
  const selfplay::SelfPlayConfig& sp_config = rc.selfplay;
  const int parallel = rc.games_in_parallel;
  const uint64_t seed = rc.seed;

  std::filesystem::create_directories(run_dir + "/models");
  std::filesystem::create_directories(run_dir + "/games");
  if (!selfplay::latest_model(run_dir)) {  // a new run starts from random weights
    nn::NetworkEvaluator::random(model_config, seed, net_options)
        ->save(selfplay::model_path(run_dir, 0), std::string(shogi::game_name(*game)));
    std::printf("selfplay: new run, random model %s\n", selfplay::model_path(run_dir, 0).c_str());
  }
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);

  char host[64] = "host";
  gethostname(host, sizeof host - 1);
  std::atomic<int64_t> games_played{0}, games_done{0}, positions{0};
  std::atomic<int> chunk_seq{0};
  const auto start = std::chrono::steady_clock::now();

  while (!interrupted && (max_games < 0 || games_played < max_games)) {
    const selfplay::StoredModel model = *selfplay::latest_model(run_dir);
    auto net = nn::NetworkEvaluator::from_checkpoint(
        model.path, std::string(shogi::game_name(*game)), net_options);
    nn::BatcherOptions batch;
    batch.max_batch = parallel;
    batch.max_wait = std::chrono::microseconds(2000);
    nn::EvaluationBatcher batcher(*net, batch);
    nn::NetworkLeafEvaluator leaf(batcher);
    const std::string model_id = std::filesystem::path(model.path).stem().string();
    std::atomic<bool> newer_model{false};
    std::mutex print_mutex;

    std::vector<std::thread> threads;
    for (int t = 0; t < parallel; ++t)
      threads.emplace_back([&, t] {
        search::ShogiGame::Rules rules;
        rules.max_plies = sp_config.max_plies;
        search::SearchParams params;
        params.max_nodes =
            uint32_t(std::max(sp_config.playouts, sp_config.fast_playouts) * 700 + 10000);
        params.seed = seed * 1000003 + uint64_t(games_played.load()) * 131 + uint64_t(t);
        search::Search<search::ShogiGame> search(search::ShogiGame(rules), leaf, params);
        std::mt19937_64 rng(params.seed);
        while (!interrupted && !newer_model) {
          const int64_t index = games_played++;
          if (max_games >= 0 && index >= max_games) break;
          selfplay::Chunk chunk;
          chunk.game = *game;
          chunk.model_id = model_id;
          chunk.games.push_back(selfplay::play_selfplay_game(search, sp_config, *game, rng));
          // Each finished game is written at once: an interrupted run loses none.
          char name[160];
          std::snprintf(name, sizeof name, "%s/games/%s-%s-%d-%06d.kchunk", run_dir.c_str(),
                        model_id.c_str(), host, int(getpid()), chunk_seq++);
          selfplay::write_chunk(name, chunk);
          positions += int64_t(chunk.positions());
          const int64_t done = ++games_done;
          const double minutes =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / 60;
          {
            std::lock_guard lock(print_mutex);
            std::printf(
                "selfplay: game %lld (%zu plies, %s) | %lld positions | %.1f games/min | %s\n",
                (long long)done, chunk.games[0].moves.size(),
                chunk.games[0].result > 0   ? "black wins"
                : chunk.games[0].result < 0 ? "white wins"
                                            : "draw",
                (long long)positions.load(), done / std::max(minutes, 1e-9), model_id.c_str());
            std::fflush(stdout);
          }
          if (const auto latest = selfplay::latest_model(run_dir);
              latest && latest->step > model.step)
            newer_model = true;  // finish here; the outer loop loads it
        }
      });
    for (auto& t : threads) t.join();
    if (newer_model) std::printf("selfplay: switching to the newer model\n");
  }
  return 0;
}

}  // namespace kishi::command
