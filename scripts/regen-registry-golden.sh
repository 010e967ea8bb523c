#!/bin/sh
# Regenerate data/registry-golden.csv: the deterministic columns of every
# registry entry at two small sizes and three seeds: every generator, with
# its documented variants, x every solver (data/registry-golden.plan), then
# every solver's variants on a few mazes (data/registry-golden-solvers.plan).
#
#   sh scripts/regen-registry-golden.sh [path/to/mazebench]
#   git diff data/registry-golden.csv   # review: every change must be explained
#
# It runs 'mazebench sweep' on both plans and keeps what does not depend on
# the machine or the run: the '# registry:' and plan lines and the columns
# before gen_ns (times, heap peaks and resident memory dropped), the second
# sweep's rows after the first's under the one header.
# The output is byte-identical on every machine, so a regeneration with no
# change to any algorithm leaves no diff. 'mazebench check' re-runs every
# row (tests/CMakeLists.txt: registry_golden_check); after adding a registry
# entry, run this script and review the new rows (docs/golden.md).
#
# A new column rewrites every line of the file, so before replacing it the
# script re-runs the old file's rows with this build ('mazebench check
# --any-registry') and prints what moved: "all N rows match" means the diff
# only adds rows and columns.
#
# With --large it writes data/registry-golden-large.csv the same way, from
# data/registry-golden-large.plan and data/registry-golden-large-solvers.plan
# (scripts/regen-registry-golden-large.sh says so). With --shapes it writes
# data/registry-golden-shapes.csv from data/registry-golden-shapes.plan and
# data/registry-golden-shapes-solvers.plan: every generator on every cell
# shape it declares (hex, tri, polar, 3d, weave, torus), solved by every solver.
# With --splitmix64 it writes data/registry-golden-splitmix64.csv from
# data/registry-golden-splitmix64.plan and its -solvers plan: every
# generator on every shape drawn from the second random source, splitmix64,
# 64-bit seeds included (docs/random.md).
set -eu
cd "$(dirname "$0")/.."
name=registry-golden
about="every registry entry"
if [ "${1:-}" = --large ]; then
    name=registry-golden-large
    about="every size regime"
    shift
elif [ "${1:-}" = --shapes ]; then
    name=registry-golden-shapes
    about="every cell shape"
    shift
elif [ "${1:-}" = --splitmix64 ]; then
    name=registry-golden-splitmix64
    about="every generator and shape under splitmix64"
    shift
fi
prog=regen-$name
bin=${1:-build/mazebench}
[ -x "$bin" ] || { echo "$prog: no executable '$bin' (build first)" >&2; exit 1; }
out=data/$name.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/cut.awk" <<'AWK'
/^#/ { next }
!n {
    n = csv_split($0, h)
    last = csv_index(h, n, "gen_ns") - 1
    if (last < 0) last = n
    if (skip_header) next
}
{
    csv_split($0, f)
    line = ""
    for (i = 1; i <= last; i++) line = line (i > 1 ? "," : "") csv_quote(f[i])
    print line
}
AWK
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
for plan in $name $name-solvers; do
    "$bin" sweep "data/$plan.plan" --jobs "$jobs" --progress 0 --out "$tmp/$plan.csv" 2>"$tmp/err" || {
        cat "$tmp/err" >&2
        exit 1
    }
done
h1=$(grep -v '^#' "$tmp/$name.csv" | head -1)
h2=$(grep -v '^#' "$tmp/$name-solvers.csv" | head -1)
[ "$h1" = "$h2" ] || { echo "$prog: the two sweeps' headers differ" >&2; exit 1; }
{
    if [ "$name" = registry-golden ]; then
        echo "# Golden figures of every registry entry: 'mazebench sweep' of data/registry-golden.plan"
        echo "# (the '# plan:' lines), then of data/registry-golden-solvers.plan (the '# solvers"
        echo "# plan:' lines), the columns before gen_ns. Regenerate with"
        echo "# scripts/regen-registry-golden.sh, review with git diff; check with"
        echo "# 'mazebench check data/registry-golden.csv'."
    elif [ "$name" = registry-golden-shapes ]; then
        echo "# Golden figures on every cell shape: 'mazebench sweep' of"
        echo "# data/registry-golden-shapes.plan (the '# plan:' lines), then of"
        echo "# data/registry-golden-shapes-solvers.plan (the '# solvers plan:' lines), the"
        echo "# columns before gen_ns. Regenerate with 'scripts/regen-registry-golden.sh --shapes',"
        echo "# review with git diff; check with 'mazebench check data/registry-golden-shapes.csv'."
    elif [ "$name" = registry-golden-splitmix64 ]; then
        echo "# Golden figures under the random source splitmix64: 'mazebench sweep' of"
        echo "# data/registry-golden-splitmix64.plan (the '# plan:' lines), then of"
        echo "# data/registry-golden-splitmix64-solvers.plan (the '# solvers plan:' lines),"
        echo "# the columns before gen_ns. Regenerate with 'scripts/regen-registry-golden.sh"
        echo "# --splitmix64', review with git diff; check with 'mazebench check"
        echo "# data/registry-golden-splitmix64.csv'."
    else
        echo "# Golden figures at every size regime: 'mazebench sweep' of"
        echo "# data/registry-golden-large.plan (the '# plan:' lines), then of"
        echo "# data/registry-golden-large-solvers.plan (the '# solvers plan:' lines), the"
        echo "# columns before gen_ns. Regenerate with scripts/regen-registry-golden-large.sh,"
        echo "# review with git diff; check with 'mazebench check data/registry-golden-large.csv'."
    fi
    grep -E '^# (registry|plan): ' "$tmp/$name.csv"
    grep -E '^# plan: ' "$tmp/$name-solvers.csv" | sed 's/^# plan: /# solvers plan: /'
    awk -f scripts/csv.awk -f "$tmp/cut.awk" "$tmp/$name.csv"
    awk -v skip_header=1 -f scripts/csv.awk -f "$tmp/cut.awk" "$tmp/$name-solvers.csv"
} >"$tmp/golden.csv"
if [ -f "$out" ]; then
    echo "$prog: the previous file's rows, re-run by this build ($about):" >&2
    "$bin" check --any-registry "$out" >"$tmp/moved" 2>&1 || true
    if [ "$(wc -l <"$tmp/moved")" -gt 21 ]; then
        head -20 "$tmp/moved" >&2
        echo "  ..." >&2
        tail -1 "$tmp/moved" >&2
    else
        cat "$tmp/moved" >&2
    fi
fi
mv "$tmp/golden.csv" "$out"
echo "wrote $out ($(grep -vc '^#' "$out") lines)" >&2
