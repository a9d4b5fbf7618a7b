// A match of USI engines, for any game: every pair plays `games` games, each
// opening twice with the colours swapped (a game pair), openings taken in
// turn, `concurrency` games at once; each record written as it ends with a
// progress line, a dead or hung engine restarted, a pentanomial SPRT on the
// game pairs stopping a two-engine match when it decides; at the end a summary
// (game pairs, per-colour scores and, for three engines or more, a ratings
// table and every pair's score) in OUT/summary.json.
#pragma once

#include <array>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "common/atomic_file.h"
#include "game/game.h"
#include "game/record.h"
#include "match/elo.h"
#include "match/pentanomial.h"
#include "match/ratings.h"
#include "match/referee.h"

namespace kishi::match {

struct MatchSettings {
  int games = 10, concurrency = 1, max_plies = 320;
  TimeControl tc;
  std::string out_dir;
  std::vector<double> sprt_args;  // elo0, elo1 (logistic), alpha, beta; empty: no test
};

// "A vs B: +w =d -l (n games), elo ... [low, high], LOS ...", from A's side.
inline std::string describe_pair(const std::string& a, const std::string& b, const Score& s) {
  const EloEstimate e = estimate_elo(s);
  char text[512];
  std::snprintf(text, sizeof text,
                "%s vs %s: +%d =%d -%d (%d games), elo %+.1f [%+.1f, %+.1f], LOS %.1f%%", a.c_str(),
                b.c_str(), s.wins, s.draws, s.losses, s.games(), e.elo, e.lower, e.upper,
                100 * e.los);
  return text;
}

template <game::Game G>
class Tournament {
 public:
  Tournament(const G& game, const std::vector<EngineSpec>& engines,
             const std::vector<Opening>& openings, const MatchSettings& settings)
      : game_(game),
        engines_(engines),
        openings_(openings),
        s_(settings),
        results_(engines.size(), std::vector<Score>(engines.size())) {
    std::filesystem::create_directories(s_.out_dir + "/games");
    // What engines print on stderr (gpsusi's "delay go", for one) goes to a
    // log per engine, not into the progress lines.
    std::filesystem::create_directories(s_.out_dir + "/logs");
    for (int i = 0; i < int(engines.size()); ++i)
      for (int j = i + 1; j < int(engines.size()); ++j) pairs_.emplace_back(i, j);
    total_games_ = int(pairs_.size()) * s_.games;
    game_pairs_.resize(pairs_.size());
    by_colour_.resize(pairs_.size());
  }

  // Plays the match and writes its summary; 0, or 1 when an engine would not start.
  int run() {
    std::vector<std::thread> workers;
    for (int w = 0; w < s_.concurrency; ++w) workers.emplace_back([this] { play_games(); });
    for (auto& t : workers) t.join();
    for (const auto& f : failures_) std::fprintf(stderr, "kishi match: %s\n", f.c_str());
    write_summary();
    std::printf("%s; records in %s\n",
                describe_pair(engines_[0].name, engines_[1].name, results_[0][1]).c_str(),
                s_.out_dir.c_str());
    std::printf("%s\n", describe_game_pairs(0).c_str());
    const auto& t = s_.sprt_args;
    if (t.size() == 4 && engines_.size() == 2) {
      const SprtResult r = sprt(game_pairs_[0], t[0], t[1], t[2], t[3]);
      std::printf("sprt elo0 %g elo1 %g: %s, LLR %.2f [%.2f, %.2f] after %d game pairs\n", t[0],
                  t[1],
                  verdict_ == "H1"   ? "H1 accepted"
                  : verdict_ == "H0" ? "H0 accepted"
                                     : "undecided",
                  r.llr, r.lower_bound, r.upper_bound, game_pairs_[0].pairs());
    }
    return failures_.empty() ? 0 : 1;
  }

 private:
  std::string stderr_path(std::string name) const {
    for (char& c : name)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.') c = '_';
    return s_.out_dir + "/logs/" + name + ".stderr";
  }

  // A worker's games: pair p's k-th game is game p * games + k.
  void play_games() {
    std::vector<std::unique_ptr<UsiClient>> clients(engines_.size());
    try {
      for (int index; !stop_ && (index = next_game_++) < total_games_;) {
        const auto [a, b] = pairs_[size_t(index / s_.games)];
        const int k = index % s_.games;
        const Opening& opening = openings_[(k / 2) % openings_.size()];
        const int first = k % 2 == 0 ? a : b, second = k % 2 == 0 ? b : a;
        // A dead or hung engine is restarted; one that started before and
        // will not start again loses the game. (One that never started stops
        // the match: its command is wrong.)
        std::string failed[2];
        for (const int side : {0, 1}) {
          const int e = side == 0 ? first : second;
          if (clients[e] && clients[e]->alive()) continue;
          const bool started_before = clients[e] != nullptr;
          clients[e].reset();
          try {
            clients[e] = std::make_unique<UsiClient>(engines_[e], stderr_path(engines_[e].name));
          } catch (const std::exception& ex) {
            if (!started_before) throw;
            failed[side] = ex.what();
          }
        }
        if (!failed[0].empty() || !failed[1].empty()) {
          game::Record forfeit =
              opening_record(engines_[first].name, engines_[second].name, opening);
          forfeit.winner = failed[0].empty() ? 0 : failed[1].empty() ? 1 : game::Outcome::DRAW;
          forfeit.reason = "crash of " + (failed[0].empty() ? failed[1] : failed[0]);
          forfeit.forfeit = true;
          record(index, a, b, forfeit);
          continue;
        }
        record(index, a, b,
               play_game(game_, *clients[first], *clients[second], opening, s_.tc, s_.max_plies));
      }
    } catch (const std::exception& e) {
      std::lock_guard lock(mutex_);
      failures_.push_back(e.what());
      stop_ = true;
    }
  }

