#!/bin/sh
# Instruction counts against data/costs-baseline.csv: count the timed call
# of every registry entry again under Callgrind (scripts/regen-costs.sh
# --stdout) and fail when an entry's count moves by more than the
# tolerance (COSTS_TOLERANCE, percent, default 1), one line per entry:
# the entry, its size, the two counts, the change in percent, and the
# command that regenerates the baseline. Callgrind's counts do not depend
# on the machine's load, so a 5% slowdown of one algorithm shows whatever
# else runs. They do depend on the compiler and its flags: a build whose
# compiler or flags differ from the baseline's '#' lines is skipped with a
# message (exit 0), never compared.
#
#   sh tests/costs_check.sh [path/to/mazebench]   # default build/mazebench (Release)
set -eu
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
bin=${1:-build/mazebench}
tol=${COSTS_TOLERANCE:-1}
base=data/costs-baseline.csv
[ -x "$bin" ] || { echo "costs: no executable '$bin' (build the Release build first)" >&2; exit 1; }
command -v valgrind >/dev/null 2>&1 || {
    echo "costs: valgrind is not installed (Debian package valgrind; scripts/setup.sh installs it)" >&2
    exit 1
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# This build's compiler and flags, from a one-maze sweep's provenance.
"$bin" sweep --gen dfs --seeds 1 --sizes 2 --progress 0 >"$tmp/probe.csv"
for key in compiler cflags; do
    have=$(grep "^# $key: " "$tmp/probe.csv" || true)
    want=$(grep "^# $key: " "$base" || true)
    if [ "$have" != "$want" ]; then
        echo "costs: skipped: $base was counted with '${want#\# }', '$bin' is built with '${have#\# }':" \
            "instruction counts compare only for the same compiler and flags" >&2
        exit 0
    fi
done
sh scripts/regen-costs.sh --stdout "$bin" >"$tmp/now.csv"
vb=$(grep '^# counter: ' "$base" | sed 's/;.*//')
vn=$(grep '^# counter: ' "$tmp/now.csv" | sed 's/;.*//')
[ "$vb" = "$vn" ] || echo "costs: note: the baseline's counter is '${vb#\# counter: }', this one '${vn#\# counter: }'" >&2
awk -f scripts/csv.awk -f scripts/costs-compare.awk -v tol="$tol" \
    -v regen="sh scripts/regen-costs.sh $bin" "$base" "$tmp/now.csv"
