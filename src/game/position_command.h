// The position a protocol names: "startpos" or "sfen <state>" ("fen <state>"
// alike, as UCI and gnome write it), then
// optionally "moves <action> ...", for any game (the USI engine's `position`
// command, the match runner's opening files). Errors name the faulty token.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "common/expected.h"
#include "game/game.h"

namespace kishi::game {

template <class G>
struct NamedPosition {
  std::string base;         // the state text the actions start from
  typename G::State state;  // after the actions
  std::vector<typename G::Action> actions;
  std::vector<std::string> action_texts;
};

// `tokens` follow the word "position" (which may lead them, as in an opening file).
template <Game G>
Expected<NamedPosition<G>> parse_position(const G& game, std::span<const std::string> tokens) {
  using Result = Expected<NamedPosition<G>>;
  size_t i = !tokens.empty() && tokens[0] == "position" ? 1 : 0;
  if (i >= tokens.size())
    return Result::failure("expected 'position startpos|sfen <sfen>|fen <fen> [moves ...]'");
  std::string base;
  if (tokens[i] == "startpos") {
    base = game.state_text(game.start_state());
    ++i;
  } else if (tokens[i] == "sfen" || tokens[i] == "fen") {
    for (++i; i < tokens.size() && tokens[i] != "moves"; ++i)
      base += (base.empty() ? "" : " ") + tokens[i];
  } else {
    return Result::failure("position takes 'startpos', 'sfen' or 'fen', not '" + tokens[i] + "'");
  }
  auto state = game.parse_state(base);
  if (!state) return Result::failure(state.error());
  NamedPosition<G> p{base, std::move(*state), {}, {}};
  if (i < tokens.size()) {
    if (tokens[i] != "moves")
      return Result::failure("expected 'moves' after the position, not '" + tokens[i] + "'");
    for (++i; i < tokens.size(); ++i) {
      const auto a = game.parse_action(p.state, tokens[i]);
      if (!a)
        return Result::failure(a.error() + " (move " + std::to_string(p.actions.size() + 1) + ")");
      game.play(p.state, *a);
      p.actions.push_back(*a);
      p.action_texts.push_back(tokens[i]);
    }
  }
  return p;
}

}  // namespace kishi::game
