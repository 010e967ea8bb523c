#!/bin/sh
# Build the Google Benchmark program and run it: every generator and solver of
# the registry at 31x31 .. 3163x3163, items_per_second = cells a second.
# Writes results/bench/gbench.json (Google Benchmark's JSON) and
# results/bench/gbench.csv (its CSV reporter), both from the same run.
#
#   sh scripts/bench.sh                 # the full run (a few minutes)
#   sh scripts/bench.sh --smoke         # CI: the 31x31 and 101x101 cases, briefly
#   sh scripts/bench.sh --benchmark_filter=kruskal --benchmark_repetitions=5
#
# Other arguments go to the benchmark program (see its --help, and
# --mz_sides=N,... for other square sizes). MZ_BUILD picks the build
# directory (default build/); OUT the output directory.
set -eu
cd "$(dirname "$0")/.."

build=${MZ_BUILD:-build}
out=${OUT:-results/bench}
jobs=$(nproc 2>/dev/null || echo 2)

smoke=""
if [ "${1:-}" = "--smoke" ]; then
    smoke=1
    shift
fi

# CMakePresets.json: bench is the Release build with the benchmark program.
cmake --preset bench -B "$build" >/dev/null
cmake --build "$build" -j "$jobs" --target mazebench_bench >/dev/null
bin="$build/bench/mazebench_bench"
if [ ! -x "$bin" ]; then
    echo "bench: $bin was not built (is libbenchmark-dev installed? run scripts/setup.sh)" >&2
    exit 1
fi

mkdir -p "$out"
if [ -n "$smoke" ]; then
    set -- --benchmark_filter='/(31|101)/' --benchmark_min_time=0.01 "$@"
fi
# The console reporter prints CSV to stdout; the file reporter writes JSON.
"$bin" --benchmark_out="$out/gbench.json" --benchmark_out_format=json \
    --benchmark_format=csv "$@" > "$out/gbench.csv"
echo "bench: wrote $out/gbench.json and $out/gbench.csv" >&2
