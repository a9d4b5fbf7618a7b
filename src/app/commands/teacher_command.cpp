// kishi teacher: positions scored by USI engines, as hcpe, for supervised
// training (dlshogi's first networks learned from elmo's such data). Engines
// play each other (or one engine itself) from randomized openings, several
// games at once; every move after the opening is written with the score its
// engine gave and the game's result. The file grows game by game; a run
// killed and started again with the same command drops a torn last record and
// goes on until the bound on positions (or time). Several processes fill one
// data directory: each writes its own file, named by its seed, under a lock,
// and the bound counts the whole directory.
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <random>
#include <thread>

#include "app/commands/commands.h"
#include "app/commands/engine_specs.h"
#include "app/commands/interrupt.h"
#include "app/commands/option_groups.h"
#include "app/commands/parse_args.h"
#include "games/registry.h"
#include "games/shogi/data/hcp.h"
#include "games/shogi/data/hcpe_export.h"
#include "games/shogi/shogi_game.h"
#include "match/referee.h"

namespace kishi::command {
namespace {

using namespace kishi::match;

struct TeacherSettings {
  std::string out;  // the file written
  std::string dir;  // the data directory it is in, when --out named one; else empty
  int64_t positions = 100000;
  double minutes = -1;  // no bound
  int concurrency = 2, opening_plies = 8, max_plies = 320;
  uint64_t seed = 1;
  bool fresh_search = false;  // usinewgame before every move
  TimeControl tc;
};

// Positions already in the file; a torn last record (a killed run) is cut off.
int64_t resume(const std::string& path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return 0;
  if (const auto torn = size % shogi::Hcpe::SIZE) {
    std::filesystem::resize_file(path, size - torn);
    std::printf("teacher: %s ended in a torn record (%llu bytes): cut off\n", path.c_str(),
                (unsigned long long)torn);
  }
  return int64_t(size / shogi::Hcpe::SIZE);
}

// Positions in the directory's hcpe files, whole records only.
// A file that cannot be read (removed meanwhile) counts nothing; a directory
// that cannot be listed is an error.
int64_t positions_in_dir(const std::string& dir) {
  int64_t n = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    std::error_code ec;
    if (e.path().extension() != ".hcpe" || !e.is_regular_file(ec)) continue;
    const auto size = e.file_size(ec);
    if (!ec) n += int64_t(size / shogi::Hcpe::SIZE);
  }
  return n;
}

// Holds the file for this process alone while it lives (released at exit, also
// on kill -9): two processes with one seed would write the same games.
void lock_for_this_process(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0)
    throw std::runtime_error(path + " is being written by another kishi teacher: give each " +
                             "process of a data directory its own --seed");
}

// The opening of game `index`: the suite's (or the start), then random legal
// plies drawn from the seed and the index, so a resumed run plays new games.
Opening random_opening(const shogi::ShogiGame& game, const std::vector<Opening>& suite, int plies,
                       uint64_t seed, int64_t index) {
  // Seed and index mixed (splitmix64's finalizer), so that no two (seed,
  // index) pairs share a stream as seed * K + index would.
  uint64_t mixed = seed ^ (uint64_t(index) * 0x9e3779b97f4a7c15ull);
  mixed = (mixed ^ (mixed >> 30)) * 0xbf58476d1ce4e5b9ull;
  mixed = (mixed ^ (mixed >> 27)) * 0x94d049bb133111ebull;
  std::mt19937_64 rng(mixed ^ (mixed >> 31));
  Opening o = suite.empty() ? Opening{game.state_text(game.start_state()), {}}
                            : suite[rng() % suite.size()];
  auto state = *game.parse_state(o.state);
  for (const std::string& text : o.actions) game.play(state, *game.parse_action(state, text));
  shogi::ShogiGame::ActionList legal;
  for (int i = 0; i < plies; ++i) {
    game.legal_actions(state, legal);
    if (legal.size() == 0 || game.outcome(state, legal).over) break;
    const auto a = legal[rng() % legal.size()];
    o.actions.push_back(game.action_text(a));
    game.play(state, a);
  }
  return o;
}

// A teacher that faults every game (a bad command, a machine too loaded for
// the time given) writes nothing: the run stops rather than loop forever.
constexpr int MAX_FORFEITS_IN_A_ROW = 10;

