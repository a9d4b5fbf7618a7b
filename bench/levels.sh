#!/usr/bin/env bash
# The web board's and SkillLevel's named levels (src/engine/levels.h) against
# the built-in baselines, for docs/serve.md: each level plays each opponent
# GAMES games (colours alternating) from the balanced openings.
#   bash bench/levels.sh [GAME] [GAMES] [OUT]      (shogi, 10, runs/levels)
# LEVELS and OPPONENTS (names of the table below) narrow it; KISHI is the binary.
set -euo pipefail
game=${1:-shogi} games=${2:-10} out=${3:-runs/levels}
kishi=${KISHI:-build/kishi}
kishi=$(realpath "$kishi")
declare -A opponent=(
  [random]="$kishi usi --game $game --player random"
  [greedy]="$kishi usi --game $game --player greedy"
  [alphabeta-2]="$kishi usi --game $game --player alphabeta"
  [alphabeta-4]="$kishi usi --game $game --player alphabeta"
)
openings=configs/openings/shogi-balanced.txt
[ "$game" = gnome ] && openings=configs/openings/gnome-openings.txt
mkdir -p "$out"
# Each level against the opponents about its strength (OPPONENTS: all of them).
near() {
  case $1 in
    1 | 2 | 3) echo random greedy alphabeta-2 ;;
    8) echo alphabeta-4 ;;
    *) echo greedy alphabeta-2 alphabeta-4 ;;
  esac
}
for level in ${LEVELS:-1 2 3 4 5 6 7 8}; do
  for name in ${OPPONENTS:-$(near "$level")}; do
    depth=${name#alphabeta-}
    options=(--option "level-$level:SkillLevel=$level")
    [[ $name == alphabeta-* ]] && options+=(--option "$name:AlphaBetaDepth=$depth")
    "$kishi" match --game "$game" --engine "level-$level=$kishi usi --game $game" \
      --engine "$name=${opponent[$name]}" "${options[@]}" --games "$games" \
      --byoyomi 1000 --max-plies 320 --openings "$openings" \
      --out "$out/level-$level-vs-$name" | tail -2 | head -1
  done
done
