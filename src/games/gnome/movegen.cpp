#include "games/gnome/movegen.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <string>

#include "games/gnome/geometry.h"
#include "games/gnome/move_effects.h"
#include "games/gnome/move_text.h"

namespace kishi::gnome {

namespace {

constexpr uint64_t FILE_A = 0x0101010101010101ull, FILE_H = FILE_A << 7;

uint64_t orthogonal_spread(uint64_t b) {
  return b | (b << 8) | (b >> 8) | ((b << 1) & ~FILE_A) | ((b >> 1) & ~FILE_H);
}

constexpr Type PROMOTIONS[4] = {QUEEN, ROOK, BISHOP, KNIGHT};

// The generator of rules 2-16 for one side. With `captures_only`, it emits
// only the moves that can remove a piece on `targets` (captures there, an
// explosion next to them, a king step capturing there): what a threat needs.
// emit(move) returns true to stop.
template <class Emit>
class Generator {
 public:
  Generator(const Position& p, int side, bool captures_only, uint64_t targets, Emit& emit)
      : p_(p),
        side_(side),
        opponent_(1 - side),
        captures_only_(captures_only),
        targets_(targets),
        emit_(emit) {}

  // Generates the moves of the pieces on `squares` (every level); true when stopped.
  bool run(uint64_t squares) {
    for (; squares;) {
      const int sq = pop_lowest(squares);
      const Stack s = p_.stacks[sq];
      const int h = s.height();
      for (int l = 0; l < h; ++l) {
        const Piece q = s.at(l);
        if (colour_of(q) != side_) continue;
        if (piece(sq, l, h, type_of(q))) return true;
      }
    }
    return !captures_only_ && shifts();
  }

  // The moves of the one piece on (sq, level).
  bool piece(int sq, int l, int h, Type t) {
    Move m = move_of(Kind::STEP, sq, l);
    m.level_shown = l != h - 1;
    const Geometry& g = geometry();
    switch (t) {
      case PAWN: return pawn(m);
      case KNIGHT: return knight(m);
      case BISHOP:
      case WOUNDED: return reach(m, bishop_reach(sq, p_.occupied));
      case ROOK: return reach(m, rook_reach(sq, p_.occupied));
      case QUEEN: {
        if (reach(m, rook_reach(sq, p_.occupied) | bishop_reach(sq, p_.occupied))) return true;
        // Rule 11: an explosion must remove something.
        if (captures_only_ && !(g.king[sq] & targets_)) return false;
        for (uint64_t n = g.king[sq] & p_.occupied; n;)
          if (p_.stacks[pop_lowest(n)].height() > l) {
            Move e = m;
            e.kind = Kind::EXPLODE;
            return emit_(e);
          }
        return false;
      }
      case KING: return king(sq);
      default: return false;
    }
  }

 private:
  // A unit to `to` by its pattern: quiet, climbing a rook top, capturing an
  // opponent's bottom piece (rules 3, 4); `promote`: the last rank.
  bool destination(Move m, int to, bool promote, bool quiet_ok, bool capture_ok) {
    m.to = uint8_t(to);
    const uint64_t b = bit(to);
    if (!(p_.occupied & b)) {
      if (captures_only_ || !quiet_ok) return false;
      m.climb = false;
      return emit_promoting(m, promote);
    }
    if (!captures_only_ && (p_.rook_top & b)) {
      m.climb = true;
      if (emit_promoting(m, promote)) return true;
    }
    if (capture_ok && (p_.bottom_of[opponent_] & b) && (targets_ & b)) {
      m.climb = false;
      return emit_promoting(m, promote);
    }
    return false;
  }

  bool emit_promoting(Move m, bool promote) {
    if (!promote) return emit_(m);
    for (Type t : PROMOTIONS) {
      m.promotion = t;
      if (emit_(m)) return true;
    }
    return false;
  }

  bool reach(const Move& m, uint64_t squares) {
    if (captures_only_) squares &= p_.bottom_of[opponent_] & targets_;
    for (; squares;)
      if (destination(m, pop_lowest(squares), false, true, true)) return true;
    return false;
  }

