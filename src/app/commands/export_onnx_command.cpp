// kishi export-onnx: a network as an ONNX model, for the runtimes people run
// engines on (onnxruntime, TensorRT, OpenVINO, DirectML), with ONNX's own
// test-data files beside it: positions of the game and LibTorch's outputs.
#include <cstdio>
#include <filesystem>
#include <string>

#include "app/commands/commands.h"
#include "app/commands/option_groups.h"
#include "app/commands/parse_args.h"
#include "common/atomic_file.h"
#include "games/registry.h"
#include "nn/onnx/onnx_model.h"
#include "nn/torch/network_evaluator.h"

namespace kishi::command {

namespace {

struct ExportOnnxOptions {
  std::string model_file;    // checkpoint; empty: random weights shaped by model_config
  std::string model_config;  // TOML with a [model] table
  std::string game;
  std::string out;
  std::string test_data;  // a folder for ONNX's test_data_set_0; empty: none
  int positions = 100;
  uint64_t seed = 1;
};

// ONNX's test-data layout (onnxruntime's onnx_test_runner reads it):
// DIR/test_data_set_0/input_0.pb, output_0.pb, output_1.pb, TensorProtos in
// the graph's order.
void write_test_data(const nn::NetworkEvaluator& net, const nn::GameEncoding& encoding,
                     const ExportOnnxOptions& o) {
  const auto inputs = encoding.sample_inputs(o.positions, o.seed);
  std::vector<float> policy, value;
  net.reference_logits(inputs, policy, value);
  const game::EncodingShape& s = encoding.shape;
  const int64_t n = o.positions;
  const std::string dir = o.test_data + "/test_data_set_0";
  std::filesystem::create_directories(dir);
  const int64_t input_dims[] = {n, s.planes, s.height, s.width};
  const int64_t policy_dims[] = {n, int64_t(s.policy_size())};
  const int64_t value_dims[] = {n, 3};
  write_file_atomically(dir + "/input_0.pb", nn::onnx_tensor(nn::ONNX_INPUT, input_dims, inputs));
  write_file_atomically(dir + "/output_0.pb",
                        nn::onnx_tensor(nn::ONNX_POLICY, policy_dims, policy));
  write_file_atomically(dir + "/output_1.pb", nn::onnx_tensor(nn::ONNX_VALUE, value_dims, value));
  std::printf(
      "test data: %d positions of random %s games (seed %llu) and LibTorch fp32's "
      "outputs in %s\n",
      o.positions, encoding.game.c_str(), (unsigned long long)o.seed, dir.c_str());
}

template <game::Game G>
int export_onnx_for(const G& game, const ExportOnnxOptions& o) {
  const nn::GameEncoding encoding = nn::game_encoding(game);
  const nn::ModelConfig config = nn::ModelConfig::from_file(o.model_config);
  const auto net = o.model_file.empty()
                       ? nn::NetworkEvaluator::random(config, encoding, o.seed, {})
                       : nn::NetworkEvaluator::from_checkpoint(o.model_file, encoding, {});
  const nn::NetworkWeights weights = net->folded_weights();
  const auto folder = std::filesystem::path(o.out).parent_path();
  if (!folder.empty()) std::filesystem::create_directories(folder);
  write_file_atomically(o.out,
                        nn::onnx_model(weights, {encoding.game, encoding.version, net->step()}));
  nn::check_onnx_file(o.out);  // the file as a runtime reads it
  const game::EncodingShape& s = encoding.shape;
  std::printf(
      "wrote %s: %s %s, %s, step %lld, opset %d; input %s [batch, %d, %d, %d]; outputs "
      "%s [batch, %d], %s [batch, 3] (win, draw, loss)\n",
      o.out.c_str(), encoding.game.c_str(), weights.config.describe().c_str(),
      encoding.version.c_str(), (long long)net->step(), nn::ONNX_OPSET, nn::ONNX_INPUT, s.planes,
      s.height, s.width, nn::ONNX_POLICY, s.policy_size(), nn::ONNX_VALUE);
  if (!o.test_data.empty()) write_test_data(*net, encoding, o);
  return 0;
}

}  // namespace

int export_onnx(int argc, char** argv) {
  CLI::App app{"A network as an ONNX model (batch size open), checked by ONNX's checker",
               "kishi export-onnx"};
  ExportOnnxOptions o;
  auto* model_opt =
      app.add_option("--model", o.model_file, "checkpoint to export (default: random weights)");
  auto* config_opt =
      app.add_option("--config", o.model_config,
                     "TOML file whose [model] table shapes the random network (default: 6x64 se)");
  model_opt->excludes(config_opt);
  add_game_option(app, o.game);
  app.add_option("--out", o.out, "the .onnx file to write")->required();
  app.add_option("--test-data", o.test_data,
                 "also write positions and LibTorch's outputs to DIR/test_data_set_0 (ONNX's "
                 "test-data files)");
  app.add_option("--positions", o.positions, "positions in the test data")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  app.add_option("--seed", o.seed, "seed of the test positions and of random weights")
      ->capture_default_str();
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  return games::with_game(o.game, {}, [&](const auto& game) { return export_onnx_for(game, o); });
}

}  // namespace kishi::command
