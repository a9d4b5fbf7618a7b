// The trainer resumes exactly from its checkpoint, a damaged chunk in the
// window is skipped, not read, and two data-parallel ranks train as one.
#include "training/trainer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include "games/shogi/core/mirror.h"
#include "games/shogi/material_evaluator.h"
#include "games/toy/toy_game.h"
#include "nn/torch/checkpoint.h"
#include "nn/torch/network_evaluator.h"
#include "players/alpha_beta.h"
#include "selfplay/model_store.h"
#include "selfplay/selfplay_game.h"
#include "training/training_data.h"

namespace kishi::training {
namespace {

namespace fs = std::filesystem;

const nn::ModelConfig TINY{.blocks = 1,
                           .channels = 8,
                           .squeeze_excitation = false,
                           .policy_channels = 4,
                           .value_channels = 1,
                           .value_hidden = 8};

class TrainerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = (fs::temp_directory_path() /
            ("kishi-train-" + std::to_string(getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name()))
               .string();
    fs::create_directories(dir_ + "/models");
    fs::create_directories(dir_ + "/games");
    nn::NetworkEvaluator::random(TINY, nn::game_encoding(shogi::ShogiGame{}), 3, {})
        ->save(selfplay::model_path(dir_, 0));
    // Games from the built-in evaluator stand in for self-play.
    shogi::MaterialEvaluator eval;
    search::Search<shogi::ShogiGame> search(shogi::ShogiGame{}, eval, {.max_nodes = 1 << 15});
    selfplay::SelfPlayConfig sp;
    sp.playouts = 16;
    sp.fast_playouts = 4;
    sp.max_plies = 60;
    std::mt19937_64 rng(9);
    for (int i = 0; i < 3; ++i) {
      selfplay::Chunk chunk;
      chunk.game = "shogi";
      chunk.model_id = "material";
      chunk.games.push_back(selfplay::play_selfplay_game(search, sp, rng));
      selfplay::write_chunk(dir_ + "/games/g" + std::to_string(i) + ".kchunk", chunk);
    }
    config_.batch_size = 16;
    config_.steps_per_export = 10;
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string dir_;
  TrainConfig config_;
};

// Issue 12, finding 7: a negative thread count was accepted.
TEST(TrainConfig, ANegativeThreadCountIsRefused) {
  const Config c = Config::parse("[network]\nthreads = -4\n", "y.toml");
  try {
    training::TrainConfig::from(c.table("train"), c.table("network"));
    FAIL() << "accepted threads = -4";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(), "key 'network.threads' in y.toml must be between 0 and 1024, not -4");
  }
}

TEST_F(TrainerTest, RestartContinuesExactly) {
  const std::string copy = dir_ + "-copy";
  fs::copy(dir_, copy, fs::copy_options::recursive);
  StepMetrics straight;
  {
    Trainer t(dir_, training_game(shogi::ShogiGame{}), config_);
    t.train(10);
    straight = t.train(10);
  }
  StepMetrics resumed;
  {
    Trainer t(copy, training_game(shogi::ShogiGame{}), config_);
    t.train(10);
  }
  {
    Trainer t(copy, training_game(shogi::ShogiGame{}), config_);  // a new process, in effect
    EXPECT_EQ(t.step(), 10);
    resumed = t.train(10);
  }
  fs::remove_all(copy);
  EXPECT_EQ(straight.step, 20);
  EXPECT_EQ(resumed.step, 20);
  EXPECT_NEAR(straight.policy_loss, resumed.policy_loss, 1e-4);
  EXPECT_NEAR(straight.value_loss, resumed.value_loss, 1e-4);
  EXPECT_TRUE(fs::exists(selfplay::model_path(dir_, 20)));  // exported for self-play
}

TEST_F(TrainerTest, DamagedChunksAreSkipped) {
  std::ofstream(dir_ + "/games/torn.kchunk", std::ios::binary) << "KISHICHK\x01";
  const Window w = read_window(shogi::ShogiGame{}, dir_, 100000);
  EXPECT_EQ(w.chunks_read, 3);
  EXPECT_EQ(w.chunks_skipped, 1);
  EXPECT_GT(w.samples.size(), 0u);
  for (const auto& s : w.samples) {
    EXPECT_NEAR(s.wdl[0] + s.wdl[1] + s.wdl[2], 1.0f, 1e-5);
    EXPECT_FALSE(s.policy.empty());
  }
  Trainer t(dir_, training_game(shogi::ShogiGame{}), config_);
  EXPECT_GT(t.train(2).window_positions, 0);
}

// Issue 16: the held-out measure reads every position of another run, changes
// nothing, and sees what the training learnt.
TEST_F(TrainerTest, TheTestMeasuresEveryPositionOfAnotherRun) {
  const std::string empty = dir_ + "-empty";
  fs::create_directories(empty + "/games");
  Trainer t(dir_, training_game(shogi::ShogiGame{}), config_);
  const Window all = read_window(shogi::ShogiGame{}, dir_, 100000, config_.value);
  size_t with_policy = 0;
  for (const auto& s : all.samples) with_policy += !s.policy.empty();
  const TestMetrics before = t.test(dir_);
  EXPECT_EQ(before.positions, int64_t(all.samples.size()));
  EXPECT_EQ(before.policy_positions, int64_t(with_policy));
  const TestMetrics again = t.test(dir_);
  EXPECT_EQ(again.policy_top1, before.policy_top1);  // no mirroring, no training, eval mode
  EXPECT_EQ(again.value_loss, before.value_loss);
  config_.learning_rate = 0.1;
  Trainer learner(dir_, training_game(shogi::ShogiGame{}), config_);
  learner.train(150);
  const TestMetrics after = learner.test(dir_);
  EXPECT_LT(after.policy_loss, before.policy_loss - 0.5);
  EXPECT_GT(after.policy_top1, before.policy_top1);
  EXPECT_LT(after.value_loss, before.value_loss);
  EXPECT_EQ(t.test(empty).positions, 0);
  fs::remove_all(empty);
}

// The held-out test also counts agreement over the legal moves alone, the
// moves a search's priors range over: each sample marks exactly its legal
// moves (mirrored too), and the agreement there is at least the other.
TEST_F(TrainerTest, TheTestAlsoMeasuresAgreementOverTheLegalMoves) {
  const auto game = training_game(shogi::ShogiGame{});
  const size_t policy_size = size_t(game->encoding().shape.policy_size());
  const Window w = read_window(shogi::ShogiGame{}, dir_, 100000, config_.value);
  ASSERT_GT(w.samples.size(), 20u);
  for (const Sample& s : w.samples)
    for (const bool mirrored : {false, true}) {
      std::vector<float> input(game->encoding().shape.input_size()), policy(policy_size),
          row(policy_size);
      game->encode(s, mirrored, input.data(), policy.data(), row.data());
      const auto position =
          shogi::Position::from_sfen(mirrored ? shogi::mirror_sfen(s.state) : s.state);
      ASSERT_TRUE(position) << s.state;
      shogi::MoveList legal;
      shogi::ShogiGame{}.legal_actions(*position, legal);
      const shogi::ShogiEncoding encoder;
      float marked = 0;
      for (const float f : row) marked += f;
      EXPECT_EQ(marked, float(legal.size())) << s.state;
      for (const auto& m : legal) EXPECT_EQ(row[size_t(encoder.policy_index(*position, m))], 1.f);
    }
  config_.learning_rate = 0.1;
  Trainer t(dir_, training_game(shogi::ShogiGame{}), config_);
  const TestMetrics before = t.test(dir_);
  t.train(150);
  const TestMetrics after = t.test(dir_);
  EXPECT_GE(before.policy_top1_legal, before.policy_top1);
  // A few steps in, the largest entry is still often no legal move (here
  // 2.9% against 8.6%).
  EXPECT_GT(after.policy_top1_legal, after.policy_top1);
  EXPECT_GT(after.policy_top1_legal, before.policy_top1_legal);
}

// train.legal_policy: the policy's softmax over the legal moves alone, so the
// same first batch of the same network costs less than over every entry.
TEST_F(TrainerTest, ALegalPolicyLossIsTheSoftmaxOverTheLegalMoves) {
  const std::string copy = dir_ + "-copy";
  fs::copy(dir_, copy, fs::copy_options::recursive);
  const double every_entry =
      Trainer(dir_, training_game(shogi::ShogiGame{}), config_).train(1).policy_loss;
  config_.legal_policy = true;
  const double legal_only =
      Trainer(copy, training_game(shogi::ShogiGame{}), config_).train(1).policy_loss;
  fs::remove_all(copy);
  EXPECT_LT(legal_only, every_entry - 1);  // ln(2187) against ln(some 30 moves), roughly
  EXPECT_GT(legal_only, 0);
  const Config c = Config::parse("[train]\nlegal_policy = true\n", "x.toml");
  EXPECT_TRUE(TrainConfig::from(c.table("train"), c.table("network")).legal_policy);
}

TEST_F(TrainerTest, FastSearchPositionsAreValueOnlySamples) {
  const Window policy_only = read_window(shogi::ShogiGame{}, dir_, 100000, {.value_only = false});
  const Window all = read_window(shogi::ShogiGame{}, dir_, 100000, {.value_only = true});
  // Every position of the games is a sample; those without a policy target are
  // exactly the ones the policy-only window leaves out.
  EXPECT_EQ(int64_t(all.samples.size()), all.positions_seen);
  size_t value_only = 0;
  for (const auto& s : all.samples) value_only += s.policy.empty();
  EXPECT_GT(value_only, 0u);
  EXPECT_EQ(all.samples.size() - value_only, policy_only.samples.size());
}

TEST_F(TrainerTest, MaterialIsBlendedIntoTheValueTarget) {
  // With the result and root value weighed 0, the target is the material's
  // win rate alone: 1 / (1 + exp(-cp / scale)) as its expectation.
  const Window w = read_window(shogi::ShogiGame{}, dir_, 100000,
                               {.root_value_mix = 0, .material_mix = 1, .material_scale = 300});
  ASSERT_GT(w.samples.size(), 0u);
  bool ahead = false;
  for (const auto& s : w.samples) {
    const auto pos = shogi::Position::from_sfen(s.state);
    ASSERT_TRUE(pos) << s.state;
    const int cp = shogi::ShogiGame{}.static_value(*pos);
    ahead |= cp != 0;
    EXPECT_NEAR(s.wdl[0] - s.wdl[2], 2 / (1 + std::exp(-cp / 300.0)) - 1, 1e-5) << s.state;
    EXPECT_NEAR(s.wdl[0] + s.wdl[1] + s.wdl[2], 1.0f, 1e-5);
  }
  EXPECT_TRUE(ahead);  // some position is not even, so the test can fail
}

TEST_F(TrainerTest, MaterialTargetsCanWaitForTheCapturesToSettle) {
  // material_search_plies: the quiescence value of the alpha-beta baseline
  // (the static value where nothing is taken) stands for the static value.
  const ValueTargets settled{
      .root_value_mix = 0, .material_mix = 1, .material_scale = 300, .material_search_plies = 4};
  const Window w = read_window(shogi::ShogiGame{}, dir_, 100000, settled);
  ASSERT_GT(w.samples.size(), 0u);
  players::AlphaBeta<shogi::ShogiGame> search(shogi::ShogiGame{}, 0);
  int differ = 0;
  for (const auto& s : w.samples) {
    const auto pos = shogi::Position::from_sfen(s.state);
    ASSERT_TRUE(pos) << s.state;
    const int cp = search.quiescence_value(*pos, 4, 1000);
    differ += cp != shogi::ShogiGame{}.static_value(*pos);
    EXPECT_NEAR(s.wdl[0] - s.wdl[2], 2 / (1 + std::exp(-cp / 300.0)) - 1, 1e-5) << s.state;
  }
  EXPECT_GT(differ, 0);  // some position has a capture worth making: the test can fail
  // Kept by chunk file, the values read again are the same, and a chunk gone
  // from the window is gone from them.
  SettledMaterial settled_values;
  const auto chunks = newest_chunks(dir_);
  read_window(shogi::ShogiGame{}, chunks, 100000, settled, &settled_values);
  EXPECT_EQ(settled_values.size(), chunks.size());
  const Window again = read_window(shogi::ShogiGame{}, chunks, 100000, settled, &settled_values);
  ASSERT_EQ(again.samples.size(), w.samples.size());
  for (size_t i = 0; i < w.samples.size(); ++i) EXPECT_EQ(again.samples[i].wdl, w.samples[i].wdl);
  read_window(shogi::ShogiGame{}, std::vector<std::string>(chunks.begin(), chunks.end() - 1),
              100000, settled, &settled_values);
  EXPECT_EQ(settled_values.count(chunks.back()), 0u);
  EXPECT_THROW(TrainConfig::from(Config::parse("material_search_plies = -1\n", "bad.toml"),
                                 Config::parse("", "n.toml")),
               ConfigError);
}

TEST_F(TrainerTest, MaterialTargetsOutOfRangeOrWithoutStaticValueAreRefused) {
  const Config network = Config::parse("", "n.toml");
  for (const char* bad :
       {"material_value_mix = 0.9\n", "material_value_mix = -0.1\n", "material_scale = 0\n"})
    EXPECT_THROW(TrainConfig::from(Config::parse(bad, "bad.toml"), network), ConfigError) << bad;
  config_.value.material_mix = 0.5f;
  EXPECT_FALSE(training_game(toy::ToyGame{})->has_static_value());
  EXPECT_TRUE(training_game(shogi::ShogiGame{})->has_static_value());
  EXPECT_THROW(Trainer(dir_, training_game(toy::ToyGame{}), config_), std::runtime_error);
}

TEST_F(TrainerTest, Bf16AutocastTrainsLikeFp32) {
  const std::string copy = dir_ + "-bf16";
  fs::copy(dir_, copy, fs::copy_options::recursive);
  StepMetrics exact, mixed;
  {
    Trainer t(dir_, training_game(shogi::ShogiGame{}), config_);
    exact = t.train(3);
  }
  {
    TrainConfig bf16 = config_;
    bf16.precision = nn::Precision::BF16;
    Trainer t(copy, training_game(shogi::ShogiGame{}), bf16);
    mixed = t.train(3);
  }
  fs::remove_all(copy);
  EXPECT_TRUE(std::isfinite(mixed.policy_loss) && std::isfinite(mixed.value_loss));
  EXPECT_NEAR(mixed.policy_loss, exact.policy_loss, 0.02 * exact.policy_loss);
  EXPECT_NEAR(mixed.value_loss, exact.value_loss, 0.02 * exact.value_loss);
  EXPECT_NE(mixed.policy_loss, exact.policy_loss);  // the passes did run in bf16
  // fp16 is for GPUs; on the CPU the trainer says so before training.
  TrainConfig fp16 = config_;
  fp16.precision = nn::Precision::FP16;
  EXPECT_THROW(Trainer(dir_, training_game(shogi::ShogiGame{}), fp16), std::invalid_argument);
  const Config network = Config::parse("precision = \"fp12\"\n", "n.toml");
  EXPECT_THROW(TrainConfig::from(Config::parse("", "t.toml"), network), ConfigError);
}

TEST_F(TrainerTest, MirroredTrainingStillResumesExactly) {
  // Mirroring draws from the trainer's random state: a restart draws the same.
  config_.mirror = true;
  config_.value.value_only = true;
  const std::string copy = dir_ + "-copy", unmirrored_dir = dir_ + "-unmirrored";
  fs::copy(dir_, copy, fs::copy_options::recursive);
  fs::copy(dir_, unmirrored_dir, fs::copy_options::recursive);
  StepMetrics first, straight, resumed, unmirrored;
  {
    Trainer t(dir_, training_game(shogi::ShogiGame{}), config_);
    first = t.train(5);
    straight = t.train(5);
  }
  {
    Trainer t(copy, training_game(shogi::ShogiGame{}), config_);
    t.train(5);
  }
  {
    Trainer t(copy, training_game(shogi::ShogiGame{}), config_);
    resumed = t.train(5);
  }
  {
    // The same draws without mirroring give other batches: mirroring happens.
    TrainConfig plain = config_;
    plain.mirror = false;
    Trainer t(unmirrored_dir, training_game(shogi::ShogiGame{}), plain);
    unmirrored = t.train(5);
  }
  fs::remove_all(copy);
  fs::remove_all(unmirrored_dir);
  EXPECT_NEAR(straight.policy_loss, resumed.policy_loss, 1e-4);
  EXPECT_NEAR(straight.value_loss, resumed.value_loss, 1e-4);
  EXPECT_GT(std::abs(unmirrored.policy_loss - first.policy_loss), 1e-4);
}

TEST_F(TrainerTest, MirroredTargetsAreLegalMovesOfTheMirroredPosition) {
  const Window w = read_window(shogi::ShogiGame{}, dir_, 100000, {.value_only = true});
  size_t moves = 0;
  for (const auto& s : w.samples) {
    const auto mirrored = shogi::Position::from_sfen(shogi::mirror_sfen(s.state));
    ASSERT_TRUE(mirrored) << s.state;
    for (const auto& p : s.policy) {
      EXPECT_TRUE(mirrored->is_legal(shogi::mirror(shogi::Move::from_raw(uint16_t(p.action)))))
          << s.state;
      ++moves;
    }
    if (s.policy.empty()) {  // value-only: the game's result alone
      EXPECT_TRUE(s.wdl[0] + s.wdl[2] == 1.0f || s.wdl[1] == 1.0f);
    }
  }
  EXPECT_GT(moves, 100u);
}

// The largest difference between two checkpoints' weights and buffers.
double weight_difference(const std::string& path_x, const std::string& path_y) {
  const auto encoding = nn::game_encoding(shogi::ShogiGame{});
  const auto x = nn::load_checkpoint(path_x, encoding).net;
  const auto y = nn::load_checkpoint(path_y, encoding).net;
  double most = 0;
  const auto px = x->named_parameters(), py = y->named_parameters();
  for (const auto& p : px)
    most = std::max(most, (p.value() - py[p.key()]).abs().max().item<double>());
  const auto bx = x->named_buffers(), by = y->named_buffers();
  for (const auto& b : bx)
    most = std::max(
        most,
        (b.value().to(torch::kDouble) - by[b.key()].to(torch::kDouble)).abs().max().item<double>());
  return most;
}

// Issue 35: with train.ema_decay the exported model is the weights' moving
// average, (ema_decay) of the last average and the rest of the new weights,
// batch-norm statistics included; a resumed run carries the average on.
TEST_F(TrainerTest, ExportedModelsAreTheWeightsMovingAverage) {
  config_.ema_decay = 0.75;
  config_.steps_per_export = 1;
  const std::string copy = dir_ + "-copy";
  fs::copy(dir_, copy, fs::copy_options::recursive);
  {
    Trainer t(dir_, training_game(shogi::ShogiGame{}), config_);
    t.train(1);
    t.train(1);
  }
  const auto encoding = nn::game_encoding(shogi::ShogiGame{});
  const auto start = nn::load_checkpoint(selfplay::model_path(copy, 0), encoding).net;
  {
    Trainer t(copy, training_game(shogi::ShogiGame{}), config_);
    t.train(1);
  }
  const auto trained = nn::load_checkpoint(copy + "/train/state.ckpt", encoding).net;
  const auto average = nn::load_checkpoint(selfplay::model_path(copy, 1), encoding).net;
  double most = 0, moved = 0;
  const auto s = start->named_parameters(), w = trained->named_parameters();
  for (const auto& a : average->named_parameters()) {
    const auto expected = 0.75 * s[a.key()] + 0.25 * w[a.key()];
    most = std::max(most, (a.value() - expected).abs().max().item<double>());
    moved = std::max(moved, (a.value() - w[a.key()]).abs().max().item<double>());
  }
  const auto sb = start->named_buffers(), wb = trained->named_buffers();
  for (const auto& b : average->named_buffers())
    if (b.value().is_floating_point())
      most = std::max(
          most, (b.value() - (0.75 * sb[b.key()] + 0.25 * wb[b.key()])).abs().max().item<double>());
  EXPECT_LT(most, 1e-6);
  EXPECT_GT(moved, 1e-4);  // the export is not the trained weights
  {
    Trainer t(copy, training_game(shogi::ShogiGame{}), config_);  // a new process, in effect
    t.train(1);
  }
  EXPECT_LT(weight_difference(selfplay::model_path(dir_, 2), selfplay::model_path(copy, 2)), 1e-6);
  fs::remove_all(copy);
}

TEST(TrainConfig, AnEmaDecayOfOneOrMoreIsRefused) {
  const Config c = Config::parse("[train]\nema_decay = 1.0\n", "y.toml");
  try {
    training::TrainConfig::from(c.table("train"), c.table("network"));
    FAIL() << "accepted ema_decay = 1";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(),
                 "key 'train.ema_decay' in y.toml must be at least 0 and below 1 (0: no average)");
  }
}

