// Fuzz target for gnome's FEN and move parsers. The input is a FEN line
// followed by move texts (or `veto`), one per line. Whatever the input,
// parsing must not crash, an accepted FEN must print back to a FEN that
// parses to the same position and key, every accepted move must be one the
// generator lists, and make/undo must restore the position.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "games/gnome/gnome_game.h"
#include "games/gnome/move_effects.h"

using namespace kishi::gnome;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t eol = input.find('\n');
  const GnomeGame game;
  auto parsed = game.parse_state(input.substr(0, eol));
  if (!parsed) return parsed.error().empty() ? (std::abort(), 0) : 0;
  State s = *parsed;
  const std::string printed = game.state_text(s);
  const auto again = game.parse_state(printed);
  if (!again || game.state_text(*again) != printed || again->position().key != s.position().key)
    std::abort();
  MoveList legal;
  for (size_t start = eol; start != std::string_view::npos && start < input.size();) {
    const size_t end = input.find('\n', start + 1);
    const std::string_view text = input.substr(
        start + 1, end == std::string_view::npos ? std::string_view::npos : end - start - 1);
    start = end;
    const auto move = game.parse_action(s, text);
    if (!move) {
      if (move.error().empty()) std::abort();
      continue;
    }
    game.legal_actions(s, legal);
    if (std::find(legal.begin(), legal.end(), *move) == legal.end()) std::abort();
    game.play(s, *move);
  }
  // Every legal move of the last position makes and unmakes cleanly.
  Position p = s.position();
  const std::string before = fen(p);
  legal_moves(p, legal);
  MoveUndo undo;
  for (const Move& m : legal) {
    make_move(p, m, &undo);
    unmake_move(p, undo);
    if (p.key != s.position().key) std::abort();
  }
  if (fen(p) != before) std::abort();
  return 0;
}
