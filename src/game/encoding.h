// What the network sees of a game: an Encoding turns a state into input planes
// and names each action by an index into the policy. It lives with its game
// (games/shogi/encoding.h); the network, batcher, cache and trainer see only
// the floats, the indices and the shape, so they are compiled once for all
// games. VERSION names the layout and every checkpoint records it.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace kishi::game {

// Input planes of height x width, and a policy of policy_planes planes of the
// same size (a convolutional policy head: index = plane * height * width + square).
struct EncodingShape {
  int planes = 0, height = 0, width = 0, policy_planes = 0;
  constexpr size_t input_size() const { return size_t(planes) * height * width; }
  constexpr int policy_size() const { return policy_planes * height * width; }
  constexpr bool operator==(const EncodingShape&) const = default;
};

template <class E, class G>
concept EncodingFor = requires(const E& e, const typename G::State& s, typename G::Action a,
                               float* out) {
  { E::VERSION } -> std::convertible_to<std::string_view>;
  { E::SHAPE } -> std::convertible_to<EncodingShape>;
  e.encode(s, out);  // writes SHAPE.input_size() floats
  // A key for everything encode() sees (the cache's key).
  { e.key(s) } -> std::convertible_to<uint64_t>;
  // In [0, SHAPE.policy_size()), different for different legal actions of s.
  { e.policy_index(s, a) } -> std::convertible_to<int>;
};

}  // namespace kishi::game
