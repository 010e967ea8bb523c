#!/bin/sh
# Regenerate data/sweep-small.csv, the golden figures of the small sweep plan
# (bench/plans/small.plan), from a built mazebench (default build/mazebench):
#
#   sh scripts/regen-sweep-golden.sh [path/to/mazebench]
#   git diff data/sweep-small.csv      # review: every change must be explained
#
# The file keeps the deterministic columns (those before gen_ns) that hold a
# value in at least one row; tests/test_sweep.c compares them by name, so
# columns that other algorithms add to the header do not disturb it.
set -eu
cd "$(dirname "$0")/.."
bin=${1:-build/mazebench}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" sweep bench/plans/small.plan --jobs 2 --out "$tmp/small.csv"
{
    echo "# Golden figures of 'mazebench sweep bench/plans/small.plan': the deterministic"
    echo "# columns. Regenerate with scripts/regen-sweep-golden.sh and review with git diff."
    awk -f scripts/csv.awk -f scripts/sweep-figures.awk "$tmp/small.csv"
} > data/sweep-small.csv
echo "wrote data/sweep-small.csv ($(grep -vc '^#' data/sweep-small.csv) lines)" >&2
