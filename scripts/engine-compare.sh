#!/bin/sh
# One run of the three harnesses that time through the library's engine
# (docs/measurement.md): the sweep, 'mazebench scale' and the Google
# Benchmark shim, on the same recipe (dfs, solved by bfs, seed 1) at
# 3000x3000 and 10000x10000, side by side. Each harness makes 3 timed runs
# (the sweep: --reps 3, scale: --reps 3, the shim: 3 repetitions of one
# iteration) and the table shows their median and minimum in ms.
#
#   sh scripts/engine-compare.sh        # writes results/bench/engine-compare.md
#
# MZ_BUILD picks the build directory (default build/, the bench preset);
# OUT the output directory (default results/bench). About 2 minutes on the
# 2-core reference machine.
set -eu
cd "$(dirname "$0")/.."
build=${MZ_BUILD:-build}
out=${OUT:-results/bench}
jobs=$(nproc 2>/dev/null || echo 2)
cmake --preset bench -B "$build" >/dev/null
cmake --build "$build" -j "$jobs" --target mazebench mazebench_bench >/dev/null
mz=$build/mazebench
bench=$build/bench/mazebench_bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"

load0=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
"$mz" sweep --gen dfs --solve bfs --sizes 3000,10000 --seeds 1 --reps 3 --out "$tmp/sweep.csv" \
    --progress 0 2>/dev/null
"$mz" scale --gen dfs --solve bfs --seed 1 --reps 3 --max-cells 9000000 --no-chart \
    --out "$tmp/scale-3000.csv" 2>/dev/null
"$mz" scale --gen dfs --solve bfs --seed 1 --reps 3 --max-cells 100000000 --no-chart \
    --out "$tmp/scale-10000.csv" 2>/dev/null
"$bench" --mz_sides=3000,10000 --mz_seed=1 --benchmark_filter='^(gen/dfs|solve/bfs)/' \
    --benchmark_repetitions=3 --benchmark_min_time=0.000001 --benchmark_format=csv \
    >"$tmp/bench.csv" 2>/dev/null
load1=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)

# One line a (harness, size, stage): median and min in ms.
{
    # The sweep: 3 rows a size (rep 0..2), gen_ns and solve_ns columns.
    awk -F, '/^#/ { next } !h { for (k = 1; k <= NF; k++) c[$k] = k; h = 1; next }
        { s = $c["rows"]; g[s] = g[s] " " $c["gen_ns"]; v[s] = v[s] " " $c["solve_ns"] }
        END { for (s in g) { print "sweep", s, "gen", g[s]; print "sweep", s, "solve", v[s] } }' \
        "$tmp/sweep.csv"
    # scale: the last row of each file; ns a cell times cells.
    for f in "$tmp/scale-3000.csv" "$tmp/scale-10000.csv"; do
        awk -F, '/^#/ { next } !h { for (k = 1; k <= NF; k++) c[$k] = k; h = 1; next } { last = $0 }
            END { split(last, f, ","); n = f[c["cells"]]
                  printf "scale %s gen-med-min %.0f %.0f\n", f[c["rows"]], f[c["gen_ns_per_cell"]] * n, f[c["gen_min_ns_per_cell"]] * n
                  printf "scale %s solve-med-min %.0f %.0f\n", f[c["rows"]], f[c["solve_ns_per_cell"]] * n, f[c["solve_min_ns_per_cell"]] * n }' "$f"
    done
    # The shim: the three repetitions' real_time (ms).
    awk -F, '/manual_time"/ && !/_(mean|median|stddev|cv)"/ {
            split($1, p, "/"); stage = p[1] == "\"gen" ? "gen" : "solve"
            t[p[3] " " stage] = t[p[3] " " stage] " " $3 * 1e6 }
        END { for (k in t) print "bench", k, t[k] }' "$tmp/bench.csv"
} >"$tmp/lines"

awk -v load0="$load0" -v load1="$load1" '
function med3(a, b, c) { return a > b ? (b > c ? b : (a > c ? c : a)) : (a > c ? a : (b > c ? c : b)) }
function mn3(a, b, c) { m = a; if (b < m) m = b; if (c < m) m = c; return m }
function fmt(med, mn) { return sprintf("%.0f (min %.0f)", med / 1e6, mn / 1e6) }
$3 == "gen-med-min" { r[$1, $2, "gen"] = fmt($4, $5); next }
$3 == "solve-med-min" { r[$1, $2, "solve"] = fmt($4, $5); next }
{ r[$1, $2, $3] = fmt(med3($4, $5, $6), mn3($4, $5, $6)) }
END {
    print "| size | stage | sweep (ms) | scale (ms) | benchmark (ms) |"
    print "|---|---|---|---|---|"
    n = split("3000 10000", sizes, " ")
    for (i = 1; i <= n; i++)
        for (j = 1; j <= 2; j++) {
            st = j == 1 ? "gen" : "solve"
            print "| " sizes[i] "x" sizes[i] " | " (st == "gen" ? "dfs" : "bfs") " | " r["sweep", sizes[i], st] " | " r["scale", sizes[i], st] " | " r["bench", sizes[i], st] " |"
        }
    print ""
    print "Median of 3 timed runs (minimum in brackets), ms; seed 1. Load average " load0 " before, " load1 " after."
}' "$tmp/lines" | tee "$out/engine-compare.md"
{
    echo
    echo "Commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD 2>/dev/null || echo -dirty), $(date -u +%Y-%m-%dT%H:%M:%SZ), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores."
} | tee -a "$out/engine-compare.md"
