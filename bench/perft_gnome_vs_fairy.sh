#!/usr/bin/env bash
# gnome's perft (single thread, make/undo, bulk counting at the last ply)
# against Fairy-Stockfish's `go perft 5` of chess, run in turn in one script
# (A B A B ...): the goal of issue 13 is a quarter of FSF's chess nodes/s.
# kishi's time is the one it reports (the perft alone: the process start,
# LibTorch's libraries loading, is not perft); FSF's is its whole process,
# whose start is a few milliseconds.
#
#   bench/perft_gnome_vs_fairy.sh [rounds]   (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
KISHI=${KISHI:-./build/kishi}
FSF=${FSF:-$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)}
[ -x "$KISHI" ] || { echo "perft_gnome_vs_fairy: $KISHI not built (run scripts/build.sh)" >&2; exit 1; }
[ -x "$FSF" ] || { echo "perft_gnome_vs_fairy: fairy-stockfish not found (run scripts/install-deps.sh)" >&2; exit 1; }
rounds=${1:-3}
now() { date +%s.%N; }

# The start at depth 4 and the depth-4 rows of tests/data/perft-gnome.tsv.
mapfile -t rows < <(awk -F'\t' '!/^#/ && $2 == 4 {print $1}' tests/data/perft-gnome.tsv)

ratios=()
for ((r = 1; r <= rounds; ++r)); do
  k_nodes=0 k_time=0
  for fen in "${rows[@]}"; do
    out=$("$KISHI" perft --game gnome --position "$fen" --depth 4)
    k_nodes=$((k_nodes + $(sed -n 's/.* nodes \([0-9]*\) .*/\1/p' <<<"$out")))
    k_time=$(awk -v a="$k_time" -v b="$(sed -n 's/.* time \([0-9.]*\) s.*/\1/p' <<<"$out")" 'BEGIN { print a + b }')
  done
  t1=$(now)
  f_out=$(printf 'uci\nposition startpos\ngo perft 5\nquit\n' | "$FSF")
  t2=$(now)
  f_nodes=$(sed -n 's/^Nodes searched: \([0-9]*\).*/\1/p' <<<"$f_out")
  read -r k_nps f_nps ratio < <(awk -v kt="$k_time" -v b="$t1" -v c="$t2" -v kn="$k_nodes" -v fn="$f_nodes" \
    'BEGIN { k = kn / kt; f = fn / (c - b); printf "%.0f %.0f %.3f\n", k, f, k / f }')
  printf 'round %d: gnome %d nodes %.0f nps; fsf chess perft 5 %d nodes %.0f nps; ratio %s\n' \
    "$r" "$k_nodes" "$k_nps" "$f_nodes" "$f_nps" "$ratio"
  ratios+=("$ratio")
done
median=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
echo "gnome perft / Fairy-Stockfish chess perft nodes/s: median ${median} (range $(printf '%s\n' "${ratios[@]}" | sort -n | head -1)-$(printf '%s\n' "${ratios[@]}" | sort -n | tail -1)) over $rounds rounds; the goal is 0.25"
