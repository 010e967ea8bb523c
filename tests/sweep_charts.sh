#!/bin/sh
# The sweep's chart path end to end: scripts/charts.sh on several kinds of
# sweep, each chart either drawn (a real PNG and SVG) or skipped with a
# one-line note, never a failure or an empty file; a file that is not a
# sweep refused with one line and exit status 2; and one method: the
# gnuplot chart's points are the report's (sidewinder's median time a cell
# at 31x31 the same in the gnuplot data, the report's chart data and the
# report's generators table). Run by ctest from the source tree as
#   sh tests/sweep_charts.sh path/to/mazebench
# Fails without gnuplot (scripts/setup.sh installs it).
set -eu
. "$(dirname "$0")/lib.sh"
cli=$1
command -v gnuplot >/dev/null 2>&1 || { echo "FAIL: gnuplot is missing (Debian package gnuplot-nox; scripts/setup.sh installs it)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
all="dead-ends routes astar wall-hands gen-time solve-time solve-time-loops gen-memory solve-memory"
MZ_BIN=$cli
export MZ_BIN
fail() { echo "FAIL ($case): $*"; exit 1; }

# charts CSV MUST...: draw CSV's charts; every chart in MUST is drawn, every
# other one is drawn or skipped with its note; nothing else on stderr.
charts() {
    csv=$1; shift
    out="$tmp/$case"
    sh scripts/charts.sh "$csv" "$out" 2>"$tmp/$case.err" || fail "charts.sh exit $?: $(cat "$tmp/$case.err")"
    for c in $all; do
        if [ -e "$out/$c.png" ] || [ -e "$out/$c.svg" ]; then
            for f in png svg; do
                [ -s "$out/$c.$f" ] || fail "$c.$f missing or empty"
            done
            head -c 8 "$out/$c.png" | grep -q PNG || fail "$c.png is not a PNG"
            grep -q '<svg' "$out/$c.svg" || fail "$c.svg is not an SVG"
        else
            grep -q "^charts: no $c chart: " "$tmp/$case.err" || fail "$c neither drawn nor noted"
        fi
    done
    for c in "$@"; do
        [ -s "$out/$c.png" ] || fail "$c not drawn"
    done
    if grep -v '^charts: ' "$tmp/$case.err" | grep -q .; then
        fail "stray stderr: $(grep -v '^charts: ' "$tmp/$case.err" | head -3)"
    fi
    echo "ok ($case): $(ls "$out" | grep -c png) charts; $(grep -c '^charts: no ' "$tmp/$case.err" || true) skipped"
}

# Heap columns are filled on Linux only; charts from them are required there.
heap() { awk -F, '!/^#/ && !h { for (i = 1; i <= NF; i++) if ($i == "gen_peak_bytes") c = i; h = 1; next }
                  c && $c != "" { found = 1; exit } END { exit !found }' "$1"; }

# 1. Two generators, one solver, one size: no wall follower, no flood, no
#    astar (the sweep whose charts once failed on a log axis).
case=example
"$cli" sweep --gen dfs,dfs+braid:keep=0.4,offset=99 --solve bfs --seeds 1..100 --sizes 101 \
    --out "$tmp/$case.csv" 2>/dev/null
mem=""; heap "$tmp/$case.csv" && mem="gen-memory solve-memory"
charts "$tmp/$case.csv" dead-ends routes gen-time solve-time $mem
grep -q '^charts: no wall-hands chart: ' "$tmp/$case.err" || fail "no note for wall-hands"
grep -q '^charts: no astar chart: ' "$tmp/$case.err" || fail "no note for astar"

# 2. No solver at all: one row a maze, solver columns empty.
case=nosolver
printf 'gen dfs\ngen kruskal\nseeds 1..5\nsizes 11,31\n' >"$tmp/$case.plan"
"$cli" sweep "$tmp/$case.plan" --out "$tmp/$case.csv" 2>/dev/null
mem=""; heap "$tmp/$case.csv" && mem="gen-memory"
charts "$tmp/$case.csv" dead-ends routes gen-time $mem
[ ! -e "$tmp/$case/solve-time.png" ] || fail "solve-time drawn without solvers"

# 3. The default plan (every generator, every solver and the article's
#    variants, pacman's fixed size among them) at small sizes: every chart.
case=default
"$cli" sweep --seeds 464..466 --sizes 11,31 --jobs 2 --out "$tmp/$case.csv" 2>/dev/null
mem=""; heap "$tmp/$case.csv" && mem="gen-memory solve-memory"
charts "$tmp/$case.csv" dead-ends routes gen-time solve-time astar wall-hands $mem

# 4. One method: sidewinder's median at 31x31 (961 cells) in gnuplot's data
#    (the block of its series, in the chart CSV's order), in the report's
#    chart data and in the report's generators table (--csv).
case=one-method
"$cli" sweep --gen dfs,sidewinder,wilson --seeds 1..8 --sizes 11,31 --out "$tmp/$case.csv" 2>/dev/null
charts "$tmp/$case.csv" gen-time
out="$tmp/$case"
block=$(awk -F, '!/^#/ && NR > 1 && $1 == "gen-time" { k = $2 SUBSEP $3; if (!(k in s)) s[k] = n++; if ($3 == "sidewinder") { print s[k]; exit } }' "$out/gen-time.csv")
[ -n "$block" ] || fail "no sidewinder series in gen-time.csv"
gp=$(awk -v b="$block" 'BEGIN { RS = ""; FS = "\n" } NR == b + 1 { for (i = 1; i <= NF; i++) { split($i, w, " "); if (w[1] == 961) print w[2] } }' "$out/gen-time.dat")
rep=$(awk -F, '!/^#/ && $3 == "sidewinder" && $5 == 961 { print $6 }' "$out/gen-time.csv")
"$cli" report "$tmp/$case.csv" --out "$tmp/$case.html" --csv "$tmp/$case-tables" >/dev/null 2>&1 || true
tab=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "gen") g = i; if ($i == "grid") r = i; if ($i == "ns_per_cell") t = i }; next }
               $g == "sidewinder" && $r == "31x31" { print $t }' "$tmp/$case-tables/generators.csv")
