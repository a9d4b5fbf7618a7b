#!/bin/sh
# import_train_test.sh KISHI DATA_DIR RUN: the ecosystem's data as training
# positions. A psv file, an hcpe file, a CSA archive (each with records that
# are not legal) and a cp932 KIF game are imported into a new run and trained
# on: 1 + 1 + 5 + 5 positions (the archive's second game has no result), the
# illegal records skipped and counted (the psv and hcpe files hold one position:
# --keep-duplicates takes it twice). A foreign file is refused with its name.
set -u
kishi=$1 data=$2 run=$3
config="$data/loop-tiny.toml"
rm -rf "$run" "$run-init" "$run-test" "$run-wide"
out=$("$kishi" import --run "$run" --config "$config" --keep-duplicates "$data/by-hand.psv" "$data/by-hand.hcpe" \
  "$data/two-games.csa" "$data/sample.kif" 2>&1) || { echo "import failed: $out"; exit 1; }
echo "$out"
echo "$out" | grep -q "by-hand.psv: 1 positions in 1 games; 3 records skipped;" || exit 1
echo "$out" | grep -q "two-games.csa: 5 positions in 1 games; 1 games cut short by a fault; 1 positions without a result" || exit 1
echo "$out" | grep -q "sample.kif: 5 positions in 1 games; 0 games cut short by a fault" || exit 1
echo "$out" | grep -q "import: 12 positions into" || exit 1
# The hcpe file alone, held out in its own run, is the test of the training.
"$kishi" import --run "$run-test" --config "$config" "$data/by-hand.hcpe" >/dev/null 2>&1 ||
  { echo "import of the test positions failed"; exit 1; }
out=$("$kishi" train --run "$run" --config "$config" --steps 2 --test "$run-test" 2>&1) ||
  { echo "train failed: $out"; exit 1; }
echo "$out"
echo "$out" | grep -q "window 12 positions of 4 chunks" || exit 1
echo "$out" | grep -qE "^test: 1 positions \(1 with a policy target\) \| policy top-1 (0|100)\.0%" || exit 1
trained=$(echo "$out" | grep '^test:')
# --steps 0 measures the network as training left it: the same test line, no
# training line, no new model; without --test it is refused, and so is a
# negative count.
models=$(ls "$run/models")
out=$("$kishi" train --run "$run" --config "$config" --steps 0 --test "$run-test" 2>&1) ||
  { echo "train --steps 0 failed: $out"; exit 1; }
echo "$out"
[ "$(echo "$out" | grep -c '^train:')" -eq 0 ] && [ "$(ls "$run/models")" = "$models" ] || exit 1
[ "$(echo "$out" | grep '^test:')" = "$trained" ] || { echo "not the trained network's test"; exit 1; }
out=$("$kishi" train --run "$run" --config "$config" --steps 0 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -q "\-\-steps 0 trains nothing; add --test RUN" || exit 1
out=$("$kishi" train --run "$run" --config "$config" --steps -1 --test "$run-test" 2>&1)
[ $? -ne 0 ] && echo "$out" | grep -q "\-\-steps: Value -1 not in range" || exit 1
out=$("$kishi" train --run "$run" --config "$config" --steps 1 --test "$run-none" 2>&1)
rc=$?
echo "$out"
[ "$rc" -eq 1 ] && echo "$out" | grep -q "\-\-test $run-none: no positions" || exit 1
out=$("$kishi" import --run "$run" --config "$config" --format hcpe "$data/two-games.csa" 2>&1)
rc=$?
echo "$out"
[ "$rc" -eq 1 ] || { echo "a foreign file was imported (exit $rc)"; exit 1; }
echo "$out" | grep -q "two-games.csa: 94 bytes is not a whole number of 38-byte hcpe" || exit 1
# A new loop starts from the run's model (kishi loop --init); a file that is no
# model is refused with its name.
"$kishi" loop --config "$config" --run "$run-init" --init "$run/models/model-0000000000.ckpt" \
  --iterations 1 > "$run-init.txt" 2>&1 || { cat "$run-init.txt"; exit 1; }
grep -q "new run $run-init from $run/models/model-0000000000.ckpt" "$run-init.txt" &&
  ! grep -q "note:" "$run-init.txt" || { cat "$run-init.txt"; exit 1; }
# A config whose [model] is not the shape of the model it starts from says so:
# the run trains the model's shape.
rm -rf "$run-wide"
sed 's/^channels = 8$/channels = 16/' "$config" > "$run-wide.toml"
out=$("$kishi" loop --config "$run-wide.toml" --run "$run-wide" --init "$run/models/model-0000000000.ckpt" \
  --iterations 0 2>&1) || { echo "$out"; exit 1; }
echo "$out"
echo "$out" | grep -qF "note: the run trains --init's shape, 1x8 se (policy_channels 4, value_channels 1, value_hidden 8); the config's [model], 1x16 se (policy_channels 4, value_channels 1, value_hidden 8), is not used" ||
  exit 1
rm -rf "$run-bad"
out=$("$kishi" loop --config "$config" --run "$run-bad" --init "$data/by-hand.hcpe" --iterations 1 2>&1)
rc=$?
echo "$out"
[ "$rc" -eq 1 ] && echo "$out" | grep -q "error: --init $data/by-hand.hcpe" || exit 1
