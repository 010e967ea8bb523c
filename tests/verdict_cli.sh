#!/bin/sh
# verdict_cli.sh - 'mazebench verdict' end to end (docs/verdict.md): the
# built-in dfs is perfect, deterministic and matches dfs; an outside
# generator that makes loops from 6x6 up fails perfect, and the failing
# case shrinks to 6x6 (the smallest grid that still fails), with a passage
# that closes a loop when the maze reaches the verdict; an unseeded one is
# not deterministic (the program's own account on the line); claims = dfs
# is the headline; an outside solver that walks back and forth finds valid
# paths that are not shortest; markdown and JSON outputs; bad input exits 2.
#   sh tests/verdict_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
bin=$1
command -v python3 >/dev/null 2>&1 || { echo "skip: no python3"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac

# gen.sh MODE ROWS COLS SEED OUT BIN: dfs's maze; with MODE loop, from 6x6
# up, braided (loops); with MODE unseeded, another seed at each run
cat >"$tmp/gen.sh" <<'SH'
mode=$1 r=$2 c=$3 s=$4 out=$5 bin=$6
spec=dfs
[ "$mode" = loop ] && [ "$r" -ge 6 ] && [ "$c" -ge 6 ] && spec=dfs+braid
[ "$mode" = unseeded ] && s=$(( $(od -An -N2 -tu2 /dev/urandom) + 1 ))
exec "$bin" gen "$spec" --seed "$s" --grid "${r}x$c" --save "$out" --save-format json --force >/dev/null
SH
# walk.py MAZE ENTRANCE EXIT: a depth-first walk with every step kept, the
# steps back included: a valid path, not a shortest one
cat >"$tmp/walk.py" <<'PY'
import json, sys
m = json.load(open(sys.argv[1])); cols = len(m[0])
ent, ex = int(sys.argv[2]), int(sys.argv[3])
def nbrs(i):
    r, c = divmod(i, cols); w = m[r][c]
    if not w["top"]: yield i - cols
    if not w["right"]: yield i + 1
    if not w["bottom"]: yield i + cols
    if not w["left"]: yield i - 1
walk = [ent]; seen = {ent}; stack = [ent]
while stack and stack[-1] != ex:
    nxt = [n for n in nbrs(stack[-1]) if n not in seen]
    if nxt:
        seen.add(nxt[0]); stack.append(nxt[0])
    else:
        stack.pop()
    if stack: walk.append(stack[-1])
print("\n".join(map(str, walk)))
PY
cat >"$tmp/p.programs" <<PROGRAMS
[generator loopy]
command = sh {dir}/gen.sh loop {rows} {cols} {seed} {out} "$bin"
perfect = yes
format = json
memory-limit = none
[generator loopy-quiet]
command = sh {dir}/gen.sh loop {rows} {cols} {seed} {out} "$bin"
format = json
memory-limit = none
[generator unseeded]
command = sh {dir}/gen.sh unseeded {rows} {cols} {seed} {out} "$bin"
format = json
memory-limit = none
[generator like-dfs]
command = sh {dir}/gen.sh plain {rows} {cols} {seed} {out} "$bin"
claims = dfs
format = json
memory-limit = none
[solver walker]
command = python3 {dir}/walk.py {in} {entrance} {exit}
format = json
path = index
PROGRAMS
# (memory-limit none: a sanitized mazebench reserves more address space than
# the default limit)
P="--programs $tmp/p.programs"
line() { grep "^$1 *$2 " "$tmp/out"; }

# ---- the built-in dfs ----
expect 0 "verdict dfs" "$bin" verdict dfs --seeds 8
line pass perfect >/dev/null || bad "dfs: perfect does not pass: $(cat "$tmp/out")"
line pass deterministic >/dev/null || bad "dfs: deterministic does not pass"
line pass statistics | grep -q 'matches dfs;' || bad "dfs: statistics do not match dfs"
line pass statistics | grep -q 'differs from .*kruskal' || bad "dfs: does not differ from kruskal"
line pass speed | grep -q 'the time of dfs' || bad "dfs: speed not against dfs"
grep -q '^pass vet .*mazebench vet: [0-9]* checks ok' "$tmp/out" || bad "dfs: no vet line"
grep -q FAIL "$tmp/out" && bad "dfs: a failure: $(cat "$tmp/out")"

# ---- loops from 6x6 up, declared perfect: FAIL, shrunk to 6x6 ----
expect 1 "verdict loopy" "$bin" $P verdict loopy --seeds 4 --sizes 2,3,5,8,15
line FAIL perfect | grep -q 'first at 8x8 seed 1; shrunk to 6x6 seed 1 in [0-9]* runs' ||
    bad "loopy: not shrunk to 6x6: $(cat "$tmp/out")"
grep -q 'program: outside generator loopy (seed 1, grid 6x6): not-perfect: declared perfect, gave a maze with [0-9]* loops in 1 parts; the passage cell [0-9]* (row [0-9]*, col [0-9]*) - cell [0-9]* (row [0-9]*, col [0-9]*) closes a loop' "$tmp/out" ||
    bad "loopy: no program line naming the loop for the shrunk case: $(cat "$tmp/out")"
grep -q '^shrinking: [0-9]* runs' "$tmp/out" || bad "loopy: no shrinking line"
grep -q '^FAIL vet .*failed (runs, perfect)' "$tmp/out" || bad "loopy: vet's failures not counted"
expect 1 "verdict loopy json" "$bin" $P verdict loopy --seeds 2 --sizes 8 --format json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); s=d["shrunk"]; assert (s["from_grid"],s["grid"],s["seed"])==("8x8","6x6",1) and d["shrink_runs"]>0 and not s["stopped_by_budget"], s' "$tmp/out" ||
    bad "loopy json: not shrunk to 6x6: $(cat "$tmp/out")"
