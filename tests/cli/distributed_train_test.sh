#!/bin/sh
# distributed_train_test.sh KISHI CONFIG DIR: kishi train as two Gloo ranks on
# loopback (torchrun's variables); bad variables are named; a rank alone gives
# up after its timeout; a rank whose peer is killed exits with a clear message
# within the timeout; a two-rank loop trains beside its rank 0 and stops with it.
set -u
kishi=$1 config=$2 run=$3
rm -rf "$run"
mkdir -p "$run"
"$kishi" selfplay --run "$run/data" --config "$config" --games 24 >/dev/null || { echo "selfplay failed"; exit 1; }
. "$(dirname "$0")/own_port.sh"
port=$own_port
export MASTER_ADDR=127.0.0.1 MASTER_PORT=$port WORLD_SIZE=2

# Two ranks train; rank 0 alone speaks and writes.
cp -r "$run/data" "$run/two"
RANK=0 "$kishi" train --run "$run/two" --config "$config" --steps 20 > "$run/rank0.log" 2>&1 &
r0=$!
RANK=1 "$kishi" train --run "$run/two" --config "$config" --steps 20 > "$run/rank1.log" 2>&1 || { echo "rank 1 failed"; cat "$run/rank1.log"; exit 1; }
wait $r0 || { echo "rank 0 failed"; cat "$run/rank0.log"; exit 1; }
grep -q "^train: step 20 " "$run/rank0.log" || { echo "rank 0 did not report"; cat "$run/rank0.log"; exit 1; }
[ -s "$run/rank1.log" ] && { echo "rank 1 printed"; cat "$run/rank1.log"; exit 1; }
[ -f "$run/two/train/state.ckpt" ] || { echo "no state written"; exit 1; }

# A bad variable is named, exit 2.
out=$(RANK=two "$kishi" train --run "$run/two" --config "$config" --steps 1 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -q "RANK='two': must be a whole number of 0 to 1" || { echo "bad RANK: $out"; exit 1; }

# A rank alone: no rendezvous, said within the timeout.
start=$(date +%s)
out=$(RANK=0 MASTER_PORT=$((port + 1)) "$kishi" train --run "$run/two" --config "$config" --steps 1 --timeout 3 2>&1)
rc=$? took=$(( $(date +%s) - start ))
[ $rc -ne 0 ] && echo "$out" | grep -q "training rank 0 of 2: no rendezvous with the others at 127.0.0.1:" || { echo "alone (rc $rc): $out"; exit 1; }
[ $took -le 20 ] || { echo "alone: gave up after $took s"; exit 1; }

# A peer killed mid-training: the other exits non-zero, naming what happened.
RANK=0 "$kishi" train --run "$run/two" --config "$config" --steps 1000000 --timeout 10 > "$run/kill0.log" 2>&1 &
r0=$!
RANK=1 "$kishi" train --run "$run/two" --config "$config" --steps 1000000 --timeout 10 > "$run/kill1.log" 2>&1 &
r1=$!
# Killed once the two have met and trained (rank 0's first line, at step 1000):
# a fixed 6 s once killed rank 1 before the rendezvous on a loaded machine.
for i in $(seq 240); do grep -q "^train: step" "$run/kill0.log" && break; sleep 0.5; done
grep -q "^train: step" "$run/kill0.log" || { echo "the two ranks did not train within 120 s:"; cat "$run/kill0.log"; exit 1; }
kill -9 $r1
start=$(date +%s)
wait $r0
rc=$? took=$(( $(date +%s) - start ))
[ $rc -ne 0 ] || { echo "rank 0 exited 0 after its peer died"; exit 1; }
grep -q "training rank 0 of 2: the .* failed (.*): a peer died" "$run/kill0.log" || { echo "no clear message:"; cat "$run/kill0.log"; exit 1; }
[ $took -le 15 ] || { echo "rank 0 took $took s to give up"; exit 1; }
echo "rank 0 exited $rc $took s after its peer was killed: $(grep -o 'training rank 0 of 2: [^(]*' "$run/kill0.log" | head -1)"

# A loop of two ranks: rank 1 trains whenever rank 0 does and stops with it.
MASTER_PORT=$((port + 2)) RANK=1 "$kishi" loop --config "$config" --run "$run/loop" > "$run/loop1.log" 2>&1 &
l1=$!
MASTER_PORT=$((port + 2)) RANK=0 "$kishi" loop --config "$config" --run "$run/loop" --iterations 2 > "$run/loop0.log" 2>&1 || { echo "loop rank 0 failed"; cat "$run/loop0.log" "$run/loop1.log"; exit 1; }
wait $l1 || { echo "loop rank 1 failed"; cat "$run/loop1.log"; exit 1; }
grep -q "stopped with rank 0 at step" "$run/loop1.log" || { echo "rank 1 did not stop with rank 0"; cat "$run/loop1.log"; exit 1; }
grep -q "^loop: iteration 2 " "$run/loop0.log" || { echo "no second iteration"; cat "$run/loop0.log"; exit 1; }
echo "two-rank loop: $(tail -1 "$run/loop1.log")"
