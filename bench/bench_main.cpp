// bench_main.cpp - Google Benchmark over every algorithm of mz_registry.
//
// Each generator and solver is registered programmatically at five sizes
// (31x31 .. 3163x3163, about x10 cells each step), so a new registry entry
// is benchmarked with no edit here; a generator that makes a fixed-size
// maze (pacman) is registered once, at the first size, and labelled with
// its real size. items_per_second is cells per second.
//
// What is timed is the library's engine, nothing of our own: one mz_bench
// workspace per benchmark, and each iteration's time is the engine's
// measured run (mz_bench_gen or mz_bench_solve with reps 1), handed to
// Google Benchmark with UseManualTime / SetIterationTime. So "real_time"
// here is gen_ns or solve_ns as defined in mazebench.h ("Measurement") and
// docs/measurement.md: grid allocation, first touch and the warm-up run are
// outside it. A solver runs on one dfs maze (seed 464) generated before its
// loop. Counters: heap_bytes (the engine's heap peak) and fresh_bytes
// (bytes taken from the system inside the clock; 0 when the engine's
// promise holds).
//
// Names end in /manual_time (Google Benchmark's mark for UseManualTime).
// Smoke run for CI:  mazebench_bench --benchmark_filter='/31/' --benchmark_min_time=0.01
// Other sizes:       mazebench_bench --mz_sides=10000 (a comma-separated list
//                    of square sides replacing the five) and --mz_seed=N (the
//                    seed, default 464): our own flags, taken out before
//                    Google Benchmark reads the rest
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <iterator>
#include <string>
#include <vector>

#include "mazebench.h"
#include "mazebench_bench.h"

namespace {

const uint64_t kDefaultSides[] = {31, 101, 317, 1001, 3163};
uint32_t g_seed = 464; // --mz_seed=N

// One engine workspace for the life of one benchmark run.
struct Workspace {
    mz_bench b;
    bool ok;
    Workspace() { ok = mz_bench_init(&b) == MZ_OK; }
    ~Workspace() { mz_bench_free(&b); }
    Workspace(const Workspace &) = delete;
    Workspace &operator=(const Workspace &) = delete;
};

void Report(benchmark::State &state, const mz_timing &t, uint64_t cells)
{
    state.SetItemsProcessed((int64_t)state.iterations() * (int64_t)cells);
    state.counters["heap_bytes"] = (double)t.heap_peak;
    state.counters["fresh_bytes"] = (double)t.timed_fresh_bytes;
}

void BM_Gen(benchmark::State &state, const mz_algo *algo)
{
    const uint64_t n = (uint64_t)state.range(0);
    mz_spec spec;
    std::memset(&spec, 0, sizeof spec);
    spec.n = 1;
    spec.stage[0].algo = algo;
    mz_args_default(algo, &spec.stage[0].args);
    Workspace w;
    if (!w.ok) {
        state.SkipWithError("out of memory");
        return;
    }
    mz_timing t;
    std::memset(&t, 0, sizeof t);
    for (auto _ : state) {
        mz_status s = mz_bench_gen(&w.b, &spec, g_seed, MZ_SQUARE(n, n), nullptr, 1, &t);
        if (s != MZ_OK) {
            state.SkipWithError(mz_status_str(s));
            break;
        }
        state.SetIterationTime((double)t.ns * 1e-9);
    }
    if (algo->flags & MZ_F_FIXED_SIZE)
        state.SetLabel("fixed size " + std::to_string(w.b.grid.rows) + "x" +
                       std::to_string(w.b.grid.cols));
    Report(state, t, w.b.grid.cells);
}

void BM_Solve(benchmark::State &state, const mz_algo *algo)
{
    const uint64_t n = (uint64_t)state.range(0);
    mz_spec spec;
    char err[256];
    Workspace w;
    mz_timing t;
    std::memset(&t, 0, sizeof t);
    if (!w.ok || mz_spec_parse("dfs", &spec, err, sizeof err) != MZ_OK ||
        mz_bench_gen(&w.b, &spec, g_seed, MZ_SQUARE(n, n), nullptr, 1, &t) != MZ_OK) {
        state.SkipWithError("maze generation failed");
        return;
    }
    mz_stage st;
    std::memset(&st, 0, sizeof st);
    st.algo = algo;
    mz_args_default(algo, &st.args);
    for (auto _ : state) {
        mz_status s = mz_bench_solve(&w.b, &st, nullptr, 1, &t);
        if (s != MZ_OK) {
            state.SkipWithError(mz_status_str(s));
            break;
        }
        state.SetIterationTime((double)t.ns * 1e-9);
    }
    Report(state, t, w.b.grid.cells);
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
        } else if (std::strncmp(argv[k], "--mz_seed=", 10) == 0) {
            char *end;
            unsigned long long v = std::strtoull(argv[k] + 10, &end, 10);
            if (end == argv[k] + 10 || *end || v > 4294967295ull) {
                std::fprintf(stderr, "mazebench_bench: bad --mz_seed '%s'\n", argv[k] + 10);
                return 2;
            }
            g_seed = (uint32_t)v;
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
        if (algo->kind == MZ_GEN && (algo->flags & MZ_F_FIXED_SIZE))
            b->Arg((int64_t)sides[0]); // one maze whatever the size: measure it once
        else
            for (uint64_t side : sides)
                b->Arg((int64_t)side);
        b->UseManualTime()->Unit(benchmark::kMillisecond);
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
