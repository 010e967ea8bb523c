#!/bin/sh
# Regenerate data/costs-baseline.csv: the instructions (and simulated
# last-level cache misses) of the timed call of every generator and every
# solver at its defaults, 31x31 and 101x101, seed 464, counted under
# valgrind's Callgrind ('mazebench sweep --count callgrind' of
# data/costs-gen.plan and data/costs-solve.plan). Callgrind's counts are the
# same on every run, loaded or not, but belong to one build: count with the
# Release gcc build the test suite uses (build/, 'cmake --preset release').
#
#   sh scripts/regen-costs.sh [path/to/mazebench]   # rewrite the baseline
#   git diff data/costs-baseline.csv                 # review: explain every change
#   sh scripts/regen-costs.sh --stdout [path/to/mazebench]   # the table only, to stdout
#
# Before replacing the file it prints every entry whose count moved, and by
# how much. tests/costs_check.sh (scripts/test.sh) counts again and fails
# when an entry moves by more than 1%.
set -eu
cd "$(dirname "$0")/.."
to_stdout=""
if [ "${1:-}" = "--stdout" ]; then
    to_stdout=1
    shift
fi
bin=${1:-build/mazebench}
[ -x "$bin" ] || { echo "regen-costs: no executable '$bin' (build first)" >&2; exit 1; }
out=data/costs-baseline.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for stage in gen solve; do
    "$bin" sweep "data/costs-$stage.plan" --count callgrind --progress 0 \
        --out "$tmp/$stage.csv" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
done
{
    echo "# Instructions and simulated last-level cache misses of the timed call"
    echo "# (mz_bench_gen, mz_bench_solve) of every registry entry at its defaults:"
    echo "# generators from data/costs-gen.plan, solvers on the dfs maze of"
    echo "# data/costs-solve.plan, counted under Callgrind. Regenerate with"
    echo "# scripts/regen-costs.sh, review with git diff; checked by"
    echo "# tests/costs_check.sh. Counts belong to one compiler and its flags:"
    grep -E '^# (counter|compiler|cflags|registry|cpu): ' "$tmp/gen.csv"
    awk -f scripts/csv.awk -f scripts/costs.awk -v stage=gen -v header=1 "$tmp/gen.csv"
    awk -f scripts/csv.awk -f scripts/costs.awk -v stage=solve "$tmp/solve.csv"
} >"$tmp/costs.csv"
if [ -n "$to_stdout" ]; then
    cat "$tmp/costs.csv"
    exit 0
fi
if [ -f "$out" ]; then
    awk -f scripts/csv.awk -f scripts/costs-compare.awk -v tol=0 "$out" "$tmp/costs.csv" >&2 || true
    old=$(grep -E '^# (compiler|cflags|counter): ' "$out" || true)
    new=$(grep -E '^# (compiler|cflags|counter): ' "$tmp/costs.csv" || true)
    [ "$old" = "$new" ] || echo "regen-costs: the build or the counter differs from the old baseline's (see the '#' lines)" >&2
fi
cp "$tmp/costs.csv" "$out.tmp"
mv "$out.tmp" "$out"
echo "regen-costs: wrote $out ($(grep -vc '^#' "$out") lines); review with git diff" >&2
