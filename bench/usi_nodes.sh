#!/usr/bin/env bash
# Nodes `kishi usi` searches at byoyomi 1 s from middlegame positions, for two
# sets of USI options run in turn (A B A B ...) in one script, so that a noisy
# machine moves both alike; prints each round's nodes and the median ratio A/B.
#
#   bench/usi_nodes.sh                       defaults against f4fe369's defaults, 5 rounds
#   ROUNDS=3 bench/usi_nodes.sh "A" "B"      two option lists, NAME=VALUE separated by spaces
#
# The shipped shogi model; the first round of a set may include `auto`'s
# timing of the backends (once per model and machine, then cached).
set -euo pipefail
cd "$(dirname "$0")/.."
KISHI=${KISHI:-./build/kishi}
ROUNDS=${ROUNDS:-5}
BYOYOMI=${BYOYOMI:-1000}
[ -x "$KISHI" ] || { echo "usi_nodes: $KISHI not built (run scripts/build.sh)" >&2; exit 1; }
A=${1:-}
B=${2:-"Backend=libtorch Precision=fp32 BatchSize=8 Threads=2 NetworkThreads=1"}

positions=(
  "ln1g3nl/1r1sk1gb1/p1pp1s1pp/1p2ppp2/9/2PPP1P2/PPBS1P1PP/2G1K2R1/LN3GSNL b - 1"
  "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"
  "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124"
  "ln1g1g1nl/1r1s1k1s1/p1pppp1pp/6p2/1p5P1/2P6/PP1PPPP1P/1BG4R1/LN1SKGSNL b b 1"
  "lr5nl/3g1kg2/2n1ppsp1/p1pps1p1p/1p5P1/P1PPSPP1P/1PS1P1N2/2GK1G3/LN5RL b Bb 1"
  "ln3k1nl/1r3bg2/p1ppsgspp/4ppp2/1p5P1/2PPP1P2/PPSG1P2P/2G4R1/LN2KBSNL b - 1"
)

# Total nodes of one engine over the positions, with `options` set.
nodes_of() {
  local options=$1 total=0 line last
  coproc ENGINE { "$KISHI" usi 2>/dev/null; }
  exec {to}>&"${ENGINE[1]}" {from}<&"${ENGINE[0]}"
  echo usi >&$to
  while read -r line <&$from; do [ "$line" = usiok ] && break; done
  for option in $options; do echo "setoption name ${option%%=*} value ${option#*=}" >&$to; done
  echo isready >&$to
  while read -r line <&$from; do
    case $line in readyok) break ;; "info string"*) echo "  ${line#info string }" >&2 ;; esac
  done
  for sfen in "${positions[@]}"; do
    echo usinewgame >&$to
    echo "position sfen $sfen" >&$to
    echo "go btime 0 wtime 0 byoyomi $BYOYOMI" >&$to
    last=0
    while read -r line <&$from; do
      case $line in
        bestmove*) break ;;
        *" nodes "*) last=$(sed 's/.* nodes \([0-9]*\).*/\1/' <<<"$line") ;;
      esac
    done
    total=$((total + last))
  done
  echo quit >&$to
  exec {to}>&- {from}<&-
  wait "$ENGINE_PID" 2>/dev/null || true
  echo "$total"
}

echo "A: ${A:-(defaults)}"
echo "B: $B"
ratios=()
for round in $(seq "$ROUNDS"); do
  a=$(nodes_of "$A")
  b=$(nodes_of "$B")
  ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", a / b }')
  ratios+=("$ratio")
  echo "round $round: A $a nodes, B $b nodes, A/B $ratio"
done
median=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
echo "median A/B over $ROUNDS rounds: $median"
