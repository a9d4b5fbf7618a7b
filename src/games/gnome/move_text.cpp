#include "games/gnome/move_text.h"

#include "games/gnome/move_effects.h"
#include "games/gnome/movegen.h"
#include "games/gnome/position.h"

namespace kishi::gnome {

namespace {

void append_from(std::string& s, const Move& m) {
  s += square_name(m.from);
  if (m.level_shown) s += ':' + std::to_string(m.level);
}

void append_promotion(std::string& s, Type t) {
  if (t != NO_TYPE) s += char(piece_letter(make_piece(BLACK, t)));
}

}  // namespace

std::string move_text(const Move& m) {
  std::string s;
  switch (m.kind) {
    case Kind::NONE: return "none";
    case Kind::VETO: return "veto";
    case Kind::ACCEPT: return "accept";
    case Kind::STEP:
      append_from(s, m);
      s += square_name(m.to);
      if (m.climb) s += '^';
      append_promotion(s, m.promotion);
      return s;
    case Kind::KNIGHT_TOP:
      append_from(s, m);
      s += square_name(m.to) + 'x' + std::to_string(m.aux_level);
      return s;
    case Kind::KNIGHT_AREA:
      append_from(s, m);
      s += square_name(m.to) + 'x' + square_name(m.aux);
      if (m.aux_level) s += ':' + std::to_string(m.aux_level);
      return s;
    case Kind::EXPLODE:
      append_from(s, m);
      s += square_name(m.from);
      return s;
    case Kind::SHIFT:
      s = square_name(m.from) + square_name(m.to) + 's';
      append_promotion(s, m.promotion);
      return s;
    case Kind::KING:
      append_from(s, m);
      s += square_name(m.to);
      if (m.climb) s += '^';
      s += ',' + square_name(m.to) + square_name(m.aux);
      if (m.climb2) s += '^';
      return s;
  }
  return s;
}

Expected<Move> parse_move(const Position& p, std::string_view text) {
  auto fail = [&](const std::string& why) {
    return Expected<Move>::failure("move '" + std::string(text) + "': " + why);
  };
  if (text.empty()) return fail("empty");
  if (text.size() > 32) return fail("too long for a move text");
  MoveList raw;
  pseudo_moves(p, p.side, raw);
  const Move* written = nullptr;
  for (const Move& m : raw) {
    Move shown = m;
    shown.level_shown = true;  // the level may be written for the top piece too
    if (move_text(m) == text || (m.kind != Kind::SHIFT && move_text(shown) == text)) {
      written = &m;
      break;
    }
  }
  if (!written) {
    const bool shaped =
        text.size() >= 4 && text[0] >= 'a' && text[0] <= 'h' && text[1] >= '1' && text[1] <= '8';
    return fail(shaped ? "not a move of the side to move here"
                       : "not a move text (FROM[:LEVEL]TO[^][x..][qrbn], FROMFROM, FROMTOs, "
                         "FROMTO,TOTO or veto)");
  }
  Position after, other;
  play_move(p, *written, after);
  MoveList legal;
  legal_moves(p, legal);
  for (const Move& m : legal) {
    play_move(p, m, other);
    if (other.same_result(after)) return m;
  }
  if (p.banned.kind != Kind::NONE) {
    play_move(p, p.banned, other);
    if (other.same_result(after))
      return fail("vetoed: the side must play a move with another result");
  }
  return fail("illegal: it leaves the king where the opponent could remove it (rule 19)");
}

}  // namespace kishi::gnome
