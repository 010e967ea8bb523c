#!/bin/sh
# Draw the sweep's charts with gnuplot: PNG and SVG into OUTDIR (default
# results/charts).
#
#   sh scripts/charts.sh [SWEEP_CSV [OUTDIR]]      # default results/sweep.csv
#
# The time, memory, dead-end and route charts are the report's: mazebench
# report --charts writes each chart's points (NAME.csv: the library's sweep
# summary, each series with its family's colour, marker and dash) and
# gnuplot draws exactly those points (scripts/charts-report.awk), so a
# point here is the report's point (a median with its 95% interval for
# times and memory). Two figure charts the report does not have are
# aggregated by awk (scripts/csv.awk, scripts/charts.awk: means with
# min-max bars over seeds, the report's statistic for maze figures):
# astar (closed cells vs the heuristic slope) and wall-hands (left vs
# right hand). A chart whose figures the sweep lacks is skipped with a
# one-line note on stderr. A file that is not a sweep CSV is refused with
# one line on stderr and exit status 2. mazebench is MZ_BIN (default
# build/mazebench); gnuplot-nox (scripts/setup.sh) draws. docs/charts.md
# says what each chart shows.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
csv=${1:-results/sweep.csv}
out=${2:-results/charts}
mz=${MZ_BIN:-build/mazebench}
[ -r "$csv" ] && [ -f "$csv" ] || { echo "charts: cannot read '$csv'" >&2; exit 2; }
command -v gnuplot >/dev/null || { echo "charts: gnuplot not found (sh scripts/setup.sh)" >&2; exit 1; }
[ -x "$mz" ] || { echo "charts: no mazebench at '$mz' (build it, or set MZ_BIN)" >&2; exit 1; }
dat=$(mktemp -d)
trap 'rm -rf "$dat"' EXIT
status=0
awk -v dir="$dat" -v csv="$csv" -f "$here/csv.awk" -f "$here/charts.awk" "$csv" || status=$?
[ "$status" -eq 0 ] || exit "$status"

# The report's charts, from the library's summary.
"$mz" report "$csv" --out "$dat/report.html" --charts "$dat/report" >/dev/null 2>"$dat/report.log" || {
    cat "$dat/report.log" >&2
    echo "charts: mazebench report failed on '$csv'" >&2
    exit 1
}
want=""
while read -r chart why; do
    if [ -s "$dat/report/$chart.csv" ]; then
        awk -v dat="$dat/$chart.dat" -v gp="$dat/$chart.gp" -v stem="$chart" \
            -f "$here/csv.awk" -f "$here/charts-report.awk" "$dat/report/$chart.csv"
        want="$want $chart"
    else
        echo "charts: no $chart chart: $why" >&2
    fi
done <<'LIST'
gen-time no generator with gen_ns
solve-time no solver rows with solve_ns
solve-time-loops no solver rows on mazes with loops beside perfect ones
dead-ends no maze figures
routes no route (no maze reached its exit)
gen-memory no gen_peak_bytes column (heap accounting is Linux only)
solve-memory no solver rows with solve_peak_bytes
LIST
# The figure charts of awk.
extra=""
while read -r chart data why; do
    if [ -s "$dat/$data.names" ]; then
        extra="$extra $chart"
    else
        echo "charts: no $chart chart: $why" >&2
    fi
done <<'LIST'
astar astar no astar rows
wall-hands walls no maze solved by both wall hands (wall and wall:hand=right)
LIST
[ -n "$want$extra" ] || { echo "charts: nothing to draw from '$csv'" >&2; exit 2; }

mkdir -p "$out"
for fmt in png svg; do
    # gnuplot's warnings (a range of one point widened, say) go to a log,
    # shown only when it fails.
    # the report's charts: one gnuplot run, a script a chart
    if [ -n "$want" ]; then
        for chart in $want; do cat "$dat/$chart.gp"; echo "reset"; done >"$dat/all.gp"
        gnuplot -e "out='$out'; fmt='$fmt'" "$dat/all.gp" 2>"$dat/gnuplot.log" || {
            cat "$dat/gnuplot.log" >&2
            echo "charts: gnuplot failed drawing the report's $fmt charts of '$csv'" >&2
            exit 1
        }
    fi
    if [ -n "$extra" ]; then
        gnuplot -e "dir='$dat'; out='$out'; fmt='$fmt'; want='$extra'" "$here/charts.gp" \
            2>"$dat/gnuplot.log" || {
            cat "$dat/gnuplot.log" >&2
            echo "charts: gnuplot failed drawing the $fmt charts of '$csv'" >&2
            exit 1
        }
    fi
done
n=0
for chart in $want $extra; do
    for fmt in png svg; do
        if [ -s "$out/$chart.$fmt" ]; then
            n=$((n + 1))
        else
            echo "charts: $out/$chart.$fmt was not written" >&2
            exit 1
        fi
    done
done
# The points drawn, beside the pictures: the report's chart data (NAME.csv,
# with the series' names and styles) and gnuplot's own data (NAME.dat: a
# block a series, in the CSV's order of first appearance).
for chart in $want; do
    cp "$dat/report/$chart.csv" "$out/$chart.csv"
    cp "$dat/$chart.dat" "$out/$chart.dat"
done
echo "charts: wrote $n files to $out" >&2
