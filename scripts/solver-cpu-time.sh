#!/bin/sh
# CPU time of solvers on one large maze: the figures of the speed table in
# docs/catalogue-solvers.md.
#
#   sh scripts/solver-cpu-time.sh [BUILD_DIR [SIDE [GEN [SOLVER...]]]]
#        defaults: build, 10000 (10^8 cells), dfs, and
#        deadend-fill bfs bibfs collision tremaux pledge wall
#
# Generates GEN at SIDE x SIDE, seed 464, once, then calls mz_solve three
# times for each solver and prints, as a markdown table, the least process
# CPU time (CLOCK_PROCESS_CPUTIME_ID around the call) and the least wall time
# of the three, with the solver's figures. On a busy machine the wall clock
# swings with the load and the CPU time far less, hence both. The engine's
# own wall-clock figure (solve_ns, docs/measurement.md) comes from
# 'mazebench_bench --mz_sides=SIDE'. The program is compiled here against
# BUILD_DIR/libmazebench.a (a Release build) with the C compiler 'cc'.
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
side=${2:-10000}
gen=${3:-dfs}
[ $# -gt 3 ] && shift 3 || set --
[ $# -gt 0 ] || set -- deadend-fill bfs bibfs collision tremaux pledge wall
lib=$build/libmazebench.a
[ -r "$lib" ] || { echo "solver-cpu-time: no '$lib' (build first)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/t.c" <<'C'
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "mazebench.h"
static double now(clockid_t c)
{
    struct timespec t;
    clock_gettime(c, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
int main(int argc, char **argv)
{
    uint64_t side = strtoull(argv[1], NULL, 10);
    mz_spec sp;
    char err[256];
    if (mz_spec_parse(argv[2], &sp, err, sizeof err) != MZ_OK) {
        fprintf(stderr, "solver-cpu-time: %s\n", err);
        return 2;
    }
    mz_grid g;
    memset(&g, 0, sizeof g);
    mz_extra x;
    memset(&x, 0, sizeof x);
    double c0 = now(CLOCK_PROCESS_CPUTIME_ID);
    if (mz_generate(&sp, 464, side, side, &g, NULL, &x) != MZ_OK)
        return 1;
    printf("%s %llux%llu, seed 464: generated in %.2f s of CPU\n\n", argv[2],
           (unsigned long long)side, (unsigned long long)side, now(CLOCK_PROCESS_CPUTIME_ID) - c0);
    printf("| solver | CPU, s | wall, s | route | closed | steps |\n|---|---:|---:|---:|---:|---:|\n");
    for (int a = 3; a < argc; a++) {
        mz_stage st;
        if (mz_solver_parse(argv[a], &st, err, sizeof err) != MZ_OK) {
            fprintf(stderr, "solver-cpu-time: %s\n", err);
            return 2;
        }
        mz_solution s;
        memset(&s, 0, sizeof s);
        double cpu = 1e30, wall = 1e30;
        for (int r = 0; r < 3; r++) {
            double w0 = now(CLOCK_MONOTONIC), t0 = now(CLOCK_PROCESS_CPUTIME_ID);
            if (mz_solve(&st, &g, NULL, &s) != MZ_OK)
                return 1;
            double c = now(CLOCK_PROCESS_CPUTIME_ID) - t0, w = now(CLOCK_MONOTONIC) - w0;
            cpu = c < cpu ? c : cpu;
            wall = w < wall ? w : wall;
        }
        printf("| %s | %.2f | %.2f | %lld | %lld | %lld |\n", argv[a], cpu, wall,
               (long long)s.path_steps, (long long)s.closed, (long long)s.steps);
        fflush(stdout);
        mz_solution_free(&s);
    }
    mz_grid_free(&g);
    return 0;
}
C
cc -O2 -std=c11 -Isrc "$tmp/t.c" "$lib" -lm -o "$tmp/t"
"$tmp/t" "$side" "$gen" "$@"
