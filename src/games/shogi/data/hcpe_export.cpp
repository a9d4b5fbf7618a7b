#include "games/shogi/data/hcpe_export.h"

#include <algorithm>
#include <cmath>

#include "game/evaluation.h"
#include "games/shogi/core/names.h"
#include "games/shogi/core/usi_move.h"
#include "games/shogi/data/hcp.h"
#include "games/shogi/data/hcpe3.h"
#include "games/shogi/shogi_game.h"

namespace kishi::formats {
namespace {

using selfplay::GameRecord;
using selfplay::MoveRecord;
using selfplay::PolicyEntry;

Expected<shogi::ShogiGame> shogi_of(const Chunk& chunk) {
  for (const game::GameInfo& info : shogi::ShogiGame::variants())
    if (selfplay::holds_game(chunk, info)) return shogi::ShogiGame::make(info, {});
  return Expected<shogi::ShogiGame>::failure("hcpe holds shogi positions, not " +
                                             selfplay::game_text(chunk) + "'s");
}

int16_t eval_of(const MoveRecord& m) {
  return int16_t(std::clamp(value_to_cp(m.root_value), -32767, 32767));
}

// hcpe's result: absolute, 1 Black won, 2 White won, 0 a draw.
uint8_t result_of(const GameRecord& r) { return r.result > 0 ? 1 : r.result < 0 ? 2 : 0; }

void append_record(const shogi::Hcpe& e, HcpeExport& out) {
  const size_t at = out.bytes.size();
  out.bytes.resize(at + shogi::Hcpe::SIZE);
  shogi::write_hcpe(
      e, std::span<uint8_t, shogi::Hcpe::SIZE>(out.bytes.data() + at, shogi::Hcpe::SIZE));
  ++out.positions;
}

}  // namespace

Expected<bool> append_hcpe(const game::Record& record,
                           const std::vector<std::optional<int>>& scores, shogi::Game variant,
                           HcpeExport& out) {
  auto pos = shogi::Position::from_sfen(record.start_state, variant);
  if (!pos) return Expected<bool>::failure(pos.error());
  const uint8_t result = record.winner == 0 ? 1 : record.winner == 1 ? 2 : 0;
  for (size_t i = 0; i < record.actions.size(); ++i) {
    const auto m = shogi::parse_usi_move(*pos, record.actions[i]);
    if (!m) return Expected<bool>::failure("move " + std::to_string(i + 1) + ": " + m.error());
    const size_t k = i - record.opening_actions;  // wraps for opening moves: out of range
    if (i >= record.opening_actions && k < scores.size() && scores[k]) {
      if (const auto hcp = shogi::to_hcp(*pos)) {
        shogi::Hcpe e;
        e.hcp = *hcp;
        e.eval = int16_t(std::clamp(*scores[k], -32767, 32767));
        e.move16 = shogi::to_move16(*m);
        e.game_result = result;
        append_record(e, out);
      } else {
        ++out.skipped;
      }
    }
    pos->do_move(*m);
  }
  return true;
}

Expected<bool> append_hcpe(const Chunk& chunk, HcpeExport& out) {
  const auto shogi_game = shogi_of(chunk);
  if (!shogi_game) return Expected<bool>::failure(shogi_game.error());
  const shogi::ShogiGame& game = *shogi_game;
  const shogi::Game variant = game.rules().variant;
  for (size_t g = 0; g < chunk.games.size(); ++g) {
    const GameRecord& record = chunk.games[g];
    auto pos = shogi::Position::from_sfen(record.start_state, variant);
    if (!pos) return Expected<bool>::failure("game " + std::to_string(g + 1) + ": " + pos.error());
    const uint8_t result = result_of(record);
    for (size_t i = 0; i < record.moves.size(); ++i) {
      const shogi::Move m = game.unpack(record.moves[i].action);
      if (!pos->is_legal(m))
        return Expected<bool>::failure("game " + std::to_string(g + 1) + ", move " +
                                       std::to_string(i + 1) + ": not legal");
      const auto hcp = shogi::to_hcp(*pos);
      if (hcp) {
        shogi::Hcpe e;
        e.hcp = *hcp;
        e.eval = eval_of(record.moves[i]);
        e.move16 = shogi::to_move16(m);
        e.game_result = result;
        append_record(e, out);
      } else {
        ++out.skipped;
      }
      pos->do_move(m);
    }
  }
  return true;
}

Expected<bool> append_hcpe3(const Chunk& chunk, HcpeExport& out) {
  const auto shogi_game = shogi_of(chunk);
  if (!shogi_game) return Expected<bool>::failure(shogi_game.error());
  const shogi::ShogiGame& game = *shogi_game;
  for (size_t g = 0; g < chunk.games.size(); ++g) {
    const GameRecord& record = chunk.games[g];
    auto pos = shogi::Position::from_sfen(record.start_state, game.rules().variant);
    if (!pos) return Expected<bool>::failure("game " + std::to_string(g + 1) + ": " + pos.error());
    const auto start = shogi::to_hcp(*pos);
    if (!start) {
      ++out.skipped;
      continue;
    }
    shogi::Hcpe3Game e;
    e.start = *start;
    e.result = result_of(record);
    const auto reason = shogi::Termination(record.reason);
    if (reason == shogi::Termination::Repetition) e.result |= shogi::HCPE3_REPETITION;
    if (reason == shogi::Termination::Declaration) e.result |= shogi::HCPE3_DECLARATION;
    if (reason == shogi::Termination::MaxPlies || record.reason == selfplay::PLY_LIMIT ||
        record.reason == selfplay::MATERIAL_ADJUDICATION)
      e.result |= shogi::HCPE3_MAX_MOVES;
    for (size_t i = 0; i < record.moves.size(); ++i) {
      const MoveRecord& move = record.moves[i];
      const shogi::Move m = game.unpack(move.action);
      if (!pos->is_legal(m))
        return Expected<bool>::failure("game " + std::to_string(g + 1) + ", move " +
                                       std::to_string(i + 1) + ": not legal");
      shogi::Hcpe3Move em{shogi::to_move16(m), eval_of(move), {}};
      if (move.has_policy)
        for (const PolicyEntry& p : move.policy)
          if (const auto visits =
                  uint16_t(std::lround(std::clamp(p.probability, 0.0f, 1.0f) * 65535)))
            em.candidates.emplace_back(shogi::to_move16(game.unpack(p.action)), visits);
      e.moves.push_back(std::move(em));
      pos->do_move(m);
      ++out.positions;
    }
    shogi::append_hcpe3(e, out.bytes);
  }
  return true;
}

}  // namespace kishi::formats
