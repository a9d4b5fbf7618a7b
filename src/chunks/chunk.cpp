#include "chunks/chunk.h"

#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "common/atomic_file.h"
#include "common/checksum.h"

namespace kishi::selfplay {

namespace {

constexpr char MAGIC[8] = {'K', 'I', 'S', 'H', 'I', 'C', 'H', 'K'};
// magic, version, game (v1: an id; v2: the name's length), model id length,
// raw payload length, compressed length, checksum
constexpr size_t FIXED_HEADER = 8 + 4 + 4 + 4 + 8 + 8 + 8;

// The checksum (common/checksum.h) covers the whole file but its own field.

class Writer {
 public:
  template <class T>
  void put(T v) {
    const size_t n = bytes_.size();
    bytes_.resize(n + sizeof(T));
    std::memcpy(bytes_.data() + n, &v, sizeof(T));
  }
  void put_string(const std::string& s) {
    put<uint16_t>(uint16_t(s.size()));
    bytes_.insert(bytes_.end(), s.begin(), s.end());
  }
  std::vector<uint8_t>& bytes() { return bytes_; }

 private:
  std::vector<uint8_t> bytes_;
};

class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  template <class T>
  T get() {
    if (pos_ + sizeof(T) > size_) throw std::runtime_error("record runs past the end of the data");
    T v;
    std::memcpy(&v, data_ + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }
  std::string get_string() {
    const uint16_t n = get<uint16_t>();
    if (pos_ + n > size_) throw std::runtime_error("string runs past the end of the data");
    std::string s(reinterpret_cast<const char*>(data_ + pos_), n);
    pos_ += n;
    return s;
  }
  bool done() const { return pos_ == size_; }
  // A count read from the data, refused when its items (each at least
  // `min_bytes` long) cannot fit in what is left: a damaged count must not
  // allocate gigabytes before the reader fails.
  template <class T>
  size_t get_count(size_t min_bytes, const char* what) {
    const size_t n = get<T>();
    if (n > (size_ - pos_) / min_bytes)
      throw std::runtime_error(std::to_string(n) + " " + what + " cannot fit in the " +
                               std::to_string(size_ - pos_) + " bytes left");
    return n;
  }

 private:
  const uint8_t* data_;
  size_t size_, pos_ = 0;
};

std::vector<uint8_t> encode_games(const std::vector<GameRecord>& games) {
  Writer w;
  w.put<uint32_t>(uint32_t(games.size()));
  for (const GameRecord& g : games) {
    w.put_string(g.start_state);
    w.put<int8_t>(g.result);
    w.put<uint8_t>(g.reason);
    w.put<uint32_t>(uint32_t(g.moves.size()));
    for (const MoveRecord& m : g.moves) {
      w.put<uint32_t>(m.action);
      w.put<float>(m.root_value);
      w.put<uint8_t>(m.has_policy);
      w.put<uint16_t>(uint16_t(m.policy.size()));
      for (const PolicyEntry& p : m.policy) {
        w.put<uint32_t>(p.action);
        w.put<uint16_t>(uint16_t(std::lround(std::clamp(p.probability, 0.0f, 1.0f) * 65535)));
      }
    }
  }
  return std::move(w.bytes());
}

// Version 1 stored actions (shogi moves) in 16 bits, version 2 in 32.
std::vector<GameRecord> decode_games(const uint8_t* data, size_t size, uint32_t version) {
  Reader r(data, size);
  const size_t action_bytes = version == 1 ? 2 : 4;
  const auto action = [&] { return version == 1 ? r.get<uint16_t>() : r.get<uint32_t>(); };
  // The fewest bytes of a game (empty start state, no move), a move and a policy entry.
  const size_t game_bytes = 2 + 1 + 1 + 4, move_bytes = action_bytes + 4 + 1 + 2,
               entry_bytes = action_bytes + 2;
  std::vector<GameRecord> games(r.get_count<uint32_t>(game_bytes, "games"));
  for (GameRecord& g : games) {
    g.start_state = r.get_string();
    g.result = r.get<int8_t>();
    g.reason = r.get<uint8_t>();
    g.moves.resize(r.get_count<uint32_t>(move_bytes, "moves"));
    for (MoveRecord& m : g.moves) {
      m.action = action();
      m.root_value = r.get<float>();
      m.has_policy = r.get<uint8_t>() != 0;
      m.policy.resize(r.get_count<uint16_t>(entry_bytes, "policy entries"));
      for (PolicyEntry& p : m.policy) {
        p.action = action();
        p.probability = r.get<uint16_t>() / 65535.0f;
      }
    }
  }
  if (!r.done()) throw std::runtime_error("data left over after the last game");
  return games;
}

}  // namespace

size_t Chunk::positions() const {
  size_t n = 0;
  for (const auto& g : games) n += g.moves.size();
  return n;
}

void write_chunk(const std::string& path, const Chunk& chunk) {
  const std::vector<uint8_t> raw = encode_games(chunk.games);
  std::vector<uint8_t> packed(ZSTD_compressBound(raw.size()));
  const size_t packed_size = ZSTD_compress(packed.data(), packed.size(), raw.data(), raw.size(), 3);
  if (ZSTD_isError(packed_size))
    throw std::runtime_error("zstd failed on '" + path + "': " + ZSTD_getErrorName(packed_size));
  packed.resize(packed_size);

  Writer w;
  for (char c : MAGIC) w.put<char>(c);
  w.put<uint32_t>(CHUNK_FORMAT_VERSION);
  w.put<uint32_t>(uint32_t(chunk.game.size()));
  w.put<uint32_t>(uint32_t(chunk.model_id.size()));
  w.put<uint64_t>(raw.size());
  w.put<uint64_t>(packed.size());
  w.put<uint64_t>(0);  // checksum, filled below
  std::vector<uint8_t>& file = w.bytes();
  file.insert(file.end(), chunk.game.begin(), chunk.game.end());
  file.insert(file.end(), chunk.model_id.begin(), chunk.model_id.end());
  file.insert(file.end(), packed.begin(), packed.end());
  const uint64_t sum = fnv1a(file.data() + FIXED_HEADER, file.size() - FIXED_HEADER,
                             fnv1a(file.data(), FIXED_HEADER - 8));
  std::memcpy(file.data() + FIXED_HEADER - 8, &sum, 8);

  write_file_atomically(path, {reinterpret_cast<const char*>(file.data()), file.size()});
}

Expected<Chunk> read_chunk(const std::string& path) {
  const auto fail = [&](const std::string& what) {
    return Expected<Chunk>::failure("chunk '" + path + "': " + what);
  };
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return fail("a directory, not a chunk file");
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot open");
  std::vector<uint8_t> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (file.size() < FIXED_HEADER)
    return fail("truncated (" + std::to_string(file.size()) + " bytes)");
  if (std::memcmp(file.data(), MAGIC, 8) != 0) return fail("not a kishi chunk (bad magic)");
  Reader header(file.data() + 8, FIXED_HEADER - 8);
  const uint32_t version = header.get<uint32_t>();
  if (version != 1 && version != CHUNK_FORMAT_VERSION)
    return fail("format version " + std::to_string(version) + ", this build reads 1 and " +
                std::to_string(CHUNK_FORMAT_VERSION));
  const uint32_t game = header.get<uint32_t>();
  const uint32_t game_len = version == 1 ? 0 : game;
  const uint32_t model_len = header.get<uint32_t>();
  const uint64_t raw_size = header.get<uint64_t>();
  const uint64_t packed_size = header.get<uint64_t>();
  const uint64_t sum = header.get<uint64_t>();
  const uint64_t expected = FIXED_HEADER + uint64_t(game_len) + model_len + packed_size;
  if (expected != file.size())
    return fail("truncated or padded: header says " + std::to_string(expected) +
                " bytes, file has " + std::to_string(file.size()));
  if (fnv1a(file.data() + FIXED_HEADER, file.size() - FIXED_HEADER,
            fnv1a(file.data(), FIXED_HEADER - 8)) != sum)
    return fail("checksum mismatch (damaged)");
  if (version == 1 && game > 255) return fail("unknown game id " + std::to_string(game));
  if (raw_size > (uint64_t(1) << 32)) return fail("implausible size");

  Chunk chunk;
  const char* text = reinterpret_cast<const char*>(file.data() + FIXED_HEADER);
  // Version 1 knew games by number (GameInfo::chunk_v1_id).
  if (version == 1)
    chunk.v1_game_id = int(game);
  else
    chunk.game.assign(text, game_len);
  chunk.model_id.assign(text + game_len, model_len);
  std::vector<uint8_t> raw(raw_size);
  const size_t got = ZSTD_decompress(
      raw.data(), raw.size(), file.data() + FIXED_HEADER + game_len + model_len, packed_size);
  if (ZSTD_isError(got)) return fail(std::string("zstd: ") + ZSTD_getErrorName(got));
  if (got != raw_size) return fail("decompressed size differs from the header");
  try {
    chunk.games = decode_games(raw.data(), raw.size(), version);
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  return chunk;
}

}  // namespace kishi::selfplay
