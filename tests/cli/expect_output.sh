#!/bin/sh
# expect_output.sh EXIT_CODE PATTERN COMMAND...: runs COMMAND and checks its exit
# code and that its output (stdout and stderr) matches the grep pattern.
want_rc=$1 pattern=$2
shift 2
out=$("$@" 2>&1)
rc=$?
[ "$rc" -eq "$want_rc" ] || { echo "exit code $rc, expected $want_rc; output: $out"; exit 1; }
printf '%s\n' "$out" | grep -q -e "$pattern" || { echo "output lacks '$pattern': $out"; exit 1; }
