// gnome's numbered decisions 17-32 and every state of the veto token, each
// with a position where the decision applies and one where it does not.
#include <random>

#include "games/gnome/perft.h"
#include "tests/games/gnome/gnome_test_util.h"

namespace kishi::gnome::testing {
namespace {

// A game line driven by move texts.
struct Line {
  GnomeGame game;
  State state;
  explicit Line(std::string_view fen = START_FEN, GnomeGame g = {}) : game(g) {
    auto s = game.parse_state(fen);
    if (!s) throw std::runtime_error(s.error());
    state = *s;
  }
  void play(std::string_view text) {
    auto a = game.parse_action(state, text);
    if (!a) throw std::runtime_error(a.error());
    game.play(state, *a);
  }
  std::set<std::string> actions() const {
    MoveList list;
    game.legal_actions(state, list);
    std::set<std::string> texts;
    for (const Move& m : list) texts.insert(move_text(m));
    return texts;
  }
  std::string fen() const { return game.state_text(state); }
  std::string board() const { return board_text(state.position()); }
  game::Outcome outcome() const {
    MoveList list;
    game.legal_actions(state, list);
    return game.outcome(state, list);
  }
};

// Rule 17, every state of the token from the start.
TEST(GnomeRule17, TheVetoTokensStates) {
  Line l;
  EXPECT_FALSE(l.actions().count("veto"));  // a root given as a FEN: no history (rule 27)
  l.play("e2e4");
  EXPECT_TRUE(l.actions().count("veto"));  // Black holds it, usable
  l.play("veto");
  EXPECT_EQ(l.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 w e2e4");
  const auto after_veto = l.actions();
  EXPECT_EQ(after_veto.size(), 85u);  // a move with another result
  EXPECT_FALSE(after_veto.count("e2e4") || after_veto.count("veto"));
  l.play("d2d4");
  EXPECT_EQ(l.fen(), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1 w");
  EXPECT_FALSE(l.actions().count("veto"));
  l.play("e7e5");  // Black's free move
  EXPECT_EQ(l.fen(), "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 2 w");
  EXPECT_FALSE(l.actions().count("veto"));
  l.play("g1f3");  // once White has moved, the token is usable
  EXPECT_EQ(l.fen(), "rnbqkbnr/pppp1ppp/8/4p3/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2 W");
  EXPECT_FALSE(l.actions().count("veto"));
  l.play("b8c6");
  EXPECT_TRUE(l.actions().count("veto"));
  l.play("veto");
  EXPECT_EQ(l.fen(), "rnbqkbnr/pppp1ppp/8/4p3/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2 b b8c6");
  // A FEN with the eighth field reads back.
  EXPECT_EQ(Line(l.fen()).fen(), l.fen());
  EXPECT_FALSE(Line(l.fen()).actions().count("b8c6"));
}

// Rule 17: the holder moving instead keeps the token usable (rule 28), and a
// move is not vetoable when every move of its side had the same result.
TEST(GnomeRule17, AMoveWithoutAlternativeCannotBeVetoed) {
  Line l;
  l.play("e2e4");
  l.play("e7e5");
  EXPECT_EQ(l.fen().back(), 'B');
  l.play("g1f3");
  EXPECT_TRUE(l.actions().count("veto"));
  // White: a boxed king and three wounded bishops that go at the end of the
  // move whatever it is: one result.
  Line only("8/8/7k/8/8/8/B~B~6/KB~6 w - - 0 1");
  ASSERT_EQ(only.actions().size(), 1u);
  only.play(*only.actions().begin());
  EXPECT_FALSE(only.actions().count("veto"));
}

// Rule 18: a mating move may be vetoed: the holder's only action; not usable, it ends the game.
TEST(GnomeRule18, AMateMayBeVetoed) {
  Line l("k7/7R/7R/8/8/8/8/6RK w - - 0 1");
  l.play("g1g8");
  EXPECT_EQ(l.actions(), (std::set<std::string>{"accept", "veto"}));
  EXPECT_FALSE(l.outcome().over);
  Line accepted = l;
  accepted.play("accept");
  EXPECT_TRUE(accepted.actions().empty());
  EXPECT_EQ(accepted.outcome().winner, WHITE);
  EXPECT_EQ(accepted.outcome().reason, GnomeGame::CHECKMATE);
  EXPECT_FALSE(accepted.game.can_veto(accepted.state));
  l.play("veto");
  EXPECT_FALSE(l.actions().count("g1g8") || l.actions().count("accept"));
  EXPECT_FALSE(l.game.parse_action(l.state, "accept"));
  Line spent("k7/7R/7R/8/8/8/8/6RK w - - 0 1 b");
  spent.play("g1g8");
  EXPECT_TRUE(spent.actions().empty());
  const game::Outcome o = spent.outcome();
  EXPECT_TRUE(o.over);
  EXPECT_EQ(o.winner, WHITE);
  EXPECT_EQ(o.reason, GnomeGame::CHECKMATE);
}

// Self-play's root mate check finds a mate in one only where it cannot be vetoed.
TEST(GnomeRule18, AMateInOneIsFoundWhereNoVetoAnswersIt) {
  const GnomeGame game;
  const auto spent = game.find_mate(*game.parse_state("k7/7R/7R/8/8/8/8/6RK w - - 0 1 b"), 1000, 7);
  ASSERT_TRUE(spent);
  EXPECT_EQ(move_text(spent->front()), "g1g8");
  EXPECT_FALSE(game.find_mate(*game.parse_state("k7/7R/8/8/8/8/8/6RK w - - 0 1 b"), 1000, 7));
  // With Black's token usable the mate is answered by a veto; from a FEN root
  // no veto is offered to the side to move, but Black may veto White's mate.
  State usable = *game.parse_state("k7/8/7R/8/8/8/8/6RK b - - 0 1 B");
  game.play(usable, *game.parse_action(usable, "a8b8,b8a8"));
  game.play(usable, *game.parse_action(usable, "h6h7"));
  game.play(usable, *game.parse_action(usable, "a8b8,b8a8"));
  EXPECT_FALSE(game.find_mate(usable, 1000, 7));
  // Inside the search such a mate makes a state final, when the rules ask for it.
  const State spent_state = *game.parse_state("k7/7R/7R/8/8/8/8/6RK w - - 0 1 b");
  MoveList legal;
  game.legal_actions(spent_state, legal);
  EXPECT_FALSE(game.terminal(spent_state, legal).over);
  const GnomeGame leaf_mate({.leaf_mate_plies = 1});
  const game::Terminal t = leaf_mate.terminal(spent_state, legal);
  EXPECT_TRUE(t.over);
  EXPECT_EQ(t.value, 1.0f);
  game.legal_actions(usable, legal);
  EXPECT_FALSE(leaf_mate.terminal(usable, legal).over);
}

// The root mate check finds a mate in one exactly where playing a move ends the
// game won (no veto left to answer it), over the positions of random games.
TEST(GnomeRule18, TheMateCheckAgreesWithTheGame) {
  const GnomeGame game;
  std::mt19937_64 rng(3);
  int mates = 0;
  for (int g = 0; g < 20; ++g) {
    State s = game.start_state();
    MoveList legal, replies;
    for (int ply = 0; ply < 160; ++ply) {
      game.legal_actions(s, legal);
      if (legal.empty() || game.outcome(s, legal).over) break;
      bool mate = false;
      State t = s;
      for (const Move& m : legal) {
        if (m.kind == Kind::VETO || m.kind == Kind::ACCEPT) continue;
        game.play(t, m);
        game.legal_actions(t, replies);
        const game::Outcome o = game.outcome(t, replies);
        game.undo(t);
        mate |= o.over && o.winner == game.player(s);
      }
      const auto found = game.find_mate(s, 1000, 1);
      ASSERT_EQ(found.has_value(), mate) << game.state_text(s);
      mates += mate;
      game.play(s, legal[rng() % legal.size()]);
    }
  }
  EXPECT_GT(mates, 0);
}

// Rule 18 for a draw: the holder vetoes the move that repeats a position a
// third time or accepts the draw; moving on is no choice (not vetoing accepts).
TEST(GnomeRule18, ARepetitionIsVetoedOrAccepted) {
  Line l("k7/p7/8/8/8/8/P7/7K b - - 0 1 B");
  for (int i = 0; i < 2; ++i) {
    l.play("a8b8,b8a8");
    EXPECT_FALSE(l.actions().count("accept"));
    l.play("h1g1,g1h1");
  }
  EXPECT_EQ(l.actions(), (std::set<std::string>{"accept", "veto"}));
  EXPECT_FALSE(l.outcome().over);
  const auto move_on = l.game.parse_action(l.state, "a7a6");
  ASSERT_FALSE(move_on);
  EXPECT_NE(move_on.error().find("'veto' or 'accept'"), std::string::npos) << move_on.error();
  EXPECT_FALSE(l.game.is_legal(l.state, *parse_move(l.state.position(), "a7a6")));
  const uint32_t packed = l.game.pack(ACCEPT_MOVE);
  EXPECT_EQ(l.game.unpack(packed), ACCEPT_MOVE);
  EXPECT_NE(packed, l.game.pack(VETO_MOVE));
  EXPECT_NE(GnomeEncoding{}.policy_index(l.state, ACCEPT_MOVE),
            GnomeEncoding{}.policy_index(l.state, VETO_MOVE));
  Line accepted = l;
  accepted.play("accept");
  EXPECT_EQ(accepted.outcome().reason, GnomeGame::REPETITION);
  EXPECT_EQ(accepted.outcome().winner, game::Outcome::DRAW);
  l.play("veto");
  EXPECT_FALSE(l.outcome().over);
  EXPECT_FALSE(l.actions().count("h1g1,g1h1"));
}

// Rule 19: moves with one result are one move, written with the smallest text,
// read in any; legality: no reply may remove the king, an explosion included.
TEST(GnomeRule19, OneMovePerResultAndTheKingsSafety) {
  const Position alone = position("k7/8/8/8/8/8/8/4K3 w - - 0 1");
  const auto pass = parse_move(alone, "e1e2,e2e1");
  ASSERT_TRUE(pass) << pass.error();
  EXPECT_EQ(move_text(*pass), "e1d1,d1e1");
  // The queen next to the king may be taken, and her explosion would take him.
  EXPECT_TRUE(threatened(position("k2r4/8/8/8/8/8/8/3QK3 w - - 0 1"), WHITE));
  EXPECT_FALSE(threatened(position("k2r4/8/8/8/8/8/8/3Q2K1 w - - 0 1"), WHITE));
}

// Rule 20: repetition, the 50-move rule, the maximum length, bare kings.
TEST(GnomeRule20, DrawsByRepetitionFiftyMovesLengthAndBareKings) {
  Line l("k7/p7/8/8/8/8/P7/7K w - - 0 1");
  for (int i = 0; i < 2; ++i) {
    EXPECT_FALSE(l.outcome().over);
    l.play("h1g1,g1h1");
    l.play("a8b8,b8a8");
  }
  EXPECT_EQ(l.outcome().reason, GnomeGame::REPETITION);
  Line fifty("k7/p7/8/8/8/8/P7/7K b - - 99 1");
  fifty.play("a8b8,b8a8");
  EXPECT_EQ(fifty.outcome().reason, GnomeGame::FIFTY_MOVES);
  Line pawn("k7/p7/8/8/8/8/P7/7K b - - 99 1");
  pawn.play("a7a6");
  EXPECT_FALSE(pawn.outcome().over);
  Line length("k7/p7/8/8/8/8/P7/7K w - - 0 1", GnomeGame({.max_plies = 2}));
  length.play("h1g1,g1h1");
  EXPECT_FALSE(length.outcome().over);
  length.play("a8b8,b8a8");
  EXPECT_EQ(length.outcome().reason, GnomeGame::MAX_PLIES);
  EXPECT_EQ(Line("k7/8/8/8/8/8/8/7K w - - 0 1").outcome().reason, GnomeGame::BARE_KINGS);
  EXPECT_FALSE(Line("k7/p7/8/8/8/8/8/7K w - - 0 1").outcome().over);
}

// Rule 21: a wounded bishop that takes the place of a capturer under a pawn
// stays under it and carries it; it goes at the end of its owner's next move.
TEST(GnomeRule21, AWoundedBishopUnderAPawn) {
  const std::string after_capture = after("k7/8/8/2b5/8/8/8/2(RP)4K w - - 0 1", "c1:0c5");
  EXPECT_EQ(after_capture, "k7/8/8/2(b~P)5/8/8/8/7K b - - 0 1 B");
  EXPECT_EQ(board_after(after_capture, "c5:0d6"), "k7/8/3P4/8/8/8/8/7K");
  // A lone capturer: the bishop simply takes its place.
  EXPECT_EQ(board_after("k7/8/8/2b5/8/8/8/2R4K w - - 0 1", "c1c5"), "k7/8/8/2b~5/8/8/8/7K");
}

// Rule 22: same stacks but other castling rights: two results.
TEST(GnomeRule22, CastlingRightsMakeAnotherResult) {
  const auto m = moves("k7/8/8/8/8/8/3B~4/4K2R w K - 0 1");
  EXPECT_TRUE(m.count("d2a5"));       // the bishop goes, the right stays
  EXPECT_TRUE(m.count("e1d1,d1e1"));  // the bishop goes, the right is lost
  EXPECT_FALSE(m.count("d2b4"));
}

// Rule 23: a queen eliminated by a fall explodes at level 0; one a knight
// takes at level L explodes at L; never on its own square.
TEST(GnomeRule23, WhereEliminatedQueensExplode) {
  EXPECT_EQ(board_after("k7/8/8/3(rn)p3/8/8/8/3Q3K w - - 0 1", "d1d5"), "k7/8/8/3n4/8/8/8/7K");
  EXPECT_EQ(board_after("k7/8/8/8/3(rq)(RP)3/8/2N5/7K w - - 0 1", "c2d4x1"),
            "k7/8/8/8/3(rN)R3/8/8/7K");
  // The knight's capture of the rook below instead: the queen falls on the
  // knight and eliminates it; she survives and nothing explodes.
  EXPECT_EQ(board_after("k7/8/8/8/3(rq)(RP)3/8/2N5/7K w - - 0 1", "c2d4"),
            "k7/8/8/8/3q(RP)3/8/8/7K");
}

// Rule 24: threats are pseudo-legal: a pinned rook still threatens, the
// opponent's castling threatens without its attack conditions.
TEST(GnomeRule24, ThreatsArePseudoLegal) {
  EXPECT_TRUE(threatened(position("8/8/8/8/k3r2R/8/8/4K3 w - - 0 1"), WHITE));
  EXPECT_FALSE(threatened(position("8/8/8/8/k3r3/8/8/3K4 w - - 0 1"), WHITE));
  EXPECT_TRUE(threatened(position("r3k3/1K6/8/8/8/8/8/8 w q - 0 1"), WHITE));
  EXPECT_FALSE(threatened(position("r3k3/1K6/8/8/8/8/8/8 w - - 0 1"), WHITE));
}

// Rule 25: rights go with any king move, and with the corner's level-0 piece;
// a climb onto the corner rook keeps them and castling carries it.
TEST(GnomeRule25, CastlingRights) {
  const char* both = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  EXPECT_EQ(after(both, "e1d1,d1e1"), "r3k2r/8/8/8/8/8/8/R3K2R b kq - 1 1 B");
  EXPECT_EQ(after("4k2r/8/8/8/8/8/8/4K2R b Kk - 0 1", "h8h1"), "4k3/8/8/8/8/8/8/4K2r w - - 0 2 B");
  EXPECT_EQ(after("4k2r/8/8/8/8/8/8/4K2R b Kk - 0 1", "h8h7"), "4k3/7r/8/8/8/8/8/4K2R w K - 1 2 B");
  const std::string climbed = after("4k3/8/8/8/8/6N1/8/4K2R w K - 0 1", "g3h1^");
  EXPECT_EQ(climbed, "4k3/8/8/8/8/8/8/4K2(RN) b K - 1 1 B");
  EXPECT_EQ(board_after("4k3/8/8/8/8/8/8/4K2(RN) w K - 0 1", "e1g1,g1g2"),
            "4k3/8/8/8/8/8/6K1/5(RN)2");
}

// Rule 26: the pawn's climbs, promotion on every own move (shifts too).
TEST(GnomeRule26, PawnClimbsAndCompulsoryPromotion) {
  const auto enemy = moves("k7/8/8/8/8/3r4/4P3/7K w - - 0 1");
  EXPECT_TRUE(enemy.count("e2d3") && enemy.count("e2d3^"));
  const auto own = moves("k7/8/8/8/8/3R4/4P3/7K w - - 0 1");
  EXPECT_FALSE(own.count("e2d3") || own.count("e2d3^"));
  EXPECT_TRUE(has("k7/8/8/8/8/4R3/4P3/7K w - - 0 1", "e2e3^"));
  const auto shift = moves("k2n4/3P4/8/8/8/8/8/7K w - - 0 1");
  EXPECT_TRUE(shift.count("d8d7sq") && shift.count("d8d7sn"));
  EXPECT_FALSE(shift.count("d8d7s"));
  EXPECT_EQ(after(START_FEN, "e2e4"),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 B");
}

// Rule 27: perft counts whole moves and vetoes; a FEN root offers no veto,
// the positions after its moves do; a branch ends only at mate or stalemate.
TEST(GnomeRule27, WhatPerftCounts) {
  Line root;
  EXPECT_EQ(perft_in_place(root.state, 1), 86u);  // no veto at the root
  root.play("e2e4");
  EXPECT_EQ(perft_in_place(root.state, 1), 87u);  // Black's 86 moves and the veto
  // The 50-move count at 100 ends no branch: the moves are counted all the same.
  EXPECT_EQ(perft_in_place(Line("k7/p7/8/8/8/8/P7/7K w - - 100 80").state, 1),
            moves("k7/p7/8/8/8/8/P7/7K w - - 0 1").size());
  // After a mate only the veto (rule 18), after it no move: the branch ends.
  Line mate("k7/7R/7R/8/8/8/8/6RK w - - 0 1");
  mate.play("g1g8");
  EXPECT_EQ(perft_in_place(mate.state, 1), 1u);
  Line spent("k7/7R/7R/8/8/8/8/6RK w - - 0 1 b");
  spent.play("g1g8");
  EXPECT_EQ(perft_in_place(spent.state, 1), 0u);
}

// Rule 28: a missing token reads as B; a veto restores the counters; an
// expiring wounded bishop restarts the 50-move count.
TEST(GnomeRule28, TokenDefaultVetoCountersAndExpiry) {
  const Position p = position("k7/8/8/8/8/8/8/4K3 w - - 5 9");
  EXPECT_EQ(p.token_holder, BLACK);
  EXPECT_TRUE(p.token_usable);
  Line l;
  l.play("g1f3");
  l.play("veto");
  EXPECT_EQ(l.fen(), std::string(START_FEN.substr(0, START_FEN.size() - 1)) + "w g1f3");
  EXPECT_EQ(after("k7/8/8/8/8/8/3B~4/7K w - - 30 1", "h1g1,g1h1"), "k7/8/8/8/8/8/8/7K b - - 0 1 B");
  EXPECT_EQ(after("k7/8/8/8/8/8/8/7K w - - 30 1", "h1g1,g1h1"), "k7/8/8/8/8/8/8/7K b - - 31 1 B");
}

// Rule 29, the source's second example: a bishop takes a rook under a pawn;
// wounded during its own move, it stays through Black's move and White's next.
TEST(GnomeRule29, WoundedDuringItsOwnMoveItStaysAMoveLonger) {
  Line l("k7/8/8/8/8/2(rp)5/8/B6K w - - 0 1");
  l.play("a1c3");
  EXPECT_EQ(l.fen(), "k7/8/8/8/8/2B~5/8/7K b - - 0 1 B");
  l.play("a8b8,b8a8");
  EXPECT_EQ(l.board(), "k7/8/8/8/8/2B~5/8/7K");
  l.play("h1g1,g1h1");
  EXPECT_EQ(l.board(), "k7/8/8/8/8/8/8/7K");
}

// Rule 30: between two healthy bishops.
TEST(GnomeRule30, TwoHealthyBishops) {
  EXPECT_EQ(board_after("k7/8/8/8/8/2b5/8/B6K w - - 0 1", "a1c3"), "k7/8/8/8/8/2B~5/8/7K");
  EXPECT_EQ(board_after("k7/8/8/8/8/2(rb)5/8/B6K w - - 0 1", "a1c3"), "k7/8/8/8/8/2b~5/8/7K");
  EXPECT_EQ(board_after("k7/8/8/8/8/2(rb)5/8/1N5K w - - 0 1", "b1c3x1"), "k7/8/8/8/8/2(rb~)5/8/7K");
}

// Rule 31: the first step's queen explodes at once (the second step then takes
// the dropped pawn); a bishop the first step takes lies on its square, wounded.
TEST(GnomeRule31, TheKingsFirstStepExplodesAtOnce) {
  const char* fen = "k7/8/8/8/8/3(rp)4/4q3/4K3 w - - 0 1";
  EXPECT_EQ(board_after(fen, "e1e2,e2d3"), "k7/8/8/8/8/3K4/8/8");
  EXPECT_EQ(after("k7/8/8/8/8/8/4b3/4K3 w - - 0 1", "e1e2,e2e1"),
            "k7/8/8/8/8/8/4b~3/4K3 b - - 0 1 B");
}

// Rule 32: two chains, a wounded bishop's shift, the enemy king shifted, and a
// position where the side to move could remove the other king.
TEST(GnomeRule32, ShiftsOfEveryLonePieceAndInvalidPositions) {
  const auto two = moves("k7/8/8/8/8/8/PNP5/7K w - - 0 1");
  EXPECT_TRUE(two.count("b2a2s") && two.count("b2c2s"));
  EXPECT_TRUE(has("k7/8/8/8/8/8/PB~6/7K w - - 0 1", "b2a2s"));
  EXPECT_EQ(after("8/8/8/8/8/8/kP6/7K w - - 0 1", "a2b2s"), "8/8/8/8/8/8/Pk6/7K b - - 0 1 B");
  const auto bad = parse_fen("k7/8/8/8/8/8/8/R6K w - - 0 1");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("could remove the other king"), std::string::npos);
}

// Readings of kishi where the page is silent (docs/rules-gnome.md, "Readings").
// A pawn capturing onto the last rank promotes on arriving, before the falls:
// a queen eliminated explodes, a bishop is wounded and eliminates in turn; a
// rook and a knight, eliminated alike, are one result ("n" the smaller text).
TEST(GnomeReadings, PromotionComesBeforeTheFalls) {
  const char* fen = "2p(rn)3k/4P3/8/8/8/8/8/7K w - - 0 1";
  const auto m = moves(fen);
  EXPECT_TRUE(m.count("e7d8q") && m.count("e7d8b") && m.count("e7d8n"));
  EXPECT_FALSE(m.count("e7d8r"));
  EXPECT_EQ(board_after(fen, "e7d8q"), "3n3k/8/8/8/8/8/8/7K");  // the explosion takes c8
  EXPECT_EQ(board_after(fen, "e7d8n"), "2pn3k/8/8/8/8/8/8/7K");
  EXPECT_EQ(board_after(fen, "e7d8b"), "2pB~3k/8/8/8/8/8/8/7K");
}

// The first step's waiting pieces are in the air while the second step
// explodes: its explosion at level 0 does not touch them; then they come down.
TEST(GnomeReadings, WaitingPiecesAreAboveTheSecondStepsExplosion) {
  EXPECT_EQ(board_after("k7/8/8/8/8/8/4(rp)q2/4K3 w - - 0 1", "e1e2,e2f2"), "k7/8/8/8/8/8/4pK2/8");
}

}  // namespace
}  // namespace kishi::gnome::testing
