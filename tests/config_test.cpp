#include "engine/common/config.h"

#include <gtest/gtest.h>

#include "nn/model_config.h"

namespace kishi {
namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(Config, ReadsModelTable) {
  const Config c =
      Config::parse("[model]\nblocks = 3\nchannels = 16\nsqueeze_excitation = false\n", "t.toml");
  const nn::ModelConfig m = nn::ModelConfig::from(c.table("model"));
  EXPECT_EQ(m.blocks, 3);
  EXPECT_EQ(m.channels, 16);
  EXPECT_FALSE(m.squeeze_excitation);
  EXPECT_EQ(m.value_hidden, nn::ModelConfig{}.value_hidden);
  c.finish();
}

TEST(Config, UnknownKeyIsNamedWithTheFile) {
  const Config c = Config::parse("[model]\nblocks = 3\nchanels = 16\n", "configs/x.toml");
  nn::ModelConfig::from(c.table("model"));
  EXPECT_EQ(error_of([&] { c.finish(); }), "unknown key 'model.chanels' in configs/x.toml");
}

TEST(Config, UnknownTableIsNamed) {
  const Config c = Config::parse("[modle]\nblocks = 3\n", "x.toml");
  nn::ModelConfig::from(c.table("model"));
  EXPECT_EQ(error_of([&] { c.finish(); }), "unknown key 'modle' in x.toml");
}

TEST(Config, WrongTypeIsNamed) {
  const Config c = Config::parse("[model]\nblocks = \"six\"\n", "x.toml");
  EXPECT_EQ(error_of([&] { nn::ModelConfig::from(c.table("model")); }),
            "key 'model.blocks' in x.toml must be an integer");
}

TEST(Config, OutOfRangeIsNamed) {
  const Config c = Config::parse("[model]\nchannels = 0\n", "x.toml");
  EXPECT_NE(error_of([&] { nn::ModelConfig::from(c.table("model")); }).find("'model.channels'"),
            std::string::npos);
}

TEST(Config, BadTomlAndMissingFile) {
  EXPECT_NE(error_of([] { Config::parse("[model\n", "x.toml"); }).find("x.toml:1"),
            std::string::npos);
  EXPECT_NE(error_of([] { Config::load_file("/nonexistent/c.toml"); }).find("/nonexistent/c.toml"),
            std::string::npos);
}

}  // namespace
}  // namespace kishi
