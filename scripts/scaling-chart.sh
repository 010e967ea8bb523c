#!/bin/sh
# Scaling laws: how the route of each generator's square mazes grows with
# the side n, the fitted exponents and the chart (docs/scaling.md).
#
#   sh scripts/scaling-chart.sh [path/to/mazebench [SIZES [SEEDS [STREAM_SIZES [STREAM_SEEDS]]]]]
#        defaults: build/mazebench, 16,32,64,128,256,512, 1..20,
#                  512,1024,2048,4096,8192,16384, 1..10
#
# Writes, into results/scaling/:
#   fits.csv          'mazebench scaling ... --format csv': one row a generator,
#                     the exponent, its standard error and 95% interval, R^2,
#                     the local slope between the two largest sizes, the
#                     published exponent and whether the interval holds it
#   points.csv        one row a generator and size (--points): mean, sd and
#                     geometric mean route, the fitted and theoretical lines
#   route-scaling.png/.svg  the geometric mean route against n, log-log, each
#                     generator's fitted line, and the theoretical slopes 5/4
#                     (uniform spanning tree) and 1.22 (minimum spanning tree)
# Needs gnuplot (scripts/setup.sh installs gnuplot-nox). The CSVs are the
# same on every machine (integer routes, sums in a fixed order); the chart's
# fonts may differ. About 15 minutes of one core with the defaults.
set -eu
cd "$(dirname "$0")/.."
bin=${1:-build/mazebench}
sizes=${2:-16,32,64,128,256,512}
seeds=${3:-1..20}
ssizes=${4:-512,1024,2048,4096,8192,16384}
sseeds=${5:-1..10}
[ -x "$bin" ] || { echo "scaling-chart: no executable '$bin' (build first)" >&2; exit 1; }
command -v gnuplot >/dev/null || { echo "scaling-chart: gnuplot not found (sh scripts/setup.sh)" >&2; exit 1; }
out=results/scaling
mkdir -p "$out"
gens="wilson aldous-broder kruskal prim prim:mode=simplified prim:mode=modified frontier
      growing-tree growing-tree:p=0 dfs hunt-and-kill recursive-division binary-tree
      sidewinder eller eller-stream"
# shellcheck disable=SC2086 # the generator list splits on purpose
"$bin" scaling $gens --sizes "$sizes" --seeds "$seeds" --stream-sizes "$ssizes" \
    --stream-seeds "$sseeds" --format csv --points "$out/points.csv" --force >"$out/fits.csv.tmp"
mv "$out/fits.csv.tmp" "$out/fits.csv"

# The chart: one series a generator (its points and its fitted line), the
# two theoretical slopes drawn through the wilson and kruskal fits.
dat=$(mktemp)
trap 'rm -f "$dat"' EXIT
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { gen = $1; gsub(/"/, "", gen)
    if (gen != last) { if (NR > 2) printf "\n\n"; printf "# %s\n", gen; last = gen }
    t = $c["theory_route"]
    print $c["n"], $c["route_geomean"], $c["fit_route"], (t == "" ? "NaN" : t) }' \
    "$out/points.csv" >"$dat"
titles=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { gen = $1; gsub(/"/, "", gen); printf "%s (%.3f) ", gen, $c["exponent"] }' \
    "$out/fits.csv")
ngen=$(awk 'END { print NR - 1 }' "$out/fits.csv")
for term in png svg; do
    if [ "$term" = png ]; then
        setterm="set terminal pngcairo size 1100,760 font 'sans,10'"
    else
        setterm="set terminal svg size 1100,760 font 'sans,10' dynamic"
    fi
    gnuplot <<GP
$setterm
set output '$out/route-scaling.$term'
set title "Route (corner to corner) against the side n: geometric mean over seeds, fitted route = c n^b (b in the key)"
set logscale xy 2
set xlabel 'side n (n x n cells)'
set ylabel 'route, steps'
set key outside right top font 'sans,9'
set grid lc rgb '#dddddd'
set format x '%g'
set format y '%g'
t = "$titles"
plot for [i=0:$ngen - 1] '$dat' index i using 1:2 with points pt 7 ps 0.8 lc i + 1 \
        title sprintf("%s %s", word(t, 2 * i + 1), word(t, 2 * i + 2)), \
     for [i=0:$ngen - 1] '$dat' index i using 1:3 with lines lc i + 1 notitle, \
     '$dat' index 0 using 1:4 with lines dt 2 lw 2 lc rgb 'black' title 'slope 5/4 (UST, theory)', \
     '$dat' index 2 using 1:4 with lines dt 3 lw 2 lc rgb 'black' title 'slope 1.22 (MST, published)'
GP
done
echo "scaling-chart: wrote $out/fits.csv, $out/points.csv, $out/route-scaling.png and .svg" >&2
