// The machine's memory, for sizing what a user asks for (a USI hash) to what fits.
#pragma once

#include <cstdint>

namespace kishi {

// MB of memory available to a new allocation (Linux's MemAvailable), or -1 if unknown.
int64_t available_memory_mb();

}  // namespace kishi
