#include "common/process_name.h"

#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <random>

namespace kishi {

const std::string& host_name() {
  static const std::string name = [] {
    char buffer[256] = {};
    if (gethostname(buffer, sizeof buffer - 1) != 0 || !buffer[0]) return std::string("host");
    std::string s(buffer);
    for (char& c : s)
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_')) c = '_';
    return s;
  }();
  return name;
}

const std::string& process_name() {
  static const std::string name = [] {
    char tag[16];
    std::snprintf(tag, sizeof tag, "%08x", unsigned(std::random_device{}()));
    return host_name() + "-" + std::to_string(getpid()) + "-" + tag;
  }();
  return name;
}

}  // namespace kishi
