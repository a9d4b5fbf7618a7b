#include "nn/batcher.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "tests/games/random_playout.h"
#include "tests/nn/shogi_inputs.h"

namespace kishi::nn {
namespace {

using namespace kishi::shogi;
using nn::testing::EncodedShogi;

using Encoded = EncodedShogi;

// A deterministic stand-in for the network: the answer depends only on the
// encoded input, and every call is counted.
class KeyEvaluator : public Evaluator {
 public:
  void evaluate(std::span<const EncodedPosition> positions,
                std::span<PolicyValue> results) override {
    ++calls;
    largest_batch = std::max<int>(largest_batch, int(positions.size()));
    for (size_t i = 0; i < positions.size(); ++i) {
      results[i] = evaluate_one(positions[i]);
      ++evaluated;
    }
  }
  static PolicyValue evaluate_one(const EncodedPosition& in) {
    PolicyValue e;
    double sum = 0;
    for (size_t i = 0; i < INPUT_SIZE; ++i) sum += in.input[i] * (i % 13);
    const float w = float(uint64_t(sum) % 1000) / 1000;
    e.wdl = {w, 0, 1 - w};
    float total = 0;
    for (int index : in.policy_indices) total += float(index % 7 + 1);
    for (int index : in.policy_indices) e.priors.push_back(float(index % 7 + 1) / total);
    return e;
  }
  std::atomic<int> calls{0}, evaluated{0}, largest_batch{0};
};

bool same(const PolicyValue& a, const PolicyValue& b) {
  return a.wdl == b.wdl && a.priors == b.priors;
}

TEST(Batcher, ManyThreadsEachAnsweredOnceWithTheUnbatchedResult) {
  const auto sfens = shogi::testing::random_playout_sfens(Game::Shogi, 8, 100, 3);
  std::vector<Encoded> positions;
  for (const auto& s : sfens) positions.emplace_back(*Position::from_sfen(s));
  KeyEvaluator backend;
  constexpr int THREADS = 32, PER_THREAD = 200;
  std::atomic<int> answered{0}, wrong{0};
  {
    EvaluationBatcher batcher(backend,
                              {.max_batch = 16, .max_wait = std::chrono::microseconds(500)});
    std::vector<std::thread> threads;
    for (int t = 0; t < THREADS; ++t)
      threads.emplace_back([&, t] {
        for (int i = 0; i < PER_THREAD; ++i) {
          const Encoded& pos = positions[(t * 7919 + i * 31) % positions.size()];
          const PolicyValue e = batcher.evaluate(pos.view());
          ++answered;
          if (!same(e, KeyEvaluator::evaluate_one(pos.view()))) ++wrong;
        }
      });
    for (auto& t : threads) t.join();
    const BatcherStats stats = batcher.stats();
    EXPECT_EQ(stats.requests, THREADS * PER_THREAD);
    EXPECT_EQ(stats.cache_hits, 0);
  }
  EXPECT_EQ(answered, THREADS * PER_THREAD);
  EXPECT_EQ(backend.evaluated, THREADS * PER_THREAD);  // none evaluated twice, none lost
  EXPECT_EQ(wrong, 0);
  EXPECT_GT(backend.largest_batch, 1);  // requests were really gathered
  EXPECT_LE(backend.largest_batch, 16);
}

TEST(Batcher, CacheAnswersRepeatedPositions) {
  KeyEvaluator backend;
  EvaluationBatcher batcher(
      backend,
      {.max_batch = 4, .max_wait = std::chrono::microseconds(100), .cache_bytes = 1 << 20});
  const Encoded pos(Position::startpos());
  int encoded = 0;
  const auto encode = [&] {
    ++encoded;
    return pos.view();
  };
  const auto key = [&] { return pos.key; };
  const PolicyValue first = batcher.evaluate(key, encode);
  const PolicyValue second = batcher.evaluate(key, encode);
  EXPECT_TRUE(same(first, second));
  EXPECT_EQ(backend.evaluated, 1);
  EXPECT_EQ(encoded, 1);  // a cached position is not encoded again
  EXPECT_EQ(batcher.stats().cache_hits, 1);
}

TEST(Batcher, BackendErrorReachesTheCaller) {
  struct Failing : Evaluator {
    void evaluate(std::span<const EncodedPosition>, std::span<PolicyValue>) override {
      throw std::runtime_error("device lost");
    }
  } backend;
  EvaluationBatcher batcher(backend, {.max_batch = 2});
  const Encoded pos(Position::startpos());
  EXPECT_THROW(batcher.evaluate(pos.view()), std::runtime_error);
}

TEST(EvaluationCache, StaysWithinItsByteBound) {
  EvaluationCache cache(64 * 1024);
  const auto sfens = shogi::testing::random_playout_sfens(Game::Shogi, 20, 100, 17);
  for (const auto& s : sfens) {
    const Encoded pos(*Position::from_sfen(s));
    cache.store(pos.key, KeyEvaluator::evaluate_one(pos.view()));
    ASSERT_LE(cache.bytes_used(), cache.max_bytes());
  }
  const Encoded start(Position::startpos());
  cache.store(start.key, KeyEvaluator::evaluate_one(start.view()));
  PolicyValue e;
  EXPECT_TRUE(cache.find(start.key, e));
  EXPECT_TRUE(same(e, KeyEvaluator::evaluate_one(start.view())));
  EXPECT_FALSE(cache.find(start.key ^ 1, e));
}

}  // namespace
}  // namespace kishi::nn
