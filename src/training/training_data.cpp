#include "training/training_data.h"

namespace kishi::training {

std::vector<std::string> newest_chunks(const std::string& run_dir) {
  namespace fs = std::filesystem;
  std::vector<std::pair<fs::file_time_type, std::string>> files;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(run_dir + "/games", ec))
    if (e.path().extension() == ".kchunk")
      files.emplace_back(e.last_write_time(ec), e.path().string());
  std::sort(files.rbegin(), files.rend());  // newest first
  std::vector<std::string> paths;
  for (auto& [time, path] : files) paths.push_back(std::move(path));
  return paths;
}

}  // namespace kishi::training
