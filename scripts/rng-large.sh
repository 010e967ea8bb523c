#!/bin/sh
# Large mazes under both random sources (docs/random.md, "Large mazes"):
# kruskal, wilson and dfs at the largest sizes this machine holds in a
# reasonable time, seeds 464 and 465, each drawn once from mulberry32 (by
# name: past its budget 'mazebench' itself would refuse it, this program
# does not) and once from splitmix64, with their figures, the draws and
# their share of the cycle, and for each source whether the two seeds'
# stretches of the cycle overlap and how alike their mazes are
# (bench/rng_large.c). Writes FILE (see below for where).
#
#   sh scripts/rng-large.sh [path/to/mazebench_rng_large] [FILE]   # about 30 min, 4 GB
#   sh scripts/rng-large.sh --reference [path/to/mazebench_rng_large]
#
# FILE defaults to results/runs/rng-<UTC time>/large.csv (git ignores
# results/runs/), so a run never overwrites an earlier one; --reference
# rewrites the committed results/rng/large.csv, to be reviewed.
#
# RNG_LARGE_SIZES="dfs:31623x31623 kruskal:23170x23170 wilson:31623x31623"
# overrides the generators and sizes.
set -eu
cd "$(dirname "$0")/.."
ref=""
if [ "${1:-}" = --reference ]; then
    ref=1
    shift
fi
bin=${1:-build/mazebench_rng_large}
if [ -n "$ref" ]; then out=results/rng/large.csv
else out=${2:-results/runs/rng-$(date -u +%Y%m%dT%H%M%SZ)/large.csv}; fi
[ -x "$bin" ] || { echo "rng-large: no executable '$bin' (build first)" >&2; exit 1; }
sizes=${RNG_LARGE_SIZES:-"dfs:31623x31623 kruskal:23170x23170 wilson:31623x31623"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
first=1
for gs in $sizes; do
    gen=${gs%%:*}
    size=${gs#*:}
    echo "rng-large: $gen $size ..." >&2
    "$bin" "$gen" "$size" 464 465 >"$tmp/one.csv"
    if [ $first = 1 ]; then cat "$tmp/one.csv"; first=0; else tail -n +2 "$tmp/one.csv"; fi >>"$tmp/large.csv"
done
mkdir -p "$(dirname "$out")"
mv "$tmp/large.csv" "$out"
echo "rng-large: wrote $out" >&2
