#include "common/atomic_file.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "common/process_name.h"

namespace kishi {

void write_file_atomically(const std::string& path, std::string_view bytes) {
  const std::string tmp = path + ".tmp." + host_name() + "." + std::to_string(getpid());
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
    // NAME.tmp.HOST.PID (NAME.tmp.PID: a writer of this host, older kishi).
    const std::string writer = name.substr(at + 5);
    const size_t dot = writer.rfind('.');
    const std::string host = dot == std::string::npos ? host_name() : writer.substr(0, dot);
    const std::string pid_text = dot == std::string::npos ? writer : writer.substr(dot + 1);
    pid_t pid = 0;
    const auto [end, err] =
        std::from_chars(pid_text.data(), pid_text.data() + pid_text.size(), pid);
    if (err != std::errc() || end != pid_text.data() + pid_text.size() || pid <= 0) continue;
    if (host == host_name()) {
      if (kill(pid, 0) == 0 || errno == EPERM) continue;  // its writer still runs
    } else {
      // Another host's writer cannot be asked: a file is written in seconds,
      // so one left for an hour is a dead writer's.
      const auto age = std::filesystem::file_time_type::clock::now() - entry.last_write_time(ec);
      if (ec || age < std::chrono::hours(1)) continue;
    }
    if (std::filesystem::remove(entry.path(), ec)) ++removed;
  }
  return removed;
}

}  // namespace kishi
