#include "games/shogi/core/zobrist.h"

namespace kishi::shogi {
namespace {

// splitmix64: fixed seed, so keys (and anything stored by key) are stable across builds.
constexpr uint64_t next(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

constexpr ZobristKeys make_keys() {
  ZobristKeys k{};
  uint64_t state = 0x6b697368692d7a62ULL;
  for (auto& per_piece : k.piece_square)
    for (Key& key : per_piece) key = next(state);
  for (auto& per_color : k.hand)
    for (auto& per_type : per_color)
      for (int n = 1; n < 19; ++n) per_type[n] = next(state);  // count 0 keys to 0
  k.side = next(state);
  return k;
}

}  // namespace

constinit const ZobristKeys zobrist = make_keys();

}  // namespace kishi::shogi
