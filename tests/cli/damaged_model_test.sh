#!/usr/bin/env bash
# Self-play passes over a damaged newest model, naming it, and plays on with
# the newest model that loads (issue 12, finding 5).
# Usage: damaged_model_test.sh KISHI CONFIG RUN_DIR
set -euo pipefail
kishi=$1 config=$2 run=$3
rm -rf "$run"
"$kishi" selfplay --run "$run" --config "$config" --games 1 >/dev/null
first=$(ls "$run"/models/*.ckpt)
damaged="$run/models/model-0000000100.ckpt"
cp "$first" "$damaged"
printf '\x55' | dd of="$damaged" bs=1 seek=2000 conv=notrunc status=none
out=$("$kishi" selfplay --run "$run" --config "$config" --games 2 2>&1)
grep -q "checkpoint '$damaged': checksum mismatch (damaged); passed over" <<<"$out" ||
  { echo "no message naming the damaged model: $out"; exit 1; }
[ "$(ls "$run"/games/model-0000000000-*.kchunk | wc -l)" -eq 3 ] ||
  { echo "expected 3 games of the first model: $(ls "$run"/games)"; exit 1; }
echo "passed over the damaged model and played on"
