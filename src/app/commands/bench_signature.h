// `kishi bench` with no suite named: the build's signature, as Stockfish's
// bench is. Each game's bench positions searched to a fixed number of playouts
// with its shipped network on one thread, batch 1, LibTorch fp32 on one
// thread: nothing depends on the clock, so the total of tree nodes is the same
// on every run of a build and model (a change that should not alter the
// search keeps it), and nodes/s is the machine's speed at it.
#pragma once

#include <cstdint>

namespace kishi::command {

struct SignatureOptions {
  int64_t playouts = 600;  // per position
};

// Prints a line per position, then `nodes N` and `nodes/s M` last.
int bench_signature(const SignatureOptions& options);

}  // namespace kishi::command
