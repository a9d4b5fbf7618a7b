#include "match/referee.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>

#include "games/shogi/shogi_game.h"
#include "match/elo.h"
#include "match/pentanomial.h"
#include "match/ratings.h"

namespace kishi::match {
namespace {

EngineSpec fake(const std::string& name, std::vector<std::string> args) {
  EngineSpec e;
  e.name = name;
  e.command = {KISHI_FAKE_ENGINE};
  e.command.insert(e.command.end(), args.begin(), args.end());
  return e;
}

const Opening START{std::string(shogi::Position::START_SFEN), {}};
constexpr int BLACK = 0, WHITE = 1, DRAW = game::Outcome::DRAW;

// The referee's game: the ply limit is its own, a declaration is checked when claimed.
const shogi::ShogiGame SHOGI(shogi::ShogiGame::Rules{.max_plies = 1 << 30, .declaration = true});

game::Record play(const EngineSpec& b, const EngineSpec& w, const Opening& o = START,
                  int max_plies = 320, TimeControl tc = {0, 1000, 0, 200}) {
  UsiClient black(b), white(w);
  return play_game(SHOGI, black, white, o, tc, max_plies);
}

TEST(UsiClient, EngineStderrGoesToItsLog) {
  const std::string log = ::testing::TempDir() + "kishi-fake-engine.stderr";
  std::remove(log.c_str());
  { UsiClient engine(fake("talker", {"moves", "7g7f"}), log); }
  std::ifstream in(log);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("fake-moves says hello on stderr"), std::string::npos) << text;
  EXPECT_THROW(UsiClient(fake("talker", {"moves", "7g7f"}), "/nonexistent/dir/x.stderr"),
               std::runtime_error);
}

// kishi teacher --fresh-search: usinewgame before every go ("fresh" resigns a
// go without one since the last).
TEST(UsiClient, NewGameBeforeEachMove) {
  EngineSpec black = fake("fresh", {"fresh", "2h3h", "3h4h", "4h3h"});
  const EngineSpec white = fake("b", {"moves", "8b7b", "7b6b", "6b7b"});
  const auto once = play(black, white, START, 5);
  EXPECT_EQ(once.reason, "resign");
  EXPECT_EQ(once.actions.size(), 2u);  // its first move follows the game's usinewgame
  black.new_game_each_move = true;
  const auto each = play(black, white, START, 5);
  EXPECT_EQ(each.reason, "maximum plies");
  EXPECT_EQ(each.actions.size(), 5u);
}

TEST(Referee, IllegalMoveLosesAndIsNamed) {
  const auto g = play(fake("mover", {"moves", "7g7f"}), fake("cheat", {"illegal"}));
  EXPECT_EQ(g.winner, BLACK);
  EXPECT_EQ(g.reason, "illegal move 1i1a by cheat");
  EXPECT_EQ(g.actions.size(), 1u);
}

TEST(Referee, ResignCrashAndSilenceLose) {
  EXPECT_EQ(play(fake("a", {"resign"}), fake("b", {"moves", "3c3d"})).winner, WHITE);
  const auto crash = play(fake("a", {"moves", "7g7f"}), fake("b", {"crash"}));
  EXPECT_EQ(crash.winner, BLACK);
  EXPECT_EQ(crash.reason, "crash of b");
  const auto silent =
      play(fake("a", {"silent"}), fake("b", {"moves", "3c3d"}), START, 320, {0, 300, 0, 100});
  EXPECT_EQ(silent.winner, WHITE);
  EXPECT_EQ(silent.reason.rfind("time (a gave no move", 0), 0u) << silent.reason;
}

TEST(Referee, FalseDeclarationLosesAndATrueOneWins) {
  EXPECT_EQ(play(fake("a", {"win"}), fake("b", {"moves", "3c3d"})).reason, "false declaration");
  const Opening camp{"4K4/+R+B7/PPPPPPPPP/9/9/9/9/9/4k4 b RB 1", {}};
  const auto g = play(fake("a", {"win"}), fake("b", {"moves", "5i5h"}), camp);
  EXPECT_EQ(g.winner, BLACK);
  EXPECT_EQ(g.reason, "declaration");
}

TEST(Referee, CheckmateIsAdjudicated) {
  const Opening o{"7nk/9/7G1/9/9/9/9/9/4K4 b G 1", {}};
  const auto g = play(fake("a", {"moves", "G*1b"}), fake("b", {"moves", "1a1b"}), o);
  EXPECT_EQ(g.winner, BLACK);
  EXPECT_EQ(g.reason, "checkmate");
}

TEST(Referee, RepetitionIsADraw) {
  const auto g = play(fake("a", {"moves", "2h3h", "3h2h"}), fake("b", {"moves", "8b7b", "7b8b"}));
  EXPECT_EQ(g.winner, DRAW);
  EXPECT_EQ(g.reason, "repetition");
  EXPECT_EQ(g.actions.size(), 12u);
}

TEST(Referee, PerpetualCheckLosesForTheChecker) {
  const Opening o{"R7k/9/9/9/9/9/9/9/K8 w - 1", {}};
  // White moves first here: the "black" client plays the side to move first.
  UsiClient white(fake("w", {"moves", "1a1b", "1b1a"})),
      black(fake("b", {"moves", "9a9b", "9b9a"}));
  const auto g = play_game(SHOGI, black, white, o, {0, 1000, 0, 200}, 320);
  EXPECT_EQ(g.reason, "perpetual check");
  EXPECT_EQ(g.winner, WHITE);
}

TEST(Referee, MaximumPliesIsADraw) {
  const auto g = play(fake("a", {"moves", "2h3h", "3h4h", "4h3h"}),
                      fake("b", {"moves", "8b7b", "7b6b", "6b7b"}), START, 5);
  EXPECT_EQ(g.winner, DRAW);
  EXPECT_EQ(g.reason, "maximum plies");
  EXPECT_EQ(g.actions.size(), 5u);
}

TEST(Referee, RecordsNameTheResult) {
  const Opening o{"7nk/9/7G1/9/9/9/9/9/4K4 b G 1", {}};
  const auto g = play(fake("a", {"moves", "G*1b"}), fake("b", {"moves", "1a1b"}), o);
  const std::string csa = shogi::csa_record(g, shogi::Game::Shogi);
  EXPECT_NE(csa.find("N+a\nN-b\n"), std::string::npos);
  EXPECT_NE(csa.find("P1 *  *  *  *  *  *  * -KE-OU\n"), std::string::npos) << csa;
  EXPECT_NE(csa.find("P+00KI\n"), std::string::npos);
  EXPECT_NE(csa.find("+0012KI\n"), std::string::npos);
  EXPECT_NE(csa.find("%TSUMI"), std::string::npos);
  // Issue 12, finding 10: the date and the seconds used, and KIF beside CSA.
  EXPECT_NE(csa.find("\n$START_TIME:20"), std::string::npos) << csa;
  const std::string kif = shogi::kif_record(g, shogi::Game::Shogi);
  EXPECT_NE(kif.find("\n先手：a\n後手：b\n"), std::string::npos) << kif;
  EXPECT_NE(kif.find("後手の持駒：なし\n"), std::string::npos) << kif;
  EXPECT_NE(kif.find("| ・ ・ ・ ・ ・ ・ ・v桂v玉|一\n"), std::string::npos) << kif;
  EXPECT_NE(kif.find("先手の持駒：金　\n"), std::string::npos) << kif;
  EXPECT_NE(kif.find("   1 １二金打   ("), std::string::npos) << kif;
  EXPECT_NE(kif.find("   2 詰み\nまで1手で先手の勝ち\n"), std::string::npos) << kif;
  EXPECT_EQ(
      shogi::usi_record(g).rfind("position sfen 7nk/9/7G1/9/9/9/9/9/4K4 b G 1 moves G*1b\n", 0),
      0u);
}

TEST(Records, SecondsAreRoundedAndMovesNamedInKif) {
  game::Record r;
  r.players[0] = "x";
  r.players[1] = "y";
  r.start_state = std::string(shogi::Position::START_SFEN);
  r.actions = {"7g7f", "3c3d", "8h2b+", "3a2b"};
  r.action_ms = {950, 1400, 61500, 0};
  r.winner = 0;
  r.reason = "resign";
  r.event = "test";
  const std::string csa = shogi::csa_record(r, shogi::Game::Shogi);
  EXPECT_NE(csa.find("$EVENT:test\n"), std::string::npos) << csa;
  EXPECT_NE(csa.find("+7776FU\nT1\n-3334FU\nT1\n+8822UM\nT62\n-3122GI\nT0\n"), std::string::npos)
      << csa;
  const std::string kif = shogi::kif_record(r, shogi::Game::Shogi);
  EXPECT_NE(kif.find("棋戦：test\n手合割：平手\n"), std::string::npos) << kif;
  EXPECT_NE(kif.find("   1 ７六歩(77)   ( 0:01/00:00:01)\n"), std::string::npos) << kif;
  EXPECT_NE(kif.find("   3 ２二角成(88)   ( 1:02/00:01:03)\n"), std::string::npos) << kif;
  EXPECT_NE(kif.find("   4 同　銀(31)   ( 0:00/00:00:01)\n"), std::string::npos) << kif;
  EXPECT_NE(kif.find("   5 投了\nまで4手で先手の勝ち\n"), std::string::npos) << kif;
}

TEST(Elo, PublishedExamples) {
  // 60 wins, 40 losses: a 60% score, about +70 Elo.
  const EloEstimate e = estimate_elo({60, 0, 40});
  EXPECT_NEAR(e.elo, 70.4, 0.1);
  EXPECT_LT(e.lower, 70.4);
  EXPECT_GT(e.upper, 70.4);
  EXPECT_NEAR(e.los, 0.977, 0.001);  // erf-based LOS of 60-40
  EXPECT_NEAR(estimate_elo({50, 0, 50}).elo, 0.0, 1e-9);
  EXPECT_NEAR(estimate_elo({0, 100, 0}).elo, 0.0, 1e-9);
  EXPECT_NEAR(elo_to_score(70.4), 0.6, 0.001);
  EXPECT_EQ(estimate_elo({0, 0, 10}).elo, -INFINITY);
  EXPECT_EQ(estimate_elo({10, 0, 0}).elo, INFINITY);
  // A 75% score is +191 Elo.
  EXPECT_NEAR(estimate_elo({75, 0, 25}).elo, 190.8, 0.1);
}

// Game pairs against a separate computation of fishtest's formulas (a Python
// script solving the same equations by its own bisection, docs/match.md):
// the LLR of the pentanomial GSPRT, the Elo interval and the normalized Elo.
TEST(Pentanomial, AgreesWithFishtestFormulas) {
  struct Case {
    std::array<int, 5> counts;
    double elo0, elo1, llr, elo, lower, upper, nelo;
  };
  const Case cases[] = {
      {{10, 20, 40, 25, 15}, 0, 10, 0.518128, 23.7256, -13.3260, 61.3261, 29.3870},
      {{5, 30, 50, 30, 5}, 0, 10, -0.238150, 0, -28.4367, 28.4367, 0},
      {{2, 10, 30, 35, 23}, 0, 10, 2.446989, 121.0638, 83.9189, 161.0875, 164.5112},
      {{0, 3, 10, 6, 1}, -5, 5, 0.494297, 43.6578, -14.9352, 104.8566, 80.1300},
  };
  for (const Case& c : cases) {
    const Pentanomial p{c.counts};
    const SprtResult r = sprt(p, c.elo0, c.elo1, 0.05, 0.05);
    EXPECT_NEAR(r.llr, c.llr, 1e-5);
    EXPECT_NEAR(r.lower_bound, -2.944439, 1e-6);
    EXPECT_NEAR(r.upper_bound, 2.944439, 1e-6);
    const EloEstimate e = pair_elo(p);
    EXPECT_NEAR(e.elo, c.elo, 1e-3);
    EXPECT_NEAR(e.lower, c.lower, 1e-3);
    EXPECT_NEAR(e.upper, c.upper, 1e-3);
    EXPECT_NEAR(normalized_elo(p), c.nelo, 1e-3);
  }
}

// Near H0 and H1 the exact LLR and the normal approximation of the mean score,
// N (s1 - s0) (2 mean - s0 - s1) / (2 var), agree: a check of the formula that
// needs no reference numbers.
TEST(Pentanomial, LlrMatchesTheNormalApproximation) {
  const Pentanomial p{{400, 2600, 5000, 2700, 420}};
  const double s0 = elo_to_score(0), s1 = elo_to_score(5);
  const double approx = p.pairs() * (s1 - s0) * (2 * p.mean() - s0 - s1) / (2 * p.pair_variance());
  EXPECT_NEAR(sprt(p, 0, 5, 0.05, 0.05).llr, approx, 0.02 * std::abs(approx));
}

TEST(Pentanomial, SprtDecidesOnClearResults) {
  EXPECT_EQ(sprt({{5, 20, 40, 60, 40}}, 0, 10, 0.05, 0.05).verdict, SprtResult::Verdict::AcceptH1);
  EXPECT_EQ(sprt({{40, 60, 40, 20, 5}}, 0, 10, 0.05, 0.05).verdict, SprtResult::Verdict::AcceptH0);
  EXPECT_EQ(sprt({{1, 2, 3, 2, 1}}, 0, 10, 0.05, 0.05).verdict, SprtResult::Verdict::Continue);
  EXPECT_EQ(sprt(Pentanomial{}, 0, 10, 0.05, 0.05).llr, 0);
  Pentanomial p;
  p.add(0);
  p.add(1.5);
  p.add(2);
  p.add(1);
  EXPECT_EQ(p.counts, (std::array<int, 5>{1, 0, 1, 1, 1}));
  EXPECT_DOUBLE_EQ(p.mean(), (0 + 0.75 + 1 + 0.5) / 4);
}

}  // namespace
}  // namespace kishi::match