  // Counts a finished game of engines a and b, writes its records, prints a line.
  void record(int index, int a, int b, const game::Record& rec) {
    std::lock_guard lock(mutex_);
    const int a_player = rec.players[0] == engines_[a].name ? 0 : 1;
    Score& s = results_[a][b];
    Score& mirror = results_[b][a];
    if (rec.winner == game::Outcome::DRAW) {
      ++s.draws;
      ++mirror.draws;
    } else if (rec.winner == a_player) {
      ++s.wins;
      ++mirror.losses;
    } else {
      ++s.losses;
      ++mirror.wins;
    }
    ++reasons_[rec.reason];
    ++played_;
    char name[32];
    std::snprintf(name, sizeof name, "%05d", index + 1);
    game::Record named = rec;
    named.event = "kishi match " + std::filesystem::path(s_.out_dir).filename().string();
    for (const game::RecordFile& f : game::record_files(game_, named))
      write_file_atomically(s_.out_dir + "/games/" + name + "." + f.extension, f.text);
    const EloEstimate e = estimate_elo(s);
    std::printf(
        "game %d/%d %s (black) vs %s: %s (%s, %zu plies) | %s +%d =%d -%d vs %s | elo %+.0f "
        "[%+.0f, %+.0f]\n",
        index + 1, total_games_, rec.players[0].c_str(), rec.players[1].c_str(),
        rec.winner == game::Outcome::DRAW ? "draw"
        : rec.winner == 0                 ? "black wins"
                                          : "white wins",
        rec.reason.c_str(), rec.actions.size(), engines_[a].name.c_str(), s.wins, s.draws, s.losses,
        engines_[b].name.c_str(), e.elo, e.lower, e.upper);
    std::fflush(stdout);
    count_game_pair(index, a_player, rec.winner);
  }

  // The pair's second game completes a game pair (the same opening, colours
  // swapped): its points go to the pentanomial counts, and the SPRT, when
  // asked for, looks again.
  void count_game_pair(int index, int a_player, int winner) {
    const int p = index / s_.games;
    const double points = winner == game::Outcome::DRAW ? 0.5 : winner == a_player ? 1 : 0;
    Score& colour = by_colour_[size_t(p)][a_player];
    (points == 1 ? colour.wins : points == 0 ? colour.losses : colour.draws)++;
    const int first_of_pair = index - (index % s_.games) % 2;
    const auto half = half_pairs_.find(first_of_pair);
    if (half == half_pairs_.end()) {
      half_pairs_[first_of_pair] = points;
      return;
    }
    game_pairs_[size_t(p)].add(half->second + points);
    half_pairs_.erase(half);
    const auto& t = s_.sprt_args;
    if (t.size() == 4 && engines_.size() == 2) {
      const SprtResult r = sprt(game_pairs_[0], t[0], t[1], t[2], t[3]);
      std::printf("%s, LLR %.2f [%.2f, %.2f]\n", describe_game_pairs(0).c_str(), r.llr,
                  r.lower_bound, r.upper_bound);
      std::fflush(stdout);
      if (r.verdict != SprtResult::Verdict::Continue) {
        verdict_ = r.verdict == SprtResult::Verdict::AcceptH1 ? "H1" : "H0";
        stop_ = true;
      }
    }
  }

  // "game pairs [0, 0.5, 1, 1.5, 2 points] a b c d e, elo ... [low, high], nelo ...,
  // as black +w =d -l, as white ..." for pair p, from its first engine's side.
  std::string describe_game_pairs(int p) const {
    const Pentanomial& g = game_pairs_[size_t(p)];
    const EloEstimate e = pair_elo(g);
    const Score& black = by_colour_[size_t(p)][0];
    const Score& white = by_colour_[size_t(p)][1];
    char text[512];
    std::snprintf(text, sizeof text,
                  "game pairs %d [0-2 points: %d %d %d %d %d], elo %+.1f [%+.1f, %+.1f], nelo "
                  "%+.1f; as black +%d =%d -%d, as white +%d =%d -%d",
                  g.pairs(), g.counts[0], g.counts[1], g.counts[2], g.counts[3], g.counts[4], e.elo,
                  e.lower, e.upper, normalized_elo(g), black.wins, black.draws, black.losses,
                  white.wins, white.draws, white.losses);
    return text;
  }

