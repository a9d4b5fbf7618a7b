#include "training/training_data.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <unordered_map>

#include "engine/shogi/position.h"

namespace kishi::training {

Window read_window(const std::string& run_dir, size_t max_positions, float root_value_mix,
                   bool value_only) {
  namespace fs = std::filesystem;
  std::vector<std::pair<fs::file_time_type, std::string>> files;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(run_dir + "/games", ec))
    if (e.path().extension() == ".kchunk")
      files.emplace_back(e.last_write_time(ec), e.path().string());
  std::sort(files.rbegin(), files.rend());  // newest first

  Window w;
  for (const auto& [time, path] : files) {
    if (w.samples.size() >= max_positions) break;
    const auto chunk = selfplay::read_chunk(path);
    if (!chunk) {
      std::fprintf(stderr, "warning: skipping %s\n", chunk.error().c_str());
      ++w.chunks_skipped;
      continue;
    }
    ++w.chunks_read;
    for (const auto& game : chunk->games) {
      auto pos = shogi::Position::from_sfen(game.start_sfen, chunk->game);
      if (!pos) {
        std::fprintf(stderr, "warning: skipping a game of %s: %s\n", path.c_str(),
                     pos.error().c_str());
        continue;
      }
      std::unordered_map<uint64_t, uint8_t> seen;
      for (const auto& m : game.moves) {
        if (!pos->is_legal(m.move)) {
          std::fprintf(stderr, "warning: %s holds an illegal move; rest of the game skipped\n",
                       path.c_str());
          break;
        }
        ++w.positions_seen;
        const uint8_t reps = seen[pos->key()]++;
        const bool has_policy = m.has_policy && !m.policy.empty();
        if (has_policy || value_only) {
          Sample s;
          s.sfen = pos->sfen();
          s.repetitions = reps;
          if (has_policy) s.policy = m.policy;
          // The result, for the side to move.
          const int result = pos->side_to_move() == shogi::BLACK ? game.result : -game.result;
          const std::array<float, 3> outcome = {float(result > 0), float(result == 0),
                                                float(result < 0)};
          // The root value of a full search is blended in; a fast search's (or a
          // random opening ply's, which has none) is too rough to be a target.
          const float v = m.root_value;
          const std::array<float, 3> root = {std::max(v, 0.0f), 1 - std::abs(v),
                                             std::max(-v, 0.0f)};
          const float mix = has_policy ? root_value_mix : 0.0f;
          for (int k = 0; k < 3; ++k) s.wdl[k] = (1 - mix) * outcome[k] + mix * root[k];
          w.samples.push_back(std::move(s));
        }
        pos->do_move(m.move);
      }
    }
  }
  return w;
}

}  // namespace kishi::training
