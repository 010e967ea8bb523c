#!/bin/sh
# Regenerate data/registry-golden-large.csv: the deterministic columns of
# every generator (its documented variants and the post-processor
# included) with bfs, then of every solver and its variants on two mazes,
# at every size regime of the generators, solvers and metrics: past 10^6
# cells, between 4x10^4 and 10^6, two rows or columns, one row or column
# (data/registry-golden-large.plan, data/registry-golden-large-solvers.plan;
# docs/golden.md lists the size-dependent paths each size exercises).
#
#   sh scripts/regen-registry-golden-large.sh [path/to/mazebench]
#   git diff data/registry-golden-large.csv   # review: every change explained
#
# It works as scripts/regen-registry-golden.sh does: 'mazebench sweep' of
# both plans, the '# registry:' and plan lines and the columns before gen_ns
# kept, the second sweep's rows after the first's under the one header; the
# previous file's rows re-run by this build first ('mazebench check
# --any-registry'), so that "all N rows match" says the diff only adds rows
# and columns. Byte-identical on every machine; 'mazebench check' re-runs
# every row (tests/CMakeLists.txt: registry_golden_large_check). About 10 s
# on 2 cores from an optimised build.
set -eu
cd "$(dirname "$0")/.."
bin=${1:-build/mazebench}
[ -x "$bin" ] || { echo "regen-registry-golden-large: no executable '$bin' (build first)" >&2; exit 1; }
out=data/registry-golden-large.csv
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
for plan in registry-golden-large registry-golden-large-solvers; do
    "$bin" sweep "data/$plan.plan" --jobs "$jobs" --out "$tmp/$plan.csv" 2>"$tmp/err" || {
        cat "$tmp/err" >&2
        exit 1
    }
done
h1=$(grep -v '^#' "$tmp/registry-golden-large.csv" | head -1)
h2=$(grep -v '^#' "$tmp/registry-golden-large-solvers.csv" | head -1)
[ "$h1" = "$h2" ] || { echo "regen-registry-golden-large: the two sweeps' headers differ" >&2; exit 1; }
{
    echo "# Golden figures at every size regime: 'mazebench sweep' of"
    echo "# data/registry-golden-large.plan (the '# plan:' lines), then of"
    echo "# data/registry-golden-large-solvers.plan (the '# solvers plan:' lines), the"
    echo "# columns before gen_ns. Regenerate with scripts/regen-registry-golden-large.sh,"
    echo "# review with git diff; check with 'mazebench check data/registry-golden-large.csv'."
    grep -E '^# (registry|plan): ' "$tmp/registry-golden-large.csv"
    grep -E '^# plan: ' "$tmp/registry-golden-large-solvers.csv" | sed 's/^# plan: /# solvers plan: /'
    awk -f scripts/csv.awk -f "$tmp/cut.awk" "$tmp/registry-golden-large.csv"
    awk -v skip_header=1 -f scripts/csv.awk -f "$tmp/cut.awk" "$tmp/registry-golden-large-solvers.csv"
} >"$tmp/golden.csv"
if [ -f "$out" ]; then
    echo "regen-registry-golden-large: the previous file's rows, re-run by this build:" >&2
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
