// YaneuraOu's training records: the PackedSfen position (32 bytes, the hcp
// skeleton with its own codes), its 16-bit move (not Apery's) and the 40-byte
// PackedSfenValue record (position, score, move, ply, result) of its
// generators and of the data people trade as .psv / .bin. Layouts:
// docs/data-formats.md.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "common/expected.h"
#include "games/shogi/core/position.h"

namespace kishi::shogi {

using PackedSfen = std::array<uint8_t, 32>;

Expected<PackedSfen> to_packed_sfen(const Position& pos);
Expected<Position> from_packed_sfen(std::span<const uint8_t, 32> bytes, Game variant = Game::Shogi);

// YaneuraOu's move: to in bits 0-6, from (a drop: the piece type, P L N S B R
// G = 1..7) in 7-13, drop in bit 14, promotion in bit 15.
uint16_t to_yaneuraou_move16(Move m);
// The move, if it is legal in `pos`.
Expected<Move> from_yaneuraou_move16(const Position& pos, uint16_t move16);

// One PackedSfenValue record (40 bytes).
struct Psv {
  static constexpr size_t SIZE = 40;
  PackedSfen sfen{};
  int16_t score = 0;       // for the side to move
  uint16_t move16 = 0;     // YaneuraOu's
  uint16_t game_ply = 0;   // from the start: 0 or 1 there, by generator
  int8_t game_result = 0;  // for the side to move: 1 won, -1 lost, 0 drawn
};
void write_psv(const Psv& record, std::span<uint8_t, Psv::SIZE> out);
Psv read_psv(std::span<const uint8_t, Psv::SIZE> in);

}  // namespace kishi::shogi
