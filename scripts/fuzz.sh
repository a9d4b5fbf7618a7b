#!/usr/bin/env bash
# Builds the libFuzzer targets with clang, ASan and UBSan, and runs them.
#   scripts/fuzz.sh [seconds] [target ...]   (default 600 seconds each, every target)
# Targets: sfen_and_moves (the SFEN and move parsers), gnome_fen_and_moves
# (gnome's FEN and move parsers), data_files (the chunk
# and checkpoint readers), usi_commands (the USI command handler and engine).
# A crash or sanitizer report stops the run with a non-zero exit and leaves the
# input in build-fuzz/crash-*.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(sfen_and_moves gnome_fen_and_moves data_files usi_commands)
command -v clang++ >/dev/null || { echo "fuzz: clang++ missing (scripts/install-deps.sh installs it)" >&2; exit 1; }
[ -f build-fuzz/CMakeCache.txt ] ||
  CXX=clang++ cmake -S . -B build-fuzz -DKISHI_FUZZ=ON -DKISHI_TESTS=OFF -DKISHI_BENCH=OFF \
    -DKISHI_NATIVE=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo
for t in "${targets[@]}"; do
  cmake --build build-fuzz --target "fuzz_$t" --parallel "$(nproc)"
done
for t in "${targets[@]}"; do
  corpus=build-fuzz/corpus-$t
  mkdir -p "$corpus"
  args=()
  case $t in
    sfen_and_moves) cp -n tests/fuzz/corpus/* "$corpus/"; args=(-max_len=1024 -dict=tests/fuzz/sfen.dict) ;;
    gnome_fen_and_moves) cp -n tests/fuzz/corpus-gnome/* "$corpus/"; args=(-max_len=1024 -dict=tests/fuzz/gnome.dict) ;;
    data_files)  # a chunk and a checkpoint of an earlier build, behind their selector byte
      { printf '\000'; cat tests/data/compat/games-1ee4c8c.kchunk; } > "$corpus/chunk"
      { printf '\001'; cat tests/data/compat/model-1ee4c8c.ckpt; } > "$corpus/model"
      args=(-max_len=1048576 -rss_limit_mb=4096) ;;
    usi_commands) cp -n tests/fuzz/corpus-usi/* "$corpus/"; args=(-max_len=2048 -dict=tests/fuzz/usi.dict -timeout=30) ;;
  esac
  echo "fuzz: $t for $seconds s"
  ASAN_OPTIONS=detect_leaks=0 ./build-fuzz/tests/fuzz/fuzz_$t -max_total_time="$seconds" \
    -print_final_stats=1 -artifact_prefix=build-fuzz/ "${args[@]}" "$corpus"
done
