// The network in LibTorch: checkpoints and evaluation.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>

#include "nn/batcher.h"
#include "nn/torch/checkpoint.h"
#include "nn/torch/network_evaluator.h"
#include "tests/games/random_playout.h"
#include "tests/nn/shogi_inputs.h"

namespace kishi::nn {
namespace {

using namespace kishi::shogi;
using nn::testing::EncodedShogi;
using nn::testing::encoding_of;
using nn::testing::TINY;
using Evaluation = EvaluationOf<Move>;
namespace fs = std::filesystem;

class NetworkTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("kishi-nn-test-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    sfens_ = shogi::testing::random_playout_sfens(Game::Shogi, 2, 40, 8);
    for (const auto& s : sfens_) positions_.emplace_back(*Position::from_sfen(s));
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  std::string save_random(const std::string& name, const std::string& game = "shogi",
                          const std::string& encoder = std::string(ENCODER_VERSION)) {
    torch::manual_seed(7);
    PolicyValueNet net(TINY, ShogiEncoding::SHAPE);
    save_checkpoint(path(name), net, {{game, encoder, ShogiEncoding::SHAPE, {}, {}}, TINY, 42});
    return path(name);
  }

  std::vector<Evaluation> evaluate_all(Evaluator& e, size_t batch) {
    std::vector<Evaluation> out(positions_.size());
    for (size_t i = 0; i < positions_.size(); i += batch) {
      const size_t n = std::min(batch, positions_.size() - i);
      std::vector<EncodedPosition> in;
      for (size_t j = 0; j < n; ++j) in.push_back(positions_[i + j].view());
      std::vector<PolicyValue> answers(n);
      e.evaluate(in, answers);
      for (size_t j = 0; j < n; ++j) out[i + j] = positions_[i + j].evaluation(answers[j]);
    }
    return out;
  }

  std::string load_error(const std::string& file, const std::string& game = "shogi") {
    try {
      load_checkpoint(file, encoding_of(game));
    } catch (const CheckpointError& e) {
      return e.what();
    }
    return "";
  }

  fs::path dir_;
  std::vector<std::string> sfens_;
  std::vector<EncodedShogi> positions_;
};

TEST_F(NetworkTest, CheckpointRoundTripGivesBitIdenticalOutputs) {
  torch::manual_seed(3);
  PolicyValueNet net(TINY, ShogiEncoding::SHAPE);
  net->eval();
  // Move the batch-norm statistics away from their initial values, so they are checked too.
  for (auto& buffer : net->buffers())
    if (buffer.is_floating_point()) buffer.uniform_(0.5, 1.5);
  save_checkpoint(path("a.ckpt"), net, {encoding_of("shogi"), TINY, 7});

  LoadedCheckpoint loaded = load_checkpoint(path("a.ckpt"), encoding_of("shogi"));
  loaded.net->eval();
  EXPECT_EQ(loaded.info.step, 7);
  EXPECT_EQ(loaded.info.model, TINY);
  torch::NoGradGuard no_grad;
  const auto x = torch::rand({5, INPUT_PLANES, 9, 9});
  const NetworkOutput a = net->forward(x), b = loaded.net->forward(x);
  EXPECT_TRUE(torch::equal(a.policy_logits, b.policy_logits));
  EXPECT_TRUE(torch::equal(a.value_logits, b.value_logits));

  // And through the evaluator, twice from the file.
  auto e1 = NetworkEvaluator::from_checkpoint(path("a.ckpt"), encoding_of("shogi"), {});
  auto e2 = NetworkEvaluator::from_checkpoint(path("a.ckpt"), encoding_of("shogi"), {});
  const auto r1 = evaluate_all(*e1, 8), r2 = evaluate_all(*e2, 8);
  for (size_t i = 0; i < r1.size(); ++i) {
    EXPECT_EQ(r1[i].wdl, r2[i].wdl);
    EXPECT_EQ(r1[i].policy, r2[i].policy);
  }
}

TEST_F(NetworkTest, WritingLeavesNoTemporaryFile) {
  save_random("b.ckpt");
  save_random("b.ckpt");  // overwrite in place
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir_)) files += entry.is_regular_file();
  EXPECT_EQ(files, 1);
}

TEST_F(NetworkTest, MismatchesAreRejectedWithTheirReason) {
  // A game of another encoding is named; shogi and showgit share theirs.
  const std::string gnome = save_random("gnome.ckpt", "gnome", "gnome-planes-v1");
  EXPECT_EQ(load_error(gnome),
            "checkpoint '" + gnome + "': a network for game 'gnome', not 'shogi'");
  const std::string showgit = save_random("showgit.ckpt", "showgit");
  EXPECT_EQ(load_error(showgit), "");
  EXPECT_EQ(load_error(showgit, "showgit"), "");

  const std::string old = save_random("old.ckpt", "shogi", "shogi-planes-v0");
  EXPECT_NE(load_error(old).find("encoder 'shogi-planes-v0'"), std::string::npos)
      << load_error(old);

  const std::string good = save_random("good.ckpt");
  const auto size = fs::file_size(good);
  fs::copy_file(good, path("truncated.ckpt"));
  fs::resize_file(path("truncated.ckpt"), size / 2);
  EXPECT_NE(load_error(path("truncated.ckpt")).find("truncated or damaged"), std::string::npos)
      << load_error(path("truncated.ckpt"));

  std::ofstream(path("text.ckpt")) << "this is not a network\n";
  EXPECT_NE(load_error(path("text.ckpt")).find("not a kishi checkpoint"), std::string::npos);

  torch::save(torch::ones({3}), path("tensor.pt"));  // a torch archive, but not ours
  EXPECT_NE(load_error(path("tensor.pt")).find("not a kishi checkpoint"), std::string::npos)
      << load_error(path("tensor.pt"));

  EXPECT_EQ(load_error(path("missing.ckpt")),
            "checkpoint '" + path("missing.ckpt") + "': no such file");
}

