#!/usr/bin/env bash
# Installs every Debian package kishi needs. Idempotent: when everything is
# present it only checks (no apt-get update), so repeated runs take seconds.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config git
  libtorch-dev          # LibTorch C++ frontend: network, training (nn/, training/)
  libeigen3-dev         # linear algebra for rating fits (match/)
  libspdlog-dev         # logging
  libgtest-dev          # unit tests
  libbenchmark-dev      # micro-benchmarks (bench/)
  libcli11-dev          # command-line parsing of the kishi subcommands
  libtomlplusplus-dev   # configs/*.toml
  nlohmann-json3-dev    # JSON summaries and metrics
  libzstd-dev           # compressed self-play chunks
  clang                 # libFuzzer targets (tests/fuzz)
  fairy-stockfish       # reference engine for perft speed and matches
  gpsshogi              # match opponent (gpsusi)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
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
