// The error of a checkpoint that cannot be read or written: its message names
// the file and what is wrong with it. Apart from checkpoint.h so that code
// without torch (self-play's runner) can catch it.
#pragma once

#include <stdexcept>

namespace kishi::nn {

class CheckpointError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace kishi::nn