// Issue 12, finding 5: 30 of 30 single-byte flips loaded silently.
TEST_F(NetworkTest, AFlippedByteAnywhereIsRefusedWithTheFileNamed) {
  const std::string good = save_random("flip.ckpt");
  std::ifstream in(good, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::mt19937 rng(5);
  for (int i = 0; i < 30; ++i) {
    std::string damaged = bytes;
    const size_t at = i < 24 ? size_t(i) : rng() % bytes.size();  // the envelope, then anywhere
    damaged[at] = char(damaged[at] ^ (1 + rng() % 255));
    std::ofstream(path("flipped.ckpt"), std::ios::binary) << damaged;
    const std::string error = load_error(path("flipped.ckpt"));
    EXPECT_EQ(error.rfind("checkpoint '" + path("flipped.ckpt") + "': ", 0), 0u)
        << "byte " << at << ": " << error;
  }
  EXPECT_EQ(load_error(good), "");
}

TEST_F(NetworkTest, PolicyCoversExactlyTheLegalMoves) {
  auto net = NetworkEvaluator::random(TINY, encoding_of("shogi"), 1, {});
  const auto results = evaluate_all(*net, 16);
  for (size_t i = 0; i < results.size(); ++i) {
    const MoveList legal = legal_moves(*Position::from_sfen(sfens_[i]));
    ASSERT_EQ(results[i].policy.size(), legal.size());
    float sum = 0;
    for (const auto& [move, p] : results[i].policy) {
      EXPECT_TRUE(legal.contains(move));
      EXPECT_GE(p, 0);
      sum += p;
    }
    EXPECT_NEAR(sum, 1.0f, 1e-4);
    EXPECT_NEAR(results[i].wdl[0] + results[i].wdl[1] + results[i].wdl[2], 1.0f, 1e-5);
  }
}

// Batching changes only how the work is grouped: the answer for a position is
// the one it gets alone (up to float rounding of the convolution kernels, which
// may pick other blockings for other batch sizes).
TEST_F(NetworkTest, BatchedResultsEqualUnbatched) {
  auto net = NetworkEvaluator::random(TINY, encoding_of("shogi"), 2, {});
  const auto single = evaluate_all(*net, 1);
  const auto batched = evaluate_all(*net, 32);
  std::vector<Evaluation> through_batcher(positions_.size());
  {
    EvaluationBatcher batcher(*net, {.max_batch = 8});
    std::vector<std::thread> threads;
    for (size_t t = 0; t < 4; ++t)
      threads.emplace_back([&, t] {
        for (size_t i = t; i < positions_.size(); i += 4)
          through_batcher[i] = positions_[i].evaluation(batcher.evaluate(positions_[i].view()));
      });
    for (auto& t : threads) t.join();
  }
  for (size_t i = 0; i < single.size(); ++i)
    for (const std::vector<Evaluation>* other : {&batched, &std::as_const(through_batcher)}) {
      const Evaluation& a = single[i];
      const Evaluation& b = (*other)[i];
      ASSERT_EQ(a.policy.size(), b.policy.size());
      for (size_t j = 0; j < a.policy.size(); ++j) {
        EXPECT_EQ(a.policy[j].first, b.policy[j].first);
        EXPECT_NEAR(a.policy[j].second, b.policy[j].second, 1e-5);
      }
      for (int k = 0; k < 3; ++k) EXPECT_NEAR(a.wdl[k], b.wdl[k], 1e-5);
    }
}

// A checkpoint written before the encoding shape was recorded (tests/data/compat)
// loads with its version's shape, and evaluates.
TEST_F(NetworkTest, CheckpointOfAnEarlierBuildLoads) {
  const std::string old = std::string(KISHI_TEST_DATA_DIR) + "/compat/model-1ee4c8c.ckpt";
  const LoadedCheckpoint loaded = load_checkpoint(old, encoding_of("shogi"));
  EXPECT_EQ(loaded.info.encoding, encoding_of("shogi"));
  EXPECT_EQ(loaded.info.model.blocks, 1);
  EXPECT_EQ(loaded.info.model.channels, 8);
  auto net = NetworkEvaluator::from_checkpoint(old, encoding_of("shogi"), {});
  const auto results = evaluate_all(*net, 4);
  for (size_t i = 0; i < results.size(); ++i)
    ASSERT_EQ(results[i].policy.size(), positions_[i].moves.size());
  EXPECT_EQ(load_error(old, "showgit"), "");
}

}  // namespace
}  // namespace kishi::nn
