#!/bin/sh
# Draw the sweep's charts: PNG and SVG into OUTDIR (default results/charts).
#
#   sh scripts/charts.sh [SWEEP_CSV [OUTDIR]]      # default results/sweep.csv
#
# Aggregation is awk (scripts/csv.awk, scripts/charts.awk), drawing gnuplot
# (scripts/charts.gp); nothing else is needed (scripts/setup.sh installs
# gnuplot-nox, whose pngcairo and svg terminals these use).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
csv=${1:-results/sweep.csv}
out=${2:-results/charts}
[ -r "$csv" ] || { echo "charts: cannot read '$csv'" >&2; exit 2; }
command -v gnuplot >/dev/null || { echo "charts: gnuplot not found (sh scripts/setup.sh)" >&2; exit 1; }
mkdir -p "$out"
dat=$(mktemp -d)
trap 'rm -rf "$dat"' EXIT
awk -v dir="$dat" -f "$here/csv.awk" -f "$here/charts.awk" "$csv"
for fmt in png svg; do
    gnuplot -e "dir='$dat'; out='$out'; fmt='$fmt'" "$here/charts.gp"
done
echo "charts: wrote $(ls "$out" | wc -l) files to $out" >&2
