// kishi data show: a data file's records for a person, one line each:
// "SFEN ; move (USI) ; score ; result for the side to move". CSA game records
// (one game, or an archive's games separated by "/"), KIF, hcpe, hcpe3 and psv
// files (games/shogi/data/training_records.h); each move is checked by the rules
// core, and what is not legal is listed with the reason.
#include <cstdio>

#include "app/commands/commands.h"
#include "app/commands/option_groups.h"
#include "app/commands/parse_args.h"
#include "games/shogi/core/names.h"
#include "games/shogi/core/usi_move.h"
#include "games/shogi/data/training_records.h"

namespace kishi::command {
namespace {

using formats::RecordFormat;

const char* result_text(int result) {
  return result == 1 ? "win" : result == 0 ? "draw" : result == -1 ? "loss" : "-";
}

void show(const formats::RecordFile& file, const std::string& name) {
  for (const formats::RecordGame& game : file.games) {
    for (const formats::RecordPosition& p : game.positions) {
      std::printf("%s ; %s ; %s ; %s", p.position.sfen().c_str(), shogi::to_usi(p.move).c_str(),
                  p.score ? std::to_string(*p.score).c_str() : "-", result_text(p.result));
      if (file.format == RecordFormat::HCPE3) {
        std::printf(" ;");
        for (const auto& [move, visits] : p.candidates)
          std::printf(" %s:%d", shogi::to_usi(move).c_str(), visits);
      }
      std::printf("\n");
    }
    if (file.format == RecordFormat::CSA || file.format == RecordFormat::KIF) {
      if (!game.fault.empty())
        std::printf("skipped: %s ; %s\n", game.end_sfen.c_str(), game.fault.c_str());
      else
        std::printf("# end %s ; %s\n", game.end_sfen.c_str(),
                    game.ending.empty() ? "no ending" : game.ending.c_str());
    } else if (!game.fault.empty()) {
      std::printf("skipped: %s\n", game.fault.c_str());
    }
  }
  const char* format = formats::record_format_name(file.format);
  switch (file.format) {
    case RecordFormat::CSA:
    case RecordFormat::KIF:
      std::printf("# %s: %zu games, %zu positions, %zu games cut short by a fault\n", name.c_str(),
                  file.games.size(), file.positions, file.faults);
      break;
    case RecordFormat::HCPE3:
      std::printf("# %s: %zu hcpe3 games, %zu positions, %zu skipped\n", name.c_str(),
                  file.games.size(), file.positions, file.faults);
      break;
    default:
      std::printf("# %s: %zu %s records, %zu skipped\n", name.c_str(), file.positions, format,
                  file.faults);
  }
}

}  // namespace

int data(int argc, char** argv) {
  CLI::App app{"Data files for people: kishi data show FILE", "kishi data"};
  app.require_subcommand(1);
  auto* show_cmd = app.add_subcommand("show", "print a file's records, one line each");
  std::string file, format_name, game;
  show_cmd->add_option("file", file, "the file")->required();
  show_cmd
      ->add_option("--format", format_name,
                   "csa, kif, hcpe, hcpe3 or psv (default: from the file's extension)")
      ->check(CLI::IsMember(formats::record_format_names()));
  add_game_option(*show_cmd, game, games::game_names<shogi::ShogiGame>());
  if (auto rc = parse_args(app, argc, argv)) return *rc;

  const auto format = formats::record_format_for(file, format_name);
  if (!format) {
    std::fprintf(stderr,
                 "kishi data show: error: %s: no format known for its extension (give --format "
                 "csa|kif|hcpe|hcpe3|psv)\n",
                 file.c_str());
    return 2;
  }
  const auto records = formats::read_record_file(file, *format, *shogi::parse_game(game));
  if (!records) {
    std::fprintf(stderr, "kishi data show: error: %s\n", records.error().c_str());
    return 1;
  }
  show(*records, file);
  return 0;
}

}  // namespace kishi::command
