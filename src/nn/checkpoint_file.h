// The envelope of a checkpoint file, without torch: MAGIC ("KISHICKP"), the
// torch archive's length and its checksum (uint64 each, little-endian), then
// the archive (a zip file). Files from before the envelope are bare archives,
// read without a check.
#pragma once

#include <string>
#include <string_view>

#include "common/expected.h"

namespace kishi::nn {

// The file's bytes for an archive.
std::string checkpoint_file(std::string_view archive);
// The archive inside a file's bytes (a view into them); the error names the damage.
Expected<std::string_view> checkpoint_archive(std::string_view file);

}  // namespace kishi::nn