[ -n "$gp" ] && [ -n "$rep" ] && [ -n "$tab" ] || fail "a figure is missing: gnuplot '$gp', chart '$rep', table '$tab'"
awk -v a="$gp" -v b="$rep" -v c="$tab" 'BEGIN { d1 = a - b; d2 = a - c; if (d1 < 0) d1 = -d1; if (d2 < 0) d2 = -d2
    exit !(d1 <= 1e-9 * b && d2 <= 0.006 * c) }' ||
    fail "sidewinder 31x31: gnuplot $gp, report chart $rep, report table $tab ns a cell: not one figure"
echo "ok ($case): sidewinder 31x31: gnuplot $gp = report chart $rep = report table $tab ns a cell"

# 5. Not a sweep: one clear line, exit status 2, nothing drawn.
for csv in data/article.csv "$tmp/gen.csv" "$tmp/empty.csv"; do
    case=not-a-sweep
    "$cli" gen dfs --seed 1 --size 5 >"$tmp/gen.csv"
    : >"$tmp/empty.csv"
    status=0
    sh scripts/charts.sh "$csv" "$tmp/$case" 2>"$tmp/$case.err" || status=$?
    [ "$status" -eq 2 ] || fail "$csv: exit $status, want 2"
    [ "$(wc -l <"$tmp/$case.err")" -eq 1 ] || fail "$csv: stderr is not one line: $(cat "$tmp/$case.err")"
    grep -q "^charts: '.*' " "$tmp/$case.err" || fail "$csv: unclear message: $(cat "$tmp/$case.err")"
    [ ! -e "$tmp/$case" ] || fail "$csv: output directory made"
    echo "ok ($case): $(cat "$tmp/$case.err")"
done
