#!/usr/bin/env bash
# Scaling on one machine, in one run: trainer samples/s with 1 and 2
# data-parallel processes (Gloo on loopback, one torch thread each, the same
# batch per process), and self-play positions/hour with 1 and 2 worker
# processes (kishi selfplay on one run directory). Process i is pinned to core
# i (taskset), so that one process cannot borrow the core the second would
# use: the ratio is the processes' scaling, not the spare capacity of a
# lone process's helper threads. Prints each figure and the efficiency of 2
# processes (2-process rate / 1-process rate; 2.0 is perfect).
#
#   bench/scale.sh [CONFIG] [SECONDS]   (default configs/quickstart.toml, 60 s a self-play phase)
set -euo pipefail
cd "$(dirname "$0")/.."
KISHI=${KISHI:-./build/kishi}
config=${1:-configs/quickstart.toml}
seconds=${2:-60}
steps=${STEPS:-60}
[ -x "$KISHI" ] || { echo "scale: $KISHI not built (run scripts/build.sh)" >&2; exit 1; }
cores=$(nproc)
core() { echo $(($1 % cores)); }  # process i's core
work=$(mktemp -d /tmp/kishi-scale-XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
# One torch thread a process, one game thread's worth of batching each.
sed -E 's/^threads = .*/threads = 1/' "$config" > "$work/config.toml"
grep -q '^threads = 1' "$work/config.toml" || printf '\n[network]\nthreads = 1\n' >> "$work/config.toml"

positions_per_hour() {  # the "selfplay: N games, P positions" lines of the logs, over $seconds
  cat "$@" | awk -v s="$seconds" '/^selfplay: [0-9]+ games, [0-9]+ positions$/ { p += $4 } END { printf "%.0f", p * 3600 / s }'
}
selfplay_for() {  # N workers for $seconds on one run directory
  local n=$1 run="$work/selfplay-$1" pids=()
  "$KISHI" selfplay --run "$run" --config "$work/config.toml" --games 1 > /dev/null  # the model
  for w in $(seq "$n"); do
    taskset -c "$(core "$w")" "$KISHI" selfplay --run "$run" --config "$work/config.toml" > "$run.$w.log" 2>&1 &
    pids+=($!)
  done
  sleep "$seconds"
  kill -INT "${pids[@]}"
  wait "${pids[@]}" || true
  positions_per_hour "$run".*.log
}

echo "scale: config $config, one torch thread a process, process i on core i of $cores"
"$KISHI" selfplay --run "$work/data" --config "$work/config.toml" --games 64 > /dev/null
train_rate() {  # samples/s of N ranks (the group's, rank 0's line)
  local n=$1 run="$work/train-$1"
  rm -rf "$run" && cp -r "$work/data" "$run"
  if [ "$n" -eq 1 ]; then
    taskset -c 0 "$KISHI" train --run "$run" --config "$work/config.toml" --steps "$steps" > "$run.0.log"
  else
    for r in $(seq 1 $((n - 1))); do
      WORLD_SIZE=$n RANK=$r MASTER_ADDR=127.0.0.1 MASTER_PORT=$((29700 + n)) \
        taskset -c "$(core "$r")" "$KISHI" train --run "$run" --config "$work/config.toml" --steps "$steps" > "$run.$r.log" 2>&1 &
    done
    WORLD_SIZE=$n RANK=0 MASTER_ADDR=127.0.0.1 MASTER_PORT=$((29700 + n)) \
      taskset -c 0 "$KISHI" train --run "$run" --config "$work/config.toml" --steps "$steps" > "$run.0.log"
    wait
  fi
  sed -nE 's/.* ([0-9]+) samples\/s .*/\1/p' "$run.0.log"
}
t1=$(train_rate 1)
t2=$(train_rate 2)
s1=$(selfplay_for 1)
s2=$(selfplay_for 2)
awk -v t1="$t1" -v t2="$t2" -v s1="$s1" -v s2="$s2" 'BEGIN {
  printf "train:    1 process %8.0f samples/s,   2 processes %8.0f samples/s: %.2fx\n", t1, t2, t2 / t1
  printf "selfplay: 1 worker  %8.0f positions/h, 2 workers   %8.0f positions/h: %.2fx\n", s1, s2, s2 / s1 }'
