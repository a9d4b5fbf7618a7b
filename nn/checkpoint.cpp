#include "nn/checkpoint.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "nn/encoder.h"

namespace kishi::nn {

namespace {

constexpr const char* FORMAT = "kishi-checkpoint-1";

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

// Torch archives are zip files.
bool looks_like_zip(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char magic[4] = {};
  in.read(magic, 4);
  return in && magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4;
}

}  // namespace

void save_checkpoint(const std::string& path, PolicyValueNet& net, const CheckpointInfo& info,
                     const ArchiveWriter& extra) {
  torch::serialize::OutputArchive archive;
  archive.write("kishi/format", c10::IValue(std::string(FORMAT)));
  archive.write("kishi/game", c10::IValue(info.game));
  archive.write("kishi/encoder", c10::IValue(info.encoder));
  archive.write("kishi/step", c10::IValue(info.step));
  const ModelConfig& m = info.model;
  archive.write("kishi/model/blocks", c10::IValue(int64_t(m.blocks)));
  archive.write("kishi/model/channels", c10::IValue(int64_t(m.channels)));
  archive.write("kishi/model/squeeze_excitation", c10::IValue(int64_t(m.squeeze_excitation)));
  archive.write("kishi/model/policy_channels", c10::IValue(int64_t(m.policy_channels)));
  archive.write("kishi/model/value_channels", c10::IValue(int64_t(m.value_channels)));
  archive.write("kishi/model/value_hidden", c10::IValue(int64_t(m.value_hidden)));
  torch::serialize::OutputArchive weights;
  net->save(weights);
  archive.write("model", weights);
  if (extra) extra(archive);

  const std::string tmp = path + ".tmp." + std::to_string(getpid());
  try {
    archive.save_to(tmp);
    std::filesystem::rename(tmp, path);
  } catch (const std::exception& e) {
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw CheckpointError("cannot write checkpoint '" + path + "': " + first_line(e.what()));
  }
}

LoadedCheckpoint load_checkpoint(const std::string& path, const std::string& expected_game,
                                 const ArchiveReader& extra) {
  const auto fail = [&](const std::string& what) {
    return CheckpointError("checkpoint '" + path + "': " + what);
  };
  if (!std::filesystem::exists(path)) throw fail("no such file");
  if (!looks_like_zip(path)) throw fail("not a kishi checkpoint (not a torch archive)");

  torch::serialize::InputArchive archive;
  try {
    archive.load_from(path);
  } catch (const std::exception& e) {
    throw fail("truncated or damaged (" + first_line(e.what()) + ")");
  }
  const auto read_string = [&](const char* key) {
    c10::IValue v;
    if (!archive.try_read(key, v) || !v.isString())
      throw fail(std::string("not a kishi checkpoint (no ") + key + ")");
    return v.toStringRef();
  };
  const auto read_int = [&](const char* key) {
    c10::IValue v;
    if (!archive.try_read(key, v) || !v.isInt())
      throw fail(std::string("damaged (no ") + key + ")");
    return v.toInt();
  };
  if (read_string("kishi/format") != FORMAT)
    throw fail("format '" + read_string("kishi/format") + "', this build reads '" + FORMAT + "'");

  LoadedCheckpoint loaded;
  CheckpointInfo& info = loaded.info;
  info.game = read_string("kishi/game");
  info.encoder = read_string("kishi/encoder");
  if (info.game != expected_game)
    throw fail("a network for game '" + info.game + "', not '" + expected_game + "'");
  if (info.encoder != ENCODER_VERSION)
    throw fail("encoder '" + info.encoder + "', this build encodes '" +
               std::string(ENCODER_VERSION) + "'");
  info.step = read_int("kishi/step");
  info.model.blocks = int(read_int("kishi/model/blocks"));
  info.model.channels = int(read_int("kishi/model/channels"));
  info.model.squeeze_excitation = read_int("kishi/model/squeeze_excitation") != 0;
  info.model.policy_channels = int(read_int("kishi/model/policy_channels"));
  info.model.value_channels = int(read_int("kishi/model/value_channels"));
  info.model.value_hidden = int(read_int("kishi/model/value_hidden"));

  loaded.net = PolicyValueNet(info.model);
  try {
    torch::serialize::InputArchive weights;
    archive.read("model", weights);
    loaded.net->load(weights);
    if (extra) extra(archive);
  } catch (const std::exception& e) {
    throw fail("damaged weights (" + first_line(e.what()) + ")");
  }
  return loaded;
}

}  // namespace kishi::nn
