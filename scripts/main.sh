#!/bin/sh
# The main job: set up, build, run the default sweep (every registered
# generator x every solver, seeds 464..473, four sizes), draw its charts and
# a handful of pictures (scripts/renders.sh).
#
#   sh scripts/main.sh                 # a new run: results/runs/<UTC time>/
#   sh scripts/main.sh --resume [DIR]  # carry on an interrupted run (default: the latest)
#   sh scripts/main.sh --reference     # refresh the committed reference results:
#                                      # results/sweep.csv, results/charts/,
#                                      # results/renders/ and results/stats/
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
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
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
