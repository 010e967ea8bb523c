#!/bin/sh
# Regenerate data/registry-golden.csv: the deterministic columns of every
# registry entry (every generator x every solver, with the documented
# variants of data/registry-golden.plan) at two small sizes and three seeds.
#
#   sh scripts/regen-registry-golden.sh [path/to/mazebench]
#   git diff data/registry-golden.csv   # review: every change must be explained
#
# It runs 'mazebench sweep data/registry-golden.plan' and keeps what does not
# depend on the machine or the run: the '# registry:' and '# plan:' lines and
# the columns before gen_ns (times, heap peaks and resident memory dropped).
# The output is byte-identical on every machine, so a regeneration with no
# change to any algorithm leaves no diff. 'mazebench check' re-runs every
# row (tests/CMakeLists.txt: registry_golden_check); after adding a registry
# entry, run this script and review the new rows (docs/golden.md).
#
# A new column rewrites every line of the file, so before replacing it the
# script re-runs the old file's rows with this build ('mazebench check
# --any-registry') and prints what moved: "all N rows match" means the diff
# only adds rows and columns.
set -eu
cd "$(dirname "$0")/.."
bin=${1:-build/mazebench}
[ -x "$bin" ] || { echo "regen-registry-golden: no executable '$bin' (build first)" >&2; exit 1; }
out=data/registry-golden.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/cut.awk" <<'AWK'
/^#/ { next }
!n {
    n = csv_split($0, h)
    last = csv_index(h, n, "gen_ns") - 1
    if (last < 0) last = n
}
{
    csv_split($0, f)
    line = ""
    for (i = 1; i <= last; i++) line = line (i > 1 ? "," : "") csv_quote(f[i])
    print line
}
AWK
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
"$bin" sweep data/registry-golden.plan --jobs "$jobs" --out "$tmp/sweep.csv" 2>"$tmp/err" || {
    cat "$tmp/err" >&2
    exit 1
}
{
    echo "# Golden figures of every registry entry: 'mazebench sweep data/registry-golden.plan',"
    echo "# the columns before gen_ns. Regenerate with scripts/regen-registry-golden.sh and"
    echo "# review with git diff; check with 'mazebench check data/registry-golden.csv'."
    grep -E '^# (registry|shard|plan): ' "$tmp/sweep.csv"
    awk -f scripts/csv.awk -f "$tmp/cut.awk" "$tmp/sweep.csv"
} >"$tmp/golden.csv"
if [ -f "$out" ]; then
    echo "regen-registry-golden: the previous file's rows, re-run by this build:" >&2
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