  // Rules 15, 26.
  bool pawn(const Move& m) {
    const int sq = m.from, f = file_of(sq), r = rank_of(sq);
    const int forward = side_ == WHITE ? 1 : -1, last = side_ == WHITE ? 7 : 0;
    const int fr = r + forward;
    if (fr >= 0 && fr < 8) {
      for (int df = -1; df <= 1;
           df += 2) {  // diagonal captures, or climbs where they could capture
        if (f + df < 0 || f + df > 7) continue;
        const int to = square(f + df, fr);
        const uint64_t b = bit(to);
        if (!(p_.bottom_of[opponent_] & b)) {
          if (!captures_only_ && to == p_.en_passant) {
            Move e = m;
            e.to = uint8_t(to);
            if (emit_(e)) return true;
          }
          continue;
        }
        Move c = m;
        c.to = uint8_t(to);
        if (!captures_only_ && (p_.rook_top & b)) {
          c.climb = true;
          if (emit_promoting(c, fr == last)) return true;
          c.climb = false;
        }
        if ((targets_ & b) && emit_promoting(c, fr == last)) return true;
      }
    }
    if (captures_only_) return false;
    // Steps forward, sideways and back: quiet or climbing, never capturing.
    const int steps[4][2] = {{0, forward}, {-1, 0}, {1, 0}, {0, -forward}};
    for (const auto& st : steps) {
      const int tf = f + st[0], tr = r + st[1];
      if (tf < 0 || tf > 7 || tr < 0 || tr > 7) continue;
      if (destination(m, square(tf, tr), tr == last, true, false)) return true;
    }
    const int second = side_ == WHITE ? 1 : 6;
    if (r == second && m.level == 0 && (p_.lone & bit(sq))) {
      const int one = square(f, r + forward), two = square(f, r + 2 * forward);
      if (!(p_.occupied & (bit(one) | bit(two)))) {
        Move d = m;
        d.to = uint8_t(two);
        if (emit_(d)) return true;
      }
    }
    return false;
  }

  // Rules 7, 8.
  bool knight(const Move& m) {
    const Geometry& g = geometry();
    for (uint64_t jumps = g.knight[m.from]; jumps;) {
      const int to = pop_lowest(jumps);
      const Stack t = p_.stacks[to];
      if (t.empty()) {
        if (!captures_only_) {
          Move q = m;
          q.to = uint8_t(to);
          if (emit_(q)) return true;
        }
        for (uint64_t area = g.area[m.from][to] & p_.occupied & targets_; area;) {
          const int a = pop_lowest(area);
          const Stack s = p_.stacks[a];
          for (int l = 0, h = s.height(); l < h; ++l) {
            if (colour_of(s.at(l)) != opponent_) continue;
            Move c = m;
            c.kind = Kind::KNIGHT_AREA;
            c.to = uint8_t(to);
            c.aux = uint8_t(a);
            c.aux_level = uint8_t(l);
            if (emit_(c)) return true;
          }
        }
        continue;
      }
      if (destination(m, to, false, true, true)) return true;
      const int h = t.height();
      if (h >= 2 && colour_of(t.at(h - 1)) == opponent_ && (targets_ & bit(to))) {
        Move c = m;
        c.kind = Kind::KNIGHT_TOP;
        c.to = uint8_t(to);
        c.aux_level = uint8_t(h - 1);
        if (emit_(c)) return true;
      }
    }
    return false;
  }

  // The options of a king step onto a stack: quiet, climbing, capturing (rules 13, 3, 4).
  template <class F>
  bool step_options(Stack t, F&& f) const {
    if (t.empty()) return f(false, false);
    if (type_of(t.top()) == ROOK && f(true, false)) return true;
    return colour_of(t.bottom()) == opponent_ && f(false, true);
  }

  bool castling_allowed(int sq, bool kingside) {
    const int home = side_ == WHITE ? 4 : 60;
    const uint8_t right = side_ == WHITE ? (kingside ? WHITE_KINGSIDE : WHITE_QUEENSIDE)
                                         : (kingside ? BLACK_KINGSIDE : BLACK_QUEENSIDE);
    if (sq != home || !(p_.castling & right) || !(p_.lone & bit(sq))) return false;
    const int corner = kingside ? home + 3 : home - 4;
    if (p_.stacks[corner].bottom() != make_piece(side_, ROOK)) return false;
    const uint64_t between = geometry().between[home][corner];
    if (p_.occupied & between) return false;
    // Rule 24: the opponent's castling threatens without the attack conditions.
    if (captures_only_) return true;
    if (threatened(p_, side_)) return false;
    Position crossed = p_;  // rule 25: the king placed on the square it crosses
    const int over = kingside ? home + 1 : home - 1;
    crossed.stacks[over] = crossed.stacks[home];
    crossed.stacks[home] = Stack();
    crossed.refresh(over, Stack());
    crossed.refresh(home, p_.stacks[home]);
    return !threatened(crossed, side_);
  }

