#include "nn/batcher.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "engine/shogi/movegen.h"
#include "tests/random_playout.h"

namespace kishi::nn {
namespace {

using namespace kishi::shogi;

// A deterministic stand-in for the network: the answer depends only on the
// position, and every call is counted.
class KeyEvaluator : public Evaluator {
 public:
  void evaluate(std::span<const Position* const> positions,
                std::span<Evaluation> results) override {
    ++calls;
    largest_batch = std::max<int>(largest_batch, int(positions.size()));
    for (size_t i = 0; i < positions.size(); ++i) {
      results[i] = evaluate_one(*positions[i]);
      ++evaluated;
    }
  }
  static Evaluation evaluate_one(const Position& pos) {
    Evaluation e;
    const float w = float(pos.key() % 1000) / 1000;
    e.wdl = {w, 0, 1 - w};
    const MoveList moves = legal_moves(pos);
    for (Move m : moves) e.policy.emplace_back(m, 1.0f / moves.size());
    return e;
  }
  std::atomic<int> calls{0}, evaluated{0}, largest_batch{0};
};

bool same(const Evaluation& a, const Evaluation& b) {
  return a.wdl == b.wdl && a.policy == b.policy;
}

TEST(Batcher, ManyThreadsEachAnsweredOnceWithTheUnbatchedResult) {
  const auto sfens = shogi::testing::random_playout_sfens(Game::Shogi, 8, 100, 3);
  std::vector<Position> positions;
  for (const auto& s : sfens) positions.push_back(*Position::from_sfen(s));
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
          const Position& pos = positions[(t * 7919 + i * 31) % positions.size()];
          const Evaluation e = batcher.evaluate(pos);
          ++answered;
          if (!same(e, KeyEvaluator::evaluate_one(pos))) ++wrong;
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
  const Position pos = Position::startpos();
  const Evaluation first = batcher.evaluate(pos);
  const Evaluation second = batcher.evaluate(pos);
  EXPECT_TRUE(same(first, second));
  EXPECT_EQ(backend.evaluated, 1);
  EXPECT_EQ(batcher.stats().cache_hits, 1);
}

TEST(Batcher, BackendErrorReachesTheCaller) {
  struct Failing : Evaluator {
    void evaluate(std::span<const Position* const>, std::span<Evaluation>) override {
      throw std::runtime_error("device lost");
    }
  } backend;
  EvaluationBatcher batcher(backend, {.max_batch = 2});
  EXPECT_THROW(batcher.evaluate(Position::startpos()), std::runtime_error);
}

TEST(EvaluationCache, StaysWithinItsByteBound) {
  EvaluationCache cache(64 * 1024);
  const auto sfens = shogi::testing::random_playout_sfens(Game::Shogi, 20, 100, 17);
  for (const auto& s : sfens) {
    const Position pos = *Position::from_sfen(s);
    cache.store(pos.key(), KeyEvaluator::evaluate_one(pos));
    ASSERT_LE(cache.bytes_used(), cache.max_bytes());
  }
  const Position start = Position::startpos();
  cache.store(start.key(), KeyEvaluator::evaluate_one(start));
  Evaluation e;
  EXPECT_TRUE(cache.find(start.key(), e));
  EXPECT_TRUE(same(e, KeyEvaluator::evaluate_one(start)));
  EXPECT_FALSE(cache.find(start.key() ^ 1, e));
}

}  // namespace
}  // namespace kishi::nn
