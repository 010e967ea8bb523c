#!/bin/sh
# shapes_cli.sh - grids of every cell shape through the command line: gen and
# solve take --grid SHAPE:DIMS (--size the same option) and write the
# topology column before rows; a sweep over mixed shapes ('skip
# unsupported') checks clean, resumes, shards and merges to the same rows;
# a row moved to another shape is caught by check; list names the shapes.
#   sh tests/shapes_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
row() { "$bin" "$@" 2>"$tmp/err" | sed -n 2p; }

# The rng column (mulberry32 by default), the topology column, rows and cols
# of each shape.
r=$(row gen dfs --seed 464 --grid hex:7x9)
case $r in dfs,464,mulberry32,hex,7,9,63,62,*) ;; *) bad "gen hex:7x9: $r" ;; esac
r=$(row gen dfs --seed 464 --grid polar:4)
# polar:4 is the centre and rings of 6 * 2^floor(log2 r) cells: 1 + 6 + 12 + 12
case $r in dfs,464,mulberry32,polar,4,12,31,30,*) ;; *) bad "gen polar:4 (31 cells, 12 outer): $r" ;; esac
r=$(row gen dfs --seed 464 --grid 3d:2x3x4)
case $r in dfs,464,mulberry32,3d:2,3,4,24,23,*) ;; *) bad "gen 3d:2x3x4: $r" ;; esac
r=$(row gen kruskal --seed 1 --grid tri:4x5)
case $r in kruskal,1,mulberry32,tri,4,5,20,19,*) ;; *) bad "gen tri:4x5: $r" ;; esac
r=$(row gen dfs --seed 464 --grid 31x31)
case $r in dfs,464,mulberry32,ortho,31,31,961,960,1024,96,0,1,320,e9571c0a5c942582,*) ;; *) bad "gen 31x31 (the article's maze): $r" ;; esac
[ "$(row gen dfs --seed 3 --size weave:9x9)" = "$(row gen dfs --seed 3 --grid weave:9x9)" ] ||
    bad "--size and --grid give different rows"
"$bin" solve bfs --gen dfs --seed 464 --grid hex:7x9 --format json >"$tmp/j" 2>&1
grep -q '"topology": "hex", "rows": 7, "cols": 9' "$tmp/j" || bad "solve --format json: $(cat "$tmp/j")"

# list: the shapes of each entry, in every format.
"$bin" list | grep -A2 '^  eller ' | grep -q 'shapes:  ortho$' || bad "list: eller's shapes"
"$bin" list --format csv | grep -q '^shape,dfs,generator,polar,' || bad "list --format csv: no shape record"
"$bin" list --format json | grep -q '"name": "eller", .*"shapes": \["ortho"\]' || bad "list --format json: eller's shapes"

