#!/bin/bash
# install_test.sh BUILD_DIR PREFIX: `cmake --install BUILD_DIR --prefix
# PREFIX`, then PREFIX/bin/kishi serve started from / must serve the page and
# its board library from PREFIX/share/kishi/web and start a game, and its
# engine must load the network of PREFIX/share/kishi/models.
. "$(dirname "$0")/own_port.sh"
build=$1 prefix=$2 port=$own_port
rm -rf "$prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null || { echo "cmake --install failed"; exit 1; }
for f in bin/kishi share/kishi/web/index.html share/kishi/web/app.js \
  share/kishi/web/node_modules/shogiground/esm/shogiground.js share/kishi/models/shogi.ckpt; do
  [ -f "$prefix/$f" ] || { echo "not installed: $prefix/$f"; exit 1; }
done
[ ! -e "$prefix/share/kishi/web/node_modules/playwright-core" ] || { echo "the tests' driver was installed"; exit 1; }

# exec: $! is the server itself, so that the trap's kill reaches it.
(cd / && exec "$prefix/bin/kishi" serve --port "$port" --data none >"$prefix/serve.log" 2>&1) &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null' EXIT

# One HTTP request over bash's /dev/tcp: METHOD PATH [BODY]; prints the answer.
request() {
  exec 3<>"/dev/tcp/127.0.0.1/$port" || return 1
  printf '%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s' \
    "$1" "$2" "${#3}" "$3" >&3
  cat <&3
  exec 3<&-
}
for _ in $(seq 100); do request GET /api/info >/dev/null 2>&1 && break; sleep 0.1; done
page=$(request GET /) || { echo "no answer"; cat "$prefix/serve.log"; exit 1; }
echo "$page" | grep -q '<title>kishi</title>' || { echo "GET / did not give the page: $page"; exit 1; }
library=$(request GET /vendor/shogiground/esm/shogiground.js | head -n 1)
echo "$library" | grep -q ' 200 ' || { echo "the board library: $library"; exit 1; }
game=$(request POST /api/games '{"game": "shogi", "playouts": 1}')
echo "$game" | grep -q '"engine_error":""' || { echo "a new game: $game"; exit 1; }
head -n 1 "$prefix/serve.log"
echo "served from /: the page, /vendor/shogiground/ and a new game"
# The engine (kishi usi, as each game of kishi serve) loads the installed network.
usi=$(cd / && printf 'usi\nisready\nquit\n' | "$prefix/bin/kishi" usi 2>&1)
echo "$usi" | grep "loaded $prefix/share/kishi/models/shogi.ckpt" ||
  { echo "kishi usi did not load the installed network: $usi"; exit 1; }
