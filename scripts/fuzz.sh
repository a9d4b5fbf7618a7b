#!/usr/bin/env bash
# Builds the libFuzzer target with clang, ASan and UBSan, and runs it.
#   scripts/fuzz.sh [seconds]   (default 600)
# A crash or sanitizer report stops the run with a non-zero exit and leaves the
# input in build-fuzz/crash-*.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
command -v clang++ >/dev/null || { echo "fuzz: clang++ missing (scripts/install-deps.sh installs it)" >&2; exit 1; }
[ -f build-fuzz/CMakeCache.txt ] ||
  CXX=clang++ cmake -S . -B build-fuzz -DKISHI_FUZZ=ON -DKISHI_TESTS=OFF -DKISHI_BENCH=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build-fuzz --target fuzz_sfen_and_moves --parallel "$(nproc)"
corpus=build-fuzz/corpus
mkdir -p "$corpus"
cp -n tests/fuzz/corpus/* "$corpus/"
cd build-fuzz
./tests/fuzz/fuzz_sfen_and_moves -max_total_time="$seconds" -max_len=1024 -print_final_stats=1 \
  -dict=../tests/fuzz/sfen.dict corpus
