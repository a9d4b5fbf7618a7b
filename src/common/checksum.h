// The checksum of kishi's own files (self-play chunks, checkpoints): FNV-1a,
// 64 bits. Not for security: it shows a flipped bit or a torn write.
#pragma once

#include <cstddef>
#include <cstdint>

namespace kishi {

constexpr uint64_t FNV1A_BASIS = 0xcbf29ce484222325ULL;

// Chains: fnv1a(b, n, fnv1a(a, m)) is the checksum of a followed by b.
inline uint64_t fnv1a(const void* data, size_t size, uint64_t h = FNV1A_BASIS) {
  const auto* p = static_cast<const uint8_t*>(data);
  for (size_t i = 0; i < size; ++i) h = (h ^ p[i]) * 0x100000001b3ULL;
  return h;
}

}  // namespace kishi
