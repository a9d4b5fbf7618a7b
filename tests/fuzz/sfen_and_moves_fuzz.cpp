// Fuzz target for the SFEN and USI move parsers. The input is an SFEN line
// followed by move strings, one per line. Whatever the input, parsing must not
// crash, an accepted SFEN must print back to an SFEN that parses to the same
// position, and every accepted move must play and undo cleanly.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "games/shogi/core/movegen.h"
#include "games/shogi/core/usi_move.h"

using namespace kishi::shogi;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t eol = input.find('\n');
  const std::string_view sfen = input.substr(0, eol);
  const Game game = !input.empty() && (data[0] & 1) ? Game::Showgit : Game::Shogi;

  auto parsed = Position::from_sfen(sfen, game);
  if (!parsed) return parsed.error().empty() ? (std::abort(), 0) : 0;
  Position pos = *parsed;
  const std::string printed = pos.sfen();
  const auto again = Position::from_sfen(printed, game);
  if (!again || again->sfen() != printed || again->key() != pos.key()) std::abort();

  int played = 0;
  for (size_t start = eol; start != std::string_view::npos && start < input.size();) {
    const size_t end = input.find('\n', start + 1);
    const std::string_view text = input.substr(
        start + 1, end == std::string_view::npos ? std::string_view::npos : end - start - 1);
    start = end;
    const auto move = parse_usi_move(pos, text);
    if (!move) continue;
    if (!legal_moves(pos).contains(*move)) std::abort();  // parser and generator disagree
    pos.do_move(*move);
    ++played;
  }
  for (; played > 0; --played) pos.undo_move();
  if (pos.sfen() != printed) std::abort();
  for (Move m : legal_moves(pos)) {  // every generated move plays and undoes
    pos.do_move(m);
    pos.undo_move();
  }
  return 0;
}
