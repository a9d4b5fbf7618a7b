#include "engine/common/atomic_file.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace kishi {

void write_file_atomically(const std::string& path, std::string_view bytes) {
  const std::string tmp = path + ".tmp." + std::to_string(getpid());
  {
    std::ofstream out(tmp, std::ios::binary);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    if (!out) throw std::runtime_error("cannot write '" + tmp + "'");
  }
  std::filesystem::rename(tmp, path);
}

int remove_stale_temporaries(const std::string& dir) {
  int removed = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    const size_t at = name.rfind(".tmp.");
    if (at == std::string::npos || !entry.is_regular_file()) continue;
    const char* first = name.data() + at + 5;
    const char* last = name.data() + name.size();
    pid_t pid = 0;
    const auto [end, err] = std::from_chars(first, last, pid);
    if (err != std::errc() || end != last || pid <= 0) continue;
    if (kill(pid, 0) == 0 || errno == EPERM) continue;  // its writer still runs
    if (std::filesystem::remove(entry.path(), ec)) ++removed;
  }
  return removed;
}

}  // namespace kishi
