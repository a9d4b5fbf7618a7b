#!/usr/bin/env bash
# kishi match against an engine that hangs after the handshake: every game is
# played (the hung engine loses on time and is restarted), the match exits 0,
# and no engine process outlives it (issue 12, finding 4).
# Usage: hung_engine_test.sh KISHI FAKE_ENGINE OUT_DIR
set -euo pipefail
kishi=$1 fake=$2 out=$3
rm -rf "$out"
marker=$((900000 + RANDOM))  # the hung engine sleeps this long: its name in ps
"$kishi" match --engine "mover=$fake moves 7g7f 3c3d 2g2f 8c8d" --engine "hung=$fake hang $marker" \
  --games 2 --byoyomi 300 --out "$out" | tee "$out.log"
grep -q "mover vs hung: +2 =0 -0 (2 games)" "$out.log" || { echo "expected two wins for mover"; exit 1; }
[ "$(grep -c 'time (hung' "$out.log")" -eq 2 ] || { echo "expected two time losses"; exit 1; }
if pgrep -f "sleep $marker" >/dev/null; then
  echo "an engine process outlived the match: $(pgrep -af "sleep $marker")"
  exit 1
fi
echo "the hung engine lost both games on time and left no process"
