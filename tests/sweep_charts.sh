#!/bin/sh
# The sweep's chart path end to end: a tiny sweep drawn by scripts/charts.sh,
# every chart present as PNG and SVG. Run by ctest from the source tree as
#   sh tests/sweep_charts.sh path/to/mazebench
# Exit 77 (skipped) without gnuplot.
set -eu
cli=$1
command -v gnuplot >/dev/null 2>&1 || { echo "gnuplot not installed: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/tiny.plan" <<'PLAN'
gen dfs
gen? dfs+braid:keep=0.4,offset=99
solve all
solve? wall:hand=right
solve? astar:k=0
solve? astar:k=2.2
seeds 464..465
sizes 11,31
PLAN
"$cli" sweep "$tmp/tiny.plan" --out "$tmp/sweep.csv" 2>/dev/null
sh scripts/charts.sh "$tmp/sweep.csv" "$tmp/charts"
charts="deadends routes wall-hands gen-time solve-time gen-memory solve-memory"
if "$cli" list | grep -q '^  astar '; then
    charts="$charts astar"
fi
for c in $charts; do
    for f in png svg; do
        [ -s "$tmp/charts/$c.$f" ] || { echo "missing chart $c.$f"; exit 1; }
    done
    head -c 8 "$tmp/charts/$c.png" | grep -q PNG || { echo "$c.png is not a PNG"; exit 1; }
    grep -q '<svg' "$tmp/charts/$c.svg" || { echo "$c.svg is not an SVG"; exit 1; }
done
echo "charts ok: $charts"
