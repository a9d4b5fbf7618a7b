// The threat test of rule 19 against brute force: every pseudo-legal move of
// the opponent (castling without its attack conditions: rule 24) played out,
// on random positions with stacks, wounded bishops and queens next to kings,
// on the positions after each of their moves, and on positions built to reach
// as far as a threat can: a castling king's second step onto a queen.
#include <algorithm>
#include <bit>
#include <cstdlib>
#include <optional>
#include <random>
#include <tuple>

#include "games/gnome/geometry.h"
#include "tests/games/gnome/gnome_test_util.h"

namespace kishi::gnome::testing {
namespace {

bool king_on_board(const std::array<Stack, 64>& stacks, int colour) {
  for (const Stack& s : stacks)
    for (int l = 0, h = s.height(); l < h; ++l)
      if (s.at(l) == make_piece(colour, KING)) return true;
  return false;
}

// Without `castling`, the opponent's castling is left out: what it alone threatens.
bool brute_threatened(const Position& p, int colour, bool castling = true) {
  if (p.king_square(colour) == NO_SQUARE) return true;
  const int o = 1 - colour;
  MoveList moves;
  pseudo_moves(p, o, moves);
  const int home = o == WHITE ? 4 : 60;
  auto is_castling = [&](const Move& m) {
    return m.kind == Kind::KING && m.from == home && (m.to == home + 2 || m.to == home - 2);
  };
  // The opponent's castling, its attack conditions left out.
  for (const bool kingside : {true, false}) {
    if (!castling) break;
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
    if (!castling && is_castling(m)) continue;
    std::array<Stack, 64> stacks = p.stacks;
    MoveEffects e(stacks, o, p.en_passant);
    e.play(m);
    if (!king_on_board(stacks, colour)) return true;
  }
  return false;
}

Piece random_piece(std::mt19937_64& rng, int colour) {
  static constexpr Type TYPES[] = {PAWN, PAWN, KNIGHT, BISHOP, WOUNDED, ROOK, ROOK, QUEEN, QUEEN};
  return make_piece(colour, TYPES[rng() % 9]);
}

// `top` on a stack of `below` rooks of either colour (now and then a wounded bishop).
Stack random_stack(std::mt19937_64& rng, int below, Piece top) {
  Stack s;
  for (; below > 0; --below)
    s = s.with_on_top(Stack::of(make_piece(int(rng() % 2), rng() % 8 ? ROOK : WOUNDED)));
  return s.with_on_top(Stack::of(top));
}

// The position of these stacks with `side` to move and each castling right its
// kings and rooks allow, but for one dropped now and then (one in `drop_one_in`,
// 0: never); refused by the FEN reader when invalid.
std::optional<Position> with_rights(const std::array<Stack, 64>& stacks, int side,
                                    std::mt19937_64& rng, int drop_one_in) {
  Position p;
  p.stacks = stacks;
  p.side = uint8_t(side);
  p.refresh_all();
  std::string rights;
  for (const auto& [letter, king, corner] :
       {std::tuple{'K', 4, 7}, {'Q', 4, 0}, {'k', 60, 63}, {'q', 60, 56}})
    if (p.stacks[king].height() == 1 && type_of(p.stacks[king].bottom()) == KING &&
        type_of(p.stacks[corner].bottom()) == ROOK &&
        colour_of(p.stacks[corner].bottom()) == colour_of(p.stacks[king].bottom()) &&
        !(drop_one_in && rng() % drop_one_in == 0))
      rights += letter;
  if (rights.empty()) rights = "-";
  auto parsed = parse_fen(board_text(p) + (side == WHITE ? " w " : " b ") + rights + " - 0 1");
  if (!parsed) return std::nullopt;
  return *parsed;
}

// A random position: kings, pieces and stacks of rooks (and now and then a
// wounded bishop below) anywhere, refused by the FEN reader when invalid.
std::optional<Position> random_position(std::mt19937_64& rng) {
  std::array<Stack, 64> stacks{};
  auto place = [&](int sq, Piece top) {
    stacks[sq] = random_stack(rng, int(rng() % 4) == 0 ? 1 + int(rng() % 3) : 0, top);
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
    place(sq, random_piece(rng, int(rng() % 2)));
  }
  return with_rights(stacks, int(rng() % 2), rng, 0);
}

int distance(int a, int b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

int random_neighbour(std::mt19937_64& rng, int sq) {
  uint64_t near = geometry().king[sq];
  for (int skip = int(rng() % std::popcount(near)); skip > 0; --skip) near &= near - 1;
  return std::countr_zero(near);
}

// A position built to reach as far as a threat can (issue 32): one side's king
// at home beside its corner rooks (units on them now and then, the squares
// between now and then occupied), queens of both colours alone or on top of
// stacks on the two ranks in front of it, where a castling king's second step
// lands, the other king within five squares of that home, and a few pieces
// anywhere. Which side castles and which is to move are drawn apart.
std::optional<Position> castling_reach_position(std::mt19937_64& rng) {
  std::array<Stack, 64> stacks{};
  const int castler = int(rng() % 2), other = 1 - castler;
  const int home = castler == WHITE ? 4 : 60, inward = castler == WHITE ? 8 : -8;
  stacks[home] = Stack::of(make_piece(castler, KING));
  for (const int corner : {home - 4, home + 3})
    if (rng() % 4)
      stacks[corner] = rng() % 3 ? Stack::of(make_piece(castler, ROOK))
                                 : random_stack(rng, 1, random_piece(rng, int(rng() % 2)));
  auto free_square = [&](auto&& draw) {
    for (int tries = 0; tries < 20; ++tries)
      if (const int sq = draw(); stacks[sq].empty()) return sq;
    return int(NO_SQUARE);
  };
  // Queens where castling's second step lands (b7 c7 d7 f7 g7 h7, or b2 ...),
  // the first one the other side's and alone, and on the rank past them.
  int first_queen = NO_SQUARE;
  for (int i = 0, n = 1 + int(rng() % 3); i < n; ++i) {
    // b7 (b2) thrice as often: only castling reaches it.
    static constexpr int SECOND_STEP_FILES[] = {1, 1, 1, 2, 3, 5, 6, 7};
    const int sq = free_square([&] {
      return i == 0 ? home - 4 + SECOND_STEP_FILES[rng() % 8] + inward
                    : home - 4 + int(rng() % 8) + inward * int(1 + rng() % 2);
    });
    if (sq == NO_SQUARE) continue;
    const Piece queen = make_piece(i == 0 || rng() % 4 ? other : castler, QUEEN);
    stacks[sq] = random_stack(rng, i == 0 || rng() % 3 ? 0 : 1 + int(rng() % 2), queen);
    if (i == 0) first_queen = sq;
  }
  // The other king next to the first queen, or within five squares of home;
  // now and then on a stack.
  const int king = free_square([&] {
    if (first_queen != NO_SQUARE && rng() % 2) return random_neighbour(rng, first_queen);
    const int f = int(rng() % 8), r = rank_of(home) + (castler == WHITE ? 1 : -1) * int(rng() % 6);
    return square(f, r);
  });
  if (king == NO_SQUARE) return std::nullopt;
  stacks[king] = random_stack(rng, rng() % 5 ? 0 : 1 + int(rng() % 2), make_piece(other, KING));
  // A few pieces: next to that king (whose falls may eliminate a queen), on
  // the squares castling crosses, anywhere.
  for (int i = 0, n = 1 + int(rng() % 5); i < n; ++i) {
    const int sq = free_square([&] {
      switch (i % 3) {
        case 0: return random_neighbour(rng, king);
        case 1: return rng() % 4 ? int(rng() % 64) : home - 3 + int(rng() % 6);
        default: return int(rng() % 64);
      }
    });
    if (sq == NO_SQUARE || sq == home) continue;
    const int below = rng() % 3 ? 0 : 1 + int(rng() % 2);
    stacks[sq] = random_stack(rng, below, random_piece(rng, int(rng() % 2)));
  }
  // Mostly the threatened side to move: a side to move that could remove the
  // other king makes an invalid position (rule 32).
  return with_rights(stacks, rng() % 4 ? other : castler, rng, 5);
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

// Issue 32: after a queenside castling the king's second step takes a queen on
// b7 (b2), whose explosion reaches the a file, four files from the king's home.
TEST(GnomeCastlingThreats, QueensideReachesTheAFile) {
  const char* black_castles = "r3k3/PQ6/K7/8/8/8/8/8 w q - 0 1";
  EXPECT_TRUE(threatened(position(black_castles), WHITE));
  EXPECT_EQ(moves(black_castles).size(), 28u);
  EXPECT_FALSE(has(black_castles, "a6a5,a5a6"));  // the king may not stay on a6
  // No queen on b7 (a knight): nothing explodes. No right: no castling.
  EXPECT_FALSE(threatened(position("r3k3/PN6/K7/8/8/8/8/8 w q - 0 1"), WHITE));
  EXPECT_FALSE(threatened(position("r3k3/PQ6/K7/8/8/8/8/8 w - - 0 1"), WHITE));
  EXPECT_TRUE(has("r3k3/PQ6/K7/8/8/8/8/8 w - - 0 1", "a6a5,a5a6"));
  // White castles: e1c1, c1b2 takes the queen on b2 and removes the king on a3.
  const char* white_castles = "8/8/8/8/8/k7/pq6/R3K3 b Q - 0 1";
  EXPECT_TRUE(threatened(position(white_castles), BLACK));
  EXPECT_FALSE(has(white_castles, "a3a4,a4a3"));
  EXPECT_FALSE(threatened(position("8/8/8/8/8/k7/pn6/R3K3 b Q - 0 1"), BLACK));
  EXPECT_FALSE(threatened(position("8/8/8/8/8/k7/pq6/R3K3 b - - 0 1"), BLACK));
  // A king on a stack is out of reach of level-0 explosions.
  EXPECT_FALSE(threatened(position("r3k3/PQ6/(RK)7/8/8/8/8/8 w q - 0 1"), WHITE));
}

// Kingside, castling's second step takes on h7 (h2) at most, three files from
// the king's home, where the corner rook takes too: castling adds no square out
// of reach of a plain king move or that rook (the test bounds stay at 3).
TEST(GnomeCastlingThreats, KingsideStaysWithinThreeSquares) {
  const char* black_castles = "4k2r/7Q/7K/8/8/8/8/8 w k - 0 1";
  EXPECT_TRUE(threatened(position(black_castles), WHITE));
  EXPECT_FALSE(has(black_castles, "h6h5,h5h6"));
  EXPECT_FALSE(threatened(position("4k2r/7N/7K/8/8/8/8/8 w k - 0 1"), WHITE));
  // No right: the rook on h8 takes the queen just the same.
  EXPECT_TRUE(threatened(position("4k2r/7Q/7K/8/8/8/8/8 w - - 0 1"), WHITE));
  const char* white_castles = "8/8/8/8/8/7k/7q/4K2R b K - 0 1";
  EXPECT_TRUE(threatened(position(white_castles), BLACK));
  EXPECT_FALSE(has(white_castles, "h3h4,h4h3"));
  EXPECT_FALSE(threatened(position("8/8/8/8/8/7k/7n/4K2R b K - 0 1"), BLACK));
  EXPECT_TRUE(threatened(position("8/8/8/8/8/7k/7q/4K2R b - - 0 1"), BLACK));
}

// The fast threat test against playing out every reply, on positions built to
// reach that far; some of their threats come from castling alone, some from
// four squares away.
TEST(GnomeThreats, AgreeOnPositionsBuiltToReachFarthest) {
  std::mt19937_64 rng(32);
  int positions = 0, threats = 0, by_castling = 0, four_away = 0;
  while (positions < 100000) {
    const auto p = castling_reach_position(rng);
    if (!p) continue;
    ++positions;
    for (int c = 0; c < 2; ++c) {
      const bool brute = brute_threatened(*p, c);
      ASSERT_EQ(threatened(*p, c), brute) << fen(*p) << " colour " << c;
      if (!brute) continue;
      ++threats;
      if (brute_threatened(*p, c, false)) continue;
      ++by_castling;
      four_away += distance(p->king_square(c), p->king_square(1 - c)) == 4;
    }
  }
  // Seed 32 gives 72,330 threats, 495 by castling alone, 127 of them four squares away.
  EXPECT_GT(threats, 10000);
  EXPECT_GT(by_castling, 250);
  EXPECT_GT(four_away, 60);
}

}  // namespace
}  // namespace kishi::gnome::testing
