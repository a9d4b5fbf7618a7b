#!/usr/bin/env bash
# Sanitizer runs (issue 12): an AddressSanitizer + UndefinedBehaviorSanitizer
# build of kishi and every test (build-asan/), all tests under it, halting on
# the first report; and a ThreadSanitizer build (build-tsan/) of the search,
# batcher, self-play and USI tests.
#   scripts/sanitize.sh [asan|tsan|all]   (default all)
# LibTorch is not instrumented: ASan's leak check is off (torch keeps its
# allocations to the end), and TSan runs the tests that do not start torch's
# thread pools.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)

build() {  # DIR FLAGS [TARGET ...]
  local dir=$1 flags=$2
  shift 2
  [ -f "$dir/CMakeCache.txt" ] ||
    cmake -S . -B "$dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKISHI_NATIVE=OFF \
      -DKISHI_BENCH=OFF -DCMAKE_CXX_FLAGS="$flags -fno-omit-frame-pointer" \
      -DCMAKE_EXE_LINKER_FLAGS="$flags" -DCMAKE_SHARED_LINKER_FLAGS="$flags"
  cmake --build "$dir" --parallel "$(nproc)" ${1:+--target "$@"}
}

if [ "$what" = asan ] || [ "$what" = all ]; then
  start=$(date +%s)
  build build-asan "-fsanitize=address,undefined -fno-sanitize-recover=undefined"
  built=$(date +%s)
  (cd build-asan &&
    ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=1 \
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    ctest --output-on-failure --parallel "$(nproc)" --timeout 1800)
  echo "sanitize: ASan+UBSan build $((built - start)) s, tests $(($(date +%s) - built)) s: clean"
fi

if [ "$what" = tsan ] || [ "$what" = all ]; then
  start=$(date +%s)
  build build-tsan "-fsanitize=thread" kishi kishi_tests kishi_usi_tests
  built=$(date +%s)
  (cd build-tsan &&
    TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
    ctest --output-on-failure --parallel "$(nproc)" --timeout 1800 \
      -R '^(Mcts|Batcher|SelfPlayGame|UsiSession|MoveList|Chunk)\.')
  echo "sanitize: TSan build $((built - start)) s, tests $(($(date +%s) - built)) s: clean"
fi
