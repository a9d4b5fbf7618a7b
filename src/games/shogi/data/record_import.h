// Positions read from the ecosystem's data (training_records.h) as games of
// kishi's self-play chunks, so that the trainer learns from them as from its
// own games: the policy target is the move played (hcpe3: the candidates'
// visits), the value target the result, and where the file has the engine's
// score, that score as a win rate in the root value the trainer blends in
// (train.root_value_mix).
#pragma once

#include <cstdint>
#include <unordered_set>
#include <vector>

#include "chunks/chunk.h"
#include "games/shogi/data/training_records.h"

namespace kishi::formats {

struct ImportSettings {
  // A score of cp centipawns is the win rate 1 / (1 + exp(-cp / score_scale));
  // 600 is the scale of Ponanza's and elmo's data (dlshogi's 756 fits its own).
  double score_scale = 600;
};

struct ImportCounts {
  int64_t games = 0, positions = 0;
  int64_t without_result = 0;  // positions of games whose result the file does not say: left out
  int64_t duplicates = 0;      // positions (hcpe, psv) seen before in the import: left out
};

// The positions an import has taken, by their Zobrist keys (board, hands, side
// to move): a position that teacher games reach twice is trained on once.
using SeenPositions = std::unordered_set<uint64_t>;

// Games of records (CSA, hcpe3) stay games; each record of hcpe and psv is a
// game of one move from its position; one whose position is in `seen` is left
// out (none when `seen` is null), the others added to it.
std::vector<selfplay::GameRecord> training_games(const RecordFile& file, const ImportSettings& s,
                                                 ImportCounts& counts,
                                                 SeenPositions* seen = nullptr);

}  // namespace kishi::formats
