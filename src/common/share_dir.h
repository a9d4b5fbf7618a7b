// Where kishi's read-only files (models/, web/) are: beside an installed
// binary (PREFIX/bin/kishi reads PREFIX/share/kishi/NAME, as `cmake --install`
// puts them), else in the source tree the binary was built from.
#pragma once

#include <string>
#include <string_view>

namespace kishi {

// PREFIX/share/kishi/`name` when it exists beside the running binary, else
// `source` (the source tree's folder, compiled in).
std::string share_dir(std::string_view name, std::string_view source);

}  // namespace kishi