// Issue 17: two ranks of batch 16 (Gloo on loopback, gradients and batch-norm
// statistics summed) end with the weights of one process of batch 32 from the
// same start and data; one process of batch 16 does not.
TEST_F(TrainerTest, TwoRanksTrainAsOneProcessOfTheDoubledBatch) {
  const std::string one = dir_ + "-one", half = dir_ + "-half", two = dir_ + "-two";
  for (const auto& d : {one, half, two}) fs::copy(dir_, d, fs::copy_options::recursive);
  TrainConfig doubled = config_;
  doubled.batch_size = 2 * config_.batch_size;
  Trainer(one, training_game(shogi::ShogiGame{}), doubled).train(12);
  Trainer(half, training_game(shogi::ShogiGame{}), config_).train(12);
  const int port = 20000 + int(getpid() % 20000);
  std::vector<std::thread> ranks;
  std::vector<StepMetrics> metrics(2);
  std::vector<std::string> errors(2);
  for (int r = 0; r < 2; ++r)
    ranks.emplace_back([&, r] {
      try {
        TrainConfig synced = config_;
        synced.sync_batch_norm = true;
        ProcessGroupSettings group;
        group.rank = r;
        group.size = 2;
        group.master_port = port;
        Trainer t(two, training_game(shogi::ShogiGame{}), synced, group);
        metrics[size_t(r)] = t.train(12);
      } catch (const std::exception& e) {
        errors[size_t(r)] = e.what();
      }
    });
  for (auto& t : ranks) t.join();
  ASSERT_EQ(errors[0], "");
  ASSERT_EQ(errors[1], "");
  EXPECT_EQ(metrics[0].step, 12);
  EXPECT_EQ(metrics[1].step, 12);
  EXPECT_NEAR(metrics[0].policy_loss, metrics[1].policy_loss, 1e-9);
  const double apart = weight_difference(one + "/train/state.ckpt", two + "/train/state.ckpt");
  const double single = weight_difference(one + "/train/state.ckpt", half + "/train/state.ckpt");
  std::printf("largest weight difference: two ranks %.3g, batch 16 alone %.3g\n", apart, single);
  EXPECT_LT(apart, 1e-4);
  EXPECT_GT(single, 100 * apart);
  for (const auto& d : {one, half, two}) fs::remove_all(d);
}

