#!/usr/bin/env bash
# The toy game through the whole pipeline: kishi selfplay writes its games
# (chunks and text records), kishi train learns from them, and the loss of the
# second training call is below the first's. A longer call prints a line at
# each exported model (steps_per_export, 1,000) and one at its end.
# Usage: toy_selfplay_train_test.sh KISHI CONFIG RUN_DIR
set -euo pipefail
kishi=$1 config=$2 run=$3
rm -rf "$run"
"$kishi" selfplay --run "$run" --config "$config" --games 60 | tail -1
chunks=$(ls "$run"/games/*.kchunk | wc -l)
records=$(ls "$run"/games/*.txt | wc -l)
[ "$chunks" -eq 60 ] && [ "$records" -eq 60 ] || { echo "expected 60 chunks and records, got $chunks, $records"; exit 1; }
grep -q '^start .../.../... x - 11$' "$run"/games/*-000000.txt
loss() { sed -E 's/.*policy loss ([0-9.]+) \| value loss ([0-9.]+).*/\1 \2/'; }
first=$("$kishi" train --run "$run" --config "$config" --steps 100 | tee /dev/stderr | loss)
second=$("$kishi" train --run "$run" --config "$config" --steps 200 | tee /dev/stderr | loss)
awk -v a="$first" -v b="$second" 'BEGIN {
  split(a, x, " "); split(b, y, " ");
  if (y[1] + y[2] < x[1] + x[2]) { print "loss went down: " x[1] + x[2] " -> " y[1] + y[2]; exit 0 }
  print "loss did not go down: " x[1] + x[2] " -> " y[1] + y[2]; exit 1 }'
[ -f "$run"/train/state.ckpt ] || { echo "no trainer state written"; exit 1; }
# A line at the export (step 1000) and one at the end; a slow machine may add a
# minute's line between.
lines=$("$kishi" train --run "$run" --config "$config" --steps 1000 | grep -o '^train: step [0-9]* of 1300 ' | tr '\n' ',')
case "$lines" in
  *"train: step 1000 of 1300 ,"*"train: step 1300 of 1300 ,") ;;
  *) echo "progress lines: $lines"; exit 1 ;;
esac
