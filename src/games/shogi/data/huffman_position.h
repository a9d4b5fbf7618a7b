// The 256-bit Huffman position that Apery's hcp and YaneuraOu's PackedSfen
// share: side to move, the two kings' squares, a code for each other square,
// the hands and the piece box. The two differ only in their code tables
// (docs/data-formats.md).
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "common/expected.h"
#include "games/shogi/core/position.h"

namespace kishi::shogi {

struct HuffmanCode {
  uint8_t value = 0, bits = 0;  // emitted from the value's bit 0
};

struct HuffmanTables {
  const char* format;  // "hcp", "PackedSfen": named in errors
  HuffmanCode empty;
  HuffmanCode board[COLOR_NB][PIECE_TYPE_NB];  // by colour and piece type; not the kings
  HuffmanCode hand[COLOR_NB][HAND_TYPE_NB];    // by colour, PAWN..GOLD
  HuffmanCode box[HAND_TYPE_NB];               // pieces neither on the board nor in a hand
};

// A position with both kings and at most one set of pieces (the rest goes to
// the box); anything else cannot be written in 256 bits.
Expected<std::array<uint8_t, 32>> pack_position(const Position& pos, const HuffmanTables& codes);
Expected<Position> unpack_position(std::span<const uint8_t, 32> bytes, const HuffmanTables& codes,
                                   Game variant);

}  // namespace kishi::shogi
