#!/bin/sh
# loop_resume_test.sh KISHI CONFIG DIR: the loop killed with SIGKILL at awkward
# moments resumes with the same command; every chunk file left is whole, and
# no temporary file is taken for a chunk or a model.
set -u
kishi=$1 config=$2 run=$3
rm -rf "$run"
"$kishi" loop --config "$config" --run "$run" --iterations 1 >/dev/null || { echo "first iteration failed"; exit 1; }
[ "$(grep -o '"iteration": [0-9]*' "$run/loop.json" | head -1)" = '"iteration": 1' ] || { echo "no iteration recorded"; exit 1; }
for delay in 0.3 0.7 1.1; do
  "$kishi" loop --config "$config" --run "$run" --iterations 3 >/dev/null 2>&1 &
  pid=$!
  sleep "$delay"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
done
# Every finished chunk is whole: the trainer reads the window and skips nothing.
out=$("$kishi" train --run "$run" --config "$config" --steps 1 2>&1) || { echo "train failed: $out"; exit 1; }
echo "$out" | grep -q "warning: skipping" && { echo "a torn chunk was found: $out"; exit 1; }
before=$(grep -o '"iteration": [0-9]*' "$run/loop.json" | head -1 | grep -o '[0-9]*')
"$kishi" loop --config "$config" --run "$run" --iterations 1 > "$run/resume.log" 2>&1 || { cat "$run/resume.log"; exit 1; }
grep -q "resuming" "$run/resume.log" || { echo "did not resume"; cat "$run/resume.log"; exit 1; }
after=$(grep -o '"iteration": [0-9]*' "$run/loop.json" | head -1 | grep -o '[0-9]*')
[ "$after" -eq $((before + 1)) ] || { echo "iteration $before -> $after"; exit 1; }
echo "resumed from iteration $before to $after"
# The report of the run: one page, with the run's losses in it.
"$kishi" report "$run" | grep -q "report.html" || { echo "no report"; exit 1; }
grep -q "<svg" "$run/report.html" && grep -q "policy loss" "$run/report.html" || { echo "report lacks charts"; exit 1; }
# With a match summary, the ladder as a chart: each engine, best first.
cat > "$run/summary.json" <<'JSON'
{"ratings": [{"engine": "random", "elo": 0, "margin95": 0, "games": 16},
             {"engine": "alphabeta-2", "elo": 577.4, "margin95": 317, "games": 16},
             {"engine": "greedy", "elo": -42.6, "margin95": 213, "games": 16}]}
JSON
"$kishi" report "$run" --match "$run/summary.json" > /dev/null || { echo "report with a ladder failed"; exit 1; }
grep -q "Ladder: $run/summary.json" "$run/report.html" || { echo "no ladder chart"; exit 1; }
grep -q "alphabeta-2: 577 +- 317 (16 games)" "$run/report.html" || { echo "ladder lacks its numbers"; exit 1; }
echo '{"games": 3}' > "$run/pair.json"
out=$("$kishi" report "$run" --match "$run/pair.json" 2>&1)
[ $? -eq 1 ] && echo "$out" | grep -q "has no ratings table" || { echo "a summary without ratings: $out"; exit 1; }
