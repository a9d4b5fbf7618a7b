#include "nn/model_config.h"

namespace kishi::nn {

namespace {
int positive(const Config& t, const std::string& key, int64_t fallback, int64_t max) {
  return int(t.get_int(key, fallback, 1, max));
}
}  // namespace

ModelConfig ModelConfig::from(const Config& t) {
  ModelConfig c;
  c.blocks = positive(t, "blocks", c.blocks, 64);
  c.channels = positive(t, "channels", c.channels, 1024);
  c.squeeze_excitation = t.get_bool("squeeze_excitation", c.squeeze_excitation);
  c.policy_channels = positive(t, "policy_channels", c.policy_channels, 1024);
  c.value_channels = positive(t, "value_channels", c.value_channels, 64);
  c.value_hidden = positive(t, "value_hidden", c.value_hidden, 4096);
  return c;
}

ModelConfig ModelConfig::from_file(const std::string& path) {
  if (path.empty()) return {};
  return from_document(Config::load_file(path));
}

ModelConfig ModelConfig::from_document(const Config& file) {
  if (!file.has("model")) throw ConfigError("no [model] table in " + file.source());
  const Config table = file.table("model");
  const ModelConfig c = from(table);
  table.finish();
  return c;
}

std::string ModelConfig::describe() const {
  return std::to_string(blocks) + "x" + std::to_string(channels) +
         (squeeze_excitation ? " se" : "");
}

}  // namespace kishi::nn
