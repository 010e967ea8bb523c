// bench_main.cpp - Google Benchmark over every algorithm of mz_registry.
//
// Each generator and solver is registered programmatically at five sizes
// (31x31 .. 3163x3163, about x10 cells each step), so a new registry entry
// is benchmarked with no edit here. items_per_second is cells per second.
//
// What is timed: a generator's run on a grid allocated (and reset to all
// walls) outside the clock; a solver's run on one maze generated before the
// loop with dfs (a perfect maze). The maze's figures are not timed.
//
// Smoke run for CI:  mazebench_bench --benchmark_filter='/31$' --benchmark_min_time=0.01
// Other sizes:       mazebench_bench --mz_sides=10000 (a comma-separated list
//                    of square sides replacing the five; our own flag, taken
//                    out before Google Benchmark reads the rest)
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <iterator>
#include <string>
#include <vector>

#include "mazebench.h"

namespace {

const uint64_t kDefaultSides[] = {31, 101, 317, 1001, 3163};

void BM_Gen(benchmark::State &state, const mz_algo *algo)
{
    const uint64_t n = (uint64_t)state.range(0);
    mz_spec spec;
    std::memset(&spec, 0, sizeof spec);
    spec.n = 1;
    spec.stage[0].algo = algo;
    mz_args_default(algo, &spec.stage[0].args);
    mz_grid g;
    std::memset(&g, 0, sizeof g);
    if (mz_grid_init(&g, n, n) != MZ_OK) {
        state.SkipWithError("grid allocation failed");
        return;
    }
    uint32_t seed = 464;
    for (auto _ : state) {
        state.PauseTiming();
        if (!(algo->flags & MZ_F_FIXED_SIZE) && (g.rows != n || g.cols != n)) {
            mz_grid_free(&g);
            mz_grid_init(&g, n, n);
        } else {
            mz_grid_reset(&g);
        }
        mz_rng rng;
        mz_rng_init(&rng, seed);
        mz_extra extra;
        std::memset(&extra, 0, sizeof extra);
        mz_run run = {seed, &rng, nullptr, &extra};
        state.ResumeTiming();
        mz_status s = algo->gen(&g, &spec.stage[0].args, &run);
        if (s != MZ_OK) {
            state.SkipWithError(mz_status_str(s));
            break;
        }
        benchmark::DoNotOptimize(g.c);
        benchmark::ClobberMemory();
        seed++;
    }
    state.SetItemsProcessed((int64_t)state.iterations() * (int64_t)g.cells);
    mz_grid_free(&g);
}

void BM_Solve(benchmark::State &state, const mz_algo *algo)
{
    const uint64_t n = (uint64_t)state.range(0);
    mz_spec spec;
    char err[256];
    mz_grid g;
    std::memset(&g, 0, sizeof g);
    mz_extra extra;
    std::memset(&extra, 0, sizeof extra);
    if (mz_spec_parse("dfs", &spec, err, sizeof err) != MZ_OK ||
        mz_generate(&spec, 464, n, n, &g, nullptr, &extra) != MZ_OK) {
        state.SkipWithError("maze generation failed");
        mz_grid_free(&g);
        return;
    }
    mz_args args;
    mz_args_default(algo, &args);
    mz_solution sol;
    std::memset(&sol, 0, sizeof sol);
    for (auto _ : state) {
        mz_status s = algo->solve(&g, &args, nullptr, &sol);
        if (s != MZ_OK) {
            state.SkipWithError(mz_status_str(s));
            break;
        }
        benchmark::DoNotOptimize(sol.found);
    }
    state.SetItemsProcessed((int64_t)state.iterations() * (int64_t)(n * n));
    mz_solution_free(&sol);
    mz_grid_free(&g);
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<uint64_t> sides(std::begin(kDefaultSides), std::end(kDefaultSides));
    int kept = 1;
    for (int k = 1; k < argc; k++) {
        if (std::strncmp(argv[k], "--mz_sides=", 11) == 0) {
            sides.clear();
            for (const char *p = argv[k] + 11; *p;) {
                char *end;
                unsigned long long v = std::strtoull(p, &end, 10);
                if (end == p || v == 0 || v > 65536) {
                    std::fprintf(stderr, "mazebench_bench: bad --mz_sides '%s'\n", argv[k] + 11);
                    return 2;
                }
                sides.push_back(v);
                p = *end == ',' ? end + 1 : end;
            }
        } else {
            argv[kept++] = argv[k];
        }
    }
    argc = kept;
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        const mz_algo *algo = *a;
        if (algo->kind == MZ_POST)
            continue; // post-processors run inside a generator spec, not alone
        std::string name = std::string(algo->kind == MZ_GEN ? "gen/" : "solve/") + algo->name;
        benchmark::internal::Benchmark *b =
            algo->kind == MZ_GEN ? benchmark::RegisterBenchmark(name.c_str(), BM_Gen, algo)
                                 : benchmark::RegisterBenchmark(name.c_str(), BM_Solve, algo);
        for (uint64_t side : sides)
            b->Arg((int64_t)side);
        b->Unit(benchmark::kMillisecond);
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
