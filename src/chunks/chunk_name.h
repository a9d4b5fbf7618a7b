// The names of a run's chunk files: MODEL-WRITER-SEQ.kchunk, the model that
// played the game, the process that wrote it (process_name(): host, pid,
// tag) and its count of games, so that writers on many hosts never collide
// and `kishi status` can tell them apart.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kishi::selfplay {

struct ChunkName {
  std::string model_id;  // "model-0000001200"
  std::string writer;    // "HOST-PID-TAG" (older runs: "HOST-PID")
  int64_t seq = 0;
};

// The path without its extension, in RUN/games, for this process.
std::string chunk_stem(const std::string& run_dir, const std::string& model_id, int64_t seq);
// A file name of that form (with or without ".kchunk"); nullopt for any other.
std::optional<ChunkName> parse_chunk_name(std::string_view file_name);

}  // namespace kishi::selfplay
