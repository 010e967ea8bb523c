#!/bin/sh
# estimate_cli.sh - every command refuses a maze its memory estimate
# (mz_estimate_bytes, per registry entry and per cell shape) puts past the
# machine, before anything is allocated: one stderr line naming the grid,
# exit 1, nothing on stdout. gen and solve on a 2^40-cell weave and hex grid
# (past any machine); check on a file whose one row asks for such a maze
# (refused before any row runs, naming its line); and, where the build can
# run under 'ulimit -v' (a sanitized one cannot: skipped), kruskal on
# weave:6000x6000 under 1 GiB (it needs about 2 GiB) while weave:1000x1000
# runs.
#   sh tests/estimate_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
mz=$1
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

# refused NAME CMD...: exit 1, one stderr line 'mazebench: ... needs about',
# nothing on stdout.
refused() {
    name=$1
    shift
    "$@" >"$t/out" 2>"$t/err"
    rc=$?
    [ $rc = 1 ] || fail "$name: exit $rc, expected 1: $(cat "$t/err")"
    [ "$(wc -l <"$t/err")" = 1 ] || fail "$name: stderr is not one line: $(cat "$t/err")"
    grep -q '^mazebench: .*needs about' "$t/err" || fail "$name: no estimate: $(cat "$t/err")"
    [ -s "$t/out" ] && fail "$name: something on stdout: $(head -c 200 "$t/out")"
}

big=1048576x1048576
refused "gen kruskal weave 2^40" timeout 20 "$mz" gen kruskal --seed 1 --grid "weave:$big"
grep -q "weave:$big grid" "$t/err" || fail "gen: the grid is not named: $(cat "$t/err")"
refused "solve astar prim hex 2^40" timeout 20 "$mz" solve astar --gen prim --seed 1 --grid "hex:$big"

# check: a golden file whose one row was edited to a 2^40-cell maze.
{
    echo "gen,seed,topology,rows,cols,cells,passages,walls,dead_ends,loops,components,route,digest,solver"
    echo "dfs,464,ortho,31,31,961,960,1024,96,0,1,320,e9571c0a5c942582,"
    echo "kruskal,1,weave,1048576,1048576,1,1,1,1,0,1,1,0000000000000000,bfs"
} >"$t/g.csv"
refused "check, a 2^40-cell row" timeout 20 "$mz" check "$t/g.csv"
grep -q "line 3: 'kruskal' at weave:$big" "$t/err" || fail "check: the row is not named: $(cat "$t/err")"
refused "check --jobs 2, a 2^40-cell row" timeout 20 "$mz" check "$t/g.csv" --jobs 2

# Under 'ulimit -v' 1 GiB: kruskal needs about 58 bytes a cell on a weave.
if (ulimit -v 1048576 && "$mz" --version) >/dev/null 2>&1; then
    refused "gen kruskal weave:6000x6000 under 1 GiB" \
        sh -c "ulimit -v 1048576 && exec '$mz' gen kruskal --seed 1 --grid weave:6000x6000"
    grep -q '(ulimit -v)' "$t/err" || fail "ulimit: the limit is not named: $(cat "$t/err")"
    (ulimit -v 1048576 && exec "$mz" gen kruskal --seed 1 --grid weave:1000x1000) >"$t/out" 2>"$t/err" ||
        fail "gen kruskal weave:1000x1000 under 1 GiB: $(cat "$t/err")"
    # A sweep's workers each hold a maze in a pool of their own: four
    # kruskal weave:1500x1500 mazes at once (about 190 MiB each) are refused
    # under 500 MB before any runs (they ran out of memory half-way before),
    # and leave no file; one such maze with --jobs 4 runs (one task, one
    # busy worker).
    refused "sweep --jobs 4 under 500 MB" sh -c "ulimit -v 500000 && exec '$mz' sweep --gen kruskal \
        --solve bfs --grids weave:1500x1500 --seeds 1..4 --jobs 4 --out '$t/s.csv'"
    grep -q "sweep: --jobs 4 (its 4 largest mazes at once) needs about .*(ulimit -v)" "$t/err" ||
        fail "sweep --jobs: $(cat "$t/err")"
    ls "$t"/s.csv* >/dev/null 2>&1 && fail "sweep --jobs refused: left $(ls "$t"/s.csv*)"
    (ulimit -v 500000 && exec "$mz" sweep --gen kruskal --solve bfs --grids weave:1500x1500 \
        --seeds 1 --jobs 4 --out "$t/s.csv") 2>"$t/err" ||
        fail "sweep of one maze, --jobs 4, under 500 MB: $(cat "$t/err")"
fi
# --print-plan says what the jobs at once take.
"$mz" sweep --gen kruskal --solve bfs --grids weave:1500x1500 --seeds 1..4 --jobs 4 \
    --print-plan >"$t/out" 2>"$t/err" || fail "print-plan: $(cat "$t/err")"
grep -q "the largest maze needs about 189.3 MiB a job .*, the 4 jobs at once about 757.2 MiB" "$t/out" ||
    fail "print-plan's estimate for --jobs 4: $(tail -1 "$t/out")"

[ $fails = 0 ] || exit 1
echo "estimate_cli: ok"
