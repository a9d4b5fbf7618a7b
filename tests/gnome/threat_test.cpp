// The threat test of rule 19 against brute force: every pseudo-legal move of
// the opponent (castling without its attack conditions: rule 24) played out,
// on random positions with stacks, wounded bishops and queens next to kings,
// and on the positions after each of their moves.
#include <random>
#include <tuple>

#include "engine/gnome/geometry.h"
#include "tests/gnome/gnome_test_util.h"

namespace kishi::gnome::testing {
namespace {

bool king_on_board(const std::array<Stack, 64>& stacks, int colour) {
  for (const Stack& s : stacks)
    for (int l = 0, h = s.height(); l < h; ++l)
      if (s.at(l) == make_piece(colour, KING)) return true;
  return false;
}

bool brute_threatened(const Position& p, int colour) {
  if (p.king_square(colour) == NO_SQUARE) return true;
  const int o = 1 - colour;
  MoveList moves;
  pseudo_moves(p, o, moves);
  // The opponent's castling, its attack conditions left out.
  const int home = o == WHITE ? 4 : 60;
  for (const bool kingside : {true, false}) {
    const uint8_t right = o == WHITE ? (kingside ? WHITE_KINGSIDE : WHITE_QUEENSIDE)
                                     : (kingside ? BLACK_KINGSIDE : BLACK_QUEENSIDE);
    const int corner = kingside ? home + 3 : home - 4, to = kingside ? home + 2 : home - 2;
    if (!(p.castling & right) || p.stacks[home] != Stack::of(make_piece(o, KING)) ||
        p.stacks[corner].bottom() != make_piece(o, ROOK) ||
        (p.occupied & geometry().between[home][corner]))
      continue;
    for (uint64_t n = geometry().king[to]; n;) {
      const int d2 = pop_lowest(n);
      const Stack t = d2 == corner || d2 == home ? Stack()
                      : d2 == (home + to) / 2    ? p.stacks[corner]
                                                 : p.stacks[d2];
      Move m = move_of(Kind::KING, home, 0, to, d2);
      if (t.empty()) moves.push(m);
      if (!t.empty() && type_of(t.top()) == ROOK) {
        m.climb2 = true;
        moves.push(m);
        m.climb2 = false;
      }
      if (!t.empty() && colour_of(t.bottom()) == colour) moves.push(m);
    }
  }
  for (const Move& m : moves) {
    std::array<Stack, 64> stacks = p.stacks;
    MoveEffects e(stacks, o, p.en_passant);
    e.play(m);
    if (!king_on_board(stacks, colour)) return true;
  }
  return false;
}

// A random position: kings, pieces and stacks of rooks (and now and then a
// wounded bishop below) anywhere, refused by the FEN reader when invalid.
std::optional<Position> random_position(std::mt19937_64& rng) {
  std::array<Stack, 64> stacks{};
  auto random_piece = [&](int colour) {
    static constexpr Type TYPES[] = {PAWN, PAWN, KNIGHT, BISHOP, WOUNDED, ROOK, ROOK, QUEEN, QUEEN};
    return make_piece(colour, TYPES[rng() % 9]);
  };
  auto place = [&](int sq, Piece top) {
    Stack s;
    for (int below = int(rng() % 4) == 0 ? 1 + int(rng() % 3) : 0; below > 0; --below)
      s = s.with_on_top(Stack::of(make_piece(int(rng() % 2), rng() % 8 ? ROOK : WOUNDED)));
    stacks[sq] = s.with_on_top(Stack::of(top));
  };
  // Kings close to each other and to queens, so that the rare threats occur.
  const int centre = int(rng() % 64);
  auto near_centre = [&] {
    const int f = std::clamp(file_of(centre) + int(rng() % 5) - 2, 0, 7);
    const int r = std::clamp(rank_of(centre) + int(rng() % 5) - 2, 0, 7);
    return square(f, r);
  };
  // A third of them with kings and rooks at home, for castling (rule 24).
  const bool home = rng() % 3 == 0;
  if (home)
    for (const int sq : {0, 7, 56, 63})
      if (rng() % 2) stacks[sq] = Stack::of(make_piece(sq < 8 ? WHITE : BLACK, ROOK));
  const int wk = home ? 4 : near_centre();
  const int bk = home ? 60 : near_centre();
  if (bk == wk) return std::nullopt;
  place(wk, make_piece(WHITE, KING));
  place(bk, make_piece(BLACK, KING));
  for (int i = 0, n = 4 + int(rng() % 10); i < n; ++i) {
    const int sq = i < 4 ? near_centre() : int(rng() % 64);
    if (!stacks[sq].empty()) continue;
    place(sq, random_piece(int(rng() % 2)));
  }
  Position p;
  p.stacks = stacks;
  p.side = uint8_t(rng() % 2);
  p.refresh_all();
  std::string rights;
  for (const auto& [letter, king, corner] :
       {std::tuple{'K', 4, 7}, {'Q', 4, 0}, {'k', 60, 63}, {'q', 60, 56}})
    if (p.stacks[king].height() == 1 && type_of(p.stacks[king].bottom()) == KING &&
        type_of(p.stacks[corner].bottom()) == ROOK &&
        colour_of(p.stacks[corner].bottom()) == colour_of(p.stacks[king].bottom()))
      rights += letter;
  if (rights.empty()) rights = "-";
  auto parsed = parse_fen(board_text(p) + (p.side == WHITE ? " w " : " b ") + rights + " - 0 1");
  if (!parsed) return std::nullopt;
  return *parsed;
}

TEST(GnomeThreats, AgreeWithPlayingEveryReplyOut) {
  std::mt19937_64 rng(11);
  int positions = 0, threats = 0, children = 0;
  while (positions < 4000) {
    const auto p = random_position(rng);
    if (!p) continue;
    ++positions;
    for (int c = 0; c < 2; ++c) {
      const bool fast = threatened(*p, c), brute = brute_threatened(*p, c);
      threats += brute;
      ASSERT_EQ(fast, brute) << fen(*p) << " colour " << c;
    }
    // After each move of the side to move: is its king threatened?
    MoveList moves;
    pseudo_moves(*p, p->side, moves);
    for (size_t i = 0; i < moves.size(); i += 1) {
      Position after;
      play_move(*p, moves[i], after);
      ++children;
      ASSERT_EQ(threatened(after, p->side), brute_threatened(after, p->side))
          << fen(*p) << " after " << move_text(moves[i]);
    }
  }
  EXPECT_GT(threats, 300);
  EXPECT_GT(children, 10000);
}

// The generator lists the king's second steps from the stacks as the first
// step would leave them, without playing it: the same list as playing it.
TEST(GnomeKingMoves, AgreeWithPlayingTheFirstStep) {
  std::mt19937_64 rng(5);
  int kings = 0;
  while (kings < 4000) {
    const auto p = random_position(rng);
    if (!p) continue;
    ++kings;
    const int side = p->side, k = p->king_square(side);
    std::set<std::string> generated, played;
    MoveList moves;
    pseudo_moves(*p, side, moves);
    for (const Move& m : moves)
      if (m.kind == Kind::KING) generated.insert(move_text(m));
    const Geometry& g = geometry();
    auto seconds = [&](Move m) {
      std::array<Stack, 64> stacks = p->stacks;
      MoveEffects e(stacks, side, NO_SQUARE);
      Stack waiting;
      e.king_first_step(m.from, m.to, m.climb, waiting);
      for (uint64_t n = g.king[m.to]; n;) {
        const int d2 = pop_lowest(n);
        const Stack t = stacks[d2];
        m.aux = uint8_t(d2);
        m.climb2 = false;
        if (t.empty() || colour_of(t.bottom()) != side) played.insert(move_text(m));
        if (!t.empty() && type_of(t.top()) == ROOK) {
          m.climb2 = true;
          played.insert(move_text(m));
        }
      }
    };
    for (uint64_t n = g.king[k]; n;) {
      const int d1 = pop_lowest(n);
      const Stack t = p->stacks[d1];
      Move m = move_of(Kind::KING, k, p->stacks[k].height() - 1, d1);
      if (t.empty() || colour_of(t.bottom()) != side) seconds(m);
      if (!t.empty() && type_of(t.top()) == ROOK) {
        m.climb = true;
        seconds(m);
      }
    }
    // Castling is the generator's alone (its conditions need the threat test).
    std::erase_if(generated, [&](const std::string& t) {
      return t.size() > 4 && (t[0] - t[2] == 2 || t[2] - t[0] == 2);
    });
    ASSERT_EQ(generated, played) << fen(*p);
  }
}

}  // namespace
}  // namespace kishi::gnome::testing
