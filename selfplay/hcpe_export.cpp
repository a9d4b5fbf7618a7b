#include "selfplay/hcpe_export.h"

#include <algorithm>

#include "engine/common/evaluation.h"
#include "engine/shogi/hcp.h"
#include "engine/shogi/names.h"
#include "engine/shogi/shogi_game.h"

namespace kishi::selfplay {

Expected<bool> append_hcpe(const Chunk& chunk, HcpeExport& out) {
  const auto variant = shogi::parse_game(chunk.game);
  if (!variant)
    return Expected<bool>::failure("hcpe holds shogi positions, not " + chunk.game + "'s");
  shogi::ShogiGame::Rules rules;
  rules.variant = *variant;
  const shogi::ShogiGame game(rules);
  for (size_t g = 0; g < chunk.games.size(); ++g) {
    const GameRecord& record = chunk.games[g];
    auto pos = shogi::Position::from_sfen(record.start_state, *variant);
    if (!pos) return Expected<bool>::failure("game " + std::to_string(g + 1) + ": " + pos.error());
    // hcpe's result is absolute: 1 Black won, 2 White won, 0 a draw.
    const uint8_t result = record.result > 0 ? 1 : record.result < 0 ? 2 : 0;
    for (size_t i = 0; i < record.moves.size(); ++i) {
      const shogi::Move m = game.unpack(record.moves[i].action);
      if (!pos->is_legal(m))
        return Expected<bool>::failure("game " + std::to_string(g + 1) + ", move " +
                                       std::to_string(i + 1) + ": not legal");
      const auto hcp = shogi::to_hcp(*pos);
      if (hcp) {
        shogi::Hcpe e;
        e.hcp = *hcp;
        e.eval = int16_t(std::clamp(value_to_cp(record.moves[i].root_value), -32767, 32767));
        e.move16 = shogi::to_move16(m);
        e.game_result = result;
        const size_t at = out.bytes.size();
        out.bytes.resize(at + shogi::Hcpe::SIZE);
        shogi::write_hcpe(
            e, std::span<uint8_t, shogi::Hcpe::SIZE>(out.bytes.data() + at, shogi::Hcpe::SIZE));
        ++out.positions;
      } else {
        ++out.skipped;
      }
      pos->do_move(m);
    }
  }
  return true;
}

}  // namespace kishi::selfplay
