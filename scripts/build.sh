#!/usr/bin/env bash
# Configures and builds kishi (Release, ccache when present) into build/.
set -euo pipefail
cd "$(dirname "$0")/.."
# ccache hashes the paths below the repository relative to it: a clone at any
# path finds what another clone compiled.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
[ -f build/CMakeCache.txt ] || cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build build --parallel "$(nproc)"
