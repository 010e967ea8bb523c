#!/bin/sh
# Measured vs published dead-end shares: run 'mazebench stats' over every
# generator and draw the chart and the table (docs/stats.md).
#
#   sh scripts/stats-chart.sh [path/to/mazebench [SIZE [SEEDS]]]
#        defaults: build/mazebench, 301 (301x301), 1..20
#
# Writes, into results/stats/:
#   stats-SIZE.csv                  'mazebench stats all --format csv' (every statistic)
#   table-SIZE.md                   the same run as a markdown table (--format markdown)
#   deadends-vs-published.png/.svg  the chart: measured share (a bar; its 95%
#                                   confidence interval, in the CSV and the table,
#                                   is too narrow to draw) and the published share
#                                   (a dot; a range for growing tree) a generator
# Needs gnuplot (scripts/setup.sh installs gnuplot-nox). Deterministic apart
# from the chart's fonts: the CSV and the table are the same on every machine.
set -eu
cd "$(dirname "$0")/.."
bin=${1:-build/mazebench}
size=${2:-301}
seeds=${3:-1..20}
[ -x "$bin" ] || { echo "stats-chart: no executable '$bin' (build first)" >&2; exit 1; }
command -v gnuplot >/dev/null || { echo "stats-chart: gnuplot not found (sh scripts/setup.sh)" >&2; exit 1; }
out=results/stats
mkdir -p "$out"
csv=$out/stats-$size.csv
"$bin" stats all --sizes "$size" --seeds "$seeds" --format csv >"$csv.tmp"
mv "$csv.tmp" "$csv"
"$bin" stats all --sizes "$size" --seeds "$seeds" --format markdown >"$out/table-$size.md.tmp"
mv "$out/table-$size.md.tmp" "$out/table-$size.md"

dat=$(mktemp)
trap 'rm -f "$dat"' EXIT
# One line a generator with a published figure: index, name, measured mean,
# CI low, CI high, published middle, low, high (percent). The CSV's fields
# hold no commas but in quoted generator specs, which awk reads as written.
awk -F, '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $col["stat"] == "dead_ends" && $col["published_lo"] != "" {
        gen = $1; gsub(/"/, "", gen)
        lo = 100 * $col["published_lo"]; hi = 100 * $col["published_hi"]
        printf "%d \"%s\" %.3f %.3f %.3f %.3f %.3f %.3f\n", n++, gen,
            100 * $col["mean"], 100 * $col["ci95_lo"], 100 * $col["ci95_hi"],
            (lo + hi) / 2, lo, hi
    }' "$csv" >"$dat"
[ -s "$dat" ] || { echo "stats-chart: no generator with a published figure in '$csv'" >&2; exit 1; }
n=$(wc -l <"$dat")

for term in png svg; do
    if [ "$term" = png ]; then
        setterm="set terminal pngcairo size 1000,560 font 'sans,10'"
    else
        setterm="set terminal svg size 1000,560 font 'sans,10' dynamic"
    fi
    gnuplot <<GP
$setterm
set output '$out/deadends-vs-published.$term'
set title "Dead-end share: measured ($size x $size, mean of seeds $seeds) vs published (Pullen)"
set ylabel 'dead ends, % of cells'
set yrange [0:52]
set xrange [-0.7:$n - 0.3]
set grid ytics lc rgb '#dddddd'
set key top left
set xtics rotate by -35 nomirror font 'sans,9'
set style fill solid 0.8 noborder
set boxwidth 0.55
plot '$dat' using 1:3:xtic(2) with boxes lc rgb '#4f81bd' title 'measured', \
     '' using (\$1 + 0.32):6:7:8 with yerrorbars lc rgb '#c0504d' pt 7 ps 0.9 lw 2 \
        title 'published (growing tree: its range over pick modes)'
GP
done
echo "stats-chart: wrote $csv, $out/table-$size.md, $out/deadends-vs-published.png and .svg" >&2
