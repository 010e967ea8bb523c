#!/bin/sh
# Measure the 10^8-cell targets of docs/benchmarks.md into
# results/bench/, from the Release build in build/:
#   targets-gbench.json       the algorithms alone, Google Benchmark, 5 repetitions
#   hyperfine-targets.*       whole 'mazebench' runs, hyperfine, 5 runs
#   memory-10000x10000.txt    peak resident memory of those runs (/usr/bin/time)
#   scale-dfs-gen-only.csv    dfs alone up to 10^8 cells (mazebench scale)
#   65536x65536.txt           with --huge: the 2^32-cell run (about 5 minutes, 5 GB)
set -eu
cd "$(dirname "$0")/.."
out=results/bench
mkdir -p "$out"
sh scripts/bench.sh >/dev/null 2>&1 || true # builds build/ with the benchmark program
mz=build/mazebench
size="--seed 464 --size 10000x10000"

build/bench/mazebench_bench --mz_sides=10000 --benchmark_repetitions=5 --benchmark_min_time=0.01 \
    --benchmark_report_aggregates_only=true \
    --benchmark_filter='^(gen/dfs|gen/kruskal|solve/bfs|solve/wall)/10000/' \
    --benchmark_out="$out/targets-gbench.json" --benchmark_out_format=json >&2

sh scripts/hyperfine.sh --targets

{
    echo "# /usr/bin/time -f '%e s elapsed, %U user, %S sys, %M KB max RSS' build/mazebench CMD $size"
    for cmd in "gen dfs" "gen kruskal" "solve bfs --gen dfs" "solve wall --gen dfs"; do
        # shellcheck disable=SC2086
        /usr/bin/time -f "$cmd: %e s elapsed, %U user, %S sys, %M KB max RSS" \
            $mz $cmd $size 2>&1 >/dev/null | tail -n 1
    done
} >"$out/memory-10000x10000.txt"

$mz scale --gen dfs --max-cells 100000000 --out "$out/scale-dfs-gen-only.csv" >/dev/null

if [ "${1:-}" = "--huge" ]; then
    {
        echo "\$ /usr/bin/time -v build/mazebench solve bfs --gen dfs --seed 464 --size 65536x65536"
        /usr/bin/time -v $mz solve bfs --gen dfs --seed 464 --size 65536x65536 2>&1
    } >"$out/65536x65536.txt"
fi
echo "targets: wrote $out" >&2
