#!/bin/sh
# selfplay_workers_test.sh KISHI CONFIG DIR SECONDS: three kishi selfplay
# workers and a trainer (kishi loop --no-selfplay) on one run directory for
# SECONDS; one worker killed with SIGKILL and started again. Then: every chunk
# is whole (the trainer skipped none, nor does a last read), no two writers
# shared a name (each writer's games are numbered 0..n-1 without a gap), the
# trainer counted every game once, and kishi status names the four writers.
set -u
kishi=$1 config=$2 run=$3 seconds=$4
rm -rf "$run"
mkdir -p "$run"
# A window that holds every game the workers write: on an idle machine they
# write more positions than the config's window, and the check below is of
# torn chunks, not of the window's bound.
awk '{ print } /^\[train\]/ { print "window_positions = 100000000" }' "$config" > "$run.toml"
config=$run.toml
minutes=$(awk -v s="$seconds" 'BEGIN { print (s + 20) / 60 }')
"$kishi" loop --config "$config" --run "$run" --no-selfplay --minutes "$minutes" > "$run.loop.log" 2>&1 &
trainer=$!
while [ ! -f "$run/models/model-0000000000.ckpt" ]; do sleep 0.2; done
for w in 1 2 3; do
  "$kishi" selfplay --run "$run" --config "$config" > "$run.worker$w.log" 2>&1 &
  eval "worker$w=\$!"
done
sleep $((seconds / 3))
kill -9 "$worker2"
wait "$worker2" 2>/dev/null
"$kishi" selfplay --run "$run" --config "$config" > "$run.worker4.log" 2>&1 &
worker4=$!
sleep $((seconds - seconds / 3))
kill -INT "$worker1" "$worker3" "$worker4"
wait "$worker1" "$worker3" "$worker4"
wait "$trainer" || { echo "the trainer failed"; cat "$run.loop.log"; exit 1; }
grep -q "warning: skipping" "$run.loop.log" && { echo "the trainer met a torn or foreign chunk"; grep skipping "$run.loop.log" | head; exit 1; }
files=$(ls "$run/games" | grep -c '\.kchunk$')
out=$(WORLD_SIZE=1 "$kishi" train --run "$run" --config "$config" --steps 1 2>&1) || { echo "train failed: $out"; exit 1; }
echo "$out" | grep -q "warning: skipping" && { echo "a torn chunk: $out"; exit 1; }
echo "$out" | grep -q " of $files chunks" || { echo "the window did not read all $files chunks: $out"; exit 1; }
# Names: MODEL-WRITER-SEQ.kchunk; each writer's SEQ values are 0..n-1.
ls "$run/games" | grep '\.kchunk$' | sed -E 's/^model-[0-9]+-(.*)-([0-9]+)\.kchunk$/\1 \2/' | sort -k1,1 -k2,2n |
  awk '{ if ($1 != w) { if (w != "" && n != last + 1) bad = 1; w = $1; n = 0; writers++ } last = $2; n++ }
       END { if (n != last + 1) bad = 1; print writers " writers"; exit bad }' > "$run.writers" ||
  { echo "a writer's games are not numbered 0..n-1 (a name collision?)"; exit 1; }
[ "$(cat "$run.writers")" = "4 writers" ] || { echo "expected 4 writers: $(cat "$run.writers")"; exit 1; }
counted=$(grep -o '"games": [0-9]*' "$run/loop.json" | head -1 | grep -o '[0-9]*')
[ "$counted" -eq "$files" ] || { echo "the trainer counted $counted games of $files chunks"; exit 1; }
grep -q "^loop: iteration [0-9]* " "$run.loop.log" || { echo "the trainer never trained"; cat "$run.loop.log"; exit 1; }
status=$("$kishi" status "$run") || { echo "status failed: $status"; exit 1; }
[ "$(echo "$status" | grep -c "^  [^ ].* ago$")" -eq 4 ] || { echo "status does not list 4 writers:"; echo "$status"; exit 1; }
echo "$status"
echo "$files games by 4 writers, all read, counted once; trainer: $(grep '^loop: iteration' "$run.loop.log" | tail -1)"
