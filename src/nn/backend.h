// Which code runs the network's forward pass: LibTorch (the trainer's, and the
// GPU's), oneDNN's primitives on the CPU (nn/onednn/), or `auto`: the fastest
// whose results hold, measured on first use (nn/torch/backend_choice.h).
// Torch-free, for the option parsers.
#pragma once

#include <stdexcept>
#include <string>

namespace kishi::nn {

enum class Backend { LibTorch, OneDnn, Auto };

inline const char* backend_name(Backend b) {
  return b == Backend::OneDnn ? "onednn" : b == Backend::Auto ? "auto" : "libtorch";
}

// Throws std::invalid_argument naming the text and the choices.
inline Backend parse_backend(const std::string& text) {
  for (Backend b : {Backend::LibTorch, Backend::OneDnn, Backend::Auto})
    if (text == backend_name(b)) return b;
  throw std::invalid_argument("unknown backend '" + text + "' (auto, libtorch, onednn)");
}

}  // namespace kishi::nn
