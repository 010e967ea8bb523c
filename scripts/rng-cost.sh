#!/bin/sh
# The cost of each random source, in instructions (Callgrind: the same on
# every run, loaded or not): every generator of data/costs-gen.plan (at its
# defaults, 31x31 and 101x101, seed 464), once drawing from mulberry32 and
# once from splitmix64, its timed call counted as tests/costs_check.sh
# counts it. Writes results/rng/cost.csv (or FILE): per generator and size,
# both counts, both draw counts, the ratio of the counts and the
# instructions a draw that splitmix64 adds (negative: fewer).
#
#   sh scripts/rng-cost.sh [path/to/mazebench] [FILE]   # about 2 minutes
#
# docs/random.md ("Cost") shows and explains the table.
set -eu
cd "$(dirname "$0")/.."
bin=${1:-build/mazebench}
out=${2:-results/rng/cost.csv}
[ -x "$bin" ] || { echo "rng-cost: no executable '$bin' (build first)" >&2; exit 1; }
command -v valgrind >/dev/null 2>&1 || { echo "rng-cost: valgrind is not installed" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for rng in mulberry32 splitmix64; do
    "$bin" sweep data/costs-gen.plan --rng "$rng" --count callgrind --progress 0 \
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
    if (file == 1) { order[++no] = key; i1[key] = f[c["gen_instr"]]; d1[key] = f[c["draws"]] }
    else { i2[key] = f[c["gen_instr"]]; d2[key] = f[c["draws"]] }
}
END {
    print "gen,size,mulberry32_instr,splitmix64_instr,mulberry32_draws,splitmix64_draws,ratio,extra_instr_per_draw"
    for (k = 1; k <= no; k++) {
        key = order[k]
        r = i1[key] > 0 ? i2[key] / i1[key] : 0
        e = d2[key] > 0 ? (i2[key] - i1[key]) / d2[key] : ""
        printf "%s,%s,%s,%s,%s,%.4f,%s\n", key, i1[key], i2[key], d1[key], d2[key], r, (e == "" ? "" : sprintf("%.2f", e))
    }
}
AWK
mv "$tmp/cost.csv" "$out"
echo "rng-cost: wrote $out" >&2
