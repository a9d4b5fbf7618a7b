#include "selfplay/selfplay_game.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "games/shogi/core/game_status.h"
#include "games/shogi/core/movegen.h"
#include "games/shogi/material_evaluator.h"

namespace kishi::selfplay {
namespace {

using namespace kishi::shogi;

// Replays a record: every move legal, and the end agrees with the recorded result.
void check_record(const GameRecord& g, const SelfPlayConfig& config) {
  Position pos = *Position::from_sfen(g.start_state);
  for (const MoveRecord& m : g.moves) {
    const Move move = Move::from_raw(uint16_t(m.action));
    ASSERT_TRUE(pos.is_legal(move));
    ASSERT_GE(m.root_value, -1.0f);
    ASSERT_LE(m.root_value, 1.0f);
    if (m.has_policy) {
      float sum = 0;
      for (const auto& p : m.policy) {
        EXPECT_TRUE(pos.is_legal(Move::from_raw(uint16_t(p.action))));
        sum += p.probability;
      }
      EXPECT_NEAR(sum, 1.0f, 1e-3);
    } else {
      EXPECT_TRUE(m.policy.empty());
    }
    pos.do_move(move);
  }
  if (g.reason == RESIGNATION) return;
  const GameStatus status = game_status(pos, {.max_plies = config.max_plies});
  ASSERT_NE(status.outcome, Outcome::Ongoing);
  EXPECT_EQ(g.result, status.outcome == Outcome::BlackWins   ? 1
                      : status.outcome == Outcome::WhiteWins ? -1
                                                             : 0);
  EXPECT_EQ(g.reason, uint8_t(status.reason));
}

bool no_legal_move_after(Position pos, Move m) {
  pos.do_move(m);
  return legal_moves(pos).size() == 0;
}

// With the root mate search, a side that can mate in one always does, even when
// its search looks at only two moves.
TEST(SelfPlayGame, AMateInOneIsAlwaysPlayed) {
  shogi::MaterialEvaluator eval;
  SelfPlayConfig config;
  config.playouts = 2;
  config.fast_playouts = 2;
  config.gumbel_actions = 2;
  config.max_plies = 200;
  config.opening_random_plies = 8;
  config.resign_value = -2;  // never resign: play every game out
  shogi::ShogiGame::Rules rules;
  rules.max_plies = config.max_plies;
  search::SearchParams params;
  params.max_nodes = 1 << 14;
  search::Search<shogi::ShogiGame> search(shogi::ShogiGame(rules), eval, params);
  std::mt19937_64 rng(5);
  int chances = 0;
  for (int i = 0; i < 6; ++i) {
    const GameRecord g = play_selfplay_game(search, config, rng);
    Position pos = *Position::from_sfen(g.start_state);
    for (size_t ply = 0; ply < g.moves.size(); ++ply) {
      const Move played = Move::from_raw(uint16_t(g.moves[ply].action));
      if (int(ply) >= config.opening_random_plies) {
        bool can_mate = false;
        for (Move m : legal_moves(pos)) can_mate |= no_legal_move_after(pos, m);
        if (can_mate) {
          ++chances;
          EXPECT_TRUE(no_legal_move_after(pos, played))
              << "game " << i << " ply " << ply << ": " << pos.sfen() << " mates in one";
        }
      }
      pos.do_move(played);
    }
  }
  EXPECT_GT(chances, 0);  // the games did reach such positions
}

TEST(SelfPlayGame, GumbelAndPuctGamesAreLegalAndComplete) {
  shogi::MaterialEvaluator eval;
  for (bool gumbel : {true, false}) {
    SelfPlayConfig config;
    config.gumbel = gumbel;
    config.playouts = 32;
    config.fast_playouts = 8;
    config.max_plies = 80;
    config.opening_random_plies = 2;
    shogi::ShogiGame::Rules rules;
    rules.max_plies = config.max_plies;
    search::SearchParams params;
    params.max_nodes = 1 << 16;
    search::Search<shogi::ShogiGame> search(shogi::ShogiGame(rules), eval, params);
    std::mt19937_64 rng(gumbel ? 1 : 2);
    Chunk chunk;
    chunk.game = "shogi";
    chunk.model_id = "material";
    for (int i = 0; i < 2; ++i) {
      chunk.games.push_back(play_selfplay_game(search, config, rng));
      check_record(chunk.games.back(), config);
    }
    int targets = 0;
    for (const auto& g : chunk.games)
      for (const auto& m : g.moves) targets += m.has_policy;
    EXPECT_GT(targets, 0);
    // The games survive a chunk file.
    const std::string path = (std::filesystem::temp_directory_path() /
                              ("kishi-selfplay-" + std::to_string(getpid()) + ".kchunk"))
                                 .string();
    write_chunk(path, chunk);
    const auto read = read_chunk(path);
    std::filesystem::remove(path);
    ASSERT_TRUE(read) << read.error();
    EXPECT_EQ(read->positions(), chunk.positions());
  }
}

TEST(SelfPlayGame, ResignsOrMarksTheGameForTheFalseResignationCount) {
  shogi::MaterialEvaluator eval;
  SelfPlayConfig config;
  config.playouts = 8;
  config.fast_playouts = 4;
  config.max_plies = 40;
  config.resign_value = 1.5f;  // every value is under it: the side to move resigns
  shogi::ShogiGame::Rules rules;
  rules.max_plies = config.max_plies;
  search::Search<shogi::ShogiGame> search(shogi::ShogiGame(rules), eval, {.max_nodes = 1 << 14});
  std::mt19937_64 rng(3);
  config.playout_share = 0;  // every game may resign
  GameRecord resigned = play_selfplay_game(search, config, rng);
  EXPECT_EQ(resigned.reason, RESIGNATION);
  // Black's second search in a row is under the threshold first: Black resigns.
  EXPECT_EQ(resigned.moves.size(), 2u);
  EXPECT_EQ(resigned.result, -1);
  EXPECT_EQ(resigned.would_have_resigned, 0);
  config.playout_share = 1;  // every game is played out
  GameRecord played_out = play_selfplay_game(search, config, rng);
  EXPECT_NE(played_out.reason, RESIGNATION);
  EXPECT_GE(played_out.moves.size(), 3u);
  EXPECT_EQ(played_out.would_have_resigned, 1);  // Black, first
}

// A game drawn by its length is scored by the static value when it is far
// enough from 0, for the side ahead; nearer 0, or with adjudication off, it
// stays a draw.
TEST(SelfPlayGame, AdjudicatesALengthDrawByMaterial) {
  shogi::MaterialEvaluator eval;
  SelfPlayConfig config;
  config.max_plies = 12;
  config.opening_random_plies = 12;  // random moves: material changes hands
  const shogi::ShogiGame game({.max_plies = config.max_plies});
  search::Search<shogi::ShogiGame> search(game, eval, {});
  int adjudicated = 0, kept = 0;
  for (int threshold : {0, 1, 100000}) {
    config.adjudicate_material = threshold;
    std::mt19937_64 rng(11);
    for (int i = 0; i < 8; ++i) {
      const GameRecord g = play_selfplay_game(search, config, rng);
      auto s = *game.parse_state(g.start_state);
      for (const MoveRecord& m : g.moves) game.play(s, game.unpack(m.action));
      const int value = game.static_value(s);
      const int ahead = value == 0 ? 0 : (value > 0) == (game.player(s) == 0) ? 1 : -1;
      if (threshold == 1 && ahead != 0) {
        EXPECT_EQ(g.reason, MATERIAL_ADJUDICATION);
        EXPECT_EQ(g.result, ahead);
        ++adjudicated;
      } else if (g.reason != RESIGNATION) {
        EXPECT_NE(g.reason, MATERIAL_ADJUDICATION);
        EXPECT_EQ(g.result, 0);
        ++kept;
      }
    }
  }
  EXPECT_GT(adjudicated, 0);
  EXPECT_GT(kept, 0);
}

TEST(SelfPlayConfig, ReadsItsTableStrictly) {
  const Config c = Config::parse(
      "[selfplay]\nplayouts = 8\ngumbel = false\nfull_search_share = 1.5\n", "q.toml");
  EXPECT_THROW(SelfPlayConfig::from(c.table("selfplay")), ConfigError);
  const Config ok = Config::parse("[selfplay]\nplayouts = 8\ngumbel = false\n", "q.toml");
  const SelfPlayConfig s = SelfPlayConfig::from(ok.table("selfplay"));
  EXPECT_EQ(s.playouts, 8);
  EXPECT_FALSE(s.gumbel);
  ok.finish();
}

}  // namespace
}  // namespace kishi::selfplay
