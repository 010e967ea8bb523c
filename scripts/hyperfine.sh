#!/bin/sh
# Time whole 'mazebench' runs with hyperfine: process start, allocation,
# generation, metrics (dead ends, components, route, digest), the solver and
# the output, as a user sees them. Writes results/bench/hyperfine.csv and
# results/bench/hyperfine.json.
#
#   sh scripts/hyperfine.sh            # every generator at 1000x1000, every
#                                      # solver on dfs at 1000x1000 (10 runs each)
#   sh scripts/hyperfine.sh --targets  # the 10^8-cell targets of docs/benchmarks.md, 5 runs each
#
# MZ_BUILD picks the build directory (default build/), OUT the output directory.
set -eu
cd "$(dirname "$0")/.."

build=${MZ_BUILD:-build}
out=${OUT:-results/bench}
jobs=$(nproc 2>/dev/null || echo 2)
# CMakePresets.json: release is the optimised build.
cmake --preset release -B "$build" >/dev/null
cmake --build "$build" -j "$jobs" --target mazebench >/dev/null
mz="$build/mazebench"
mkdir -p "$out"

if [ "${1:-}" = "--targets" ]; then
    name=hyperfine-targets
    set -- \
        "$mz gen dfs --seed 464 --size 10000x10000" \
        "$mz gen kruskal --seed 464 --size 10000x10000" \
        "$mz solve bfs --gen dfs --seed 464 --size 10000x10000" \
        "$mz solve wall --gen dfs --seed 464 --size 10000x10000"
    runs=5
else
    name=hyperfine
    set --
    # Every generator and solver of the registry, as data ('list --format csv':
    # record,algo,kind,...; names hold no comma).
    gens=$("$mz" list --format csv | awk -F, '$1 == "algo" && $3 == "generator" { print $2 }')
    solvers=$("$mz" list --format csv | awk -F, '$1 == "algo" && $3 == "solver" { print $2 }')
    for g in $gens; do
        set -- "$@" "$mz gen $g --seed 464 --size 1000x1000"
    done
    for s in $solvers; do
        set -- "$@" "$mz solve $s --gen dfs --seed 464 --size 1000x1000"
    done
    runs=10
fi

hyperfine --warmup 1 --runs "$runs" --style basic \
    --export-csv "$out/$name.csv" --export-json "$out/$name.json" "$@" >&2
echo "hyperfine: wrote $out/$name.csv and $out/$name.json" >&2
