// kishi data show: a data file's records for a person, one line each:
// "SFEN ; move (USI) ; score ; result for the side to move". CSA game records
// (one game, or an archive's games separated by "/"), hcpe and hcpe3 files; each move
// is checked by the rules core, and what is not legal is listed with the reason.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/command/commands.h"
#include "engine/command/parse_args.h"
#include "engine/shogi/csa_reader.h"
#include "engine/shogi/hcp.h"
#include "engine/shogi/hcpe3.h"
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

// hcpe: 38 bytes a record (position, score for the side to move, move,
// absolute result); a record that does not decode or whose move is not legal
// is listed as skipped, with the reason.
int show_hcpe(const std::string& file, const std::string& bytes, shogi::Game variant) {
  if (bytes.size() % shogi::Hcpe::SIZE != 0) {
    std::fprintf(stderr,
                 "kishi data show: error: %s: %zu bytes is not a whole number of 38-byte hcpe "
                 "records (truncated, or not hcpe)\n",
                 file.c_str(), bytes.size());
    return 1;
  }
  size_t shown = 0, skipped = 0;
  const size_t records = bytes.size() / shogi::Hcpe::SIZE;
  for (size_t i = 0; i < records; ++i) {
    const auto* at = reinterpret_cast<const uint8_t*>(bytes.data()) + i * shogi::Hcpe::SIZE;
    const shogi::Hcpe r =
        shogi::read_hcpe(std::span<const uint8_t, shogi::Hcpe::SIZE>(at, shogi::Hcpe::SIZE));
    const auto pos = shogi::from_hcp(r.hcp, variant);
    std::string error;
    if (!pos) {
      error = pos.error();
    } else if (const auto m = shogi::from_move16(*pos, r.move16); !m) {
      error = m.error();
    } else if ((r.game_result & 3) == 3) {
      error = "a result that is none of draw, Black, White";
    } else {
      const int result = r.game_result & 3;
      const int winner = result == 0 ? -1 : result - 1;
      std::printf("%s ; %s ; %d ; %s\n", pos->sfen().c_str(), shogi::to_usi(*m).c_str(), r.eval,
                  result_for(winner, pos->side_to_move()));
      ++shown;
      continue;
    }
    std::printf("skipped: record %zu: %s\n", i + 1, error.c_str());
    ++skipped;
  }
  std::printf("# %s: %zu hcpe records, %zu skipped\n", file.c_str(), shown, skipped);
  return 0;
}

// hcpe3: a game a record, replayed from its start; each move with its
// candidates and their visits after it ("7g7f:120 2g2f:80").
int show_hcpe3(const std::string& file, const std::string& text, shogi::Game variant) {
  const auto games = shogi::read_hcpe3(std::vector<uint8_t>(text.begin(), text.end()));
  if (!games) {
    std::fprintf(stderr, "kishi data show: error: %s: %s\n", file.c_str(), games.error().c_str());
    return 1;
  }
  size_t positions = 0, skipped = 0;
  for (size_t g = 0; g < games->size(); ++g) {
    const shogi::Hcpe3Game& game = (*games)[g];
    auto pos = shogi::from_hcp(game.start, variant);
    if (!pos) {
      std::printf("skipped: game %zu: %s\n", g + 1, pos.error().c_str());
      ++skipped;
      continue;
    }
    const int result = game.result & 3;
    const int winner = result == 0 ? -1 : result == 3 ? -2 : result - 1;
    for (size_t i = 0; i < game.moves.size(); ++i) {
      const auto m = shogi::from_move16(*pos, game.moves[i].move16);
      if (!m) {
        std::printf("skipped: game %zu, move %zu: %s\n", g + 1, i + 1, m.error().c_str());
        ++skipped;
        break;
      }
      std::string candidates;
      for (const auto& [move16, visits] : game.moves[i].candidates) {
        const auto c = shogi::from_move16(*pos, move16);
        candidates += " " + (c ? shogi::to_usi(*c) : "?" + std::to_string(move16)) + ":" +
                      std::to_string(visits);
      }
      std::printf("%s ; %s ; %d ; %s ;%s\n", pos->sfen().c_str(), shogi::to_usi(*m).c_str(),
                  game.moves[i].eval, result_for(winner, pos->side_to_move()), candidates.c_str());
      pos->do_move(*m);
      ++positions;
    }
  }
  std::printf("# %s: %zu hcpe3 games, %zu positions, %zu skipped\n", file.c_str(), games->size(),
              positions, skipped);
  return 0;
}

}  // namespace

int data(int argc, char** argv) {
  CLI::App app{"Data files for people: kishi data show FILE", "kishi data"};
  app.require_subcommand(1);
  auto* show = app.add_subcommand("show", "print a file's records, one line each");
  std::string file, format, game = "shogi";
  show->add_option("file", file, "the file")->required();
  show->add_option("--format", format, "csa, hcpe or hcpe3 (default: from the file's extension)")
      ->check(CLI::IsMember({"csa", "hcpe", "hcpe3"}));
  show->add_option("--game", game, "shogi or showgit")
      ->capture_default_str()
      ->check(CLI::IsMember({"shogi", "showgit"}));
  if (auto rc = parse_args(app, argc, argv)) return *rc;

  if (format.empty()) {
    const std::string ext = std::filesystem::path(file).extension().string();
    if (ext != ".csa" && ext != ".hcpe" && ext != ".hcpe3") {
      std::fprintf(stderr,
                   "kishi data show: error: %s: no format known for '%s' (give --format "
                   "csa|hcpe|hcpe3)\n",
                   file.c_str(), ext.c_str());
      return 2;
    }
    format = ext.substr(1);
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "kishi data show: error: cannot read %s\n", file.c_str());
    return 1;
  }
  std::ostringstream text;
  text << in.rdbuf();
  const shogi::Game variant = *shogi::parse_game(game);
  if (format == "hcpe3") return show_hcpe3(file, text.str(), variant);
  return format == "hcpe" ? show_hcpe(file, text.str(), variant)
                          : show_csa(file, text.str(), variant);
}

}  // namespace kishi::command
