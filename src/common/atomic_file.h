// Files written whole or not at all: to a temporary name beside the target,
// then renamed over it, so that no reader (nor a run killed midway) ever sees
// half a file.
#pragma once

#include <string>
#include <string_view>

namespace kishi {

// Throws std::runtime_error naming the file when it cannot be written.
void write_file_atomically(const std::string& path, std::string_view bytes);

// Removes from `dir` the temporary files (NAME.tmp.HOST.PID) of writers that
// died before their rename: this host's whose process is gone, another host's
// (a shared directory) an hour old. Returns how many.
int remove_stale_temporaries(const std::string& dir);

}  // namespace kishi
