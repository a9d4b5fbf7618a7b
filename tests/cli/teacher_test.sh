#!/bin/sh
# teacher_test.sh KISHI DIR: positions scored by an engine, as hcpe. kishi's
# alpha-beta plays itself from random openings, two games at once, to 30
# positions; every record reads back with a score and a legal move. A torn
# last record (a killed run) is cut off and the run goes on to a new bound.
set -u
kishi=$1 dir=$2
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
