#!/usr/bin/env bash
# Runs kishi's perft and Fairy-Stockfish's `go perft` on the same positions in
# one run, single thread each, and prints the speed ratio (kishi nps / FSF nps).
#
#   bench/perft_vs_fairy.sh              the comparison suite (start position to depth 6 first)
#   bench/perft_vs_fairy.sh --published  also checks every published row of 1e9 nodes or more
#                                        (kishi only, all cores; takes several minutes)
#
# Fairy-Stockfish 11.1 treats pawn-drop mates as legal, so its counts differ
# from the published ones where such a drop occurs; the published counts are
# the reference and kishi's counts are checked against them by the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
KISHI=${KISHI:-./build/kishi}
FSF=${FSF:-$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)}
[ -x "$KISHI" ] || { echo "perft_vs_fairy: $KISHI not built (run scripts/build.sh)" >&2; exit 1; }
[ -x "$FSF" ] || { echo "perft_vs_fairy: fairy-stockfish not found (run scripts/install-deps.sh)" >&2; exit 1; }

now() { date +%s.%N; }

suite=(
  "startpos|6"
  "sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1|4"
  "sfen 8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124|4"
  "sfen lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1|4"
)

printf '%-10s %5s %13s %13s %9s %9s %12s %12s %7s\n' position depth kishi_nodes fsf_nodes kishi_s fsf_s kishi_nps fsf_nps ratio
total_k=0 total_f=0
n=0
for row in "${suite[@]}"; do
  pos=${row%|*} depth=${row#*|}
  n=$((n + 1))
  if [ "$pos" = startpos ]; then sfen_args=(); name=startpos; else sfen_args=(--sfen "${pos#sfen }"); name="pos$n"; fi

  t0=$(now)
  k_out=$("$KISHI" perft "${sfen_args[@]}" --depth "$depth")
  t1=$(now)
  f_out=$(printf 'setoption name UCI_Variant value shogi\nposition %s\ngo perft %s\nquit\n' "$pos" "$depth" | "$FSF")
  t2=$(now)

  k_nodes=$(sed -n 's/.* nodes \([0-9]*\) .*/\1/p' <<<"$k_out")
  f_nodes=$(sed -n 's/^Nodes searched: \([0-9]*\).*/\1/p' <<<"$f_out")
  read -r k_s f_s k_nps f_nps ratio < <(awk -v a="$t0" -v b="$t1" -v c="$t2" -v kn="$k_nodes" -v fn="$f_nodes" \
    'BEGIN { ks = b - a; fs = c - b; printf "%.3f %.3f %.0f %.0f %.2f\n", ks, fs, kn / ks, fn / fs, (kn / ks) / (fn / fs) }')
  printf '%-10s %5s %13s %13s %9s %9s %12s %12s %6sx\n' "$name" "$depth" "$k_nodes" "$f_nodes" "$k_s" "$f_s" "$k_nps" "$f_nps" "$ratio"
  [ "$name" = startpos ] && startpos_ratio=$ratio
done
echo "start position, depth 6: kishi is ${startpos_ratio}x Fairy-Stockfish's perft speed (single thread, same run)"

if [ "${1:-}" = --published ]; then
  echo
  echo "published rows of 1e9 nodes and more (kishi, $(nproc) threads):"
  fail=0
  while IFS=$'\t' read -r name sfen depth count; do
    case "$name" in \#*|"") continue ;; esac
    [ "$count" -ge 1000000000 ] || continue
    out=$("$KISHI" perft --sfen "$sfen" --depth "$depth" --threads "$(nproc)")
    got=$(sed -n 's/.* nodes \([0-9]*\) .*/\1/p' <<<"$out")
    if [ "$got" = "$count" ]; then verdict=ok; else verdict="MISMATCH (published $count)"; fail=1; fi
    printf '%-26s depth %s %14s %s  [%s]\n' "$name" "$depth" "$got" "$verdict" "$(sed -n 's/.*\(time .*\)/\1/p' <<<"$out")"
  done < tests/data/perft-shogi.tsv
  exit $fail
fi
