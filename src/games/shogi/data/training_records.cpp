#include "games/shogi/data/training_records.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "games/shogi/core/usi_move.h"
#include "games/shogi/data/hcp.h"
#include "games/shogi/data/hcpe3.h"
#include "games/shogi/data/psv.h"
#include "games/shogi/records/csa_reader.h"
#include "games/shogi/records/kif_reader.h"

namespace kishi::formats {
namespace {

using shogi::Position;

constexpr RecordFormat FORMATS[] = {RecordFormat::CSA, RecordFormat::KIF, RecordFormat::HCPE,
                                    RecordFormat::HCPE3, RecordFormat::PSV};

Expected<RecordFile> failure(const std::string& name, const std::string& why) {
  return Expected<RecordFile>::failure(name + ": " + why);
}

// For the side to move, from a winner (0 Black, 1 White, -1 a draw, else unknown).
int result_for(int winner, shogi::Color side_to_move) {
  if (winner == -1) return 0;
  if (winner != 0 && winner != 1) return UNKNOWN_RESULT;
  return winner == int(side_to_move) ? 1 : -1;
}

// hcpe's and hcpe3's result bits 0-1: 0 draw, 1 Black won, 2 White won.
int winner_of(uint8_t result_bits) {
  const int r = result_bits & 3;
  return r == 0 ? -1 : r == 3 ? -2 : r - 1;
}

RecordGame fault(const std::string& why) {
  RecordGame g;
  g.fault = why;
  return g;
}

// Games of a record text (CSA, KIF), each move checked by its reader already.
RecordFile text_games(RecordFormat format, const std::vector<shogi::TextGame>& games,
                      shogi::Game variant) {
  RecordFile file{format, {}, 0, 0};
  for (const shogi::TextGame& g : games) {
    RecordGame game;
    Position pos = *Position::from_sfen(g.start_sfen, variant);
    for (const std::string& usi : g.moves) {
      const shogi::Move m = *shogi::parse_usi_move(pos, usi);
      game.positions.push_back(
          {pos, m, std::nullopt, result_for(g.winner, pos.side_to_move()), {}});
      pos.do_move(m);
    }
    game.ending = g.ending;
    game.fault = g.fault;
    game.end_sfen = pos.sfen();
    file.faults += !g.fault.empty();
    file.positions += game.positions.size();
    file.games.push_back(std::move(game));
  }
  return file;
}

Expected<RecordFile> read_csa_games(const std::string& name, std::string_view text,
                                    shogi::Game variant) {
  const auto games = shogi::read_csa(text, variant);
  if (!games) return failure(name, games.error());
  return text_games(RecordFormat::CSA, *games, variant);
}

Expected<RecordFile> read_kif_game(const std::string& name, std::string_view bytes,
                                   shogi::Game variant) {
  const auto text = shogi::kif_text(bytes, name.ends_with(".kifu"));
  if (!text) return failure(name, text.error());
  const auto game = shogi::read_kif(*text, variant);
  if (!game) return failure(name, game.error());
  return text_games(RecordFormat::KIF, {*game}, variant);
}

template <class Record, class Decode>
Expected<RecordFile> read_fixed_records(const std::string& name, std::string_view bytes,
                                        RecordFormat format, const char* what, Decode decode) {
  constexpr size_t SIZE = Record::SIZE;
  if (bytes.size() % SIZE != 0)
    return failure(name, std::to_string(bytes.size()) + " bytes is not a whole number of " +
                             std::to_string(SIZE) + "-byte " + what +
                             " records (truncated, or not " + what + ")");
  RecordFile file{format, {}, 0, 0};
  for (size_t i = 0; i < bytes.size() / SIZE; ++i) {
    const auto* at = reinterpret_cast<const uint8_t*>(bytes.data()) + i * SIZE;
    auto position = decode(std::span<const uint8_t, SIZE>(at, SIZE));
    RecordGame game;
    if (!position) {
      game.fault = "record " + std::to_string(i + 1) + ": " + position.error();
      ++file.faults;
    } else {
      game.positions.push_back(std::move(*position));
      ++file.positions;
    }
    file.games.push_back(std::move(game));
  }
  return file;
}

Expected<RecordPosition> hcpe_position(std::span<const uint8_t, shogi::Hcpe::SIZE> bytes,
                                       shogi::Game variant) {
  using E = Expected<RecordPosition>;
  const shogi::Hcpe r = shogi::read_hcpe(bytes);
  auto pos = shogi::from_hcp(r.hcp, variant);
  if (!pos) return E::failure(pos.error());
  const auto m = shogi::from_move16(*pos, r.move16);
  if (!m) return E::failure(m.error());
  if ((r.game_result & 3) == 3) return E::failure("a result that is none of draw, Black, White");
  const int result = result_for(winner_of(r.game_result), pos->side_to_move());
  return RecordPosition{std::move(*pos), *m, r.eval, result, {}};
}

Expected<RecordPosition> psv_position(std::span<const uint8_t, shogi::Psv::SIZE> bytes,
                                      shogi::Game variant) {
  using E = Expected<RecordPosition>;
  const shogi::Psv r = shogi::read_psv(bytes);
  auto pos = shogi::from_packed_sfen(r.sfen, variant);
  if (!pos) return E::failure(pos.error());
  const auto m = shogi::from_yaneuraou_move16(*pos, r.move16);
  if (!m) return E::failure(m.error());
  if (r.game_result < -1 || r.game_result > 1)
    return E::failure("a result " + std::to_string(r.game_result) + " that is none of 1, 0, -1");
  return RecordPosition{std::move(*pos), *m, r.score, r.game_result, {}};
}

Expected<RecordFile> read_hcpe3_games(const std::string& name, std::string_view bytes,
                                      shogi::Game variant) {
  const auto games = shogi::read_hcpe3(std::vector<uint8_t>(bytes.begin(), bytes.end()));
  if (!games) return failure(name, games.error());
  RecordFile file{RecordFormat::HCPE3, {}, 0, 0};
  for (size_t g = 0; g < games->size(); ++g) {
    const shogi::Hcpe3Game& h = (*games)[g];
    auto pos = shogi::from_hcp(h.start, variant);
    if (!pos) {
      file.games.push_back(fault("game " + std::to_string(g + 1) + ": " + pos.error()));
      ++file.faults;
      continue;
    }
    RecordGame game;
    const int winner = winner_of(h.result);
    for (size_t i = 0; i < h.moves.size(); ++i) {
      const auto m = shogi::from_move16(*pos, h.moves[i].move16);
      if (!m) {
        game.fault =
            "game " + std::to_string(g + 1) + ", move " + std::to_string(i + 1) + ": " + m.error();
        ++file.faults;
        break;
      }
      RecordPosition p{*pos, *m, h.moves[i].eval, result_for(winner, pos->side_to_move()), {}};
      // A candidate that is not legal here is left out; the move itself was.
      for (const auto& [move16, visits] : h.moves[i].candidates)
        if (const auto c = shogi::from_move16(*pos, move16)) p.candidates.emplace_back(*c, visits);
      game.positions.push_back(std::move(p));
      pos->do_move(*m);
    }
    game.end_sfen = pos->sfen();
    file.positions += game.positions.size();
    file.games.push_back(std::move(game));
  }
  return file;
}

}  // namespace

const char* record_format_name(RecordFormat f) {
  switch (f) {
    case RecordFormat::CSA: return "csa";
    case RecordFormat::KIF: return "kif";
    case RecordFormat::HCPE: return "hcpe";
    case RecordFormat::HCPE3: return "hcpe3";
    case RecordFormat::PSV: return "psv";
  }
  return "?";
}

std::vector<std::string> record_format_names() {
  std::vector<std::string> names;
  for (RecordFormat f : FORMATS) names.push_back(record_format_name(f));
  return names;
}

std::optional<RecordFormat> parse_record_format(std::string_view name) {
  for (RecordFormat f : FORMATS)
    if (name == record_format_name(f)) return f;
  return std::nullopt;
}

std::optional<RecordFormat> record_format_of(const std::string& path) {
  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".kifu") return RecordFormat::KIF;
  return ext.empty() ? std::nullopt : parse_record_format(std::string_view(ext).substr(1));
}

std::optional<RecordFormat> record_format_for(const std::string& path, const std::string& given) {
  return given.empty() ? record_format_of(path) : parse_record_format(given);
}

Expected<RecordFile> read_records(const std::string& name, std::string_view bytes,
                                  RecordFormat format, shogi::Game variant) {
  switch (format) {
    case RecordFormat::CSA: return read_csa_games(name, bytes, variant);
    case RecordFormat::KIF: return read_kif_game(name, bytes, variant);
    case RecordFormat::HCPE3: return read_hcpe3_games(name, bytes, variant);
    case RecordFormat::HCPE:
      return read_fixed_records<shogi::Hcpe>(
          name, bytes, format, "hcpe", [&](auto span) { return hcpe_position(span, variant); });
    case RecordFormat::PSV:
      return read_fixed_records<shogi::Psv>(name, bytes, format, "psv",
                                            [&](auto span) { return psv_position(span, variant); });
  }
  return failure(name, "unknown format");
}

Expected<RecordFile> read_record_file(const std::string& path, RecordFormat format,
                                      shogi::Game variant) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Expected<RecordFile>::failure("cannot read " + path);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return read_records(path, bytes.str(), format, variant);
}

}  // namespace kishi::formats
