// kishi export: a run's self-play games in the ecosystem's formats, so that
// dlshogi's and cshogi's tools read them: hcpe (38 bytes a position: the
// position, the engine's score, the move played, the result) or hcpe3 (a game
// a record, with the search's policy as visits).
#include <cstdio>
#include <string>

#include "app/commands/commands.h"
#include "app/commands/option_groups.h"
#include "app/commands/parse_args.h"
#include "common/atomic_file.h"
#include "games/shogi/data/hcpe_export.h"
#include "training/training_data.h"

namespace kishi::command {

int export_data(int argc, char** argv) {
  CLI::App app{"A run's self-play games as hcpe or hcpe3 records", "kishi export"};
  RunOptions run_options;
  std::string out, format = "hcpe";
  add_run_options(app, run_options, "the run directory (its games/ chunks are read)", Need::Absent);
  app.add_option("--format", format, "hcpe or hcpe3")
      ->capture_default_str()
      ->check(CLI::IsMember({"hcpe", "hcpe3"}));
  app.add_option("out", out, "the file to write")->required();
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  const std::string& run = run_options.run_dir;

  const auto chunks = training::newest_chunks(run);
  if (chunks.empty()) {
    std::fprintf(stderr, "kishi export: error: no self-play chunks in %s/games\n", run.c_str());
    return 1;
  }
  formats::HcpeExport exported;
  int read = 0, skipped = 0;
  for (const std::string& path : chunks) {
    const auto chunk = selfplay::read_chunk(path);
    if (!chunk) {
      std::fprintf(stderr, "kishi export: skipping %s\n", chunk.error().c_str());
      ++skipped;
      continue;
    }
    const auto ok = format == "hcpe3" ? formats::append_hcpe3(*chunk, exported)
                                      : formats::append_hcpe(*chunk, exported);
    if (!ok) {
      std::fprintf(stderr, "kishi export: error: %s: %s\n", path.c_str(), ok.error().c_str());
      return 1;
    }
    ++read;
  }
  write_file_atomically(out, std::string(exported.bytes.begin(), exported.bytes.end()));
  std::printf(
      "kishi export: %lld positions from %d chunks to %s as %s (%d damaged chunks "
      "skipped, %lld %s hcp cannot hold)\n",
      static_cast<long long>(exported.positions), read, out.c_str(), format.c_str(), skipped,
      static_cast<long long>(exported.skipped), format == "hcpe3" ? "games" : "positions");
  return 0;
}

}  // namespace kishi::command
