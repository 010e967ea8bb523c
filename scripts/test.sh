#!/bin/sh
# Set up, build and run every test:
#   1. the whole cmocka suite, built with gcc under AddressSanitizer and
#      UndefinedBehaviorSanitizer, warnings as errors (build-asan/);
#   2. a smoke run of the Google Benchmark program from the optimised build
#      (build/), into a temporary folder: every registry entry at 31x31 and
#      101x101 must run;
#   2b. the instruction counts of every registry entry's timed call under
#      Callgrind, from build/, against data/costs-baseline.csv;
#   2c. build/ installed into a temporary prefix, and programs, a plugin and
#      a subproject built and run against it alone (tests/install_cli.sh);
#   2d. the Debian package made from build/ and inspected, its CLI run, lintian
#      (tests/package_cli.sh);
#   2e. the CI recipes' shell steps run on a clean clone (tests/ci_recipes.sh);
#   3. the golden, invariant and core tests again from an optimised clang
#      build (build-clang/): same seed, same maze, on another compiler;
#   4. the same on a big-endian machine: scripts/cross.sh --ci builds the CLI
#      for s390x, runs it under qemu-user and compares a small registry-wide
#      sweep, every trace and the golden files with the clang build's CLI.
set -eu
cd "$(dirname "$0")/.."

sh scripts/setup.sh
# MZ_JOBS=N runs every stage on N cores (default: all of them).
jobs=${MZ_JOBS:-$(nproc 2>/dev/null || echo 2)}

echo "== gcc, ASan + UBSan" >&2
# CMakePresets.json: asan is build-asan/, Debug, ASan + UBSan, -Werror.
cmake --preset asan >/dev/null
cmake --build --preset asan -j "$jobs" >/dev/null
ctest --preset asan -j "$jobs"

echo "== benchmark smoke run" >&2
smoke=$(mktemp -d)
trap 'rm -rf "$smoke"' EXIT
OUT=$smoke sh scripts/bench.sh --smoke
grep -c '^"' "$smoke/gbench.csv" | xargs -I{} echo "bench: {} benchmarks ran" >&2

echo "== instruction counts under Callgrind (build/)" >&2
# Every registry entry's timed call counted again and compared with
# data/costs-baseline.csv (1%); skipped with a message for another compiler.
cmake --build build -j "$jobs" --target mazebench >/dev/null
sh tests/costs_check.sh build/mazebench

echo "== install into a temporary prefix, consumers from it (build/)" >&2
# find_package, pkg-config, a plugin, dlopen, the installed CLI's check and
# an add_subdirectory consumer (docs/install.md).
MZ_JOBS=$jobs sh tests/install_cli.sh build

echo "== the Debian package (build/)" >&2
# scripts/package.sh writes build/mazebench_VERSION_ARCH.deb: its fields and
# files, the CLI run from dpkg -x, apt's dependency check, lintian (docs/ci.md).
MZ_JOBS=$jobs sh tests/package_cli.sh build

echo "== CI recipes on a clean clone" >&2
# The shell steps of examples/ci/ (GitHub Actions, GitLab CI), a clone of
# HEAD as the release: build, cache, check --junit, job summary (docs/ci.md).
sh tests/ci_recipes.sh

echo "== clang, optimised" >&2
# CMakePresets.json: clang is build-clang/, Release, -Werror; its test
# preset runs the golden, invariant, core, hedge, seeds, article, fast-path,
# random-source and draws tests,
# and the script tests whose memory-limit cases need an unsanitized build
# ('ulimit -v': estimate_cli, compare_cli, robust_cli, render_cli and the
# promise suite's quick form).
cmake --preset clang >/dev/null
cmake --build --preset clang -j "$jobs" >/dev/null
ctest --preset clang -j "$jobs"

echo "== s390x (big-endian) under qemu-user" >&2
sh scripts/cross.sh --ci --native build-clang/mazebench