namespace kishi::match {
namespace {

TEST(Ratings, ThreeEnginesInAChain) {
  // A scores 75% against B, B 75% against C, A 90% against C.
  std::vector<std::vector<Score>> r(3, std::vector<Score>(3));
  r[0][1] = {75, 0, 25};
  r[1][0] = {25, 0, 75};
  r[1][2] = {75, 0, 25};
  r[2][1] = {25, 0, 75};
  r[0][2] = {90, 0, 10};
  r[2][0] = {10, 0, 90};
  const auto ratings = fit_ratings({"A", "B", "C"}, r);
  EXPECT_EQ(ratings[0].elo, 0);
  EXPECT_NEAR(ratings[1].elo, -191, 25);  // 75% is +191 by itself
  EXPECT_NEAR(ratings[2].elo, -382, 30);  // and the chain agrees with A-C's 90% (+382)
  EXPECT_GT(ratings[1].margin, 0);
  EXPECT_NEAR(ratings[0].score, (75 + 90) / 200.0, 1e-9);
  EXPECT_EQ(ratings[2].games, 200);
}

TEST(Ratings, TwoEnginesMatchTheEloFormula) {
  std::vector<std::vector<Score>> r(2, std::vector<Score>(2));
  r[0][1] = {40, 0, 60};
  r[1][0] = {60, 0, 40};
  const auto ratings = fit_ratings({"x", "y"}, r);
  EXPECT_NEAR(ratings[1].elo - ratings[0].elo, 70.4, 2);  // the prior pulls a little
}

}  // namespace
}  // namespace kishi::match
