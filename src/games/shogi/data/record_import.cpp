#include "games/shogi/data/record_import.h"

#include <cmath>

#include "games/shogi/shogi_game.h"

namespace kishi::formats {

std::vector<selfplay::GameRecord> training_games(const RecordFile& file, const ImportSettings& s,
                                                 ImportCounts& counts, SeenPositions* seen) {
  const shogi::ShogiGame game;
  std::vector<selfplay::GameRecord> out;
  for (const RecordGame& g : file.games) {
    if (g.positions.empty()) continue;
    // Each position is one game of one move in hcpe and psv: its own result.
    const bool one_game = holds_games(file.format);
    for (size_t first = 0; first < g.positions.size();) {
      const size_t end = one_game ? g.positions.size() : first + 1;
      const RecordPosition& start = g.positions[first];
      if (start.result == UNKNOWN_RESULT) {
        counts.without_result += int64_t(end - first);
        first = end;
        continue;
      }
      if (!one_game && seen && !seen->insert(start.position.key()).second) {
        ++counts.duplicates;
        first = end;
        continue;
      }
      selfplay::GameRecord record;
      record.start_state = start.position.sfen();
      // For Black (player 0), as chunks keep it.
      record.result =
          int8_t(start.position.side_to_move() == shogi::BLACK ? start.result : -start.result);
      for (size_t i = first; i < end; ++i) {
        const RecordPosition& p = g.positions[i];
        selfplay::MoveRecord m;
        m.action = game.pack(p.move);
        m.has_policy = true;
        int total = 0;
        for (const auto& [move, visits] : p.candidates) total += visits;
        if (total > 0) {
          for (const auto& [move, visits] : p.candidates)
            if (visits > 0) m.policy.push_back({game.pack(move), float(visits) / float(total)});
        } else {
          m.policy.push_back({m.action, 1.0f});
        }
        // Without a score, the result: blending it into the result changes nothing.
        m.root_value =
            p.score ? float(2 / (1 + std::exp(-*p.score / s.score_scale)) - 1) : float(p.result);
        record.moves.push_back(std::move(m));
      }
      counts.positions += int64_t(record.moves.size());
      ++counts.games;
      out.push_back(std::move(record));
      first = end;
    }
  }
  return out;
}

}  // namespace kishi::formats
