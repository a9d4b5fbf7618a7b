// Readable records of self-play games, written beside their chunk files in
// the game's own formats (game/record.h: CSA and a USI position line
// for shogi and showgit, a text record for any other game).
#pragma once

#include <string>

#include "chunks/chunk.h"
#include "common/atomic_file.h"
#include "game/game.h"
#include "game/record.h"

namespace kishi::selfplay {

// How a recorded game ended, in words: the game's own reasons and self-play's.
template <game::Game G>
std::string reason_text(const G& game, uint8_t reason) {
  if (reason == RESIGNATION) return "resign";
  if (reason == PLY_LIMIT) return "maximum plies";
  if (reason == MATERIAL_ADJUDICATION) return "material adjudication";
  return game.reason_text(reason);
}

// Writes STEM.<extension> for each of the game's record files (each
// atomically; a chunk of several games gets STEM-1.<extension>, ... for the others).
template <game::Game G>
void write_game_records(const G& game, const std::string& stem, const Chunk& chunk) {
  for (size_t i = 0; i < chunk.games.size(); ++i) {
    const GameRecord& g = chunk.games[i];
    game::Record r;
    r.players[0] = r.players[1] = "kishi " + chunk.model_id;
    r.start_state = g.start_state;
    for (const MoveRecord& m : g.moves)
      r.actions.push_back(game.action_text(game.unpack(m.action)));
    r.action_ms.assign(r.actions.size(), 0);
    r.winner = g.result > 0 ? 0 : g.result < 0 ? 1 : game::Outcome::DRAW;
    r.reason = reason_text(game, g.reason);
    r.event = "kishi self-play";
    r.start_time = game::record_time_now();  // when written: a chunk keeps no clock
    for (const game::RecordFile& f : game::record_files(game, r))
      write_file_atomically((i == 0 ? stem : stem + "-" + std::to_string(i)) + "." + f.extension,
                            f.text);
  }
}

}  // namespace kishi::selfplay
