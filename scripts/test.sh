#!/bin/sh
# Set up, build and run every test: the cmocka suite under AddressSanitizer
# and UndefinedBehaviorSanitizer (build-asan/), then the benchmark program's
# smoke run from the optimised build (build/).
set -eu
cd "$(dirname "$0")/.."

sh scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)

cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DMZ_SANITIZE=ON -DMZ_BENCH=OFF >/dev/null
cmake --build build-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-asan --output-on-failure -j "$jobs"
