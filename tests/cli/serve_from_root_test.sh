#!/bin/bash
# serve_from_root_test.sh KISHI: `kishi serve` started from / finds its page
# (the source tree's web/, as models/ is found) and says where it listens.
# The server is given a minute to say so (4 s ran out under load).
. "$(dirname "$0")/own_port.sh"
kishi=$1 log=$(mktemp)
# exec: $! is the server itself, not a subshell that a kill would leave it behind.
(cd / && exec "$kishi" serve --model builtin --port "$own_port" >"$log" 2>&1) &
pid=$!
for _ in $(seq 600); do
  grep -q '(open http://' "$log" && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.1
done
kill $pid 2>/dev/null
wait $pid
cat "$log"
grep -q '(open http://' "$log"
rc=$?
rm -f "$log"
exit $rc
