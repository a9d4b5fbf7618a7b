#include "nn/torch/checkpoint.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>

#include "common/atomic_file.h"
#include "nn/checkpoint_file.h"

namespace kishi::nn {

namespace {

constexpr const char* FORMAT = "kishi-checkpoint-1";

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

std::string describe(const game::EncodingShape& s) {
  return std::to_string(s.planes) + "x" + std::to_string(s.height) + "x" + std::to_string(s.width) +
         " (policy " + std::to_string(s.policy_planes) + " planes)";
}

}  // namespace

void save_checkpoint(const std::string& path, PolicyValueNet& net, const CheckpointInfo& info,
                     const ArchiveWriter& extra) {
  torch::serialize::OutputArchive archive;
  archive.write("kishi/format", c10::IValue(std::string(FORMAT)));
  const GameEncoding& e = info.encoding;
  archive.write("kishi/game", c10::IValue(e.game));
  archive.write("kishi/encoder", c10::IValue(e.version));
  archive.write("kishi/shape/planes", c10::IValue(int64_t(e.shape.planes)));
  archive.write("kishi/shape/height", c10::IValue(int64_t(e.shape.height)));
  archive.write("kishi/shape/width", c10::IValue(int64_t(e.shape.width)));
  archive.write("kishi/shape/policy_planes", c10::IValue(int64_t(e.shape.policy_planes)));
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

  try {
    std::ostringstream zip;
    archive.save_to(zip);
    write_file_atomically(path, checkpoint_file(zip.str()));
  } catch (const std::exception& error) {
    throw CheckpointError("cannot write checkpoint '" + path + "': " + first_line(error.what()));
  }
}

LoadedCheckpoint load_checkpoint(const std::string& path, const GameEncoding& expected,
                                 const ArchiveReader& extra) {
  const auto fail = [&](const std::string& what) {
    return CheckpointError("checkpoint '" + path + "': " + what);
  };
  if (!std::filesystem::exists(path)) throw fail("no such file");
  if (std::filesystem::is_directory(path)) throw fail("a directory, not a checkpoint");
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in) throw fail("cannot read it");
  const std::string file = bytes.str();
  const auto zip = checkpoint_archive(file);
  if (!zip) throw fail(zip.error());

  torch::serialize::InputArchive archive;
  try {
    archive.load_from(zip->data(), zip->size());
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
  GameEncoding& e = info.encoding;
  e.game = read_string("kishi/game");
  e.version = read_string("kishi/encoder");
  // The encoder decides: games that share one (shogi and showgit, whose
  // promotion rule only removes moves) read each other's networks.
  if (e.version != expected.version)
    throw fail(e.game != expected.game
                   ? "a network for game '" + e.game + "', not '" + expected.game + "'"
                   : "encoder '" + e.version + "', this build encodes '" + expected.game +
                         "' as '" + expected.version + "'");
  // A version names one layout: a file from before the shape was recorded has
  // the shape of its version.
  e.shape = expected.shape;
  if (c10::IValue v; archive.try_read("kishi/shape/planes", v)) {
    e.shape.planes = int(read_int("kishi/shape/planes"));
    e.shape.height = int(read_int("kishi/shape/height"));
    e.shape.width = int(read_int("kishi/shape/width"));
    e.shape.policy_planes = int(read_int("kishi/shape/policy_planes"));
    if (!(e.shape == expected.shape))
      throw fail("encoding shape " + describe(e.shape) + ", this build's '" + e.version + "' is " +
                 describe(expected.shape));
  }
  info.step = read_int("kishi/step");
  info.model.blocks = int(read_int("kishi/model/blocks"));
  info.model.channels = int(read_int("kishi/model/channels"));
  info.model.squeeze_excitation = read_int("kishi/model/squeeze_excitation") != 0;
  info.model.policy_channels = int(read_int("kishi/model/policy_channels"));
  info.model.value_channels = int(read_int("kishi/model/value_channels"));
  info.model.value_hidden = int(read_int("kishi/model/value_hidden"));

  loaded.net = PolicyValueNet(info.model, e.shape);
  try {
    torch::serialize::InputArchive weights;
    archive.read("model", weights);
    loaded.net->load(weights);
    if (extra) extra(archive);
  } catch (const std::exception& error) {
    throw fail("damaged weights (" + first_line(error.what()) + ")");
  }
  return loaded;
}

}  // namespace kishi::nn
