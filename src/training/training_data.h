// Training samples from the newest self-play chunks of a run, for any game: a
// sliding window of positions, each with its policy target and value target.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "chunks/chunk.h"
#include "game/game.h"
#include "players/alpha_beta.h"

namespace kishi::training {

struct Sample {
  std::string state;  // the game's state text
  // What the encoding sees beyond the state text, from the game's history
  // (shogi: earlier occurrences of the position); 0 for games without one.
  uint32_t history = 0;
  std::vector<selfplay::PolicyEntry> policy;  // packed actions; empty: a value-only sample
  std::array<float, 3> wdl;                   // value target for the player to move
};

struct Window {
  std::vector<Sample> samples;
  int chunks_read = 0, chunks_skipped = 0;
  int64_t positions_seen = 0;  // in the window's games, policy target or not
};

// The chunk files of RUN/games, newest first.
std::vector<std::string> newest_chunks(const std::string& run_dir);

// What a sample's value target is made of, beside the game's result.
struct ValueTargets {
  // The root value of the position's full search, blended in.
  float root_value_mix = 0.25f;
  // The game's static value of the position (material, in centipawns), as a
  // win rate 1 / (1 + exp(-cp / material_scale)), blended in: a signal in every
  // position where results are few and late (gnome's games from weak play
  // mostly end drawn). Only for games with a static value.
  float material_mix = 0;
  float material_scale = 400;
  // > 0: that value once the captures have settled (the alpha-beta baseline's
  // quiescence search, this many captures deep, at most material_search_nodes
  // nodes), so that a piece en prise counts as lost: a dense lesson in
  // tactics. 0: the static value as it stands.
  int material_search_plies = 0;
  int64_t material_search_nodes = 1000;
  // The positions without a policy target (fast searches) are value-only
  // samples, their target the result (and material) without a root value.
  bool value_only = false;
};

// A value v in [-1, 1] as win/draw/loss: its expectation is v, its draw share 1 - |v|.
inline std::array<float, 3> value_as_wdl(float v) {
  return {std::max(v, 0.0f), 1 - std::abs(v), std::max(-v, 0.0f)};
}

// The settled material (ValueTargets::material_search_plies) of each sample of
// the chunks read before, by chunk file: a chunk never changes once written,
// and the trainer reads its window again each iteration, so that only the new
// chunks' positions are searched.
using SettledMaterial = std::map<std::string, std::vector<int>>;

// Reads the chunk files `chunks`, newest first, until `max_positions` samples;
// a damaged chunk, or one of another game, is reported on stderr and skipped.
// (The ranks of a data-parallel training read the list rank 0 made.) `settled`,
// when given, keeps the settled material of the chunks read, and only theirs.
template <game::Game G>
Window read_window(const G& game, const std::vector<std::string>& chunks, size_t max_positions,
                   const ValueTargets& targets = {}, SettledMaterial* settled = nullptr) {
  const typename G::Encoding encoding;
  players::OptionalAlphaBeta<G> alpha_beta;  // a table of one entry: quiescence only
  if constexpr (players::AlphaBetaGame<G>)
    if (targets.material_search_plies > 0) alpha_beta.search.emplace(game, 0);
  Window w;
  SettledMaterial settled_now;
  for (const std::string& path : chunks) {
    if (w.samples.size() >= max_positions) break;
    const auto chunk = selfplay::read_chunk(path);
    if (!chunk || !selfplay::holds_game(*chunk, game::info_of(game))) {
      std::fprintf(stderr, "warning: skipping %s\n",
                   chunk ? ("chunk '" + path + "': a game of " + selfplay::game_text(*chunk) +
                            ", not " + std::string(game.name()))
                               .c_str()
                         : chunk.error().c_str());
      ++w.chunks_skipped;
      continue;
    }
    ++w.chunks_read;
    const std::vector<int>* known = nullptr;
    if (settled)
      if (const auto it = settled->find(path); it != settled->end()) known = &it->second;
    std::vector<int>& chunk_settled = settled_now[path];
    for (const auto& record : chunk->games) {
      auto state = game.parse_state(record.start_state);
      if (!state) {
        std::fprintf(stderr, "warning: skipping a game of %s: %s\n", path.c_str(),
                     state.error().c_str());
        continue;
      }
      for (const auto& m : record.moves) {
        const auto action = game.unpack(m.action);
        if (!game.is_legal(*state, action)) {
          std::fprintf(stderr, "warning: %s holds an illegal move; rest of the game skipped\n",
                       path.c_str());
          break;
        }
        ++w.positions_seen;
        const bool has_policy = m.has_policy && !m.policy.empty();
        if (has_policy || targets.value_only) {
          Sample s;
          s.state = game.state_text(*state);
          if constexpr (requires { encoding.history(*state); })
            s.history = encoding.history(*state);
          if (has_policy) s.policy = m.policy;
          // The result, for the player to move.
          const int result = game.player(*state) == 0 ? record.result : -record.result;
          const std::array<float, 3> outcome = {float(result > 0), float(result == 0),
                                                float(result < 0)};
          // The root value of a full search is blended in; a fast search's (or a
          // random opening ply's, which has none) is too rough to be a target.
          const std::array<float, 3> root = value_as_wdl(m.root_value);
          const float root_mix = has_policy ? targets.root_value_mix : 0.0f;
          std::array<float, 3> material{};
          float material_mix = 0;
          if constexpr (requires { game.static_value(*state); }) {
            material_mix = targets.material_mix;
            float cp = float(game.static_value(*state));
            if constexpr (players::AlphaBetaGame<G>)
              if (alpha_beta.search) {
                const size_t i = chunk_settled.size();
                chunk_settled.push_back(
                    known && i < known->size()
                        ? (*known)[i]
                        : alpha_beta.search->quiescence_value(*state, targets.material_search_plies,
                                                              targets.material_search_nodes));
                cp = float(chunk_settled.back());
              }
            material = value_as_wdl(2 / (1 + std::exp(-cp / targets.material_scale)) - 1);
          }
          for (int k = 0; k < 3; ++k)
            s.wdl[k] = (1 - root_mix - material_mix) * outcome[k] + root_mix * root[k] +
                       material_mix * material[k];
          w.samples.push_back(std::move(s));
        }
        game.play(*state, action);
      }
    }
  }
  if (settled) *settled = std::move(settled_now);
  return w;
}

// The same from the newest chunks of RUN/games.
template <game::Game G>
Window read_window(const G& game, const std::string& run_dir, size_t max_positions,
                   const ValueTargets& targets = {}) {
  return read_window(game, newest_chunks(run_dir), max_positions, targets);
}

}  // namespace kishi::training
