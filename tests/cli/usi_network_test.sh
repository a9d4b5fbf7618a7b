#!/bin/sh
# usi_network_test.sh KISHI CONFIG DIR: the USI engine with a network. It loads
# the model with one forward thread by default, reloads it when NetworkThreads
# changes, and plays a legal move with it.
set -u
kishi=$1 config=$2 run=$3
rm -rf "$run"
"$kishi" selfplay --run "$run" --config "$config" --games 0 >/dev/null || { echo "no model made"; exit 1; }
model="$run/models/model-0000000000.ckpt"
mkfifo "$run/in" || exit 1
"$kishi" usi <"$run/in" >"$run/out" 2>&1 &
engine=$!
exec 3>"$run/in"
# Both loads come before the search, so that no option arrives while it runs.
printf 'usi\nsetoption name ModelFile value %s\nisready\n' "$model" >&3
printf 'setoption name NetworkThreads value 2\nisready\n' >&3
printf 'position startpos moves 7g7f\ngo nodes 64\n' >&3
# Wait for the move (at most 120 s: CI runs other tests beside this one).
waited=0
until grep -q "^bestmove" "$run/out"; do
  [ "$waited" -ge 120 ] && { echo "no bestmove in 120 s: $(cat "$run/out")"; kill "$engine"; exit 1; }
  sleep 1
  waited=$((waited + 1))
done
echo quit >&3
exec 3>&-
wait "$engine"
out=$(cat "$run/out")
echo "$out" | grep -q "info string loaded .*, 1 threads" || { echo "not loaded with 1 thread: $out"; exit 1; }
echo "$out" | grep -q "info string loaded .*, 2 threads" || { echo "not reloaded with 2 threads: $out"; exit 1; }
move=$(echo "$out" | grep -o "^bestmove [^ ]*" | cut -d' ' -f2)
# The move must be legal after 7g7f: one of white's 30 moves there.
"$kishi" perft --sfen "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2" --depth 1 --divide |
  grep -q "^$move: " || { echo "bestmove $move is not legal: $out"; exit 1; }
