#!/bin/sh
# Draw the sweep's charts: PNG and SVG into OUTDIR (default results/charts).
#
#   sh scripts/charts.sh [SWEEP_CSV [OUTDIR]]      # default results/sweep.csv
#
# Any sweep works: a chart whose figures the sweep lacks (no wall-follower
# rows, no flood, no astar, no solver at all, no timing columns) is skipped
# with a one-line note on stderr, and the others are drawn. A file that is
# not a sweep CSV is refused with one line on stderr and exit status 2.
# Aggregation is awk (scripts/csv.awk, scripts/charts.awk), drawing gnuplot
# (scripts/charts.gp); nothing else is needed (scripts/setup.sh installs
# gnuplot-nox, whose pngcairo and svg terminals these use). docs/charts.md
# says what each chart shows.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
csv=${1:-results/sweep.csv}
out=${2:-results/charts}
[ -r "$csv" ] && [ -f "$csv" ] || { echo "charts: cannot read '$csv'" >&2; exit 2; }
command -v gnuplot >/dev/null || { echo "charts: gnuplot not found (sh scripts/setup.sh)" >&2; exit 1; }
dat=$(mktemp -d)
trap 'rm -rf "$dat"' EXIT
status=0
awk -v dir="$dat" -v csv="$csv" -f "$here/csv.awk" -f "$here/charts.awk" "$csv" || status=$?
[ "$status" -eq 0 ] || exit "$status"

# chart name, data file, what its absence means
want=""
while read -r chart data why; do
    if [ -s "$dat/$data.names" ]; then
        want="$want $chart"
    else
        echo "charts: no $chart chart: $why" >&2
    fi
done <<'LIST'
deadends deadends no maze figures
routes route no route (no maze reached its exit)
astar astar no astar rows
wall-hands walls no maze solved by both wall hands (wall and wall:hand=right)
gen-time gentime no gen_ns column
solve-time solvetime no solver rows with solve_ns
gen-memory genmem no gen_peak_bytes column (heap accounting is Linux only)
solve-memory solvemem no solver rows with solve_peak_bytes
LIST
if [ -s "$dat/route.names" ] && [ ! -s "$dat/longest.names" ]; then
    echo "charts: routes chart without the longest path: no flood rows" >&2
fi
[ -n "$want" ] || { echo "charts: nothing to draw from '$csv'" >&2; exit 2; }

mkdir -p "$out"
for fmt in png svg; do
    # gnuplot's warnings (a range of one point widened, say) go to a log,
    # shown only when it fails.
    gnuplot -e "dir='$dat'; out='$out'; fmt='$fmt'; want='$want'" "$here/charts.gp" \
        2>"$dat/gnuplot.log" || {
        cat "$dat/gnuplot.log" >&2
        echo "charts: gnuplot failed drawing the $fmt charts of '$csv'" >&2
        exit 1
    }
done
n=0
for chart in $want; do
    for fmt in png svg; do
        if [ -s "$out/$chart.$fmt" ]; then
            n=$((n + 1))
        else
            echo "charts: $out/$chart.$fmt was not written" >&2
            exit 1
        fi
    done
done
echo "charts: wrote $n files to $out" >&2
