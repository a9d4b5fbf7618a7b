// The JSON bodies of kishi serve's API (docs/serve.md), apart from the HTTP:
// a new game's fields checked one by one, a move, and /api/info's facts of
// every game the page can draw, from the game registry.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "common/expected.h"
#include "serve/table.h"

namespace kishi::serve {

// The fields of a new game's JSON body, each checked: an error naming the
// field, or the options (the game `default_game` unless the body names one).
Expected<TableOptions> parse_new_game(const std::string& body, const std::string& default_game);

// The fields of a new game with `options`: parse_new_game's inverse.
nlohmann::json new_game_fields(const TableOptions& options);

// The playouts of a {"playouts": N} analysis body (200 for {}); an error names the fault.
Expected<int64_t> analysis_playouts(const std::string& body);

// The move of a {"move": TEXT} body; empty when the body is not one.
std::string move_of(const std::string& body);

// /api/info: every served game's facts, the default game, what plays.
nlohmann::json info_json(const std::string& default_game, const std::string& engine);

}  // namespace kishi::serve
