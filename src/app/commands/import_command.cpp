// kishi import: the ecosystem's shogi data (CSA records and archives, KIF,
// hcpe, hcpe3, psv) as training positions of a run, written as chunks in RUN/games
// for `kishi train` and `kishi loop` (games/shogi/data/record_import.h). Every
// move is checked by the rules core; a position that is not legal is skipped
// and counted, a file that is not of its format is refused with its name.
// A directory stands for its data files; a position (hcpe, psv) met twice in
// one import is taken once.
#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "app/commands/commands.h"
#include "app/commands/option_groups.h"
#include "app/commands/parse_args.h"
#include "app/commands/run_config.h"
#include "chunks/chunk_name.h"
#include "games/shogi/core/names.h"
#include "games/shogi/data/record_import.h"
#include "selfplay/selfplay_runner.h"

namespace kishi::command {
namespace {

// The files named, a directory's data files (by extension, or all with --format)
// in name order in its place.
std::vector<std::string> data_files(const std::vector<std::string>& named, bool any_extension) {
  std::vector<std::string> out;
  for (const std::string& name : named) {
    std::error_code ec;
    if (!std::filesystem::is_directory(name, ec)) {
      out.push_back(name);
      continue;
    }
    std::vector<std::string> inside;
    for (const auto& e : std::filesystem::directory_iterator(name, ec))
      if (e.is_regular_file(ec) && (any_extension || formats::record_format_of(e.path().string())))
        inside.push_back(e.path().string());
    if (inside.empty())
      throw std::runtime_error(name +
                               ": no data file in it (.csa, .kif, .kifu, .hcpe, .hcpe3, .psv)");
    std::sort(inside.begin(), inside.end());
    out.insert(out.end(), inside.begin(), inside.end());
  }
  return out;
}

}  // namespace

int import_data(int argc, char** argv) {
  CLI::App app{"shogi data files as a run's training positions", "kishi import"};
  std::vector<std::string> files;
  RunOptions run;
  std::string format_name;
  formats::ImportSettings settings;
  bool keep_duplicates = false;
  app.add_option("files", files, "CSA, KIF, hcpe, hcpe3 or psv files, or directories of them")
      ->required();
  add_run_options(app, run, "run directory (made, with a random model, when new)");
  app.add_option("--format", format_name,
                 "csa, kif, hcpe, hcpe3 or psv (default: from each file's extension)")
      ->check(CLI::IsMember(formats::record_format_names()));
  app.add_option("--score-scale", settings.score_scale,
                 "a score of cp is the win rate 1 / (1 + exp(-cp / scale))")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_flag("--keep-duplicates", keep_duplicates,
               "take a position (hcpe, psv) as often as the files hold it");
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  try {
    files = data_files(files, !format_name.empty());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kishi import: error: %s\n", e.what());
    return 2;
  }

  const RunConfig rc = load_run_config(run.config_path);
  const auto variant = shogi::parse_game(rc.game);
  if (!variant) {
    std::fprintf(stderr, "kishi import: error: %s: the files are shogi data, the game is %s\n",
                 run.config_path.c_str(), rc.game.c_str());
    return 2;
  }
  games::with_game(rc.game, selfplay_rules(rc), [&](const auto& game) {
    selfplay::prepare_run(run.run_dir, game, runner_options(rc));
    return 0;
  });
  int failed = 0;
  int64_t seq = 0, total = 0;
  formats::SeenPositions seen;
  for (const std::string& file : files) {
    const auto format = formats::record_format_for(file, format_name);
    if (!format) {
      std::fprintf(stderr,
                   "kishi import: error: %s: no format known for its extension (give "
                   "--format csa|kif|hcpe|hcpe3|psv)\n",
                   file.c_str());
      ++failed;
      continue;
    }
    const auto records = formats::read_record_file(file, *format, *variant);
    if (!records) {
      std::fprintf(stderr, "kishi import: error: %s\n", records.error().c_str());
      ++failed;
      continue;
    }
    formats::ImportCounts counts;
    selfplay::Chunk chunk;
    chunk.game = rc.game;
    chunk.model_id = "import";
    chunk.games =
        formats::training_games(*records, settings, counts, keep_duplicates ? nullptr : &seen);
    if (!chunk.games.empty()) {
      const std::string path = selfplay::chunk_stem(run.run_dir, "import", seq++) + ".kchunk";
      selfplay::write_chunk(path, chunk);
    }
    const bool of_games = formats::holds_games(records->format);
    std::printf(
        "import: %s: %lld positions in %lld games; %zu %s; %lld positions without a "
        "result; %lld seen before\n",
        file.c_str(), (long long)counts.positions, (long long)counts.games, records->faults,
        of_games ? "games cut short by a fault" : "records skipped",
        (long long)counts.without_result, (long long)counts.duplicates);
    int listed = 0;
    for (const auto& g : records->games)
      if (!g.fault.empty() && listed++ < 5) std::printf("  skipped: %s\n", g.fault.c_str());
    if (listed > 5) std::printf("  ... and %d more\n", listed - 5);
    total += counts.positions;
  }
  std::printf("import: %lld positions into %s/games\n", (long long)total, run.run_dir.c_str());
  return failed ? 1 : 0;
}

}  // namespace kishi::command
