#!/usr/bin/env bash
# The main command: installs what is missing, builds, and runs the training
# loop on configs/quickstart.toml (CPU, a small network) in runs/quickstart.
# Ctrl-C stops it after the current phase; running this again resumes the run.
# Extra arguments go to `kishi loop` (e.g. --minutes 60).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
exec ./build/kishi loop --config configs/quickstart.toml --run runs/quickstart "$@"
