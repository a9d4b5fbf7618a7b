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
ranks='
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
'

# "FILE INCLUDE" for every quoted include of a folder of src/.
find . \( -name '*.h' -o -name '*.cpp' \) | sed 's|^\./||' | sort |
  xargs awk '/^#include "/ { split($0, q, "\""); print FILENAME, q[2] }' |
  awk -v ranks="$ranks" '
    BEGIN {
      n = split(ranks, lines, "\n")
      for (i = 1; i <= n; ++i) if (split(lines[i], f, " ") == 2) rank[f[1]] = f[2] + 0
    }
    function dir(path) { sub(/\/[^\/]*$/, "", path); return path }
    function rank_of(folder) {
      while (folder != "") {
        if (folder in rank) return rank[folder]
        if (folder !~ /\//) return -1
        folder = dir(folder)
      }
      return -1
    }
    function game_of(folder,   parts) {
      if (split(folder, parts, "/") >= 2 && parts[1] == "games") return parts[2]
      return ""
    }
    {
      file = $1; inc = $2; mine = dir(file); theirs = dir(inc)
      own = rank_of(mine)
      if (own < 0) { print file ": folder " mine " has no layer (add it to tests/layers_test.sh and src/CMakeLists.txt)"; bad = 1; next }
      if (inc !~ /\// || rank_of(theirs) < 0) next  # a system or library header
      if (rank_of(theirs) > own) { print file " includes " inc ": " theirs " is above " mine; bad = 1 }
      g = game_of(mine); h = game_of(theirs)
      if (g != "" && h != "" && g != h) { print file " includes " inc ": one game includes another"; bad = 1 }
    }
    END {
      if (!bad) print "layers: every include in src/ reaches down"
      exit bad
    }'
