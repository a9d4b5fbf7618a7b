// A gnome position: 64 stacks, the rights, the veto token and the counters,
// with bitboards and a hash key kept in step with the stacks (docs/rules-gnome.md).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "common/expected.h"
#include "games/gnome/types.h"

namespace kishi::gnome {

// Castling rights.
constexpr uint8_t WHITE_KINGSIDE = 1, WHITE_QUEENSIDE = 2, BLACK_KINGSIDE = 4, BLACK_QUEENSIDE = 8;

struct Position {
  std::array<Stack, 64> stacks{};

  // Derived from the stacks by refresh().
  uint64_t occupied = 0;                            // any piece
  std::array<uint64_t, 2> bottom_of{};              // the bottom piece is this colour's
  std::array<uint64_t, 2> top_of{};                 // the top piece is this colour's
  uint64_t rook_top = 0;                            // the top piece is a rook (a unit may climb on)
  uint64_t lone = 0;                                // stacks of one piece
  std::array<std::array<uint64_t, 8>, 2> pieces{};  // [colour][type]: such a piece at any level
  uint64_t key = 0;  // stacks, side, castling, en passant, token (not the counters: rule 22)

  uint8_t side = WHITE;
  uint8_t castling = 0;
  uint8_t en_passant = NO_SQUARE;  // the square a double step passed
  uint8_t token_holder = BLACK;
  bool token_usable = true;
  Move banned{};  // after a veto: the vetoed move (Kind::NONE otherwise)
  uint16_t halfmove = 0;
  uint32_t fullmove = 1;

  // The stack on sq changed from `before` to its present value.
  void refresh(int sq, Stack before);
  // Recomputes everything derived from the stacks and the fields.
  void refresh_all();
  // The key's share of the fields other than the stacks.
  uint64_t fields_key() const;

  int king_square(int colour) const;  // NO_SQUARE where that king is gone
  // Same stacks, rights and token: the same result of a move (rule 22).
  bool same_result(const Position& o) const;
};

// splitmix64's finaliser: the one mixer of gnome's keys.
uint64_t mix_key(uint64_t x);
// The key of the stack on sq (0 when empty).
uint64_t stack_key(int sq, Stack s);
uint64_t banned_key(const Move& m);

// Text forms (rules page, "Text forms").
constexpr std::string_view START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 B";
char piece_letter(Piece p);
std::string square_name(int sq);
std::string board_text(const Position& p);  // the FEN's board field
std::string fen(const Position& p);
// A FEN, checked: every fault refused with the field and the reason.
Expected<Position> parse_fen(std::string_view text);
Position start_position();

}  // namespace kishi::gnome
