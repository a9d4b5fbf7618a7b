// PUCT's exploration constants, in a header of their own so that what sets
// them (the engine's settings, the protocol's options) need not include the
// search.
#pragma once

namespace kishi::search {

// The defaults are AlphaZero's, which self-play, kishi evaluate and the bench
// suites search with; play (kishi usi, kishi serve) sets its own in
// play::Settings.
struct PuctParams {
  // AlphaZero's exploration schedule: c = c_init + log((N + c_base + 1) / c_base).
  float cpuct_init = 1.25f;
  float cpuct_base = 19652.0f;
  // First-play urgency: an unvisited child is valued at the node's evaluation
  // minus this times the square root of the prior mass already visited.
  float fpu_reduction = 0.25f;
  float root_fpu_reduction = 0.0f;
};

}  // namespace kishi::search
