// The networks shipped with kishi (models/ in the source tree, docs/strength.md):
// what an engine plays with when no model is named. `builtin` names none: the
// game's built-in evaluator.
#pragma once

#include <string>
#include <string_view>

namespace kishi::play {

inline constexpr std::string_view BUILTIN_MODEL = "builtin";

// models/GAME.ckpt when it is there, else models/FAMILY.ckpt (the first game
// of the same rules core, whose encoding GAME shares: shogi for showgit), else
// empty.
std::string default_model_file(std::string_view game, std::string_view family);

// The checkpoint a model setting names for this game: the setting itself, the
// game's default model for an empty one, nothing (the built-in evaluator) for
// `builtin` or when the game ships no model.
std::string resolve_model_file(const std::string& setting, std::string_view game,
                               std::string_view family);

// A model setting for people: the path, "the shipped model" (empty) or "the
// built-in evaluator" (`builtin`).
std::string model_description(const std::string& setting);

}  // namespace kishi::play
