// Readable records of self-play games, written beside their chunk files:
// shogi and showgit get CSA (for shogi tools and people) and a USI position
// line (for engines and scripts); any other game a text record of its start
// state and actions in its own notation.
#pragma once

#include <string>

#include "engine/common/atomic_file.h"
#include "engine/game/game.h"
#include "engine/shogi/shogi_game.h"
#include "selfplay/chunk.h"

namespace kishi::selfplay {

// How a recorded game ended, in words: the game's own reasons and self-play's.
template <game::Game G>
std::string reason_text(const G& game, uint8_t reason) {
  if (reason == RESIGNATION) return "resign";
  if (reason == PLY_LIMIT) return "maximum plies";
  return game.reason_text(reason);
}

// Writes STEM.csa and STEM.usi for each game of the chunk (each atomically; a
// chunk of several games gets STEM-1.csa, ... for the others).
void write_game_records(const shogi::ShogiGame& game, const std::string& stem, const Chunk& chunk);

// Writes STEM.txt (STEM-1.txt, ... for further games): the start state, the
// actions, the result.
template <game::Game G>
void write_game_records(const G& game, const std::string& stem, const Chunk& chunk) {
  for (size_t i = 0; i < chunk.games.size(); ++i) {
    const GameRecord& g = chunk.games[i];
    std::string text =
        "game " + std::string(game.name()) + "\nstart " + g.start_state + "\n" + "actions";
    for (const MoveRecord& m : g.moves) text += " " + game.action_text(game.unpack(m.action));
    text += "\nresult " +
            std::string(g.result > 0   ? "1-0"
                        : g.result < 0 ? "0-1"
                                       : "1/2-1/2") +
            " (" + reason_text(game, g.reason) + "), " + std::to_string(g.moves.size()) +
            " plies, " + chunk.model_id + "\n";
    write_file_atomically((i == 0 ? stem : stem + "-" + std::to_string(i)) + ".txt", text);
  }
}

}  // namespace kishi::selfplay
