#include "games/shogi/data/hcpe3.h"

namespace kishi::shogi {
namespace {

void put16(std::vector<uint8_t>& out, uint16_t v) {
  out.push_back(uint8_t(v));
  out.push_back(uint8_t(v >> 8));
}

}  // namespace

void append_hcpe3(const Hcpe3Game& game, std::vector<uint8_t>& out) {
  out.insert(out.end(), game.start.begin(), game.start.end());
  put16(out, uint16_t(game.moves.size()));
  out.push_back(game.result);
  out.push_back(game.opponent);
  for (const Hcpe3Move& m : game.moves) {
    put16(out, m.move16);
    put16(out, uint16_t(m.eval));
    put16(out, uint16_t(m.candidates.size()));
    for (const auto& [move, visits] : m.candidates) {
      put16(out, move);
      put16(out, visits);
    }
  }
}

Expected<std::vector<Hcpe3Game>> read_hcpe3(const std::vector<uint8_t>& bytes) {
  using Result = Expected<std::vector<Hcpe3Game>>;
  std::vector<Hcpe3Game> games;
  size_t at = 0;
  const auto need = [&](size_t n) { return at + n <= bytes.size(); };
  const auto get16 = [&] {
    const uint16_t v = uint16_t(bytes[at] | (bytes[at + 1] << 8));
    at += 2;
    return v;
  };
  const auto cut = [&](size_t game) {
    return Result::failure("game " + std::to_string(game + 1) + " is cut short at byte " +
                           std::to_string(bytes.size()) + " (truncated, or not hcpe3)");
  };
  while (at < bytes.size()) {
    Hcpe3Game g;
    if (!need(36)) return cut(games.size());
    std::copy(bytes.begin() + long(at), bytes.begin() + long(at) + 32, g.start.begin());
    at += 32;
    const uint16_t moves = get16();
    g.result = bytes[at++];
    g.opponent = bytes[at++];
    for (uint16_t i = 0; i < moves; ++i) {
      if (!need(6)) return cut(games.size());
      Hcpe3Move m;
      m.move16 = get16();
      m.eval = int16_t(get16());
      const uint16_t candidates = get16();
      if (!need(size_t(candidates) * 4)) return cut(games.size());
      for (uint16_t k = 0; k < candidates; ++k) {
        const uint16_t move = get16();
        m.candidates.emplace_back(move, get16());
      }
      g.moves.push_back(std::move(m));
    }
    games.push_back(std::move(g));
  }
  if (games.empty()) return Result::failure("no hcpe3 game in an empty file");
  return games;
}

}  // namespace kishi::shogi
