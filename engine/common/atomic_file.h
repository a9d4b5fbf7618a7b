// Files written whole or not at all: to a temporary name beside the target,
// then renamed over it, so that no reader (nor a run killed midway) ever sees
// half a file.
#pragma once

#include <string>
#include <string_view>

namespace kishi {

// Throws std::runtime_error naming the file when it cannot be written.
void write_file_atomically(const std::string& path, std::string_view bytes);

}  // namespace kishi
