// The oneDNN backend against LibTorch fp32, the reference: the same logits in
// fp32, the same choices in bf16 and int8, for random networks of several shapes and
// the shipped ones, in shogi and gnome positions from random games.
#include <gtest/gtest.h>

#include <cmath>

#include "game/random_positions.h"
#include "games/registry.h"
#include "nn/onednn/onednn_network.h"
#include "nn/torch/network_evaluator.h"

namespace kishi::nn {
namespace {

struct Encoded {
  std::vector<float> input;
  std::vector<int> indices;
  EncodedPosition view() const { return {input.data(), indices}; }
};

// `count` positions of random games of `game`, encoded.
std::vector<Encoded> positions_of(const std::string& game_name, int count, uint64_t seed) {
  std::vector<Encoded> out;
  games::with_game(game_name, {}, [&](const auto& game) {
    using G = std::decay_t<decltype(game)>;
    const typename G::Encoding encoding;
    typename G::ActionList legal;
    for (const auto& state : game::random_positions(game, count, seed)) {
      Encoded e;
      e.input.resize(G::Encoding::SHAPE.input_size());
      encoding.encode(state, e.input.data());
      game.legal_actions(state, legal);
      for (const auto& a : legal) e.indices.push_back(encoding.policy_index(state, a));
      out.push_back(std::move(e));
    }
    return 0;
  });
  return out;
}

GameEncoding encoding_named(const std::string& game_name) {
  return games::with_game(game_name, {}, [](const auto& game) { return game_encoding(game); });
}

std::vector<PolicyValue> evaluate(NetworkEvaluator& net, const std::vector<Encoded>& positions,
                                  int batch) {
  std::vector<PolicyValue> out(positions.size());
  for (size_t i = 0; i < positions.size(); i += batch) {
    const size_t n = std::min(size_t(batch), positions.size() - i);
    std::vector<EncodedPosition> in;
    for (size_t j = 0; j < n; ++j) in.push_back(positions[i + j].view());
    net.evaluate(in, std::span(out).subspan(i, n));
  }
  return out;
}

struct Agreement {
  double max_prior_error = 0, max_value_error = 0, mean_value_error = 0, top1 = 0;
};

Agreement compare(const std::vector<PolicyValue>& ref, const std::vector<PolicyValue>& got) {
  Agreement a;
  int same_top = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    for (size_t j = 0; j < ref[i].priors.size(); ++j)
      a.max_prior_error =
          std::max(a.max_prior_error, double(std::abs(ref[i].priors[j] - got[i].priors[j])));
    const double dv = std::abs(ref[i].value() - got[i].value());
    a.max_value_error = std::max(a.max_value_error, dv);
    a.mean_value_error += dv / ref.size();
    const auto top = [](const PolicyValue& pv) {
      return std::max_element(pv.priors.begin(), pv.priors.end()) - pv.priors.begin();
    };
    same_top += top(ref[i]) == top(got[i]);
  }
  a.top1 = double(same_top) / ref.size();
  return a;
}

NetworkOptions options(Backend backend, Precision precision) {
  return {.device = "cpu", .threads = 1, .precision = precision, .backend = backend};
}

struct Shape {
  const char* game;
  ModelConfig model;
};

class OneDnnRandomNetwork : public ::testing::TestWithParam<Shape> {};

TEST_P(OneDnnRandomNetwork, AgreesWithLibTorch) {
  const Shape& s = GetParam();
  const GameEncoding encoding = encoding_named(s.game);
  const auto positions = positions_of(s.game, 96, 11);
  auto reference =
      NetworkEvaluator::random(s.model, encoding, 5, options(Backend::LibTorch, Precision::FP32));
  const auto want = evaluate(*reference, positions, 16);
  for (const int batch : {1, 7, 32}) {
    auto fp32 =
        NetworkEvaluator::random(s.model, encoding, 5, options(Backend::OneDnn, Precision::FP32));
    const Agreement a = compare(want, evaluate(*fp32, positions, batch));
    EXPECT_LT(a.max_prior_error, 1e-4) << "fp32, batch " << batch;
    EXPECT_LT(a.max_value_error, 1e-4) << "fp32, batch " << batch;
  }
  // Random weights give flat priors, where a small error flips the top move:
  // a looser bound than the shipped models'.
  for (const Precision reduced : {Precision::BF16, Precision::INT8}) {
    if (reduced == Precision::BF16 && !onednn_cpu_support().bf16) continue;  // not on this CPU
    auto net = NetworkEvaluator::random(s.model, encoding, 5, options(Backend::OneDnn, reduced));
    const Agreement a = compare(want, evaluate(*net, positions, 16));
    EXPECT_GE(a.top1, 0.9) << precision_name(reduced);
    EXPECT_LT(a.mean_value_error, 0.03) << precision_name(reduced);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, OneDnnRandomNetwork,
    ::testing::Values(Shape{"shogi", {.blocks = 2, .channels = 16}},
                      Shape{"shogi", {.blocks = 1, .channels = 24, .squeeze_excitation = false}},
                      Shape{"gnome", {.blocks = 2, .channels = 32, .policy_channels = 8}},
                      Shape{"gnome", {.blocks = 0, .channels = 8, .value_hidden = 16}}),
    [](const auto& test) {
      const Shape& s = test.param;
      return std::string(s.game) + "_" + std::to_string(s.model.blocks) + "x" +
             std::to_string(s.model.channels) + (s.model.squeeze_excitation ? "se" : "");
    });

// The shipped models: fp32 as LibTorch's; bf16 and int8 as a path that
// `auto` may choose (top-1 at least 97%, value within 0.03 on average), on
// positions other than int8's calibration.
class OneDnnShippedModel : public ::testing::TestWithParam<const char*> {};

TEST_P(OneDnnShippedModel, AgreesWithLibTorch) {
  const std::string game = GetParam();
  const std::string path = std::string(KISHI_MODELS_DIR) + "/" + game + ".ckpt";
  const GameEncoding encoding = encoding_named(game);
  const auto positions = positions_of(game, 1000, 3);
  auto reference = NetworkEvaluator::from_checkpoint(path, encoding,
                                                     options(Backend::LibTorch, Precision::FP32));
  const auto want = evaluate(*reference, positions, 16);
  auto fp32 =
      NetworkEvaluator::from_checkpoint(path, encoding, options(Backend::OneDnn, Precision::FP32));
  const Agreement a = compare(want, evaluate(*fp32, positions, 16));
  EXPECT_LT(a.max_prior_error, 1e-4);
  EXPECT_LT(a.max_value_error, 1e-4);
  for (const Precision reduced : {Precision::BF16, Precision::INT8}) {
    if (reduced == Precision::BF16 && !onednn_cpu_support().bf16) continue;  // not on this CPU
    auto net = NetworkEvaluator::from_checkpoint(path, encoding, options(Backend::OneDnn, reduced));
    const Agreement b = compare(want, evaluate(*net, positions, 16));
    EXPECT_GE(b.top1, 0.97) << precision_name(reduced);
    EXPECT_LT(b.mean_value_error, 0.03) << precision_name(reduced);
  }
}

INSTANTIATE_TEST_SUITE_P(Games, OneDnnShippedModel, ::testing::Values("shogi", "gnome"));

TEST(OneDnnBackend, RefusesWhatItCannotRun) {
  const GameEncoding encoding = encoding_named("shogi");
  EXPECT_ANY_THROW(NetworkEvaluator::random({.blocks = 1, .channels = 8}, encoding, 1,
                                            options(Backend::OneDnn, Precision::FP16)));
  // int8 on LibTorch; int8 with no positions to calibrate on.
  EXPECT_ANY_THROW(NetworkEvaluator::random({.blocks = 1, .channels = 8}, encoding, 1,
                                            options(Backend::LibTorch, Precision::INT8)));
  GameEncoding bare = encoding;
  bare.sample_inputs = nullptr;
  EXPECT_ANY_THROW(NetworkEvaluator::random({.blocks = 1, .channels = 8}, bare, 1,
                                            options(Backend::OneDnn, Precision::INT8)));
  NetworkOptions cuda = options(Backend::OneDnn, Precision::FP32);
  cuda.device = "cuda";
  EXPECT_ANY_THROW(NetworkEvaluator::random({.blocks = 1, .channels = 8}, encoding, 1, cuda));
}

}  // namespace
}  // namespace kishi::nn
