#!/bin/sh
# teacher_test.sh KISHI DIR CONFIG: positions scored by an engine, as hcpe.
# kishi's alpha-beta plays itself from random openings, two games at once, to 30
# positions; every record reads back with a score and a legal move. A torn
# last record (a killed run) is cut off and the run goes on to a new bound.
# Two processes fill one data directory to a bound on the whole of it, a third
# with a seed already being written is refused, and kishi import takes the
# directory, each position once.
set -u
kishi=$1 dir=$2 config=$3
out="$dir/teacher.hcpe"
rm -rf "$dir" && mkdir -p "$dir"
engine="ab=$kishi usi --player alphabeta"
"$kishi" teacher --engine "$engine" --out "$out" --positions 30 --byoyomi 50 --concurrency 2 \
  --opening-plies 20 --max-plies 80 > "$dir/first.txt" 2>&1 || { cat "$dir/first.txt"; exit 1; }
cat "$dir/first.txt"
shown=$("$kishi" data show "$out") || { echo "data show failed"; exit 1; }
records=$(echo "$shown" | sed -n 's/.*: \([0-9]*\) hcpe records, 0 skipped$/\1/p')
[ -n "$records" ] && [ "$records" -ge 30 ] || { echo "$shown" | tail -3; echo "expected >= 30 records, 0 skipped"; exit 1; }
# Scores are the engine's: some are not 0.
echo "$shown" | grep -v '^#' | grep -qv ' ; 0 ; ' || { echo "no record has a score"; exit 1; }
printf 'x' >> "$out"  # a torn record
"$kishi" teacher --engine "$engine" --out "$out" --positions $((records + 10)) --byoyomi 50 \
  --opening-plies 20 --max-plies 80 > "$dir/second.txt" 2>&1 || { cat "$dir/second.txt"; exit 1; }
cat "$dir/second.txt"
grep -q "ended in a torn record (1 bytes): cut off" "$dir/second.txt" || exit 1
grep -q "holds $records positions" "$dir/second.txt" || exit 1
"$kishi" data show "$out" | tail -1 | grep -q "0 skipped" || exit 1
"$kishi" teacher --out "$out" > "$dir/none.txt" 2>&1
[ $? -eq 2 ] && grep -q "no engine" "$dir/none.txt" || { cat "$dir/none.txt"; exit 1; }

# A data directory: two processes at once, each its own file, one bound (the
# first searching every position afresh: usinewgame before each move).
data="$dir/data/"
"$kishi" teacher --engine "$engine" --out "$data" --seed 1 --positions 40 --byoyomi 50 \
  --concurrency 1 --opening-plies 20 --max-plies 80 --fresh-search > "$dir/seed1.txt" 2>&1 &
first=$!
"$kishi" teacher --engine "$engine" --out "$data" --seed 2 --positions 40 --byoyomi 50 \
  --concurrency 1 --opening-plies 20 --max-plies 80 > "$dir/seed2.txt" 2>&1 ||
  { cat "$dir/seed2.txt"; exit 1; }
wait $first || { cat "$dir/seed1.txt"; exit 1; }
cat "$dir/seed1.txt" "$dir/seed2.txt"
grep -q "every move searched afresh" "$dir/seed1.txt" || exit 1
for seed in 1 2; do
  [ -s "$data/teacher-seed-$seed.hcpe" ] || { ls -l "$data"; echo "seed $seed wrote nothing"; exit 1; }
done
in_dir=$(( $(cat "$data"/*.hcpe | wc -c) / 38 ))
[ "$in_dir" -ge 40 ] || { echo "the directory holds $in_dir positions, not 40"; exit 1; }
# Its bound reached, a process stops at once; a seed being written is refused.
flock "$data/teacher-seed-1.hcpe" "$kishi" teacher --engine "$engine" --out "$data" --seed 1 \
  --positions 40 > "$dir/locked.txt" 2>&1
[ $? -eq 1 ] && grep -q "teacher-seed-1.hcpe is being written by another kishi teacher" \
  "$dir/locked.txt" || { cat "$dir/locked.txt"; exit 1; }
# Imported twice over, every position of the second pass is one seen before.
out=$("$kishi" import --run "$dir/run" --config "$config" "$data" "$data/teacher-seed-2.hcpe" 2>&1) ||
  { echo "$out"; exit 1; }
echo "$out"
seed2=$(( $(wc -c < "$data/teacher-seed-2.hcpe") / 38 ))
echo "$out" | tail -2 | head -1 | grep -q "teacher-seed-2.hcpe: 0 positions in 0 games; 0 records skipped; 0 positions without a result; $seed2 seen before" || exit 1
