#include "common/memory.h"

#include <fstream>
#include <string>

namespace kishi {

int64_t available_memory_mb() {
  std::ifstream in("/proc/meminfo");
  std::string key, unit;
  int64_t kb = 0;
  while (in >> key >> kb >> unit)
    if (key == "MemAvailable:") return kb / 1024;
  return -1;
}

}  // namespace kishi
