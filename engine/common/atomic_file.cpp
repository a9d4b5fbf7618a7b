#include "engine/common/atomic_file.h"

#include <unistd.h>

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

}  // namespace kishi
