#!/usr/bin/env bash
# The main command: installs what is missing, builds, and runs the main job.
# Until the self-play loop exists the main job is the rules core's proof of
# speed and correctness: a perft of the start position to depth 6 and the
# perft benchmark against Fairy-Stockfish on the same positions.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
./build/kishi perft --depth 6
bash bench/perft_vs_fairy.sh
