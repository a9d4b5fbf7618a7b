#include "selfplay/game_records.h"

#include "engine/match/records.h"
#include "engine/shogi/game_status.h"
#include "engine/shogi/usi_move.h"

namespace kishi::selfplay {

namespace {

std::string reason_text(uint8_t reason) {
  if (reason == RESIGNATION) return "resign";
  switch (shogi::Termination(reason)) {
    case shogi::Termination::Checkmate: return "checkmate";
    case shogi::Termination::Repetition: return "repetition";
    case shogi::Termination::PerpetualCheck: return "perpetual check";
    case shogi::Termination::MaxPlies: return "maximum plies";
    case shogi::Termination::Declaration: return "declaration";
    case shogi::Termination::None: break;
  }
  return "unknown";
}

}  // namespace

void write_game_records(const std::string& stem, const Chunk& chunk) {
  for (size_t i = 0; i < chunk.games.size(); ++i) {
    const GameRecord& g = chunk.games[i];
    const std::string name = i == 0 ? stem : stem + "-" + std::to_string(i);
    match::GameRecord r;
    r.black = r.white = "kishi " + chunk.model_id;
    r.opening.sfen = g.start_sfen;
    for (const MoveRecord& m : g.moves) r.moves.push_back(shogi::to_usi(m.move));
    r.move_ms.assign(r.moves.size(), 0);
    r.winner = g.result > 0   ? match::Winner::Black
               : g.result < 0 ? match::Winner::White
                              : match::Winner::Draw;
    r.reason = reason_text(g.reason);
    r.game = chunk.game;
    match::write_file_atomically(name + ".csa", match::to_csa(r));
    match::write_file_atomically(name + ".usi", match::to_usi_record(r));
  }
}

}  // namespace kishi::selfplay
