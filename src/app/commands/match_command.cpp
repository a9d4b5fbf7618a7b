// kishi match: games between USI engines, refereed by the rules core.
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "app/commands/commands.h"
#include "app/commands/engine_specs.h"
#include "app/commands/game_option.h"
#include "app/commands/parse_args.h"
#include "common/atomic_file.h"
#include "common/config.h"
#include "games/registry.h"
#include "match/elo.h"
#include "match/ratings.h"
#include "match/referee.h"

namespace kishi::command {

namespace {

using namespace kishi::match;

EngineSpec* find_engine(std::vector<EngineSpec>& engines, const std::string& name) {
  for (auto& e : engines)
    if (e.name == name) return &e;
  throw std::runtime_error("no engine named '" + name + "' (names: " + engines[0].name + ", " +
                           engines[1].name + ")");
}

// "A vs B: +w =d -l (n games), elo ... [low, high], LOS ...", from A's side.
std::string describe_pair(const std::string& a, const std::string& b, const Score& s) {
  const EloEstimate e = estimate_elo(s);
  char text[512];
  std::snprintf(text, sizeof text,
                "%s vs %s: +%d =%d -%d (%d games), elo %+.1f [%+.1f, %+.1f], LOS %.1f%%", a.c_str(),
                b.c_str(), s.wins, s.draws, s.losses, s.games(), e.elo, e.lower, e.upper,
                100 * e.los);
  return text;
}

struct MatchSettings {
  int games = 10, concurrency = 1, max_plies = 320;
  TimeControl tc;
  std::string out_dir;
  std::vector<double> sprt_args;
};

// Every pair of engines plays `games` games of `game`, colours alternating.
template <game::Game G>
int run_match(const G& game, const std::string& game_name, std::vector<EngineSpec>& engines,
              const std::string& openings_file, const MatchSettings& settings) {
  const auto& [games, concurrency, max_plies, tc, out_dir, sprt_args] = settings;
  const std::vector<Opening> openings =
      openings_file.empty() ? std::vector<Opening>{{game.state_text(game.start_state()), {}}}
                            : read_openings(game, openings_file);
  std::filesystem::create_directories(out_dir + "/games");
  // What engines print on stderr (gpsusi's "delay go", for one) goes to a log
  // per engine, not into the progress lines.
  std::filesystem::create_directories(out_dir + "/logs");
  const auto stderr_path = [&](std::string name) {
    for (char& c : name)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.') c = '_';
    return out_dir + "/logs/" + name + ".stderr";
  };

  // Every pair plays `games` games; pair p's k-th game is game p * games + k.
  std::vector<std::pair<int, int>> pairs;
  for (int i = 0; i < int(engines.size()); ++i)
    for (int j = i + 1; j < int(engines.size()); ++j) pairs.emplace_back(i, j);
  const int total_games = int(pairs.size()) * games;
  std::vector<std::vector<Score>> results(engines.size(), std::vector<Score>(engines.size()));
  std::mutex mutex;
  Score score;  // for engines[0] against engines[1], the two-engine figures
  std::map<std::string, int> reasons;
  std::atomic<int> next_game{0};
  std::atomic<bool> stop{false};
  int played = 0;
  std::string verdict = "none";
  const auto report_game = [&](int index, int a, int b, const game::Record& rec) {
    std::lock_guard lock(mutex);
    const int a_player = rec.players[0] == engines[a].name ? 0 : 1;
    Score& s = results[a][b];
    Score& mirror = results[b][a];
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
    score = results[0][1];
    ++reasons[rec.reason];
    ++played;
    char name[32];
    std::snprintf(name, sizeof name, "%05d", index + 1);
    game::Record named = rec;
    named.event = "kishi match " + std::filesystem::path(out_dir).filename().string();
    for (const game::RecordFile& f : game::record_files(game, named))
      write_file_atomically(out_dir + "/games/" + name + "." + f.extension, f.text);
    const EloEstimate e = estimate_elo(s);
    std::printf(
        "game %d/%d %s (black) vs %s: %s (%s, %zu plies) | %s +%d =%d -%d vs %s | elo %+.0f "
        "[%+.0f, "
        "%+.0f]\n",
        index + 1, total_games, rec.players[0].c_str(), rec.players[1].c_str(),
        rec.winner == game::Outcome::DRAW ? "draw"
        : rec.winner == 0                 ? "black wins"
                                          : "white wins",
        rec.reason.c_str(), rec.actions.size(), engines[a].name.c_str(), s.wins, s.draws, s.losses,
        engines[b].name.c_str(), e.elo, e.lower, e.upper);
    std::fflush(stdout);
    if (sprt_args.size() == 4 && engines.size() == 2) {
      const SprtResult r = sprt(score, sprt_args[0], sprt_args[1], sprt_args[2], sprt_args[3]);
      if (r.verdict != SprtResult::Verdict::Continue) {
        verdict = r.verdict == SprtResult::Verdict::AcceptH1 ? "H1" : "H0";
        stop = true;
      }
    }
  };

  std::vector<std::thread> workers;
  std::vector<std::string> failures;
  for (int w = 0; w < concurrency; ++w)
    workers.emplace_back([&] {
      std::vector<std::unique_ptr<UsiClient>> clients(engines.size());
      try {
        for (int index; !stop && (index = next_game++) < total_games;) {
          const auto [a, b] = pairs[size_t(index / games)];
          const int k = index % games;
          const Opening& opening = openings[(k / 2) % openings.size()];
          const int first = k % 2 == 0 ? a : b, second = k % 2 == 0 ? b : a;
          // A dead or hung engine is restarted; one that started before and
          // will not start again loses the game. (One that never started
          // stops the match: its command is wrong.)
          std::string failed[2];
          for (const int side : {0, 1}) {
            const int e = side == 0 ? first : second;
            if (clients[e] && clients[e]->alive()) continue;
            const bool started_before = clients[e] != nullptr;
            clients[e].reset();
            try {
              clients[e] = std::make_unique<UsiClient>(engines[e], stderr_path(engines[e].name));
            } catch (const std::exception& ex) {
              if (!started_before) throw;
              failed[side] = ex.what();
            }
          }
          if (!failed[0].empty() || !failed[1].empty()) {
            game::Record forfeit =
                opening_record(engines[first].name, engines[second].name, opening);
            forfeit.winner = failed[0].empty() ? 0 : failed[1].empty() ? 1 : game::Outcome::DRAW;
            forfeit.reason = "crash of " + (failed[0].empty() ? failed[1] : failed[0]);
            report_game(index, a, b, forfeit);
            continue;
          }
          report_game(index, a, b,
                      play_game(game, *clients[first], *clients[second], opening, tc, max_plies));
        }
      } catch (const std::exception& e) {
        std::lock_guard lock(mutex);
        failures.push_back(e.what());
        stop = true;
      }
    });
  for (auto& t : workers) t.join();
  for (const auto& f : failures) std::fprintf(stderr, "kishi match: %s\n", f.c_str());

  const EloEstimate e = estimate_elo(score);
  std::vector<std::string> names;
  for (const auto& eng : engines) names.push_back(eng.name);
  nlohmann::json summary = {
      {"engines", names},
      {"game", game_name},
      {"time_control",
       {{"main_ms", tc.main_ms}, {"byoyomi_ms", tc.byoyomi_ms}, {"increment_ms", tc.increment_ms}}},
      {"games", played},
      {"score", {{"wins", score.wins}, {"draws", score.draws}, {"losses", score.losses}}},
      {"elo", {{"estimate", e.elo}, {"lower95", e.lower}, {"upper95", e.upper}, {"los", e.los}}},
      {"reasons", reasons},
      {"sprt", verdict}};
  if (engines.size() > 2) {
    // The ratings table: maximum-likelihood Elo over all pairs, the first engine at 0.
    std::printf("%-20s %8s %8s %6s %7s\n", "engine", "elo", "+-95%", "games", "score");
    nlohmann::json table = nlohmann::json::array();
    for (const Rating& r : fit_ratings(names, results)) {
      std::printf("%-20s %+8.1f %8.1f %6d %6.1f%%\n", r.name.c_str(), r.elo, r.margin, r.games,
                  100 * r.score);
      table.push_back({{"engine", r.name},
                       {"elo", r.elo},
                       {"margin95", r.margin},
                       {"games", r.games},
                       {"score", r.score}});
    }
    summary["ratings"] = table;
    // Every pair's own score, so that a ladder can be read pair by pair too.
    nlohmann::json pair_table = nlohmann::json::array();
    for (const auto& [a, b] : pairs) {
      const Score& s = results[a][b];
      const EloEstimate pe = estimate_elo(s);
      std::printf("%s\n", describe_pair(engines[a].name, engines[b].name, s).c_str());
      // A sweep's infinite Elo is written as null.
      pair_table.push_back({{"engines", {engines[a].name, engines[b].name}},
                            {"games", s.games()},
                            {"wins", s.wins},
                            {"draws", s.draws},
                            {"losses", s.losses},
                            {"elo", pe.elo},
                            {"lower95", pe.lower},
                            {"upper95", pe.upper},
                            {"los", pe.los}});
    }
    summary["pairs"] = pair_table;
  }
  write_file_atomically(out_dir + "/summary.json", summary.dump(2) + "\n");
  std::printf("%s; records in %s\n", describe_pair(engines[0].name, engines[1].name, score).c_str(),
              out_dir.c_str());
  return failures.empty() ? 0 : 1;
}

}  // namespace

int match(int argc, char** argv) {
  CLI::App app{"Play games between two USI engines, refereed by kishi's rules core", "kishi match"};
  std::vector<std::string> engine_texts, option_texts, nodes_texts;
  int games = 10, concurrency = 1, max_plies = 320;
  int64_t byoyomi = 1000, main_time = 0, increment = 0;
  std::string game_name, openings_file, out_dir;
  std::vector<double> sprt_args;
  app.add_option("--engine", engine_texts,
                 "an engine: kishi, fairy-stockfish, gpsusi, or NAME=COMMAND [ARGS]; two or more "
                 "(more: a round robin with a ratings table)")
      ->expected(1, 64);
  std::string engines_file;
  app.add_option("--engines", engines_file,
                 "a TOML file of [[engine]] tables (preset or command, name, options, nodes, ...)");
  app.add_option("--option", option_texts, "ENGINE:NAME=VALUE, a setoption for one engine");
  app.add_option("--nodes", nodes_texts, "ENGINE:N, fixed nodes per move instead of the clock");
  std::vector<std::string> margin_texts;
  app.add_option(
      "--margin", margin_texts,
      "ENGINE:MS, tell an engine MS less byoyomi than it has (for engines that overrun)");
  app.add_option("--games", games, "games per pair of engines (colours alternate)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  app.add_option("--concurrency", concurrency, "games at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  app.add_option("--byoyomi", byoyomi, "byoyomi per move, ms")->capture_default_str();
  app.add_option("--time", main_time, "main time per side, ms")->capture_default_str();
  app.add_option("--inc", increment, "increment per move, ms (instead of byoyomi)")
      ->capture_default_str();
  app.add_option("--max-plies", max_plies, "plies before a draw is declared")
      ->capture_default_str();
  add_game_option(app, game_name);
  app.add_option("--openings", openings_file,
                 "opening suite: lines of 'startpos|sfen ... [moves ...]'");
  app.add_option("--out", out_dir, "directory for records and summary (default runs/match-<time>)");
  app.add_option("--sprt", sprt_args, "elo0,elo1,alpha,beta: stop when the test decides")
      ->delimiter(',')
      ->expected(4);
  if (auto rc = parse_args(app, argc, argv)) return *rc;

  std::vector<EngineSpec> engines;
  const game::GameInfo& info = *games::find_game(game_name);
  if (!engines_file.empty()) engines = engines_from_file(engines_file, info);
  for (const auto& text : engine_texts) {
    engines.push_back(engine_from(text, info));
    for (size_t i = 0; i + 1 < engines.size(); ++i)  // the same engine twice: tell them apart
      if (engines[i].name == engines.back().name)
        engines.back().name += "-" + std::to_string(engines.size());
  }
  if (engines.size() < 2)
    throw std::runtime_error("a match needs two engines or more (--engine, --engines FILE)");
  for (const auto& o : option_texts) {
    const size_t colon = o.find(':'), eq = o.find('=');
    if (colon == std::string::npos || eq == std::string::npos || eq < colon)
      throw std::runtime_error("--option '" + o + "': expected ENGINE:NAME=VALUE");
    find_engine(engines, o.substr(0, colon))
        ->options.emplace_back(o.substr(colon + 1, eq - colon - 1), o.substr(eq + 1));
  }
  for (const auto& n : nodes_texts) {
    const size_t colon = n.find(':');
    if (colon == std::string::npos)
      throw std::runtime_error("--nodes '" + n + "': expected ENGINE:N");
    find_engine(engines, n.substr(0, colon))->nodes = std::stoll(n.substr(colon + 1));
  }
  for (const auto& m : margin_texts) {
    const size_t colon = m.find(':');
    if (colon == std::string::npos)
      throw std::runtime_error("--margin '" + m + "': expected ENGINE:MS");
    find_engine(engines, m.substr(0, colon))->byoyomi_margin_ms = std::stoll(m.substr(colon + 1));
  }
  // This binary's engine is told the game on its command line.
  for (auto& e : engines)
    if (e.command.size() >= 2 && e.command[0] == self_executable() && e.command[1] == "usi" &&
        std::find(e.command.begin(), e.command.end(), "--game") == e.command.end() &&
        game_name != games::default_game())
      e.command.insert(e.command.end(), {"--game", game_name});
  MatchSettings settings{games, concurrency, max_plies, {}, out_dir, sprt_args};
  settings.tc.main_ms = main_time;
  settings.tc.increment_ms = increment;
  settings.tc.byoyomi_ms = increment ? 0 : byoyomi;
  if (settings.out_dir.empty())
    settings.out_dir =
        "runs/match-" +
        std::to_string(std::chrono::system_clock::now().time_since_epoch().count() / 1000000000);
  // The referee counts the plies itself (from the opening's start), so the
  // game's own limit is out of reach; a declaration is checked when claimed.
  return games::with_game(game_name, {.max_plies = 1 << 30, .declaration = true},
                          [&](const auto& game) {
                            return run_match(game, game_name, engines, openings_file, settings);
                          });
}

}  // namespace kishi::command