int run_teacher(const shogi::ShogiGame& game, const std::vector<EngineSpec>& engines,
                const std::vector<Opening>& suite, const TeacherSettings& s) {
  // Pairs (first, second): each engine against each other in both colours,
  // or one engine against itself.
  std::vector<std::pair<size_t, size_t>> pairs;
  for (size_t i = 0; i < engines.size(); ++i)
    for (size_t j = 0; j < engines.size(); ++j)
      if (i != j || engines.size() == 1) pairs.emplace_back(i, j);
  if (!s.dir.empty()) lock_for_this_process(s.out);
  const int64_t before = resume(s.out);
  // What the bound counts: the file's positions, or the whole directory's.
  std::atomic<int64_t> positions{before}, next_game{before}, games{0};
  std::atomic<int64_t> total{s.dir.empty() ? before : positions_in_dir(s.dir)};
  std::atomic<int64_t> unscored{0}, forfeits{0};
  std::atomic<int> forfeits_in_a_row{0};
  std::atomic<bool>& interrupted = stop_requested_by_signal();
  std::mutex mutex;
  std::vector<std::string> failures;
  const auto start = std::chrono::steady_clock::now();
  const auto minutes = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / 60;
  };
  const auto done = [&] {
    return interrupted || total >= s.positions || (s.minutes >= 0 && minutes() >= s.minutes);
  };
  const std::string in_dir =
      s.dir.empty() ? "" : ", " + s.dir + " " + std::to_string(total.load()) + " in all";
  std::printf(
      "teacher: %s holds %lld positions%s; on to %lld with %zu engines, %d games at once%s\n",
      s.out.c_str(), (long long)before, in_dir.c_str(), (long long)s.positions, engines.size(),
      s.concurrency, s.fresh_search ? ", every move searched afresh" : "");
  std::vector<std::thread> workers;
  for (int w = 0; w < s.concurrency; ++w)
    workers.emplace_back([&] {
      try {
        std::vector<std::unique_ptr<UsiClient>> clients(engines.size() * 2);
        while (!done()) {
          // The game's index makes its opening; a resumed run starts past the old ones.
          const int64_t index = next_game++;
          const auto [first, second] = pairs[size_t(index) % pairs.size()];
          // A second process when an engine plays itself.
          const size_t slots[2] = {first * 2, second * 2 + (first == second)};
          for (size_t slot : slots)
            if (!clients[slot] || !clients[slot]->alive())
              clients[slot] = std::make_unique<UsiClient>(engines[slot / 2], "");
          std::vector<std::optional<int>> scores;
          const game::Record rec = play_game(
              game, *clients[slots[0]], *clients[slots[1]],
              random_opening(game, suite, s.opening_plies, s.seed, index), s.tc, s.max_plies,
              [&](const UsiClient::Reply& r) { scores.push_back(info_score_cp(r.last_info)); });
          if (rec.forfeit) {  // its result is no verdict on its positions
            ++forfeits;
            std::printf("teacher: a game left out: %s\n", rec.reason.c_str());
            std::fflush(stdout);
            if (++forfeits_in_a_row >= MAX_FORFEITS_IN_A_ROW)
              throw std::runtime_error(std::to_string(MAX_FORFEITS_IN_A_ROW) +
                                       " games in a row lost by a fault, the last by " +
                                       rec.reason + ": the engines cannot play here");
            continue;
          }
          forfeits_in_a_row = 0;
          formats::HcpeExport out;
          const auto ok = formats::append_hcpe(rec, scores, game.rules().variant, out);
          if (!ok) throw std::runtime_error("a game that does not replay: " + ok.error());
          std::lock_guard lock(mutex);
          std::ofstream file(s.out, std::ios::binary | std::ios::app);
          file.write(reinterpret_cast<const char*>(out.bytes.data()),
                     std::streamsize(out.bytes.size()));
          file.flush();
          if (!file) throw std::runtime_error("cannot write " + s.out);
          positions += out.positions;
          total = s.dir.empty() ? positions.load() : positions_in_dir(s.dir);
          for (const auto& score : scores) unscored += !score;
          const int64_t n = ++games;
          const double m = std::max(minutes(), 1e-9);
          std::printf(
              "teacher: %lld positions (%.1f%%) | %lld games, %.0f positions/h | %s vs %s "
              "%s (%s) | %.1f min\n",
              (long long)total.load(), 100.0 * total / s.positions, (long long)n,
              (positions - before) / m * 60, rec.players[0].c_str(), rec.players[1].c_str(),
              game::result_text(rec.winner), rec.reason.c_str(), m);
          std::fflush(stdout);
        }
      } catch (const std::exception& e) {
        std::lock_guard lock(mutex);
        failures.push_back(e.what());
        interrupted = true;
      }
    });
  for (auto& t : workers) t.join();
  for (const auto& f : failures) std::fprintf(stderr, "kishi teacher: error: %s\n", f.c_str());
  std::printf(
      "teacher: %lld positions in %s (%lld this run, %lld moves without a score and %lld "
      "forfeited games left out)\n",
      (long long)positions.load(), s.out.c_str(), (long long)(positions - before),
      (long long)unscored.load(), (long long)forfeits.load());
  return failures.empty() ? 0 : 1;
}

}  // namespace