  // Rule 13: two steps, each quiet, climbing or capturing; the first may be castling.
  bool king(int sq) {
    const Geometry& g = geometry();
    const Stack source = p_.stacks[sq];
    const int level = source.height() - 1;
    Move m = move_of(Kind::KING, sq, level);
    // The second steps from m.to, on the stacks as the first step left them
    // (stack_after), without playing it.
    auto second_steps = [&](const Move& first, bool captured_first, auto&& stack_after) {
      for (uint64_t next = g.king[first.to]; next;) {
        const int d2 = pop_lowest(next);
        if (step_options(stack_after(d2), [&](bool climb, bool capture) {
              if (captures_only_ && !((capture && (targets_ & bit(d2))) ||
                                      (captured_first && (targets_ & bit(first.to)))))
                return false;
              Move k = first;
              k.aux = uint8_t(d2);
              k.climb2 = climb;
              return emit_(k);
            }))
          return true;
      }
      return false;
    };
    for (uint64_t firsts = g.king[sq]; firsts;) {
      const int d1 = pop_lowest(firsts);
      const Stack t = p_.stacks[d1];
      if (step_options(t, [&](bool climb, bool capture) {
            Move k = m;
            k.to = uint8_t(d1);
            k.climb = climb;
            // A queen taken by the first step explodes at once (rule 31).
            const bool exploded = capture && type_of(t.bottom()) == QUEEN;
            return second_steps(k, capture, [&](int x) {
              Stack b = x == sq ? source.below(level) : p_.stacks[x];
              if (exploded && (g.king[d1] & bit(x)) && !b.empty()) b = b.without(0);
              return b;
            });
          }))
        return true;
    }
    for (const bool kingside : {true, false}) {
      if (!castling_allowed(sq, kingside)) continue;
      Move k = m;
      k.to = uint8_t(kingside ? sq + 2 : sq - 2);
      const int corner = kingside ? sq + 3 : sq - 4, rook_to = (sq + k.to) / 2;
      if (second_steps(k, false, [&](int x) {
            if (x == corner || x == sq) return Stack();
            return x == rook_to ? p_.stacks[corner] : p_.stacks[x];
          }))
        return true;
    }
    return false;
  }

  // Rule 16: a lone piece next to a chain of lone own pawns swaps with one of them.
  bool shifts() {
    const uint64_t pawns = p_.pieces[side_][PAWN] & p_.lone;
    if (!pawns) return false;
    const Geometry& g = geometry();
    const int last = side_ == WHITE ? 7 : 0;
    for (uint64_t lone = p_.lone & ~pawns; lone;) {
      const int x = pop_lowest(lone);
      uint64_t chain = g.orthogonal[x] & pawns;
      if (!chain) continue;
      for (uint64_t grown = chain;; chain = grown) {
        grown = orthogonal_spread(chain) & pawns;
        if (grown == chain) break;
      }
      for (uint64_t ys = chain; ys;) {
        Move m = move_of(Kind::SHIFT, x, 0, pop_lowest(ys));
        if (emit_promoting(m, rank_of(x) == last)) return true;
      }
    }
    return false;
  }

