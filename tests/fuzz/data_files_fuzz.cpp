// Fuzz target for the readers of kishi's own files: the first byte picks the
// reader (even: a self-play chunk, odd: a checkpoint's envelope, which checks
// the torch archive's length and checksum before torch reads a byte), the
// rest is the file. Whatever the bytes, a reader must answer or give an error
// (naming the file, for chunks), never crash nor allocate what the file merely
// claims; a chunk it accepts must write back and read again to the same
// games, and an envelope it accepts must be the one written for its archive.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

#include "chunks/chunk.h"
#include "nn/checkpoint_file.h"

namespace {

const std::string& scratch_path() {
  static const std::string path = "/tmp/kishi-fuzz-" + std::to_string(getpid()) + ".bin";
  return path;
}

void write(const std::string& path, const uint8_t* data, size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string& path = scratch_path();
  write(path, data + 1, size - 1);
  if (data[0] % 2 == 0) {
    const auto chunk = kishi::selfplay::read_chunk(path);
    if (!chunk) {
      if (chunk.error().find(path) == std::string::npos) std::abort();  // the file is named
      return 0;
    }
    kishi::selfplay::write_chunk(path, *chunk);
    const auto again = kishi::selfplay::read_chunk(path);
    if (!again || again->games.size() != chunk->games.size() || again->game != chunk->game)
      std::abort();
  } else {
    const std::string_view file(reinterpret_cast<const char*>(data + 1), size - 1);
    const auto archive = kishi::nn::checkpoint_archive(file);
    if (archive && archive->data() != file.data() &&  // a bare archive of an earlier build
        kishi::nn::checkpoint_file(*archive) != file)
      std::abort();
  }
  return 0;
}
