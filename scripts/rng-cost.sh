#!/bin/sh
# The cost of each random source, in instructions (Callgrind: the same on
# every run, loaded or not), two ways:
#  1. a draw alone: bench/rng_draw.c's loops of each form (u32, unit,
#     pick(3), pick(10^8 + 7)) at N and 2N draws, the difference over N;
#  2. every generator of data/costs-gen.plan (at its defaults, 31x31 and
#     101x101) over seeds 464..473, once drawing from mulberry32 and once
#     from splitmix64, its timed call counted as tests/costs_check.sh
#     counts it, summed over the seeds (the two sources make different
#     mazes, and a maze's work varies by tens of percent from seed to seed:
#     one seed compares mazes, not sources).
# Writes FILE and draw-cost.csv beside it (FILE's place: below): per
# generator and size, both sums of
# instructions and of draws, their ratio and the instructions a draw that
# splitmix64 adds (negative: fewer); per source and form, a draw's
# instructions.
#
#   sh scripts/rng-cost.sh [path/to/mazebench] [FILE]   # about 5 minutes
#   sh scripts/rng-cost.sh --reference [path/to/mazebench]
#
# FILE defaults to results/runs/rng-<UTC time>/cost.csv (git ignores
# results/runs/), so a run never overwrites an earlier one; --reference
# rewrites the committed results/rng/cost.csv, to be reviewed.
#
# docs/random.md ("Cost") shows and explains the table.
set -eu
cd "$(dirname "$0")/.."
ref=""
if [ "${1:-}" = --reference ]; then
    ref=1
    shift
fi
bin=${1:-build/mazebench}
if [ -n "$ref" ]; then out=results/rng/cost.csv
else out=${2:-results/runs/rng-$(date -u +%Y%m%dT%H%M%SZ)/cost.csv}; fi
[ -x "$bin" ] || { echo "rng-cost: no executable '$bin' (build first)" >&2; exit 1; }
command -v valgrind >/dev/null 2>&1 || { echo "rng-cost: valgrind is not installed" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
draw=$(dirname "$bin")/mazebench_rng_draw
[ -x "$draw" ] || { echo "rng-cost: no executable '$draw' (build first)" >&2; exit 1; }
instr() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$draw" "$@" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
echo "rng,form,instr_per_draw" >"$tmp/draw.csv"
for rng in mulberry32 splitmix64; do
    for form in u32 unit pick3 pickbig; do
        a=$(instr "$rng" "$form" 100000)
        b=$(instr "$rng" "$form" 200000)
        awk -v r="$rng" -v f="$form" -v a="$a" -v b="$b" \
            'BEGIN { printf "%s,%s,%.2f\n", r, f, (b - a) / 100000 }' >>"$tmp/draw.csv"
    done
done
sed 's/^seeds .*/seeds 464..473/' data/costs-gen.plan >"$tmp/plan"
for rng in mulberry32 splitmix64; do
    "$bin" sweep "$tmp/plan" --rng "$rng" --count callgrind --progress 0 \
        --out "$tmp/$rng.csv" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
done
mkdir -p "$(dirname "$out")"
awk -f scripts/csv.awk -f /dev/stdin "$tmp/mulberry32.csv" "$tmp/splitmix64.csv" >"$tmp/cost.csv" <<'AWK'
/^#/ { next }
FNR == 1 || !(FILENAME in seen) {
    if (!(FILENAME in seen)) {
        seen[FILENAME] = 1
        n = csv_split($0, h)
        for (k = 1; k <= n; k++) c[h[k]] = k
        file++
        next
    }
}
{
    csv_split($0, f)
    key = f[c["gen"]] "," f[c["rows"]] "x" f[c["cols"]]
    if (file == 1) { if (!(key in i1)) order[++no] = key; i1[key] += f[c["gen_instr"]]; d1[key] += f[c["draws"]] }
    else { i2[key] += f[c["gen_instr"]]; d2[key] += f[c["draws"]] }
}
END {
    print "gen,size,seeds,mulberry32_instr,splitmix64_instr,mulberry32_draws,splitmix64_draws,ratio,extra_instr_per_draw"
    for (k = 1; k <= no; k++) {
        key = order[k]
        r = i1[key] > 0 ? i2[key] / i1[key] : 0
        e = d2[key] > 0 ? (i2[key] - i1[key]) / d2[key] : ""
        printf "%s,464..473,%.0f,%.0f,%.0f,%.0f,%.4f,%s\n", key, i1[key], i2[key], d1[key], d2[key], r, (e == "" ? "" : sprintf("%.2f", e))
    }
}
AWK
mv "$tmp/cost.csv" "$out"
mv "$tmp/draw.csv" "$(dirname "$out")/draw-cost.csv"
echo "rng-cost: wrote $out and $(dirname "$out")/draw-cost.csv" >&2
