#include "serve/access.h"

#include <random>

namespace kishi::serve {

bool same_token(std::string_view given, std::string_view expected) {
  // Every byte of the expected token is compared whatever the given one
  // holds: the time tells nothing of how much of it was right.
  unsigned char diff = given.size() == expected.size() ? 0 : 1;
  for (size_t i = 0; i < expected.size(); ++i)
    diff |= (i < given.size() ? static_cast<unsigned char>(given[i]) : 0) ^
            static_cast<unsigned char>(expected[i]);
  return diff == 0 && !expected.empty();
}

std::string random_hex(int digits) {
  std::random_device device;
  std::string s;
  for (int i = 0; i < digits; ++i) s += "0123456789abcdef"[device() % 16];
  return s;
}

bool is_loopback(std::string_view address) {
  if (address == "localhost" || address == "::1") return true;
  // 127.0.0.0/8 written as numbers: "127.example.com" is a name, not loopback.
  return address.substr(0, 4) == "127." &&
         address.find_first_not_of("0123456789.") == std::string_view::npos;
}

bool host_allowed(std::string_view host, std::string_view listen, int port) {
  std::string_view name = host;
  if (const size_t colon = host.rfind(':');
      colon != std::string_view::npos && host.find(']', colon) == std::string_view::npos) {
    if (host.substr(colon + 1) != std::to_string(port)) return false;
    name = host.substr(0, colon);
  }
  if (name.empty()) return false;
  if (name == "localhost" || name == "127.0.0.1" || name == "[::1]") return true;
  // Listening on every address needs a token, which no rebinding page has.
  if (listen == "0.0.0.0" || listen == "::") return true;
  return name == listen ||
         (name.size() > 2 && name.front() == '[' && name.substr(1, name.size() - 2) == listen);
}

std::string cookie_value(std::string_view header, std::string_view name) {
  size_t at = 0;
  while (at < header.size()) {
    const size_t end = std::min(header.find(';', at), header.size());
    std::string_view part = header.substr(at, end - at);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    if (part.size() > name.size() && part.substr(0, name.size()) == name &&
        part[name.size()] == '=')
      return std::string(part.substr(name.size() + 1));
    at = end + 1;
  }
  return {};
}

}  // namespace kishi::serve
