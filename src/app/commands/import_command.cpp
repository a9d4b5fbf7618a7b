// kishi import: the ecosystem's shogi data (CSA records and archives, KIF,
// hcpe, hcpe3, psv) as training positions of a run, written as chunks in RUN/games
// for `kishi train` and `kishi loop` (games/shogi/data/record_import.h). Every
// move is checked by the rules core; a position that is not legal is skipped
// and counted, a file that is not of its format is refused with its name.
#include <cstdio>

#include "app/commands/commands.h"
#include "app/commands/option_groups.h"
#include "app/commands/parse_args.h"
#include "app/commands/run_config.h"
#include "chunks/chunk_name.h"
#include "games/shogi/core/names.h"
#include "games/shogi/data/record_import.h"
#include "selfplay/selfplay_runner.h"

namespace kishi::command {

int import_data(int argc, char** argv) {
  CLI::App app{"shogi data files as a run's training positions", "kishi import"};
  std::vector<std::string> files;
  RunOptions run;
  std::string format_name;
  formats::ImportSettings settings;
  app.add_option("files", files, "CSA, KIF, hcpe, hcpe3 or psv files")->required();
  add_run_options(app, run, "run directory (made, with a random model, when new)");
  app.add_option("--format", format_name,
                 "csa, kif, hcpe, hcpe3 or psv (default: from each file's extension)")
      ->check(CLI::IsMember(formats::record_format_names()));
  app.add_option("--score-scale", settings.score_scale,
                 "a score of cp is the win rate 1 / (1 + exp(-cp / scale))")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  if (auto rc = parse_args(app, argc, argv)) return *rc;

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
    chunk.games = formats::training_games(*records, settings, counts);
    if (!chunk.games.empty()) {
      const std::string path = selfplay::chunk_stem(run.run_dir, "import", seq++) + ".kchunk";
      selfplay::write_chunk(path, chunk);
    }
    const bool of_games = formats::holds_games(records->format);
    std::printf(
        "import: %s: %lld positions in %lld games; %zu %s; %lld positions without a "
        "result\n",
        file.c_str(), (long long)counts.positions, (long long)counts.games, records->faults,
        of_games ? "games cut short by a fault" : "records skipped",
        (long long)counts.without_result);
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