  nlohmann::json game_pairs_json(int p) const {
    const Pentanomial& g = game_pairs_[size_t(p)];
    const EloEstimate e = pair_elo(g);
    const auto colour = [](const Score& s) {
      return nlohmann::json{{"wins", s.wins}, {"draws", s.draws}, {"losses", s.losses}};
    };
    nlohmann::json j = {{"pairs", g.pairs()},
                        {"pentanomial", g.counts},
                        {"elo", {{"estimate", e.elo}, {"lower95", e.lower}, {"upper95", e.upper}}},
                        {"normalized_elo", normalized_elo(g)},
                        {"as_black", colour(by_colour_[size_t(p)][0])},
                        {"as_white", colour(by_colour_[size_t(p)][1])}};
    const auto& t = s_.sprt_args;
    if (t.size() == 4 && p == 0) {
      const SprtResult r = sprt(g, t[0], t[1], t[2], t[3]);
      j["sprt"] = {{"elo0", t[0]},          {"elo1", t[1]}, {"alpha", t[2]},
                   {"beta", t[3]},          {"llr", r.llr}, {"lower", r.lower_bound},
                   {"upper", r.upper_bound}};
    }
    return j;
  }

  // The ratings table: maximum-likelihood Elo over all pairs, the first
  // engine at 0; and every pair's own score, so that a ladder can be read
  // pair by pair too.
  void add_ratings(nlohmann::json& summary, const std::vector<std::string>& names) const {
    std::printf("%-20s %8s %8s %6s %7s\n", "engine", "elo", "+-95%", "games", "score");
    nlohmann::json table = nlohmann::json::array();
    for (const Rating& r : fit_ratings(names, results_)) {
      std::printf("%-20s %+8.1f %8.1f %6d %6.1f%%\n", r.name.c_str(), r.elo, r.margin, r.games,
                  100 * r.score);
      table.push_back({{"engine", r.name},
                       {"elo", r.elo},
                       {"margin95", r.margin},
                       {"games", r.games},
                       {"score", r.score}});
    }
    summary["ratings"] = table;
    nlohmann::json pair_table = nlohmann::json::array();
    for (const auto& pair : pairs_) {
      const auto [a, b] = pair;
      const Score& s = results_[a][b];
      const EloEstimate pe = estimate_elo(s);
      std::printf("%s\n", describe_pair(engines_[a].name, engines_[b].name, s).c_str());
      // A sweep's infinite Elo is written as null.
      pair_table.push_back({{"engines", {engines_[a].name, engines_[b].name}},
                            {"games", s.games()},
                            {"wins", s.wins},
                            {"draws", s.draws},
                            {"losses", s.losses},
                            {"elo", pe.elo},
                            {"lower95", pe.lower},
                            {"upper95", pe.upper},
                            {"los", pe.los},
                            {"game_pairs", game_pairs_json(int(&pair - pairs_.data()))}});
    }
    summary["pairs"] = pair_table;
  }

  void write_summary() const {
    const Score& score = results_[0][1];  // engines[0] against engines[1]
    const EloEstimate e = estimate_elo(score);
    std::vector<std::string> names;
    for (const auto& eng : engines_) names.push_back(eng.name);
    const TimeControl& tc = s_.tc;
    nlohmann::json summary = {
        {"engines", names},
        {"game", std::string(game_.name())},
        {"time_control",
         {{"main_ms", tc.main_ms},
          {"byoyomi_ms", tc.byoyomi_ms},
          {"increment_ms", tc.increment_ms}}},
        {"games", played_},
        {"score", {{"wins", score.wins}, {"draws", score.draws}, {"losses", score.losses}}},
        {"elo", {{"estimate", e.elo}, {"lower95", e.lower}, {"upper95", e.upper}, {"los", e.los}}},
        {"game_pairs", game_pairs_json(0)},
        {"reasons", reasons_},
        {"sprt", verdict_}};
    if (engines_.size() > 2) add_ratings(summary, names);
    write_file_atomically(s_.out_dir + "/summary.json", summary.dump(2) + "\n");
  }

  const G& game_;
  const std::vector<EngineSpec>& engines_;
  const std::vector<Opening>& openings_;
  const MatchSettings& s_;
  std::vector<std::pair<int, int>> pairs_;
  int total_games_ = 0;
  std::vector<std::vector<Score>> results_;      // [a][b]: a's score against b
  std::vector<Pentanomial> game_pairs_;          // by engine pair, from its first engine's side
  std::vector<std::array<Score, 2>> by_colour_;  // by engine pair: its first engine as black, white
  std::map<int, double> half_pairs_;  // a pair's first game to end: its points, by its index
  std::mutex mutex_;
  std::map<std::string, int> reasons_;
  std::atomic<int> next_game_{0};
  std::atomic<bool> stop_{false};
  int played_ = 0;
  std::string verdict_ = "none";
  std::vector<std::string> failures_;
};

}  // namespace kishi::match
