// What the trainer needs of a game, behind one interface so that the trainer
// (and its torch code) is compiled once for all games: the encoding it trains,
// the window of samples, and each sample's input planes and policy target.
// One virtual call per sample, far from the hot loops of the search.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "game/game.h"
#include "nn/game_encoding.h"
#include "training/training_data.h"

namespace kishi::training {

class TrainingGame {
 public:
  virtual ~TrainingGame() = default;
  virtual const nn::GameEncoding& encoding() const = 0;
  // The window from these chunk files, newest first (newest_chunks).
  virtual Window read_window(const std::vector<std::string>& chunks, size_t max_positions,
                             const ValueTargets& targets) const = 0;
  // Whether the game has a static value (ValueTargets::material_mix).
  virtual bool has_static_value() const = 0;
  // Whether samples may be mirrored (a game whose rules do not tell left from right).
  virtual bool can_mirror() const = 0;
  // Writes the sample's input planes and adds its policy target (summing to 1)
  // into policy_row (encoding().shape.policy_size() floats, zero before); where
  // legal_row is not null, sets 1 there at each legal move's policy index (the
  // moves a search's priors range over; policy_size() floats, zero before).
  virtual void encode(const Sample& sample, bool mirrored, float* input, float* policy_row,
                      float* legal_row) const = 0;
};

template <game::Game G>
class TrainingGameOf final : public TrainingGame {
 public:
  explicit TrainingGameOf(G game) : game_(std::move(game)), encoding_(nn::game_encoding(game_)) {}
  const nn::GameEncoding& encoding() const override { return encoding_; }
  Window read_window(const std::vector<std::string>& chunks, size_t max_positions,
                     const ValueTargets& targets) const override {
    return training::read_window(game_, chunks, max_positions, targets, &settled_);
  }
  bool has_static_value() const override {
    return requires(const typename G::State& s) { game_.static_value(s); };
  }
  bool can_mirror() const override { return MIRRORS; }
  void encode(const Sample& sample, bool mirrored, float* input, float* policy_row,
              float* legal_row) const override {
    std::string mirrored_text;
    if constexpr (MIRRORS)
      if (mirrored) mirrored_text = game_.mirror_state_text(sample.state);
    const auto state = game_.parse_state(mirrored ? mirrored_text : sample.state);
    if (!state) throw std::runtime_error("training sample: " + state.error());
    const typename G::Encoding e;
    if constexpr (requires { e.encode(*state, sample.history, input); })
      e.encode(*state, sample.history, input);
    else
      e.encode(*state, input);
    float total = 0;
    for (const auto& p : sample.policy) total += p.probability;
    for (const auto& p : sample.policy) {
      auto action = game_.unpack(p.action);
      if constexpr (MIRRORS)
        if (mirrored) action = game_.mirror_action(action);
      if (game_.is_legal(*state, action))
        policy_row[e.policy_index(*state, action)] += p.probability / total;
    }
    if (!legal_row) return;
    typename G::ActionList legal;
    game_.legal_actions(*state, legal);
    for (const auto& action : legal) legal_row[e.policy_index(*state, action)] = 1;
  }

 private:
  static constexpr bool MIRRORS = requires(const G& g, typename G::Action a) {
    g.mirror_state_text(std::string_view());
    g.mirror_action(a);
  };
  G game_;
  nn::GameEncoding encoding_;
  mutable SettledMaterial settled_;  // the trainer reads its windows on one thread
};

template <game::Game G>
std::unique_ptr<TrainingGame> training_game(G game) {
  return std::make_unique<TrainingGameOf<G>>(std::move(game));
}

}  // namespace kishi::training
