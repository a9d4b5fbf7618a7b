#include "selfplay/game_records.h"

#include "engine/match/records.h"

namespace kishi::selfplay {

void write_game_records(const shogi::ShogiGame& game, const std::string& stem, const Chunk& chunk) {
  for (size_t i = 0; i < chunk.games.size(); ++i) {
    const GameRecord& g = chunk.games[i];
    const std::string name = i == 0 ? stem : stem + "-" + std::to_string(i);
    match::GameRecord r;
    r.black = r.white = "kishi " + chunk.model_id;
    r.opening.sfen = g.start_state;
    for (const MoveRecord& m : g.moves) r.moves.push_back(game.action_text(game.unpack(m.action)));
    r.move_ms.assign(r.moves.size(), 0);
    r.winner = g.result > 0   ? match::Winner::Black
               : g.result < 0 ? match::Winner::White
                              : match::Winner::Draw;
    r.reason = reason_text(game, g.reason);
    r.game = game.rules().variant;
    write_file_atomically(name + ".csa", match::to_csa(r));
    write_file_atomically(name + ".usi", match::to_usi_record(r));
  }
}

}  // namespace kishi::selfplay
