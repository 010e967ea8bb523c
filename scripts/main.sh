#!/bin/sh
# Set up, build and run the main job: the default sweep (every registered
# generator x every solver, seeds 464..473, four sizes) into
# results/sweep.csv, then its charts into results/charts/.
#
#   sh scripts/main.sh               # a fresh sweep
#   MZ_RESUME=1 sh scripts/main.sh   # carry on an interrupted one
set -eu
cd "$(dirname "$0")/.."

sh scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$jobs"

resume=""
if [ "${MZ_RESUME:-0}" = 1 ]; then
    resume="--resume"
fi
start=$(date +%s)
# shellcheck disable=SC2086
./build/mazebench sweep --jobs "$jobs" --out results/sweep.csv $resume
echo "main: sweep took $(( $(date +%s) - start )) s, $(grep -vc '^#' results/sweep.csv) lines" \
     "(header included) in results/sweep.csv" >&2
sh scripts/charts.sh results/sweep.csv results/charts
