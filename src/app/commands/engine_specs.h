// The USI engines of `kishi match` and `kishi teacher`: presets (kishi,
// fairy-stockfish, gpsusi, with the settings each needs), NAME=COMMAND specs,
// and engine files of [[engine]] tables (configs/engines/).
#pragma once

#include <string>
#include <vector>

#include "game/game_info.h"
#include "match/usi_client.h"

namespace kishi::command {

// This binary's path, for engines that are kishi itself.
std::string self_executable();
// A preset name, or NAME=COMMAND [ARGS...], to play `game`; throws naming a
// bad one, or a preset that does not play the game.
match::EngineSpec engine_from(const std::string& text, const game::GameInfo& game);
// [[engine]] tables: preset or command, and name, options, nodes, plain_go,
// byoyomi_margin_ms, tolerance_ms, sync_each_move; throws ConfigError.
std::vector<match::EngineSpec> engines_from_file(const std::string& path,
                                                 const game::GameInfo& game);

}  // namespace kishi::command
