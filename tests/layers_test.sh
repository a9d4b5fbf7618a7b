#!/usr/bin/env bash
# The layers of src/, bottom to top: a file may include its own folder and the
# folders below it, never one above. Within games/, a game never includes
# another, and shogi's parts stand in their own order (the rules core at the
# bottom, its data formats on top). Within nn/, the core never includes a
# backend. Prints every include that reaches up, and fails if there is one.
#
#   tests/layers_test.sh [REPO]   (default: this script's repository)
set -euo pipefail
cd "${1:-$(dirname "$0")/..}/src"

# Rank of a folder (a path below src/, without the file): the longest prefix
# listed here decides. The order is src/CMakeLists.txt's.
ranks=(
  common 1
  game 2
  chunks 3
  games/shogi/core 10
  games/shogi/records 11
  games/shogi/mate 11
  games/shogi/eval 11
  games/shogi 12
  games/shogi/data 13
  games/gnome 12
  games/toy 12
  games 14
  search 20
  players 20
  nn 30
  nn/torch 31
  selfplay 40
  training 50
  engine 60
  usi 70
  match 70
  serve 80
  app 90
)
declare -A rank
for ((i = 0; i < ${#ranks[@]}; i += 2)); do rank[${ranks[i]}]=${ranks[i + 1]}; done

rank_of() {  # FOLDER -> its rank, or nothing
  local f=$1
  while [ -n "$f" ]; do
    if [ -n "${rank[$f]:-}" ]; then
      echo "${rank[$f]}"
      return
    fi
    [[ $f == */* ]] && f=${f%/*} || f=
  done
}

# The game a folder belongs to (games/X/...), or nothing.
game_of() {
  if [[ $1 == games/*/* ]]; then
    local g=${1#games/}
    echo "${g%%/*}"
  fi
}

bad=0
while IFS= read -r file; do
  dir=$(dirname "$file")
  own=$(rank_of "$dir")
  if [ -z "$own" ]; then
    echo "$file: folder $dir has no layer (add it to tests/layers_test.sh and src/CMakeLists.txt)"
    bad=1
    continue
  fi
  while IFS= read -r inc; do
    target=$(dirname "$inc")
    [ -d "$target" ] || continue  # a system or library header
    theirs=$(rank_of "$target")
    if [ "$theirs" -gt "$own" ]; then
      echo "$file includes $inc: $target is above $dir"
      bad=1
    fi
    mine=$(game_of "$dir/") other=$(game_of "$target/")
    if [ -n "$mine" ] && [ -n "$other" ] && [ "$mine" != "$other" ]; then
      echo "$file includes $inc: one game includes another"
      bad=1
    fi
  done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$file")
done < <(find . -name '*.h' -o -name '*.cpp' | sed 's|^\./||' | sort)

[ "$bad" -eq 0 ] && echo "layers: every include in src/ reaches down"
exit "$bad"
