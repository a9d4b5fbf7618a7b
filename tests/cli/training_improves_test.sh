#!/bin/sh
# training_improves_test.sh KISHI CONFIG DIR: the acceptance run of the loop,
# shortened for CI. A few minutes of self-play and training from random weights
# must lift the model over a bar against the random mover that the untrained
# model (the run's model-0) does not reach.
set -u
kishi=$1 config=$2 run=$3
rm -rf "$run"
"$kishi" loop --config "$config" --run "$run" --iterations 10 || { echo "loop failed"; exit 1; }
untrained="$run/models/model-0000000000.ckpt"
"$kishi" evaluate --model "$untrained" --baselines random --games 30 --playouts 16 \
  --min-random 0.6 > "$run/untrained.txt" 2>&1
rc=$?
cat "$run/untrained.txt"
[ "$rc" -eq 1 ] || { echo "the untrained model passed the bar (exit $rc): the bar is too low"; exit 1; }
"$kishi" evaluate --run "$run" --baselines random --games 30 --playouts 16 --min-random 0.6 \
  > "$run/trained.txt" 2>&1
rc=$?
cat "$run/trained.txt"
[ "$rc" -eq 0 ] || { echo "the trained model missed the bar (exit $rc)"; exit 1; }
