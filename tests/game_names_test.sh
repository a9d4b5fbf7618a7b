#!/usr/bin/env bash
# A game is named in its folder (src/games/NAME/) and the registry, nowhere
# else: no C++ file outside src/games/ holds a game's name as a string
# literal (comments aside), web/app.js quotes none, and every command's --game
# help lists the registry's games (from the binary's own --help).
#
#   tests/game_names_test.sh REPO KISHI
set -euo pipefail
repo=$1 kishi=$2
cd "$repo"
mapfile -t names < <(grep -rhoE '\.name = "[a-z]+"' src/games | sed -E 's/.*"(.*)"/\1/' | sort -u)
[ "${#names[@]}" -ge 2 ] || { echo "no game names found in src/games"; exit 1; }
pattern=$(IFS='|'; echo "${names[*]}")
bad=0
while IFS= read -r file; do
  if found=$(sed 's|//.*||' "$file" | grep -nE "\"($pattern)\""); then
    echo "$file names a game: $found"
    bad=1
  fi
done < <(find src -name '*.h' -o -name '*.cpp' | grep -v '^src/games/' | sort)
if found=$(sed 's|//.*||' web/app.js | grep -nE "['\"\`]($pattern)['\"\`]"); then
  echo "web/app.js names a game (its facts come from /api/info): $found"
  bad=1
fi
for cmd in perft usi match evaluate "bench search" "bench nn"; do
  help=$($kishi $cmd --help)
  for name in "${names[@]}"; do
    grep -q -- "--game.*\b$name\b" <<<"$help" ||
      { echo "kishi $cmd --help does not list $name under --game"; bad=1; }
  done
done
[ "$bad" -eq 0 ] && echo "game names: only in src/games/ (${names[*]}), and every --game lists them"
exit "$bad"
