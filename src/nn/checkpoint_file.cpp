#include "nn/checkpoint_file.h"

#include <cstdint>
#include <cstring>

#include "common/checksum.h"

namespace kishi::nn {

namespace {

constexpr char MAGIC[8] = {'K', 'I', 'S', 'H', 'I', 'C', 'K', 'P'};
constexpr size_t ENVELOPE = 8 + 8 + 8;

bool is_zip(std::string_view bytes) {
  return bytes.size() >= 4 && bytes[0] == 'P' && bytes[1] == 'K' && bytes[2] == 3 && bytes[3] == 4;
}

}  // namespace

std::string checkpoint_file(std::string_view archive) {
  std::string file(MAGIC, 8);
  const uint64_t length = archive.size(), sum = fnv1a(archive.data(), archive.size());
  file.append(reinterpret_cast<const char*>(&length), 8);
  file.append(reinterpret_cast<const char*>(&sum), 8);
  file += archive;
  return file;
}

Expected<std::string_view> checkpoint_archive(std::string_view file) {
  using Result = Expected<std::string_view>;
  if (is_zip(file)) return file;  // written before the envelope
  if (file.size() < ENVELOPE || std::memcmp(file.data(), MAGIC, 8) != 0)
    return Result::failure("not a kishi checkpoint");
  uint64_t length = 0, sum = 0;
  std::memcpy(&length, file.data() + 8, 8);
  std::memcpy(&sum, file.data() + 16, 8);
  if (length != file.size() - ENVELOPE)
    return Result::failure("truncated or damaged (" + std::to_string(file.size() - ENVELOPE) +
                           " bytes of archive, the header says " + std::to_string(length) + ")");
  const std::string_view archive = file.substr(ENVELOPE);
  if (fnv1a(archive.data(), archive.size()) != sum)
    return Result::failure("checksum mismatch (damaged)");
  return archive;
}

}  // namespace kishi::nn
