#!/bin/sh
# training_improves_test.sh KISHI CONFIG DIR [ITERATIONS [BAR [BASELINE [FLAGS]]]]:
# the acceptance run of the loop, shortened for CI. A few minutes of self-play
# and training from random weights (ITERATIONS of the loop, 10) must lift the
# model over a bar against a baseline (BAR, 0.6; BASELINE, random) that the
# untrained model (the run's model-0) does not reach. The game is the config's;
# FLAGS are further options of both evaluations (one word each). The
# evaluations run without the root mate search (--root-mate-nodes 0): it mates
# the random mover with any network (the untrained model scored 73% with it),
# and the test measures what the network learnt. The forward passes run on
# oneDNN (LibTorch's numbers within 1e-4, tests/nn/onednn_test.cpp), faster.
# The untrained model plays 30 games, far below the bar; the trained one 100, so
# that a bar near its score is not missed by the luck of a few games.
set -u
kishi=$1 config=$2 run=$3 iterations=${4:-10} bar=${5:-0.6} baseline=${6:-random}
shift $(($# < 6 ? $# : 6))
rm -rf "$run"
"$kishi" loop --config "$config" --run "$run" --iterations "$iterations" ||
  { echo "loop failed"; exit 1; }
untrained="$run/models/model-0000000000.ckpt"
game=$(sed -n "s/^game *= *[\"']\(.*\)[\"']/\1/p" "$run/config.toml" | head -1)
"$kishi" evaluate --model "$untrained" --game "$game" --baselines "$baseline" --games 30 \
  --backend onednn --precision fp32 --playouts 16 --root-mate-nodes 0 "--min-$baseline" "$bar" "$@" > "$run/untrained.txt" 2>&1
rc=$?
cat "$run/untrained.txt"
[ "$rc" -eq 1 ] || { echo "the untrained model passed the bar (exit $rc): the bar is too low"; exit 1; }
"$kishi" evaluate --run "$run" --baselines "$baseline" --games 100 --playouts 16 --backend onednn --precision fp32 \
  --root-mate-nodes 0 "--min-$baseline" "$bar" "$@" > "$run/trained.txt" 2>&1
rc=$?
cat "$run/trained.txt"
[ "$rc" -eq 0 ] || { echo "the trained model missed the bar (exit $rc)"; exit 1; }
