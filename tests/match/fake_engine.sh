#!/bin/sh
# A scripted USI engine for the referee tests.
#   fake_engine.sh moves M1 M2 ...   answers each go with the next move, cycling
#   fake_engine.sh fresh M1 M2 ...   the same, but resigns a go with no usinewgame since the last
#   fake_engine.sh illegal|resign|win|silent|crash
#   fake_engine.sh hang SECONDS      answers the handshake, then hears nothing more
mode=$1
shift
n=$#
i=0
new_game=0
while read -r line; do
  case "$line" in
    usi) echo "id name fake-$mode"; echo "fake-$mode says hello on stderr" >&2; echo "usiok" ;;
    isready)
      echo "readyok"
      [ "$mode" = hang ] && exec sleep "$1" ;;
    usinewgame) new_game=1 ;;
    go*)
      [ "$mode" = fresh ] && [ $new_game = 0 ] && mode=resign
      new_game=0
      case "$mode" in
        moves | fresh)
          eval "m=\${$((i % n + 1))}"
          i=$((i + 1))
          echo "bestmove $m" ;;
        illegal) echo "bestmove 1i1a" ;;
        resign) echo "bestmove resign" ;;
        win) echo "bestmove win" ;;
        silent) ;;
        crash) exit 3 ;;
      esac ;;
    stop) [ "$mode" = silent ] || true ;;
    quit) exit 0 ;;
  esac
done