# a budget too short: shrinking stops and says so
expect 1 "verdict loopy budget" "$bin" $P verdict loopy --seeds 2 --sizes 8 --time-budget 0.001
line FAIL perfect | grep -q 'stopped by the time budget' || bad "budget: shrinking did not stop"
# undeclared: a skip, the loop named
expect 0 "verdict loopy-quiet" "$bin" $P verdict loopy-quiet --seeds 4 --sizes 8
line skip perfect | grep -q 'shrunk to 6x6 seed 1 .*the passage cell [0-9]* (row [0-9]*, col [0-9]*) - cell [0-9]* (row [0-9]*, col [0-9]*) closes a loop' ||
    bad "loopy-quiet: no loop passage: $(cat "$tmp/out")"

# ---- unseeded: not deterministic ----
expect 1 "verdict unseeded" "$bin" $P verdict unseeded --seeds 4 --sizes 3,5,8
line FAIL deterministic | grep -q 'gave another maze' || bad "unseeded: deterministic passes"
grep -q 'program: .*not-reproducible' "$tmp/out" || bad "unseeded: no program line"

# ---- claims = dfs: the headline ----
expect 0 "verdict like-dfs" "$bin" $P verdict like-dfs --seeds 6 --sizes 3,8
grep -q '^  like-dfs claims dfs: its statistics match$' "$tmp/out" ||
    bad "like-dfs: claims not the headline: $(cat "$tmp/out")"
line pass claims >/dev/null || bad "like-dfs: no claims line"
# --claims another: it differs
expect 1 "verdict --claims kruskal" "$bin" $P verdict like-dfs --seeds 6 --sizes 3 --claims kruskal
line FAIL claims | grep -q 'differ' || bad "--claims kruskal: no failing claim"

# ---- an outside solver that is not shortest ----
expect 0 "verdict walker" "$bin" $P verdict walker --seeds 3 --sizes 5,8
line pass path | grep -q 'every path a valid walk' || bad "walker: paths not valid"
line skip shortest | grep -q 'paths longer than the shortest' || bad "walker: shortest not refuted"
line pass path-braided >/dev/null || bad "walker: no braided line"
grep -q "^  walker: valid paths, not shortest (largest path_excess [0-9]*)$" "$tmp/out" || bad "walker: headline"
expect 0 "verdict bfs" "$bin" verdict bfs --seeds 3 --sizes 5,8
line pass shortest | grep -q 'path_excess 0' || bad "bfs: not shortest"
# flood declares figures only (no MZ_F_PATH): found without a path is no
# invalid path, the path check is skipped
expect 0 "verdict flood" "$bin" verdict flood --seeds 2 --sizes 5 --no-vet
line skip path | grep -q 'figures only' || bad "flood: path not skipped as figures only"

# ---- formats ----
expect 1 "markdown" "$bin" $P verdict loopy --seeds 2 --sizes 8 --format markdown
grep -q '^| FAIL | perfect | ortho | .*6x6' "$tmp/out" || bad "markdown: no FAIL row"
grep -q 'program: `outside generator loopy' "$tmp/out" || bad "markdown: program text not a code span"
expect 0 "json" "$bin" verdict dfs --seeds 4 --sizes 3,8 --format json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["verdict"]=="pass" and any(c["check"]=="perfect" for c in d["checks"])' "$tmp/out" ||
    bad "json: not the verdict: $(cat "$tmp/out")"

# ---- bad input ----
expect 2 "no such" "$bin" verdict nosuch
expect 2 "no name" "$bin" verdict
expect 2 "bad format" "$bin" verdict dfs --format xml
expect 2 "bad seeds" "$bin" verdict dfs --seeds 1
expect 2 "bad sizes" "$bin" verdict dfs --sizes 3,,5
expect 2 "bad shape" "$bin" verdict dfs --shapes nosuch
expect 2 "bad budget" "$bin" verdict dfs --time-budget -1
expect 2 "bad claims" "$bin" verdict dfs --claims nosuch
expect 2 "post" "$bin" verdict braid
expect 2 "two names" "$bin" verdict dfs prim
expect 0 "help" "$bin" verdict --help
grep -q '^usage: mazebench' "$tmp/out" || bad "help: no usage"

[ "$fails" = 0 ] && echo "verdict_cli: ok"
[ "$fails" = 0 ]
