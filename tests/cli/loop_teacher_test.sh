#!/bin/sh
# loop_teacher_test.sh KISHI CONFIG DIR: a loop whose config opens with
# teacher games ([loop] teacher_games = 3) plays them before self-play, trains
# on them, counts them in loop.json, and does not play them again on resume.
set -u
kishi=$1 config=$2 run=$3
rm -rf "$run"
"$kishi" loop --config "$config" --run "$run" --iterations 1 > "$run.first.txt" 2>&1 ||
  { cat "$run.first.txt"; echo "loop failed"; exit 1; }
cat "$run.first.txt"
grep -q "^loop: 3 teacher games (alphabeta-1 on both sides) before self-play" "$run.first.txt" ||
  { echo "no line announcing the teacher games"; exit 1; }
teacher=$(ls "$run"/games/alphabeta-1-*.kchunk | wc -l)
[ "$teacher" -eq 3 ] || { echo "expected 3 teacher chunks, found $teacher"; exit 1; }
grep -q '"teacher_games": 3' "$run/loop.json" || { cat "$run/loop.json"; exit 1; }
"$kishi" loop --config "$config" --run "$run" --iterations 1 > "$run.second.txt" 2>&1 ||
  { cat "$run.second.txt"; echo "resumed loop failed"; exit 1; }
cat "$run.second.txt"
! grep -q "teacher games" "$run.second.txt" || { echo "the resumed loop played teacher games again"; exit 1; }
teacher=$(ls "$run"/games/alphabeta-1-*.kchunk | wc -l)
[ "$teacher" -eq 3 ] || { echo "the resumed loop wrote teacher chunks: $teacher"; exit 1; }
