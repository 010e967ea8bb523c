#!/bin/sh
# fixed_size_cli.sh - a size a fixed-size generator ignores is never refused:
# pacman (31x28 whatever the size asked) at 1000000x1000000 is made by gen,
# solve and render, its cell parameters checked against the 31x28 it makes;
# a generator that uses the size is still refused for its memory.
#   sh tests/fixed_size_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
huge=1000000x1000000 # 10^12 cells: about 1 TiB, refused on any machine

"$bin" gen pacman --seed 464 --size 31x28 >"$tmp/small" 2>&1 || bad "gen pacman 31x28: exit $?"
"$bin" gen pacman --seed 464 --size $huge >"$tmp/out" 2>&1 || bad "gen pacman $huge: exit $?: $(cat "$tmp/out")"
cmp -s "$tmp/small" "$tmp/out" || bad "gen pacman $huge: not the 31x28 row: $(cat "$tmp/out")"
"$bin" solve bfs --gen pacman --seed 464 --size $huge >"$tmp/out" 2>&1 ||
    bad "solve pacman $huge: exit $?: $(cat "$tmp/out")"
grep -q '^pacman,464,mulberry32,ortho,31,28,' "$tmp/out" || bad "solve pacman $huge: $(cat "$tmp/out")"
# Cell parameters against the size made: 800 is on 31x28 (868 cells), 900 is not.
"$bin" solve flood:from=800 --gen pacman --seed 464 --size 2 >"$tmp/out" 2>&1 ||
    bad "flood:from=800 on pacman asked at 2x2: exit $?: $(cat "$tmp/out")"
"$bin" solve flood:from=900 --gen pacman --seed 464 --size $huge >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] || bad "flood:from=900 on pacman: not refused"
grep -q '31x28 grid' "$tmp/err" || bad "flood:from=900 on pacman: $(cat "$tmp/err")"
"$bin" render pacman --seed 464 --size $huge --out "$tmp/p.svg" >"$tmp/out" 2>&1 ||
    bad "render pacman $huge: exit $?: $(cat "$tmp/out")"
# A generator that uses the size: refused for its memory, exit status 1.
"$bin" gen dfs --seed 464 --size $huge >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] || bad "gen dfs $huge: not refused"
grep -q 'GiB' "$tmp/err" || bad "gen dfs $huge: $(cat "$tmp/err")"

[ "$fails" = 0 ] || { echo "$fails fixed-size test(s) failed"; exit 1; }
echo "fixed_size_cli: all tests passed"
