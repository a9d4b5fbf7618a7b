#!/usr/bin/env bash
# Two kishi binaries, one after the other in turn on the same machine: the
# figures of bench/perft_vs_fairy.sh and bench/perft_gnome_vs_fairy.sh
# (kishi's speed as a ratio to Fairy-Stockfish's, so the machine's drift
# cancels), kishi bench search, nn (batch 64), selfplay and train, each run
# ROUNDS times per binary (A B A B ...), and the
# median of each figure with B's over A's in percent. For a change that must
# not slow anything: A the build before it, B the build after.
#
#   bench/compare_builds.sh OLD_KISHI NEW_KISHI [ROUNDS]   (default 3 rounds)
# Takes about 5 minutes a round on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
a=$1 b=$2 rounds=${3:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

figures() {  # BINARY: one line of name=value figures
  local k=$1
  local perft gnome_perft search nn selfplay train
  perft=$(KISHI=$k bash bench/perft_vs_fairy.sh | sed -n 's/.*kishi is \([0-9.]*\)x.*/\1/p')
  gnome_perft=$(KISHI=$k bash bench/perft_gnome_vs_fairy.sh 1 | sed -n 's/.*median \([0-9.]*\).*/\1/p')
  search=$("$k" bench search --seconds 10)
  nn=$("$k" bench nn --batch 64 --seconds 2 | awk '$1 == 64 {print $2}')
  selfplay=$("$k" bench selfplay --config configs/quickstart.toml --seconds 40)
  train=$("$k" bench train --config configs/quickstart.toml --steps 50)
  echo "perft_vs_fsf=$perft" "gnome_perft_vs_fsf=$gnome_perft" "nn_batch64_pos_per_s=$nn" \
    "search_builtin=$(sed -n 's/^built-in evaluator: \([0-9]*\) playouts.*/\1/p' <<<"$search")" \
    "search_network=$(sed -n 's/.*: \([0-9]*\) playouts\/s, mean batch.*/\1/p' <<<"$search")" \
    "selfplay_pos_per_hour=$(sed -n 's/.*s: \([0-9]*\) positions\/hour.*/\1/p' <<<"$selfplay")" \
    "train_samples_per_s=$(sed -n 's/^trainer: \([0-9]*\) samples.*/\1/p' <<<"$train")" \
    "train_vs_bare_percent=$(sed -n 's/.*trainer at \([0-9.]*\)% of the bare loop.*/\1/p' <<<"$train")"
}

for r in $(seq "$rounds"); do
  for side in a b; do
    bin=$a; [ $side = b ] && bin=$b
    line=$(figures "$bin")
    echo "round $r $side: $line"
    echo "$line" >>"$out/$side"
  done
done

median() {  # SIDE NAME
  tr ' ' '\n' <"$out/$1" | sed -n "s/^$2=//p" | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'
}
printf '\n%-24s %14s %14s %8s\n' figure "A (median)" "B (median)" "B/A"
for name in perft_vs_fsf gnome_perft_vs_fsf nn_batch64_pos_per_s search_builtin search_network selfplay_pos_per_hour train_samples_per_s \
    train_vs_bare_percent; do
  ma=$(median a $name) mb=$(median b $name)
  printf '%-24s %14s %14s %7.1f%%\n' "$name" "$ma" "$mb" "$(awk -v x="$ma" -v y="$mb" 'BEGIN{print 100*y/x}')"
done
