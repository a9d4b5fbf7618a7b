#!/bin/sh
# bench_signature_test.sh KISHI: `kishi bench` twice; the lines end with
# `nodes N` then `nodes/s M`, and N is the same both times.
kishi=$1
run() {
  out=$("$kishi" bench --playouts 300 2>&1) || { echo "kishi bench failed: $out"; exit 1; }
  printf '%s\n' "$out" >&2
  printf '%s\n' "$out" | tail -n 2 | tr '\n' ' '
}
first=$(run) || exit 1
second=$(run) || exit 1
echo "first: $first"
echo "second: $second"
pattern='^nodes [0-9][0-9]* nodes/s [0-9][0-9]* $'
echo "$first" | grep -q "$pattern" || { echo "the last lines are not 'nodes N', 'nodes/s M'"; exit 1; }
[ "${first%% nodes/s*}" = "${second%% nodes/s*}" ] || { echo "the nodes differ between runs"; exit 1; }
echo "same signature: ${first%% nodes/s*}"
