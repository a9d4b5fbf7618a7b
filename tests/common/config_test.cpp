#include "common/config.h"

#include <gtest/gtest.h>

#include "nn/model_config.h"
#include "selfplay/selfplay_game.h"

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

// A shape is read from a run's config as from configs/model/: the run's other
// tables are not the shape's to judge, but its own keys are.
TEST(Config, ModelShapeFromARunConfig) {
  const Config run = Config::parse("[run]\ngame = \"shogi\"\n[model]\nblocks = 5\n", "run.toml");
  EXPECT_EQ(nn::ModelConfig::from_document(run).blocks, 5);
  const Config typo = Config::parse("[model]\nblock = 5\n", "typo.toml");
  EXPECT_EQ(error_of([&] { nn::ModelConfig::from_document(typo); }),
            "unknown key 'model.block' in typo.toml");
  const Config none = Config::parse("[modle]\nblocks = 5\n", "none.toml");
  EXPECT_EQ(error_of([&] { nn::ModelConfig::from_document(none); }),
            "no [model] table in none.toml");
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

// Issue 12, finding 7: a directory read as an empty config, a count that
// wrapped around to a small one (the thread count: trainer_test.cpp).
TEST(Config, ADirectoryIsNotAConfig) {
  EXPECT_EQ(error_of([] { Config::load_file(::testing::TempDir()); }),
            "config '" + ::testing::TempDir() + "' is a directory, not a TOML file");
}

TEST(Config, CountsBeyondTheirTypeAreRefused) {
  const Config c = Config::parse("[selfplay]\nplayouts = 4294967312\n", "x.toml");
  EXPECT_EQ(error_of([&] { selfplay::SelfPlayConfig::from(c.table("selfplay")); }),
            "key 'selfplay.playouts' in x.toml must be between 1 and 2147483647, not 4294967312");
}

}  // namespace
}  // namespace kishi

namespace kishi {
namespace {

TEST(Config, ArraysOfTablesAndFreeKeys) {
  const Config c = Config::parse(
      "[[engine]]\nname = \"a\"\n[engine.options]\nUSI_Hash = 64\nPonder = false\n"
      "[[engine]]\nname = \"b\"\ncomand = \"x\"\n",
      "e.toml");
  const auto engines = c.table_array("engine");
  ASSERT_EQ(engines.size(), 2u);
  EXPECT_EQ(engines[0].get_string("name", ""), "a");
  const Config options = engines[0].table("options");
  EXPECT_EQ(options.keys(), (std::vector<std::string>{"Ponder", "USI_Hash"}));
  EXPECT_EQ(options.get_text("USI_Hash"), "64");
  EXPECT_EQ(options.get_text("Ponder"), "false");
  EXPECT_EQ(engines[1].get_string("name", ""), "b");
  EXPECT_EQ(error_of([&] { c.finish(); }), "unknown key 'engine[1].comand' in e.toml");
}

}  // namespace
}  // namespace kishi
