#!/bin/sh
# Fuzz the text inputs of the library and the CLI with libFuzzer (clang),
# under AddressSanitizer and UndefinedBehaviorSanitizer:
#
#   sh scripts/fuzz.sh [--time SECONDS] [--jobs N] [TARGET...]
#
# TARGET is a name of fuzz/fuzz_<name>.c (default: all of them); each runs
# for --time seconds (default 300) on N parallel processes (-fork, default
# 1). Builds into build-fuzz/ (CC=clang, -DMZ_FUZZ=ON); each target's
# working corpus is build-fuzz/corpus/<name>/, seeded from
# tests/fuzz-corpus/<name>/ (the small committed corpus the test suite
# replays); a crashing input is saved as build-fuzz/artifacts/<name>-crash-*.
# Prints the executions of every target; exit status 1 when one crashed.
# docs/robustness.md lists what the runs found.
set -eu
cd "$(dirname "$0")/.."

budget=300
forks=1
while [ $# -gt 0 ]; do
    case $1 in
    --time) budget=$2; shift 2 ;;
    --jobs) forks=$2; shift 2 ;;
    -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz: unknown option '$1'" >&2; exit 2 ;;
    *) break ;;
    esac
done
if [ $# -eq 0 ]; then
    set -- $(ls fuzz/fuzz_*.c | sed 's|fuzz/fuzz_||; s|\.c$||')
fi

jobs=$(nproc 2>/dev/null || echo 2)
CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMZ_FUZZ=ON -DMZ_TESTS=OFF \
    -DMZ_BENCH=OFF -DMZ_WERROR=ON >/dev/null
for t in "$@"; do
    [ -f "fuzz/fuzz_$t.c" ] || { echo "fuzz: no target '$t' (fuzz/fuzz_$t.c)" >&2; exit 2; }
    cmake --build build-fuzz -j "$jobs" --target "fuzz_$t" >/dev/null
done

mkdir -p build-fuzz/artifacts
status=0
for t in "$@"; do
    corpus=build-fuzz/corpus/$t
    mkdir -p "$corpus"
    [ -d "tests/fuzz-corpus/$t" ] && cp -n "tests/fuzz-corpus/$t"/* "$corpus"/ 2>/dev/null || :
    log=build-fuzz/fuzz-$t.log
    fork=""
    [ "$forks" -gt 1 ] && fork="-fork=$forks -ignore_crashes=0"
    # A valid input must never need more than 2 GB (rss and single malloc).
    # shellcheck disable=SC2086
    if ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        LSAN_OPTIONS=suppressions=tests/lsan.supp \
        "build-fuzz/fuzz/fuzz_$t" -max_total_time="$budget" -timeout=20 -rss_limit_mb=2048 \
        -malloc_limit_mb=2048 -max_len=4096 -print_final_stats=1 $fork \
        -artifact_prefix="build-fuzz/artifacts/$t-" "$corpus" >"$log" 2>&1; then
        res=ok
    else
        res="FAILED (see $log and build-fuzz/artifacts/)"
        status=1
    fi
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    [ -n "$execs" ] || execs=$(sed -n 's/^#\([0-9]*\).*DONE.*/\1/p' "$log" | tail -1)
    echo "fuzz: $t: ${execs:-?} executions in ${budget} s, corpus $(ls "$corpus" | wc -l) inputs: $res"
done
exit $status
