// Mixed precision: the names, autocast of the forward pass (bf16 on the CPU,
// fp16 on a GPU when there is one) and the loss scaler of fp16 training.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "nn/torch/autocast.h"
#include "nn/torch/network_evaluator.h"
#include "tests/games/random_playout.h"
#include "tests/nn/shogi_inputs.h"
#include "training/loss_scaler.h"

namespace kishi::nn {
namespace {

using nn::testing::EncodedShogi;
using nn::testing::encoding_of;
using nn::testing::TINY;

TEST(Precision, NamesRoundTripAndUnknownOnesAreNamed) {
  for (Precision p :
       {Precision::FP32, Precision::FP16, Precision::BF16, Precision::INT8, Precision::Auto})
    EXPECT_EQ(parse_precision(precision_name(p)), p);
  try {
    parse_precision("fp8");
    FAIL() << "fp8 accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'fp8'"), std::string::npos) << e.what();
  }
}

// The largest difference between the outputs of two evaluators over positions
// of random play.
float largest_difference(Evaluator& a, Evaluator& b) {
  std::vector<EncodedShogi> positions;
  for (const auto& s : shogi::testing::random_playout_sfens(shogi::Game::Shogi, 5, 60, 4))
    positions.emplace_back(*shogi::Position::from_sfen(s));
  std::vector<EncodedPosition> in;
  for (const auto& p : positions) in.push_back(p.view());
  std::vector<PolicyValue> ra(in.size()), rb(in.size());
  a.evaluate(in, ra);
  b.evaluate(in, rb);
  float most = 0;
  for (size_t i = 0; i < in.size(); ++i) {
    EXPECT_EQ(ra[i].priors.size(), rb[i].priors.size());
    for (size_t j = 0; j < ra[i].priors.size(); ++j)
      most = std::max(most, std::abs(ra[i].priors[j] - rb[i].priors[j]));
    for (int k = 0; k < 3; ++k) most = std::max(most, std::abs(ra[i].wdl[k] - rb[i].wdl[k]));
  }
  return most;
}

void expect_close_but_not_equal(Precision precision, const std::string& device) {
  auto exact = NetworkEvaluator::random(TINY, encoding_of("shogi"), 4, {.device = device});
  auto mixed = NetworkEvaluator::random(TINY, encoding_of("shogi"), 4,
                                        {.device = device, .precision = precision});
  EXPECT_NE(mixed->describe().find(std::string(precision_name(precision)) + " autocast"),
            std::string::npos)
      << mixed->describe();
  const float most = largest_difference(*exact, *mixed);
  EXPECT_GT(most, 0.0f) << "no difference: the autocast did not happen";
  EXPECT_LT(most, 0.02f);
}

TEST(Precision, Bf16AutocastOnTheCpuIsCloseToFp32) {
  expect_close_but_not_equal(Precision::BF16, "cpu");
}

TEST(Precision, Fp16OnTheCpuIsRefusedWithTheWayOut) {
  try {
    NetworkEvaluator::random(TINY, encoding_of("shogi"), 4, {.precision = Precision::FP16});
    FAIL() << "fp16 on the CPU accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("fp16 needs a CUDA device"), std::string::npos)
        << e.what();
  }
}

TEST(Precision, Fp16AutocastOnAGpuIsCloseToFp32) {
  // CI has no GPU; the device sessions run this part.
  if (!cuda_available()) GTEST_SKIP() << "no CUDA device: fp16 autocast runs on a GPU only";
  expect_close_but_not_equal(Precision::FP16, "cuda");
  expect_close_but_not_equal(Precision::BF16, "cuda");
}

TEST(LossScaler, AnOverflowSkipsTheStepAndHalvesTheScale) {
  training::LossScaler scaler(true, 1024.0, 3);
  auto w = torch::ones({4}, torch::requires_grad());
  scaler.scaled((w * 2).sum()).backward();
  ASSERT_TRUE(scaler.unscale({w}));
  EXPECT_TRUE(torch::allclose(w.grad(), torch::full({4}, 2.0f)));  // divided back
  scaler.update(true);
  EXPECT_EQ(scaler.scale(), 1024.0);
  w.mutable_grad().fill_(std::numeric_limits<float>::infinity());
  EXPECT_FALSE(scaler.unscale({w}));
  scaler.update(false);
  EXPECT_EQ(scaler.scale(), 512.0);
  for (int i = 0; i < 3; ++i) scaler.update(true);  // three good steps in a row
  EXPECT_EQ(scaler.scale(), 1024.0);
  training::LossScaler resumed(true);
  resumed.restore(scaler.state());
  EXPECT_EQ(resumed.scale(), 1024.0);
  EXPECT_THROW(resumed.restore({0.0, 0.0}), std::runtime_error);
}

TEST(LossScaler, DisabledItLeavesLossAndGradientsAlone) {
  training::LossScaler scaler(false);
  EXPECT_EQ(scaler.scale(), 1.0);
  auto w = torch::ones({2}, torch::requires_grad());
  scaler.scaled((w * 3).sum()).backward();
  EXPECT_TRUE(scaler.unscale({w}));
  EXPECT_TRUE(torch::allclose(w.grad(), torch::full({2}, 3.0f)));
}

}  // namespace
}  // namespace kishi::nn
