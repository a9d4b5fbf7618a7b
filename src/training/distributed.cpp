#include "training/distributed.h"

#include <charconv>
#include <cstdlib>
#include <stdexcept>

namespace kishi::training {

std::string ProcessGroupSettings::who() const {
  return "training rank " + std::to_string(rank) + " of " + std::to_string(size);
}

std::optional<ProcessGroupSettings> process_group_from_environment(
    const std::function<const char*(const char*)>& get_variable) {
  const auto get = [&](const char* name) {
    return get_variable ? get_variable(name) : std::getenv(name);
  };
  const auto number = [&](const char* name, int low, int high,
                          std::optional<int> otherwise) -> int {
    const char* text = get(name);
    if (!text || !*text) {
      if (otherwise) return *otherwise;
      throw std::invalid_argument(std::string(name) +
                                  " is not set: a training of WORLD_SIZE processes needs "
                                  "WORLD_SIZE, RANK, MASTER_ADDR and MASTER_PORT (as torchrun "
                                  "sets them)");
    }
    int value = 0;
    const char* end = text + std::char_traits<char>::length(text);
    const auto [last, err] = std::from_chars(text, end, value);
    if (err != std::errc() || last != end || value < low || value > high)
      throw std::invalid_argument(std::string(name) + "='" + text +
                                  "': must be a whole number of " + std::to_string(low) + " to " +
                                  std::to_string(high));
    return value;
  };
  const int size = number("WORLD_SIZE", 1, 65536, 1);
  if (size == 1) return std::nullopt;
  ProcessGroupSettings s;
  s.size = size;
  s.rank = number("RANK", 0, size - 1, std::nullopt);
  s.local_rank = number("LOCAL_RANK", 0, 65535, 0);
  s.master_port = number("MASTER_PORT", 1, 65535, std::nullopt);
  const char* addr = get("MASTER_ADDR");
  if (!addr || !*addr)
    throw std::invalid_argument(
        "MASTER_ADDR is not set: the host of rank 0, where the others meet it (as torchrun sets "
        "it)");
  s.master_addr = addr;
  return s;
}

}  // namespace kishi::training
