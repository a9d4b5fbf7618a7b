// The ecosystem's compact shogi records: Apery's HuffmanCodedPos (hcp, 32
// bytes a position), its 16-bit move and the 38-byte hcpe record (position,
// score, move, result) that cshogi, dlshogi and elmo's data use. Layouts:
// docs/data-formats.md.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "common/expected.h"
#include "games/shogi/core/position.h"

namespace kishi::shogi {

using Hcp = std::array<uint8_t, 32>;

// A position with both kings and at most one set of pieces (the rest goes to
// the piece box); anything else cannot be written in 256 bits.
Expected<Hcp> to_hcp(const Position& pos);
Expected<Position> from_hcp(std::span<const uint8_t, 32> hcp, Game variant = Game::Shogi);

// Apery's move: to in bits 0-6, from (81 + piece type - 1 for a drop) in 7-13,
// promotion in bit 14.
uint16_t to_move16(Move m);
// The move, if it is legal in `pos`.
Expected<Move> from_move16(const Position& pos, uint16_t move16);

// One hcpe record (38 bytes).
struct Hcpe {
  static constexpr size_t SIZE = 38;
  Hcp hcp{};
  int16_t eval = 0;         // for the side to move
  uint16_t move16 = 0;      // the move played or the best move
  uint8_t game_result = 0;  // 0 draw, 1 Black won, 2 White won (absolute)
};
void write_hcpe(const Hcpe& record, std::span<uint8_t, Hcpe::SIZE> out);
Hcpe read_hcpe(std::span<const uint8_t, Hcpe::SIZE> in);

}  // namespace kishi::shogi