# A sweep over mixed shapes: without 'skip unsupported' refused up front,
# with it the generators' other shapes are dropped, a solver's rows kept.
G="--gen dfs,eller --solve bfs,wall --seeds 1..3 --grids 6,hex:5x6,polar:3,3d:2x3x3,weave:5x5 --progress 0"
"$bin" sweep $G --out "$tmp/x.csv" 2>"$tmp/err"
[ $? = 2 ] || bad "sweep of eller on hex without skip: not refused"
[ -e "$tmp/x.csv" ] && bad "a refused sweep wrote its file"
"$bin" sweep $G --skip-unsupported --out "$tmp/s.csv" 2>"$tmp/err" || bad "sweep: $(cat "$tmp/err")"
[ "$(grep -c '^eller,' "$tmp/s.csv")" = 6 ] || bad "eller: rows on square cells only expected"
[ "$(grep -c '^dfs,' "$tmp/s.csv")" = 30 ] || bad "dfs: 5 grids x 3 seeds x 2 solvers expected"
grep -q '^dfs,1,mulberry32,3d:2,3,3,18,17,' "$tmp/s.csv" || bad "dfs 3d:2x3x3 row"
grep '^dfs,[0-9]*,hex,.*,wall,' "$tmp/s.csv" | grep -q ',1,wall,1,' && bad "wall ran on hex"
grep -q '^# plan: sizes 6x6,hex:5x6,polar:3,3d:2x3x3,weave:5x5$' "$tmp/s.csv" || bad "plan line of the grids"
grep -q '^# plan: skip unsupported$' "$tmp/s.csv" || bad "plan line 'skip unsupported'"
"$bin" check "$tmp/s.csv" --jobs 2 >"$tmp/out" 2>&1 || bad "check: $(cat "$tmp/out")"
grep -q 'all 36 rows match.*all 36 rows of its plan' "$tmp/out" || bad "check summary: $(cat "$tmp/out")"
# det FILE: the rows' deterministic columns, found by name.
det() {
    grep -v '^#' "$1" | awk -F, -v names=gen,seed,rng,topology,rows,cols,digest,draws,solver,found,path_steps,path_cells '
        NR == 1 { k = split(names, w, ","); for (i = 1; i <= NF; i++) c[$i] = i
                  for (j = 1; j <= k; j++) if (!(w[j] in c)) { print "det: no column " w[j]; exit 1 }
                  next }
        { line = $c[w[1]]; for (j = 2; j <= k; j++) line = line "," $c[w[j]]; print line }'
}
[ "$(det "$tmp/s.csv" | grep -c '^[a-z]*,[0-9]*,mulberry32,')" = 36 ] || bad "det: not the 36 rows: $(det "$tmp/s.csv" | head -3)"
# resume after a cut, and two shards merged: the same rows
awk '/^#/ || ++n <= 17' "$tmp/s.csv" >"$tmp/r.csv"
"$bin" sweep $G --skip-unsupported --out "$tmp/r.csv" --resume 2>/dev/null || bad "resume"
[ "$(det "$tmp/r.csv")" = "$(det "$tmp/s.csv")" ] || bad "resumed rows differ"
"$bin" sweep $G --skip-unsupported --shard 1/2 --out "$tmp/p1.csv" 2>/dev/null &&
    "$bin" sweep $G --skip-unsupported --shard 2/2 --out "$tmp/p2.csv" 2>/dev/null &&
    "$bin" merge "$tmp/p2.csv" "$tmp/p1.csv" --out "$tmp/m.csv" 2>"$tmp/err" || bad "shards and merge: $(cat "$tmp/err")"
[ "$(det "$tmp/m.csv")" = "$(det "$tmp/s.csv")" ] || bad "merged rows differ"
# a row moved to another shape: not the plan's row, and its figures differ
awk -F, -v OFS=, '/^#/ { print; next } !h++ { for (i = 1; i <= NF; i++) c[$i] = i }
    $1 == "dfs" && $c["topology"] == "weave" && !d++ { $c["topology"] = "ortho" } { print }' "$tmp/s.csv" >"$tmp/e.csv"
"$bin" check "$tmp/e.csv" >"$tmp/out" 2>&1
[ $? = 1 ] || bad "a row moved to another shape passes check: $(tail -1 "$tmp/out")"
grep -q 'not in the plan (an extra row)' "$tmp/out" || bad "moved row: not reported as extra: $(cat "$tmp/out")"

# Every help text and shape error that lists shapes lists them all (a help
# text may write square grids as RxC alone): a new
# shape (its name in the registry's shape records) must reach each of them.
shapes=$("$bin" list --format csv | awk -F, '$1 == "shape" { print $4 }' | sort -u)
[ "$(echo "$shapes" | wc -l)" -ge 7 ] || bad "list names too few shapes: $shapes"
for c in gen solve render sweep stats scale scaling list; do
    "$bin" $c --help >"$tmp/help" 2>&1
    grep -q weave "$tmp/help" || continue
    for s in $shapes; do
        [ "$s" = ortho ] && continue # the square grid is written RxC
        grep -qw "$s" "$tmp/help" || bad "$c --help lists shapes but not $s"
    done
done
for c in "scale --gen dfs" "scaling dfs"; do
    "$bin" $c --shape nosuch >/dev/null 2>"$tmp/err"
    for s in $shapes; do
        grep -qw "$s" "$tmp/err" || bad "$c --shape nosuch: the known shapes miss $s: $(cat "$tmp/err")"
    done
done

[ "$fails" = 0 ] || { echo "$fails shapes test(s) failed"; exit 1; }
echo "shapes_cli: all tests passed"
