// The ecosystem's shogi data read as positions with their targets, for people
// (kishi data show) and for the trainer (kishi import): CSA game records
// (single games and archives), KIF records (UTF-8 .kifu, cp932 .kif), hcpe,
// hcpe3 and YaneuraOu's PackedSfenValue.
// Every position and move is checked by the rules core; what is not legal is
// skipped with its reason and counted, never passed on.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/expected.h"
#include "games/shogi/core/position.h"

namespace kishi::formats {

enum class RecordFormat { CSA, KIF, HCPE, HCPE3, PSV };

const char* record_format_name(RecordFormat f);  // "csa", "kif", "hcpe", "hcpe3", "psv"
// The names, for option checks.
std::vector<std::string> record_format_names();
std::optional<RecordFormat> parse_record_format(std::string_view name);
// By the file's extension (.csa, .kif, .kifu, .hcpe, .hcpe3, .psv); psv files
// are also traded as .bin, which says nothing: nothing then.
std::optional<RecordFormat> record_format_of(const std::string& path);
// The format named by an option (`given`, when not empty), else by the file's extension.
std::optional<RecordFormat> record_format_for(const std::string& path, const std::string& given);

// Whether the format's records are games (CSA, KIF, hcpe3), not positions.
constexpr bool holds_games(RecordFormat f) {
  return f == RecordFormat::CSA || f == RecordFormat::KIF || f == RecordFormat::HCPE3;
}

inline constexpr int UNKNOWN_RESULT = 2;

struct RecordPosition {
  shogi::Position position;
  shogi::Move move;             // the move played, or the engine's best
  std::optional<int> score;     // the engine's, centipawns for the side to move
  int result = UNKNOWN_RESULT;  // for the side to move: 1 won, 0 drawn, -1 lost
  std::vector<std::pair<shogi::Move, int>> candidates;  // hcpe3's: each move's visits
};

// A game (CSA, KIF, hcpe3), or the position of one record (hcpe, psv).
struct RecordGame {
  std::vector<RecordPosition> positions;
  std::string ending;  // CSA's "%TORYO", KIF's "投了", ...; empty when none
  // Why the game stops before its end, or why the record was skipped, with
  // where ("record 3: ...", "line 17: ..."); empty: none.
  std::string fault;
  std::string end_sfen;  // the position after the last move (a game's)
};

struct RecordFile {
  RecordFormat format;
  std::vector<RecordGame> games;
  size_t positions = 0;
  size_t faults = 0;  // games cut short, or records skipped
};

// An error names the file and what is wrong with it as a whole (truncated,
// another format). A KIF file is UTF-8 when `name` ends in .kifu (or the file
// says so), else cp932 (shogi/kif_reader.h).
Expected<RecordFile> read_records(const std::string& name, std::string_view bytes,
                                  RecordFormat format, shogi::Game variant);
// The same from the file at `path` (an error names it when it cannot be read).
Expected<RecordFile> read_record_file(const std::string& path, RecordFormat format,
                                      shogi::Game variant);

}  // namespace kishi::formats
