// Self-play takes up a model exported while its games run, without stopping them.
#include "selfplay/selfplay_runner.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <mutex>

#include "selfplay/model_store.h"

namespace kishi::selfplay {
namespace {

namespace fs = std::filesystem;

TEST(SelfplayRunner, ANewerModelIsSwappedInWhileGamesGoOn) {
  const std::string run =
      (fs::temp_directory_path() / ("kishi-runner-" + std::to_string(getpid()))).string();
  fs::remove_all(run);
  const nn::ModelConfig tiny{.blocks = 1,
                             .channels = 8,
                             .squeeze_excitation = false,
                             .policy_channels = 4,
                             .value_channels = 1,
                             .value_hidden = 8};
  RunnerOptions o;
  o.model = tiny;
  o.network.threads = 1;
  o.selfplay.playouts = 4;
  o.selfplay.fast_playouts = 2;
  o.selfplay.max_plies = 40;
  o.games_in_parallel = 2;
  o.batch_size = 2;
  o.verbose = false;
  std::mutex mutex;
  std::vector<std::string> model_ids;  // in the order the games finished
  o.on_game = [&](const Chunk& chunk) {
    std::lock_guard lock(mutex);
    model_ids.push_back(chunk.model_id);
    if (model_ids.size() == 1)  // the trainer exports step 1 while game 2 is still on
      nn::NetworkEvaluator::random(tiny, 7, {})->save(model_path(run, 1), "shogi");
  };
  const std::atomic<bool> stop{false};
  const RunnerStats stats = run_selfplay(run, o, 6, stop);
  EXPECT_EQ(stats.games, 6);
  ASSERT_EQ(model_ids.size(), 6u);
  EXPECT_EQ(model_ids.front(), "model-0000000000");
  // Games 1 and 2 began with model 0, and so may one that began while the other
  // thread was loading model 1; every other game began with model 1.
  EXPECT_GE(std::count(model_ids.begin(), model_ids.end(), "model-0000000001"), 3);
  fs::remove_all(run);
}

}  // namespace
}  // namespace kishi::selfplay
