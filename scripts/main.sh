#!/bin/sh
# The main job: set up, build, run the default sweep (every registered
# generator x every solver, seeds 464..473, four sizes), draw its charts and
# a handful of pictures (scripts/renders.sh), measure the dead-end shares
# against the published ones (stats, 301x301, seeds 1..20) and the route's
# scaling (sizes 16..512, seeds 1..20) beside them, and report it all in one
# HTML file (mazebench report: report.html, .md and .tex beside the sweep,
# with every section: run, generators, solvers, charts, statistics,
# scaling, renders).
#
#   sh scripts/main.sh                 # a new run: results/runs/<UTC time>/
#   sh scripts/main.sh --resume [DIR]  # carry on an interrupted run (default: the latest)
#   sh scripts/main.sh --reference     # refresh the committed reference results:
#                                      # results/sweep.csv, results/charts/,
#                                      # results/renders/, results/stats/ and
#                                      # results/report.html, .md, .tex and .png
#
# A run writes only under results/runs/ (ignored by git), so running the job
# never touches tracked files and the next build is not "-dirty"; each run
# has its own directory, results/runs/latest points at the newest. Only
# --reference rewrites the reference results above, to be
# reviewed and committed (its scaling is scripts/scaling-chart.sh's, with the
# long streamed sizes: about 15 minutes; run it on its own).
# MZ_BUILD=DIR builds in and runs from DIR instead of build/.
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
    sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
*)
    echo "main: unknown argument '$1' (see 'sh scripts/main.sh --help')" >&2
    exit 2
    ;;
esac

sh scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
build=${MZ_BUILD:-build}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$jobs"
bin=$build/mazebench

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

# The statistics and the route's scaling of a run, in its folder, in the
# background while the sweep runs (about 12 s of one core beside its
# minutes): the report's statistics and scaling sections. A resumed run
# keeps those it has. The generators of the scaling are
# scripts/scaling-chart.sh's.
bg=""
if [ "$mode" != reference ]; then
    mkdir -p "$dir/stats" "$dir/scaling"
fi
if [ "$mode" != reference ] && [ ! -s "$dir/stats/stats-301.csv" ]; then
    { "$bin" stats all --sizes 301 --seeds 1..20 --format csv >"$dir/stats/stats-301.csv.tmp" \
        2>"$dir/stats/stats.log" &&
        mv "$dir/stats/stats-301.csv.tmp" "$dir/stats/stats-301.csv"; } &
    bg="$bg $!"
fi
if [ "$mode" != reference ] && [ ! -s "$dir/scaling/fits.csv" ]; then
    { "$bin" scaling wilson aldous-broder kruskal prim prim:mode=simplified prim:mode=modified \
        frontier growing-tree growing-tree:p=0 dfs hunt-and-kill recursive-division binary-tree \
        sidewinder eller eller-stream --sizes 16,32,64,128,256,512 --seeds 1..20 --format csv \
        --points "$dir/scaling/points.csv" --force >"$dir/scaling/fits.csv.tmp" \
        2>"$dir/scaling/scaling.log" &&
        mv "$dir/scaling/fits.csv.tmp" "$dir/scaling/fits.csv"; } &
    bg="$bg $!"
fi
start=$(date +%s)
# shellcheck disable=SC2086
"$bin" sweep --jobs "$jobs" --out "$out" $flags
echo "main: sweep took $(( $(date +%s) - start )) s, $(grep -vc '^#' "$out") lines" \
     "(header included) in $out" >&2
MZ_BIN=$bin sh scripts/charts.sh "$out" "$charts"
MZ_BIN=$bin sh scripts/renders.sh "$renders" >/dev/null
echo "main: pictures in $renders" >&2
if [ "$mode" = reference ]; then
    # Measured vs published dead-end shares (results/stats/).
    sh scripts/stats-chart.sh "$bin" >/dev/null
fi
for pid in $bg; do
    wait "$pid" || { echo "main: the statistics or the scaling run failed (see $dir/stats/stats.log, $dir/scaling/scaling.log)" >&2; exit 1; }
done
[ -z "$bg" ] || echo "main: statistics in $dir/stats, scaling in $dir/scaling" >&2
# The report (docs/report.md): one HTML file beside the sweep with every
# section (the run, its generators and solvers, charts, the statistics, the
# scaling, renders), its tables as markdown and LaTeX too; the reference
# one gets a screenshot of its charts for the README (results/report.png,
# taken by headless Chromium).
if [ "$mode" = reference ]; then
    report=results/report
    set -- "$out" results/stats results/scaling
else
    report=$dir/report
    set -- "$out" "$dir/stats" "$dir/scaling"
fi
rc=0
"$bin" report "$@" --out "$report.html" --md "$report.md" --tex "$report.tex" --force \
    >"$report.out" || rc=$?
# status 1: written, with an input left out (listed in the report and above)
[ "$rc" -le 1 ] || { echo "main: the report failed" >&2; exit 1; }
echo "main: report $report.html, $(wc -c <"$report.html") bytes,$(sed -n 's/.*sections://p' "$report.out")" >&2
rm -f "$report.out"
if [ "$mode" = reference ] && command -v node >/dev/null && command -v chromium >/dev/null; then
    node tests/browser/check-report.js --html "$report.html" --viewport 1200x900 \
        --at '#charts' --screenshot results/report.png >/dev/null
    echo "main: its screenshot results/report.png, $(wc -c <results/report.png) bytes" >&2
fi
