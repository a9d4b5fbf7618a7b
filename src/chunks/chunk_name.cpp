#include "chunks/chunk_name.h"

#include <charconv>
#include <cstdio>

#include "common/process_name.h"

namespace kishi::selfplay {

std::string chunk_stem(const std::string& run_dir, const std::string& model_id, int64_t seq) {
  char number[24];
  std::snprintf(number, sizeof number, "%06lld", static_cast<long long>(seq));
  return run_dir + "/games/" + model_id + "-" + process_name() + "-" + number;
}

std::optional<ChunkName> parse_chunk_name(std::string_view name) {
  if (name.ends_with(".kchunk")) name.remove_suffix(7);
  if (!name.starts_with("model-")) return std::nullopt;
  const size_t model_end = name.find('-', 6);
  const size_t seq_start = name.rfind('-');
  if (model_end == std::string_view::npos || seq_start <= model_end + 1) return std::nullopt;
  ChunkName c;
  c.model_id = std::string(name.substr(0, model_end));
  c.writer = std::string(name.substr(model_end + 1, seq_start - model_end - 1));
  const std::string_view seq = name.substr(seq_start + 1);
  const auto [end, err] = std::from_chars(seq.data(), seq.data() + seq.size(), c.seq);
  if (err != std::errc() || end != seq.data() + seq.size() || seq.empty()) return std::nullopt;
  return c;
}

}  // namespace kishi::selfplay
