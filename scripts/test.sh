#!/bin/sh
# Set up, build and run every test:
#   1. the whole cmocka suite, built with gcc under AddressSanitizer and
#      UndefinedBehaviorSanitizer, warnings as errors (build-asan/);
#   2. a smoke run of the Google Benchmark program from the optimised build
#      (build/), into a temporary folder: every registry entry at 31x31 and
#      101x101 must run;
#   3. the golden, invariant and core tests again from an optimised clang
#      build (build-clang/): same seed, same maze, on another compiler.
set -eu
cd "$(dirname "$0")/.."

sh scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)

echo "== gcc, ASan + UBSan" >&2
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DMZ_SANITIZE=ON -DMZ_WERROR=ON \
    -DMZ_BENCH=OFF >/dev/null
cmake --build build-asan -j "$jobs" >/dev/null
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-asan --output-on-failure -j "$jobs"

echo "== benchmark smoke run" >&2
smoke=$(mktemp -d)
trap 'rm -rf "$smoke"' EXIT
OUT=$smoke sh scripts/bench.sh --smoke
grep -c '^"' "$smoke/gbench.csv" | xargs -I{} echo "bench: {} benchmarks ran" >&2

echo "== clang, optimised" >&2
CC=clang CXX=clang++ cmake -S . -B build-clang -DCMAKE_BUILD_TYPE=Release -DMZ_WERROR=ON \
    -DMZ_BENCH=OFF >/dev/null
cmake --build build-clang -j "$jobs" >/dev/null
ctest --test-dir build-clang --output-on-failure -j "$jobs" -R 'test_(golden|invariants|core|hedge|seeds|article_rest|fast_paths)'
