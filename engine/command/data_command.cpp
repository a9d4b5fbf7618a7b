// kishi data show: a data file's records for a person, one line each:
// "SFEN ; move (USI) ; score ; result for the side to move". CSA game records
// today (one game, or an archive's games separated by "/"); each move is
// checked by the rules core and a game stops, listed with the reason, at the
// first that is not legal.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/command/commands.h"
#include "engine/command/parse_args.h"
#include "engine/shogi/csa_reader.h"
#include "engine/shogi/names.h"
#include "engine/shogi/usi_move.h"

namespace kishi::command {
namespace {

const char* result_for(int winner, int side_to_move) {
  if (winner == -2) return "-";
  if (winner == -1) return "draw";
  return winner == side_to_move ? "win" : "loss";
}

int show_csa(const std::string& file, const std::string& text, shogi::Game variant) {
  const auto games = shogi::read_csa(text, variant);
  if (!games) {
    std::fprintf(stderr, "kishi data show: error: %s: %s\n", file.c_str(), games.error().c_str());
    return 1;
  }
  size_t positions = 0, skipped = 0;
  for (const auto& g : *games) {
    auto pos = *shogi::Position::from_sfen(g.start_sfen, variant);
    for (const std::string& usi : g.moves) {
      std::printf("%s ; %s ; - ; %s\n", pos.sfen().c_str(), usi.c_str(),
                  result_for(g.winner, pos.side_to_move()));
      pos.do_move(*shogi::parse_usi_move(pos, usi));
      ++positions;
    }
    if (!g.fault.empty()) {
      std::printf("skipped: %s ; %s\n", pos.sfen().c_str(), g.fault.c_str());
      ++skipped;
    } else {
      std::printf("# end %s ; %s\n", pos.sfen().c_str(),
                  g.ending.empty() ? "no ending" : g.ending.c_str());
    }
  }
  std::printf("# %s: %zu games, %zu positions, %zu games cut short by a fault\n", file.c_str(),
              games->size(), positions, skipped);
  return 0;
}

}  // namespace

int data(int argc, char** argv) {
  CLI::App app{"Data files for people: kishi data show FILE", "kishi data"};
  app.require_subcommand(1);
  auto* show = app.add_subcommand("show", "print a file's records, one line each");
  std::string file, format, game = "shogi";
  show->add_option("file", file, "the file")->required();
  show->add_option("--format", format, "csa (default: from the file's extension)")
      ->check(CLI::IsMember({"csa"}));
  show->add_option("--game", game, "shogi or showgit")
      ->capture_default_str()
      ->check(CLI::IsMember({"shogi", "showgit"}));
  if (auto rc = parse_args(app, argc, argv)) return *rc;

  if (format.empty()) {
    const std::string ext = std::filesystem::path(file).extension().string();
    if (ext != ".csa") {
      std::fprintf(stderr,
                   "kishi data show: error: %s: no format known for '%s' (give --format csa)\n",
                   file.c_str(), ext.c_str());
      return 2;
    }
    format = "csa";
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "kishi data show: error: cannot read %s\n", file.c_str());
    return 1;
  }
  std::ostringstream text;
  text << in.rdbuf();
  return show_csa(file, text.str(), *shogi::parse_game(game));
}

}  // namespace kishi::command
