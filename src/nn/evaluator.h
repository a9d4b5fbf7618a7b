// The batched-evaluation interface of the network layer, free of any game: a
// position arrives encoded (input planes written by its game's Encoding) with
// the policy indices of its legal actions, and leaves as win/draw/loss and a
// prior for each of those indices, in their order.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "game/encoding.h"

namespace kishi::nn {

using game::EncodingShape;

struct EncodedPosition {
  const float* input = nullptr;         // shape.input_size() floats
  std::span<const int> policy_indices;  // of the legal actions, each in [0, policy_size)
};

struct PolicyValue {
  std::array<float, 3> wdl = {0, 1, 0};  // win, draw, loss for the side to move
  std::vector<float> priors;             // by policy index given, summing to 1
  float value() const { return wdl[0] - wdl[2]; }
};

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // Evaluates positions[i] into results[i]; the spans have the same size.
  virtual void evaluate(std::span<const EncodedPosition> positions,
                        std::span<PolicyValue> results) = 0;
};

}  // namespace kishi::nn
