// The network's view of shogi and showgit (one encoding serves both: the games
// differ only in when a move may promote, which the policy learns).
//
// Everything is seen from the side to move: "own" is the side to move, and for
// White the board is turned round, so one network plays both colours. Each
// plane is 9x9 (81 floats, square order as in policy_index.h). The planes are
// listed in docs/nn-encoding.md; ENCODER_VERSION names this layout and every
// checkpoint records it.
#pragma once

#include <string_view>

#include "game/encoding.h"
#include "games/shogi/core/position.h"
#include "games/shogi/policy_index.h"

namespace kishi::shogi {

inline constexpr std::string_view ENCODER_VERSION = "shogi-planes-v1";

namespace plane {
constexpr int OWN_PIECES = 0;           // 14 planes, PAWN..DRAGON
constexpr int THEIR_PIECES = 14;        // 14
constexpr int OWN_ATTACKS = 28;         // 14: squares attacked by own pieces of each type
constexpr int THEIR_ATTACKS = 42;       // 14
constexpr int OWN_ATTACK_COUNT = 56;    // 3: attacked by at least 1, 2, 3 own pieces
constexpr int THEIR_ATTACK_COUNT = 59;  // 3
constexpr int OWN_HAND = 62;            // 7: count / pieces of that type in a set (PAWN..GOLD)
constexpr int THEIR_HAND = 69;          // 7
constexpr int IN_CHECK = 76;            // 1: all ones when the side to move is in check
constexpr int REPETITION = 77;          // 1: earlier occurrences of this position, / 3
constexpr int COUNT = 78;
}  // namespace plane

constexpr int INPUT_PLANES = plane::COUNT;
constexpr int INPUT_SIZE = INPUT_PLANES * SQ_NB;

// Earlier occurrences of the position in its game (0..3), as the REPETITION plane sees them.
int earlier_occurrences(const Position& pos);

// A key for everything the encoder sees: the position's key and its repetitions.
inline uint64_t encoding_key(const Position& pos) {
  return pos.key() ^ (uint64_t(earlier_occurrences(pos)) * 0x9e3779b97f4a7c15ULL);
}

// Writes INPUT_SIZE floats to out.
void encode_position(const Position& pos, float* out);
// The same, with the earlier occurrences given (a position read from a record
// has no history of its own).
void encode_position(const Position& pos, int earlier_occurrences, float* out);

// The encoding as the layers above the rules take it (game/encoding.h).
struct ShogiEncoding {
  static constexpr std::string_view VERSION = ENCODER_VERSION;
  static constexpr game::EncodingShape SHAPE{INPUT_PLANES, 9, 9, POLICY_PLANES};
  void encode(const Position& pos, float* out) const { encode_position(pos, out); }
  // A position read back from a record has no history: what the encoding
  // needs of it (the earlier occurrences) travels beside the SFEN.
  uint32_t history(const Position& pos) const { return uint32_t(earlier_occurrences(pos)); }
  void encode(const Position& pos, uint32_t history, float* out) const {
    encode_position(pos, int(history), out);
  }
  uint64_t key(const Position& pos) const { return encoding_key(pos); }
  int policy_index(const Position& pos, Move m) const { return shogi::policy_index(pos, m); }
};

}  // namespace kishi::shogi