  const Position& p_;
  int side_, opponent_;
  bool captures_only_;
  uint64_t targets_;
  Emit& emit_;
};

template <class Emit>
bool generate(const Position& p, int side, bool captures_only, uint64_t targets, uint64_t squares,
              Emit&& emit) {
  Generator<std::remove_reference_t<Emit>> g(p, side, captures_only, targets, emit);
  return g.run(squares);
}

uint64_t side_squares(const Position& p, int side) {
  uint64_t s = 0;
  for (int t = PAWN; t <= KING; ++t) s |= p.pieces[side][t];
  return s;
}

// Whether the king of `colour` is still on the board after the opponent's
// move m, tried on a copy of the stacks.
bool survives(const Position& p, std::array<Stack, 64>& stacks, const Move& m, int colour,
              int king_sq) {
  MoveEffects e(stacks, 1 - colour, p.en_passant);
  e.play(m);
  bool found = !(e.changed() & bit(king_sq));
  const Piece king = make_piece(colour, KING);
  for (uint64_t sqs = e.changed(); sqs && !found;) {
    const Stack s = stacks[pop_lowest(sqs)];
    for (int l = 0, h = s.height(); l < h && !found; ++l) found = s.at(l) == king;
  }
  e.undo();
  return found;
}

bool has_queen(Stack s) {
  for (int l = 0, h = s.height(); l < h; ++l)
    if (type_of(s.at(l)) == QUEEN) return true;
  return false;
}

}  // namespace

void pseudo_moves(const Position& p, int side, MoveList& out) {
  out.clear();
  generate(p, side, false, ~0ull, side_squares(p, side), [&](const Move& m) {
    out.push(m);
    return false;
  });
}

namespace {

// The squares of `o`'s pieces (at any level) whose patterns reach sq: a superset
// of those that can capture there.
uint64_t reaching(const Position& p, int o, int sq) {
  const Geometry& g = geometry();
  const auto& pc = p.pieces[o];
  return (g.pawn_sources[o][sq] & pc[PAWN]) | ((g.knight[sq] | g.area_sources[sq]) & pc[KNIGHT]) |
         (rook_reach(sq, p.occupied) & (pc[ROOK] | pc[QUEEN])) |
         (bishop_reach(sq, p.occupied) & (pc[BISHOP] | pc[WOUNDED] | pc[QUEEN]));
}

int distance(int a, int b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// Whether a move of the king of `o` might remove a lone king on k. A king move
// takes or climbs on its two steps (rule 13), so it captures at most two
// squares away; a queen it takes explodes one square further (rules 12, 23):
// 3. Castling's first step is two squares, so its second step captures three
// files away: kingside on the h file, where the explosion stops at the board's
// edge; queenside on b7 (b2), from where it reaches the a file, four files
// from e8 (e1).
bool within_king_move_reach(const Position& p, int o, int their_king, int k) {
  const int d = distance(their_king, k);
  return d <= 3 || (d == 4 && file_of(k) == 0 &&
                    (p.castling & (o == WHITE ? WHITE_QUEENSIDE : BLACK_QUEENSIDE)));
}

}  // namespace

bool threatened(const Position& p, int colour) {
  const int k = p.king_square(colour);
  if (k == NO_SQUARE) return true;
  const int o = 1 - colour;
  const Geometry& g = geometry();
  const Stack ks = p.stacks[k];
  const int kl = ks.height() - 1;  // a king is always a top piece (rules 1, 3)
  const uint64_t near = g.king[k];
  const auto& opp = p.pieces[o];
  // A copy of the stacks to try moves on, made at the first need.
  thread_local std::array<Stack, 64> stacks;
  bool copied = false;
  auto removes = [&](const Move& m) {
    if (!copied) {
      stacks = p.stacks;
      copied = true;
    }
    return !survives(p, stacks, m, colour, k);
  };
  // Decides one move of the opponent that captures on `targets`.
  auto decide = [&](const Move& m) {
    switch (m.kind) {
      case Kind::STEP: {
        if (m.to == k) return kl == 0 || removes(m);
        // Next to the king: only an explosion at its level can reach it.
        if (kl != 0) return false;
        const Stack unit = p.stacks[m.from].from(m.level);
        if (!has_queen(p.stacks[m.to]) && !has_queen(unit) && m.promotion != QUEEN) return false;
        return removes(m);
      }
      case Kind::KNIGHT_TOP: {
        if (m.to == k) return true;  // the king is the top piece there
        const Piece taken = p.stacks[m.to].at(m.aux_level);
        return type_of(taken) == QUEEN && m.aux_level == kl;
      }
      case Kind::KNIGHT_AREA: {
        if (m.aux == k) return m.aux_level == kl;
        const Piece taken = p.stacks[m.aux].at(m.aux_level);
        return type_of(taken) == QUEEN && m.aux_level == kl && (near & bit(m.aux));
      }
      case Kind::EXPLODE: return (near & bit(m.from)) && m.level == kl;
      case Kind::KING: return removes(m);
      default: return false;
    }
  };
  if (kl > 0) {
    // A unit that carries the king may capture anywhere, the king falling with it.
    bool below = false;
    for (int l = 0; l < kl; ++l) below |= colour_of(ks.at(l)) == o;
    if (below && generate(p, o, true, ~0ull, bit(k),
                          [&](const Move& m) { return m.from == k && m.level < kl && removes(m); }))
      return true;
    return generate(p, o, true, near | bit(k), side_squares(p, o), decide);
  }
  // The king alone on its square: what captures there takes him.
  if ((g.pawn_sources[o][k] & opp[PAWN]) || (g.knight[k] & opp[KNIGHT])) return true;
  for (uint64_t knights = g.area_sources[k] & opp[KNIGHT]; knights;) {
    const int s = pop_lowest(knights);
    for (uint64_t jumps = g.knight[s] & ~p.occupied; jumps;)
      if (g.area[s][pop_lowest(jumps)] & bit(k)) return true;
  }
  if ((rook_reach(k, p.occupied) & (opp[ROOK] | opp[QUEEN])) ||
      (bishop_reach(k, p.occupied) & (opp[BISHOP] | opp[WOUNDED] | opp[QUEEN])))
    return true;
  for (uint64_t queens = near & opp[QUEEN]; queens;) {
    const int q = pop_lowest(queens);
    if (p.stacks[q].bottom() == make_piece(o, QUEEN)) return true;  // her explosion
  }
  // The rest needs the move played: the opponent's king close by, and
  // captures next to the king where a queen could be eliminated (rule 23).
  uint64_t from = 0, targets = 0;
  const int their_king = p.king_square(o);
  if (their_king != NO_SQUARE && within_king_move_reach(p, o, their_king, k)) {
    from |= bit(their_king);
    targets |= near | bit(k);
  }
  const uint64_t queens = p.pieces[WHITE][QUEEN] | p.pieces[BLACK][QUEEN];
  const uint64_t capturable = near & p.bottom_of[colour];
  if (capturable) {
    targets |= capturable;
    // Units that carry a queen (hers, or a rook's below her) and reach a square there.
    for (uint64_t q = queens & side_squares(p, o); q;) {
      const int sq = pop_lowest(q);
      if ((rook_reach(sq, p.occupied) | bishop_reach(sq, p.occupied)) & capturable) from |= bit(sq);
    }
    for (uint64_t n = capturable & queens; n;) from |= reaching(p, o, pop_lowest(n));
    // A pawn that captures there and promotes makes a queen that may fall.
    const int last = o == WHITE ? 7 : 0;
    for (uint64_t n = capturable; n;) {
      const int sq = pop_lowest(n);
      if (rank_of(sq) == last) from |= g.pawn_sources[o][sq] & opp[PAWN];
    }
  }
  from &= side_squares(p, o);
  return from && generate(p, o, true, targets, from, decide);
}

size_t legal_moves(const Position& p, MoveList& out) {
  out.clear();
  MoveList raw;
  pseudo_moves(p, p.side, raw);
  Position banned_result;
  const bool has_ban = p.banned.kind != Kind::NONE;
  if (has_ban) play_move(p, p.banned, banned_result);
  // Keys of the results so far, for one move per result (rule 19); a slot is
  // in use when its stamp is this call's.
  constexpr int SLOTS = 2048;
  struct Table {
    std::array<uint64_t, SLOTS> keys;
    std::array<uint32_t, SLOTS> stamps{};
    std::array<int16_t, SLOTS> index;
    uint32_t now = 0;
  };
  thread_local Table table;
  if (++table.now == 0) {
    table.stamps.fill(0);
    table.now = 1;
  }
  Position work = p, other;
  MoveUndo undo;
  for (const Move& m : raw) {
    make_move(work, m, &undo);
    if (!threatened(work, p.side) && !(has_ban && work.same_result(banned_result))) {
      size_t slot = work.key & (SLOTS - 1);
      bool duplicate = false;
      for (; table.stamps[slot] == table.now; slot = (slot + 1) & (SLOTS - 1)) {
        if (table.keys[slot] != work.key) continue;
        Move& kept = out[size_t(table.index[slot])];
        play_move(p, kept, other);
        if (!other.same_result(work)) continue;
        duplicate = true;
        if (move_text(m) < move_text(kept)) kept = m;
        break;
      }
      if (!duplicate) {
        table.stamps[slot] = table.now;
        table.keys[slot] = work.key;
        table.index[slot] = int16_t(out.size());
        out.push(m);
      }
    }
    unmake_move(work, undo);
  }
  return out.size();
}

}  // namespace kishi::gnome
