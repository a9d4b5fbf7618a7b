#!/usr/bin/env bash
# Installs every Debian package kishi needs. Idempotent: when everything is
# present it only checks (no apt-get update), so repeated runs take seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build ccache pkg-config git
  libtorch-dev          # LibTorch C++ frontend: network, training (src/nn/, src/training/)
  libdnnl-dev           # oneDNN, the CPU kernels LibTorch links: the network at AVX-512, VNNI and bf16 (src/nn/onednn/)
  libonnx-dev           # ONNX's protobuf classes and checker: kishi export-onnx (src/nn/onnx/)
  libgloo-dev           # headers of torch c10d's Gloo backend: data-parallel training
  libeigen3-dev         # linear algebra for rating fits (match/)
  libspdlog-dev         # logging
  libgtest-dev          # unit tests
  libbenchmark-dev      # micro-benchmarks (bench/)
  libcli11-dev          # command-line parsing of the kishi subcommands
  libtomlplusplus-dev   # configs/*.toml
  nlohmann-json3-dev    # JSON summaries and metrics
  libzstd-dev           # compressed self-play chunks
  libcpp-httplib-dev    # kishi serve's HTTP server (src/serve/)
  chromium              # the browser of the web board's tests (tests/web/)
  clang                 # libFuzzer targets (tests/fuzz)
  fairy-stockfish       # reference engine for perft speed and matches
  gpsshogi              # match opponent (gpsusi)
)

# Node.js and npm for the web board's libraries and tests, unless the machine
# has its own (a Node.js of another source would conflict with Debian's).
command -v npm >/dev/null || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

# The page's libraries and the browser tests' driver, pinned in
# web/package-lock.json; onnxruntime-node, which runs the exported ONNX models
# in tests/onnx/, pinned in tests/onnx/package-lock.json (npm ci downloads
# nothing when they are in place).
npm_ci() {  # DIR PACKAGE...
  local dir=$1 p
  shift
  for p in "$@"; do
    if [ ! -d "$dir/node_modules/$p" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
      echo "install-deps: npm ci in $dir/"
      (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
      return
    fi
  done
}
npm_packages() {
  npm_ci web shogiground playwright-core
  npm_ci tests/onnx onnxruntime-node
}

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  npm_packages
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages: ${missing[*]}" >&2
  echo "install-deps: run this script as root (or: sudo $0)" >&2
  exit 1
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
npm_packages