// A rank with no peer gives up after the timeout and says where it waited.
TEST_F(TrainerTest, ARankWithoutPeersSaysSo) {
  ProcessGroupSettings lone;
  lone.size = 2;
  lone.master_port = 40000 + int(getpid() % 20000);
  lone.timeout_seconds = 2;
  try {
    Trainer t(dir_, training_game(shogi::ShogiGame{}), config_, lone);
    FAIL() << "a rank of 2 started alone";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("training rank 0 of 2: no rendezvous with the others at "
                                         "127.0.0.1:"),
              std::string::npos)
        << e.what();
  }
}

TEST(ProcessGroupSettings, TheEnvironmentIsReadAsTorchrunWritesIt) {
  std::map<std::string, std::string> env;
  const auto get = [&](const char* name) {
    const auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  };
  EXPECT_FALSE(process_group_from_environment(get));
  env = {{"WORLD_SIZE", "1"}};
  EXPECT_FALSE(process_group_from_environment(get));
  env = {{"WORLD_SIZE", "4"},
         {"RANK", "3"},
         {"LOCAL_RANK", "1"},
         {"MASTER_ADDR", "node7"},
         {"MASTER_PORT", "29400"}};
  const auto s = process_group_from_environment(get);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->size, 4);
  EXPECT_EQ(s->rank, 3);
  EXPECT_EQ(s->local_rank, 1);
  EXPECT_EQ(s->master_addr, "node7");
  EXPECT_EQ(s->master_port, 29400);
  env["RANK"] = "4";
  EXPECT_THROW(process_group_from_environment(get), std::invalid_argument);
  env["RANK"] = "x";
  try {
    process_group_from_environment(get);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "RANK='x': must be a whole number of 0 to 3");
  }
  env.erase("RANK");
  EXPECT_THROW(process_group_from_environment(get), std::invalid_argument);
  env["RANK"] = "0";
  env.erase("MASTER_ADDR");
  EXPECT_THROW(process_group_from_environment(get), std::invalid_argument);
}

}  // namespace
}  // namespace kishi::training
