#include "common/share_dir.h"

#include <filesystem>

namespace kishi {

std::string share_dir(std::string_view name, std::string_view source) {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto installed = exe.parent_path().parent_path() / "share" / "kishi" / name;
    if (std::filesystem::is_directory(installed, ec)) return installed.string();
  }
  return std::string(source);
}

}  // namespace kishi
