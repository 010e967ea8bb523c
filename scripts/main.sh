#!/bin/sh
# The main job: set up, build, run the default sweep (every registered
# generator x every solver, seeds 464..473, four sizes), draw its charts and
# a handful of pictures (scripts/renders.sh), and report it all in one HTML
# file (mazebench report: report.html and report.md beside the sweep).
#
#   sh scripts/main.sh                 # a new run: results/runs/<UTC time>/
#   sh scripts/main.sh --resume [DIR]  # carry on an interrupted run (default: the latest)
#   sh scripts/main.sh --reference     # refresh the committed reference results:
#                                      # results/sweep.csv, results/charts/,
#                                      # results/renders/, results/stats/ and
#                                      # results/report.html, .md and .png
#
# A run writes only under results/runs/ (ignored by git), so running the job
# never touches tracked files and the next build is not "-dirty"; each run
# has its own directory, results/runs/latest points at the newest. Only
# --reference rewrites the reference results above, to be
# reviewed and committed.
set -eu
cd "$(dirname "$0")/.."

mode=run
dir=""
case "${1:-}" in
"") ;;
--reference) mode=reference ;;
--resume)
    mode=resume
    dir=${2:-results/runs/latest}
    ;;
-h | --help)
    sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
*)
    echo "main: unknown argument '$1' (see 'sh scripts/main.sh --help')" >&2
    exit 2
    ;;
esac

sh scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$jobs"

case $mode in
run)
    dir=results/runs/$(date -u +%Y%m%dT%H%M%SZ)
    mkdir -p "$dir"
    ln -sfn "$(basename "$dir")" results/runs/latest
    out=$dir/sweep.csv charts=$dir/charts renders=$dir/renders flags=""
    ;;
resume)
    # an interrupted or killed sweep keeps its rows in sweep.csv.partial
    [ -f "$dir/sweep.csv" ] || [ -f "$dir/sweep.csv.partial" ] ||
        { echo "main: no sweep to resume in '$dir'" >&2; exit 2; }
    out=$dir/sweep.csv charts=$dir/charts renders=$dir/renders flags="--resume"
    ;;
reference)
    mkdir -p results
    out=results/sweep.csv charts=results/charts renders=results/renders flags="--force"
    ;;
esac

start=$(date +%s)
# shellcheck disable=SC2086
./build/mazebench sweep --jobs "$jobs" --out "$out" $flags
echo "main: sweep took $(( $(date +%s) - start )) s, $(grep -vc '^#' "$out") lines" \
     "(header included) in $out" >&2
sh scripts/charts.sh "$out" "$charts"
MZ_BIN=build/mazebench sh scripts/renders.sh "$renders" >/dev/null
echo "main: pictures in $renders" >&2
if [ "$mode" = reference ]; then
    # Measured vs published dead-end shares (results/stats/).
    sh scripts/stats-chart.sh build/mazebench >/dev/null
fi
# The report (docs/report.md): one HTML file beside the sweep, its tables as
# markdown too; the reference one also reads the statistics and the route's
# scaling, and gets a screenshot of its charts for the README
# (results/report.png, taken by headless Chromium).
if [ "$mode" = reference ]; then
    report=results/report
    set -- "$out" results/stats results/scaling
else
    report=$dir/report
    set -- "$out"
fi
rc=0
./build/mazebench report "$@" --out "$report.html" --md "$report.md" --force >/dev/null || rc=$?
# status 1: written, with an input left out (listed in the report and above)
[ "$rc" -le 1 ] || { echo "main: the report failed" >&2; exit 1; }
echo "main: report $report.html, $(wc -c <"$report.html") bytes" >&2
if [ "$mode" = reference ] && command -v node >/dev/null && command -v chromium >/dev/null; then
    node tests/browser/check-report.js --html "$report.html" --viewport 1200x900 \
        --at '#charts' --screenshot results/report.png >/dev/null
    echo "main: its screenshot results/report.png, $(wc -c <results/report.png) bytes" >&2
fi