int teacher(int argc, char** argv) {
  CLI::App app{"Positions scored by USI engines, as hcpe for supervised training", "kishi teacher"};
  TeacherSettings s;
  s.tc.byoyomi_ms = 100;
  std::vector<std::string> engine_texts;
  std::string engines_file, openings_file, game_name;
  app.add_option("--engine", engine_texts,
                 "kishi, fairy-stockfish, gpsusi or NAME=COMMAND [ARGS]; one plays itself");
  app.add_option("--engines", engines_file, "a TOML file of [[engine]] tables (configs/engines/)");
  app.add_option("--out", s.out,
                 "the hcpe file to write (appended to, resumed), or a data directory (an "
                 "existing one, or a path ending in /) to write DIR/teacher-seed-SEED.hcpe in")
      ->required();
  app.add_option("--positions", s.positions,
                 "stop at this many positions in the file (in the directory's .hcpe files)")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(1), int64_t(1) << 40));
  app.add_option("--minutes", s.minutes, "or after this long")->check(CLI::PositiveNumber);
  app.add_option("--concurrency", s.concurrency, "games at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  app.add_option("--byoyomi", s.tc.byoyomi_ms, "time per move, ms (engines without nodes)")
      ->capture_default_str();
  app.add_option("--openings", openings_file, "an opening suite (configs/openings/)");
  app.add_option("--opening-plies", s.opening_plies, "random plies after the opening")
      ->capture_default_str()
      ->check(CLI::Range(0, 200));
  app.add_option("--max-plies", s.max_plies, "plies before a game is drawn")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  app.add_option("--seed", s.seed, "of the random openings")->capture_default_str();
  app.add_flag("--fresh-search", s.fresh_search,
               "usinewgame before every move: each position searched afresh (hash and "
               "histories cleared), its label not a carry-over of the game's earlier searches");
  add_game_option(app, game_name, games::game_names<shogi::ShogiGame>());
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  try {
    std::vector<EngineSpec> engines;
    const game::GameInfo& info = *games::find_game(game_name);
    if (!engines_file.empty()) engines = engines_from_file(engines_file, info);
    for (const std::string& text : engine_texts) engines.push_back(engine_from(text, info));
    for (EngineSpec& e : engines) e.new_game_each_move = s.fresh_search;
    if (engines.empty()) {
      std::fprintf(stderr, "kishi teacher: error: no engine (give --engine or --engines)\n");
      return 2;
    }
    if (s.out.ends_with('/') || std::filesystem::is_directory(s.out)) {
      s.dir = s.out;
      std::filesystem::create_directories(s.dir);
      s.out = (std::filesystem::path(s.dir) / ("teacher-seed-" + std::to_string(s.seed) + ".hcpe"))
                  .string();
    }
    const shogi::ShogiGame game = games::make_game<shogi::ShogiGame>(game_name, {s.max_plies + 1});
    const std::vector<Opening> suite =
        openings_file.empty() ? std::vector<Opening>{} : read_openings(game, openings_file);
    return run_teacher(game, engines, suite, s);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kishi teacher: error: %s\n", e.what());
    return 1;
  }
}

}  // namespace kishi::command
