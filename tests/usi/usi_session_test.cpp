// Scripted USI sessions against the real `kishi usi`: every command GUIs use,
// and every kind of abuse. The engine runs without a network (built-in evaluator).
#include "tests/usi/usi_session.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <set>

#include "games/shogi/core/movegen.h"
#include "games/shogi/core/usi_move.h"
#include "search/puct_params.h"

namespace kishi {
namespace {

using testing::Session;
using testing::UsiProcess;
using namespace kishi::shogi;
using Clock = std::chrono::steady_clock;

bool legal_in(const std::string& sfen, const std::string& move) {
  return bool(parse_usi_move(*Position::from_sfen(sfen), move.substr(0, move.find(' '))));
}

int64_t ms_since(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

TEST(UsiSession, HandshakeListsIdAndOptions) {
  UsiProcess engine(KISHI_BINARY);
  engine.send("usi");
  ASSERT_TRUE(engine.wait_for_prefix("id name kishi"));
  for (const char* option :
       {"USI_Hash", "USI_Ponder", "Threads", "BatchSize", "NetworkThreads", "ModelFile", "Backend",
        "Game", "MultiPV", "ByoyomiMargin", "ResignValue", "EnteringKingRule"})
    EXPECT_TRUE(engine.wait_for_prefix(std::string("option name ") + option + " type", 2000))
        << option;
  EXPECT_TRUE(engine.wait_for_prefix("usiok"));
  engine.send("isready");
  EXPECT_TRUE(engine.wait_for_prefix("readyok"));
  engine.send("quit");
  EXPECT_EQ(engine.wait_exit(5000), 0);
}

// Issue 16: with no option set, the engine plays with the network shipped in
// models/ and says which; `builtin` keeps the material evaluator; showgit plays
// shogi's network.
TEST(UsiSession, TheShippedModelPlaysUnlessBuiltinIsSet) {
  UsiProcess engine(KISHI_BINARY);
  engine.send("usi");
  ASSERT_TRUE(engine.wait_for_prefix("usiok"));
  // isready loads shogi's shipped network and names it; it answers 7g7f.
  const auto plays_the_shogi_model = [&engine] {
    engine.send("isready");
    const auto loaded = engine.wait_for_prefix("info string loaded ", 60000);
    ASSERT_TRUE(loaded);
    EXPECT_NE(loaded->find("models/shogi.ckpt ("), std::string::npos) << *loaded;
    ASSERT_TRUE(engine.wait_for_prefix("readyok", 60000));
    engine.send("position startpos moves 7g7f");
    engine.send("go nodes 64");
    const auto best = engine.wait_for_prefix("bestmove", 60000);
    ASSERT_TRUE(best);
    EXPECT_TRUE(legal_in("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
                         best->substr(9)))
        << *best;
  };
  plays_the_shogi_model();
  engine.send("setoption name ModelFile value builtin");
  engine.send("isready");
  EXPECT_TRUE(engine.wait_for_prefix(
      "info string ModelFile builtin: playing with the built-in evaluator (material"));
  EXPECT_TRUE(engine.wait_for_prefix("readyok"));
  // showgit shares shogi's encoding (its promotion rule only removes moves).
  engine.send("setoption name ModelFile value ");
  engine.send("setoption name Game value showgit");
  plays_the_shogi_model();
  engine.send("quit");
  EXPECT_EQ(engine.wait_exit(5000), 0);
}

TEST(UsiSession, ByoyomiOneSecondGivesALegalMoveInTime) {
  Session s;
  s.engine.send("position startpos moves 7g7f 3c3d");
  s.engine.send("go btime 0 wtime 0 byoyomi 1000");
  const auto start = Clock::now();
  const std::string best = s.bestmove(3000);
  EXPECT_LT(ms_since(start), 1000);
  EXPECT_TRUE(legal_in("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", best))
      << best;
}

TEST(UsiSession, IncrementClockGivesALegalMoveInTime) {
  Session s;
  s.engine.send("position startpos");
  s.engine.send("go btime 10000 wtime 10000 binc 1000 winc 1000");
  const auto start = Clock::now();
  const std::string best = s.bestmove(12000);
  EXPECT_LT(ms_since(start), 11000);
  EXPECT_TRUE(legal_in(std::string(Position::START_SFEN), best));
}

TEST(UsiSession, MovetimeNodesAndDepth) {
  Session s;
  s.engine.send("position startpos");
  s.engine.send("go movetime 300");
  auto start = Clock::now();
  EXPECT_TRUE(legal_in(std::string(Position::START_SFEN), s.bestmove()));
  EXPECT_LT(ms_since(start), 1500);

  s.engine.send("go nodes 500");
  const auto info = s.engine.wait_for_prefix("info depth");
  ASSERT_TRUE(info);
  EXPECT_NE(info->find(" nodes "), std::string::npos);
  EXPECT_NE(info->find(" score cp "), std::string::npos);
  EXPECT_NE(info->find(" pv "), std::string::npos);
  EXPECT_NE(info->find(" hashfull "), std::string::npos);
  EXPECT_TRUE(legal_in(std::string(Position::START_SFEN), s.bestmove()));

  s.engine.send("go depth 2");
  EXPECT_TRUE(legal_in(std::string(Position::START_SFEN), s.bestmove()));
}

TEST(UsiSession, InfiniteSearchAnswersOnlyAfterStop) {
  Session s;
  s.engine.send("position startpos");
  s.engine.send("go infinite");
  EXPECT_FALSE(s.engine.wait_for_prefix("bestmove", 700));
  s.engine.send("stop");
  EXPECT_TRUE(legal_in(std::string(Position::START_SFEN), s.bestmove(3000)));
}

TEST(UsiSession, PonderThenPonderhitOrStop) {
  Session s;
  s.engine.send("setoption name USI_Ponder value true");
  s.engine.send("isready");
  ASSERT_TRUE(s.engine.wait_for_prefix("readyok"));
  s.engine.send("position startpos moves 7g7f 3c3d");
  s.engine.send("go ponder btime 0 wtime 0 byoyomi 500");
  EXPECT_FALSE(s.engine.wait_for_prefix("bestmove", 800));  // pondering: no answer yet
  s.engine.send("ponderhit");
  const auto hit = Clock::now();
  EXPECT_FALSE(s.bestmove(3000).empty());
  EXPECT_LT(ms_since(hit), 1500);

  s.engine.send("go ponder btime 0 wtime 0 byoyomi 500");
  EXPECT_FALSE(s.engine.wait_for_prefix("bestmove", 500));
  s.engine.send("stop");
  EXPECT_FALSE(s.bestmove(3000).empty());
}

TEST(UsiSession, GoMateAnswersCheckmateNomateOrTimeout) {
  Session s;
  s.engine.send("position sfen 8k/9/9/9/9/9/9/9/4K4 b R2G 1");
  s.engine.send("go mate 5000");
  const auto mate = s.engine.wait_for_prefix("checkmate");
  ASSERT_TRUE(mate);
  EXPECT_EQ(*mate, "checkmate R*1c 1a2a 1c2c+ 2a1a G*1b");

  s.engine.send("position startpos");
  s.engine.send("go mate infinite");
  EXPECT_EQ(s.engine.wait_for_prefix("checkmate").value_or(""), "checkmate nomate");

  // Checks by drops against a king in the centre whose side holds everything
  // else to interpose: no mate, and no quick proof of it. (A bare king against
  // rook and bishop was answered in under a second: its checks soon repeat.)
  s.engine.send("position sfen 9/9/9/9/4k4/9/9/9/4K4 b RBrb4g4s4n4l18p 1");
  s.engine.send("go mate 100");
  EXPECT_EQ(s.engine.wait_for_prefix("checkmate", 5000).value_or(""), "checkmate timeout");
}

TEST(UsiSession, FindsAMateInNineThroughTheNormalSearch) {
  Session s;
  s.engine.send("position sfen 6k2/9/9/6S2/9/9/9/9/4K4 b RS 1");
  s.engine.send("go btime 0 wtime 0 byoyomi 2000");
  EXPECT_TRUE(s.engine.wait_for_prefix("info depth 9 score mate 9"));
  EXPECT_EQ(s.bestmove(), "R*6a");
}

TEST(UsiSession, MultiPvPrintsOneLinePerMove) {
  Session s;
  s.engine.send("setoption name MultiPV value 3");
  s.engine.send("position startpos");
  s.engine.send("go nodes 3000");
  for (const char* k : {" multipv 1 ", " multipv 2 ", " multipv 3 "})
    EXPECT_TRUE(s.engine.wait_for([&](const std::string& l) {
      return l.find(k) != std::string::npos;
    })) << k;
  s.bestmove();
}

TEST(UsiSession, SetoptionChecksNamesAndValues) {
  Session s;
  s.engine.send("setoption name Threads value 0");
  EXPECT_NE(s.error().find("Threads must be between 1 and 256"), std::string::npos);
  s.engine.send("setoption name Threads value many");
  EXPECT_NE(s.error().find("whole number"), std::string::npos);
  s.engine.send("setoption name NoSuchOption value 1");
  EXPECT_NE(s.error().find("unknown option 'NoSuchOption'"), std::string::npos);
  s.engine.send("setoption name Game value chess");
  EXPECT_NE(s.error().find("one of shogi, showgit"), std::string::npos);
  s.engine.send("setoption name USI_Ponder value maybe");
  EXPECT_NE(s.error().find("true or false"), std::string::npos);
  s.engine.send("setoption Threads 2");
  EXPECT_NE(s.error().find("setoption name"), std::string::npos);
}

TEST(UsiSession, BadPositionsAreRefusedAndThePreviousOneKept) {
  Session s;
  s.engine.send("position startpos moves 7g7f");
  const std::string kept = s.sfen();
  ASSERT_FALSE(kept.empty());
  s.engine.send("position startpos moves 7g7f 3c3d 2b8h");  // the bishop is blocked
  EXPECT_NE(s.error().find("bad move '2b8h'"), std::string::npos);
  EXPECT_EQ(s.sfen(), kept);
  s.engine.send("position startpos moves 7g7f 7g7f");
  EXPECT_NE(s.error().find("not legal"), std::string::npos);
  s.engine.send("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9 b - 1");
  EXPECT_NE(s.error().find("bad SFEN"), std::string::npos);
  s.engine.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 x - 1");
  EXPECT_NE(s.error().find("side to move"), std::string::npos);
  // "fen" is read like "sfen" (gnome's word): a chess FEN is then a bad SFEN.
  s.engine.send("position fen rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - 1");
  EXPECT_NE(s.error().find("bad SFEN"), std::string::npos);
  s.engine.send("position xfen 4k4/9/9/9/9/9/9/9/4K4 b - 1");
  EXPECT_NE(s.error().find("'startpos', 'sfen' or 'fen'"), std::string::npos);
  s.engine.send("position startpos 7g7f");
  EXPECT_NE(s.error().find("expected 'moves'"), std::string::npos);
  s.engine.send("position");
  EXPECT_NE(s.error().find("expected 'position startpos"), std::string::npos);
  EXPECT_EQ(s.sfen(), kept);
  // And the engine still plays from the kept position.
  s.engine.send("go nodes 200");
  EXPECT_TRUE(legal_in(kept, s.bestmove()));
}

TEST(UsiSession, AbuseGetsAnErrorAndTheEngineGoesOn) {
  UsiProcess engine(KISHI_BINARY);
  engine.send("go byoyomi 1000");  // before isready
  EXPECT_TRUE(engine.wait_for([](const std::string& l) {
    return l.find("error: go before isready") != std::string::npos;
  }));
  engine.send("stop");  // no search
  EXPECT_TRUE(engine.wait_for([](const std::string& l) {
    return l.find("error: stop without a search running") != std::string::npos;
  }));
  engine.send("hello engine");
  EXPECT_TRUE(engine.wait_for([](const std::string& l) {
    return l.find("error: unknown command 'hello'") != std::string::npos;
  }));
  engine.send("\x01\x02\xff garbage");
  EXPECT_TRUE(engine.wait_for(
      [](const std::string& l) { return l.find("error: unknown command") != std::string::npos; }));
  engine.send("");
  engine.send("ponderhit");
  EXPECT_TRUE(engine.wait_for([](const std::string& l) {
    return l.find("error: ponderhit without a ponder search") != std::string::npos;
  }));
  engine.send("isready");
  EXPECT_TRUE(engine.wait_for_prefix("readyok"));
  engine.send("go byoyomi x");
  EXPECT_TRUE(engine.wait_for([](const std::string& l) {
    return l.find("error: go byoyomi needs a whole number") != std::string::npos;
  }));
  engine.send("go sideways");
  EXPECT_TRUE(engine.wait_for([](const std::string& l) {
    return l.find("error: unknown go parameter 'sideways'") != std::string::npos;
  }));
  engine.send("go infinite");
  engine.send("go infinite");
  EXPECT_TRUE(engine.wait_for([](const std::string& l) {
    return l.find("error: go while searching") != std::string::npos;
  }));
  engine.send("stop");
  EXPECT_TRUE(engine.wait_for_prefix("bestmove"));
  engine.send("stop");  // repeated stop
  EXPECT_TRUE(engine.wait_for([](const std::string& l) {
    return l.find("error: stop without a search running") != std::string::npos;
  }));
  engine.send("go nodes 100");
  EXPECT_TRUE(engine.wait_for_prefix("bestmove"));
  engine.send("quit");
  EXPECT_EQ(engine.wait_exit(5000), 0);
}

TEST(UsiSession, DeclarationWinsUnderTheRuleAndOnlyThen) {
  Session s;
  s.engine.send("position sfen 4K4/+R+B7/PPPPPPPPP/9/9/9/9/9/4k4 b RB 1");
  s.engine.send("go byoyomi 1000");
  EXPECT_EQ(s.bestmove(), "win");
  s.engine.send("setoption name EnteringKingRule value NoEnteringKing");
  s.engine.send("isready");
  ASSERT_TRUE(s.engine.wait_for_prefix("readyok"));
  s.engine.send("go byoyomi 1000");
  EXPECT_NE(s.bestmove(), "win");
}

TEST(UsiSession, NoLegalMoveResigns) {
  Session s;
  s.engine.send(
      "position sfen +R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200");
  s.engine.send("go byoyomi 1000");
  EXPECT_EQ(s.bestmove(), "resign");
}

TEST(UsiSession, MissingModelIsReportedAndTheEnginePlaysOn) {
  Session s;
  s.engine.send("setoption name ModelFile value /nonexistent/model.ckpt");
  s.engine.send("isready");
  EXPECT_NE(s.error().find("checkpoint '/nonexistent/model.ckpt': no such file"),
            std::string::npos);
  EXPECT_TRUE(s.engine.wait_for_prefix("readyok"));
  s.engine.send("position startpos");
  s.engine.send("go nodes 100");
  EXPECT_TRUE(legal_in(std::string(Position::START_SFEN), s.bestmove()));
}

TEST(UsiSession, GameoverStopsAPonderWithoutAnAnswer) {
  Session s;
  s.engine.send("position startpos");
  s.engine.send("go ponder btime 0 wtime 0 byoyomi 1000");
  s.engine.send("gameover win");
  EXPECT_FALSE(s.engine.wait_for_prefix("bestmove", 800));
  s.engine.send("usinewgame");
  s.engine.send("position startpos moves 2g2f");
  s.engine.send("go nodes 100");
  EXPECT_FALSE(s.bestmove().empty());
}

TEST(UsiSession, ShowgitGame) {
  Session s;
  s.engine.send("setoption name Game value showgit");
  s.engine.send("isready");
  ASSERT_TRUE(s.engine.wait_for_prefix("readyok"));
  // A silver leaving the zone may not promote in showgit.
  s.engine.send("position sfen 4k4/9/3S5/9/9/9/9/9/4K4 b - 1 moves 6c7d+");
  EXPECT_NE(s.error().find("bad move '6c7d+'"), std::string::npos);
  s.engine.send("position sfen 4k4/9/3S5/9/9/9/9/9/4K4 b - 1 moves 6c7d");
  s.engine.send("go nodes 100");
  EXPECT_FALSE(s.bestmove().empty());
}

// Issue 12, finding 1: the advertised maximum hash took the engine down with bad_alloc.
TEST(UsiSession, AHashBeyondTheMachineIsRefusedAndTheEnginePlaysOn) {
  Session s;
  s.engine.send("setoption name USI_Hash value 1048576");
  s.engine.send("isready");
  EXPECT_NE(s.error().find("a hash of 1048576 MB is more than this machine has free"),
            std::string::npos);
  EXPECT_TRUE(s.engine.wait_for_prefix("readyok", 10000));
  s.engine.send("position startpos");
  s.engine.send("go nodes 200");
  EXPECT_TRUE(legal_in(std::string(Position::START_SFEN), s.bestmove()));
}

// Issue 12, finding 2: `go depth N` waited for `stop` when every root move ends the game.
TEST(UsiSession, ADepthThatCannotBeReachedStillAnswers) {
  Session s;
  s.engine.send("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 600");
  s.engine.send("go depth 3");
  EXPECT_FALSE(s.bestmove(8000).empty());
  s.engine.send("setoption name MaxPlies value 1");
  s.engine.send("isready");
  ASSERT_TRUE(s.engine.wait_for_prefix("readyok"));
  s.engine.send("position startpos");
  s.engine.send("go depth 2");
  EXPECT_FALSE(s.bestmove(8000).empty());
}

// Issue 12, finding 3: numbers at the extremes overflowed the time plan (a
// budget of 1 ms), the mate timer and the move counter.
TEST(UsiSession, NumbersAtTheExtremesAreBounded) {
  Session s;
  // All the time in the world: the search goes on until its tree is full.
  const auto final_hashfull = [&] {
    const std::string last_info = s.last_info_and_bestmove().first;
    const size_t at = last_info.find(" hashfull ");
    return at == std::string::npos ? -1 : std::stoi(last_info.substr(at + 10));
  };
  s.engine.send("position startpos");
  s.engine.send(
      "go btime 9223372036854775807 wtime 9223372036854775807 binc 9223372036854775807 winc "
      "9223372036854775807");
  EXPECT_GE(final_hashfull(), 900);
  s.engine.send("go btime 99999999999999999999 wtime 0 byoyomi 100");
  EXPECT_GE(final_hashfull(), 900);
  // Checks by drops against a king in the centre whose side holds everything
  // else to interpose: no mate, and no quick proof of it. (A bare king against
  // rook and bishop was answered in under a second: its checks soon repeat.)
  s.engine.send("position sfen 9/9/9/9/4k4/9/9/9/4K4 b RBrb4g4s4n4l18p 1");
  s.engine.send("go mate 9223372036854775807");
  EXPECT_FALSE(s.engine.wait_for_prefix("checkmate", 1000));
  s.engine.send("stop");
  EXPECT_TRUE(s.engine.wait_for_prefix("checkmate"));
  s.engine.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 2147483647");
  EXPECT_NE(s.error().find("move number must be a whole number from 1 to 1000000"),
            std::string::npos);
}

// Issue 12, finding 9: the move is chosen by a lower confidence bound, the
// lines were listed by visits, and the last line shown was another move's.
TEST(UsiSession, TheLastLineBeforeBestmoveIsTheMovePlayed) {
  Session s;
  std::string moves;
  for (const char* m : {"7g7f", "3c3d", "2g2f", "4c4d", "2f2e", "2b3c", "3i4h", "8b4b", "5i6h",
                        "5a6b", "6h7h", "6b7b"}) {
    moves += std::string(" ") + m;
    s.engine.send("position startpos moves" + moves);
    s.engine.send("go nodes 3000");
    const auto [last_info, best] = s.last_info_and_bestmove();
    ASSERT_FALSE(best.empty());
    const std::string move = best.substr(9, best.find(' ', 9) - 9);
    EXPECT_NE(last_info.find(" pv " + move), std::string::npos) << last_info << " / " << best;
  }
}

// SkillLevel 1 caps a move at one playout and draws it from the policy: the
// moves of one position vary, each legal, each the head of the line printed
// last. SkillLevel 8 is the full search again.
TEST(UsiSession, SkillLevelCapsThePlayoutsAndDrawsTheMove) {
  Session s;
  s.engine.send("setoption name SkillLevel value 9");
  EXPECT_NE(s.error().find("SkillLevel must be between 1 and 8"), std::string::npos);
  s.engine.send("setoption name SkillLevel value 1");
  s.engine.send("position startpos");
  std::set<std::string> played;
  for (int i = 0; i < 30; ++i) {
    s.engine.send("go nodes 500");
    const auto [last_info, best] = s.last_info_and_bestmove();
    const std::string move = best.substr(9, best.find(' ', 9) - 9);
    EXPECT_TRUE(legal_in(std::string(Position::START_SFEN), move)) << best;
    EXPECT_NE(last_info.find(" pv " + move), std::string::npos) << last_info << " / " << best;
    const size_t at = last_info.find(" nodes ");
    ASSERT_NE(at, std::string::npos) << last_info;
    EXPECT_LE(std::stoll(last_info.substr(at + 7)), 4) << last_info;
    played.insert(move);
  }
  EXPECT_GE(played.size(), 5u);
  s.engine.send("setoption name SkillLevel value 8");
  s.engine.send("go nodes 500");
  const auto [last_info, best] = s.last_info_and_bestmove();
  const size_t at = last_info.find(" nodes ");
  ASSERT_NE(at, std::string::npos) << last_info;
  EXPECT_GE(std::stoll(last_info.substr(at + 7)), 500) << last_info;
}

// The mean depth (`info depth`) of a search of `nodes` playouts from the start
// position with the options given.
int mean_depth(const std::vector<std::string>& options, int nodes) {
  Session s;
  s.engine.send("setoption name Threads value 1");  // a tree of the options, not of timing
  for (const std::string& o : options) s.engine.send("setoption name " + o);
  s.engine.send("isready");
  EXPECT_TRUE(s.engine.wait_for_prefix("readyok"));
  s.engine.send("position startpos");
  s.engine.send("go nodes " + std::to_string(nodes));
  const auto [last_info, best] = s.last_info_and_bestmove();
  EXPECT_EQ(last_info.rfind("info depth ", 0), 0u) << last_info;
  return std::atoi(last_info.c_str() + 11);
}

// CPuct and FpuReduction reach the search: no exploration, or unvisited moves
// valued far below the visited, searches deeper than exploring every move.
TEST(UsiSession, ExplorationOptionsShapeTheTree) {
  const int wide = mean_depth({"CPuct value 10000"}, 3000);
  EXPECT_GT(mean_depth({"CPuct value 0"}, 3000), wide + 2);
  EXPECT_GT(mean_depth({"FpuReduction value 1000", "RootFpuReduction value 1000"}, 3000),
            mean_depth({"FpuReduction value 0"}, 3000));
  Session s;
  s.engine.send("setoption name CPuct value -1");
  EXPECT_NE(s.error().find("CPuct must be between 0 and 10000"), std::string::npos);
}

// Contempt reaches the search: White, a pawn down with the kings alone, takes
// the repetition (a draw is better than its position) unless a draw costs it more
// than the pawn.
TEST(UsiSession, ContemptTurnsAwayFromARepetition) {
  for (int contempt : {0, 50}) {
    Session s;
    s.engine.send("setoption name Threads value 1");
    s.engine.send("setoption name Contempt value " + std::to_string(contempt));
    s.engine.send("isready");
    EXPECT_TRUE(s.engine.wait_for_prefix("readyok"));
    s.engine.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1 moves 5i4i 5a4a 4i5i");
    s.engine.send("go nodes 2000");
    const std::string best = s.bestmove();
    if (contempt == 0)
      EXPECT_EQ(best.substr(0, 4), "4a5a") << best;
    else
      EXPECT_NE(best.substr(0, 4), "4a5a") << best;
  }
}

// Play explores less than self-play, whose values stay AlphaZero's (search/puct_params.h).
TEST(UsiSession, PlayExploresLessThanSelfPlay) {
  UsiProcess engine(KISHI_BINARY);
  engine.send("usi");
  EXPECT_TRUE(engine.wait_for_prefix("option name CPuct type spin default 90 ", 2000));
  EXPECT_TRUE(engine.wait_for_prefix("option name FpuReduction type spin default 40 ", 2000));
  EXPECT_EQ(search::PuctParams{}.cpuct_init, 1.25f);
  EXPECT_EQ(search::PuctParams{}.fpu_reduction, 0.25f);
}

TEST(UsiSession, EndOfInputEndsTheEngine) {
  UsiProcess engine(KISHI_BINARY);
  engine.send("usi");
  EXPECT_TRUE(engine.wait_for_prefix("usiok"));
  engine.close_input();
  EXPECT_EQ(engine.wait_exit(5000), 0);
}

}  // namespace
}  // namespace kishi
