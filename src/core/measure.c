/*
 * measure.c - the one timing engine (see mazebench.h, "Measurement").
 *
 * Like zstd's benchfn, the clock knows nothing of the work: a run is
 * prepared (grid allocated and first-touched, a warm-up run that fills the
 * pool with every block the run needs), then timed, and only then checked
 * and measured. The pool is the allocator of the grid and of the solution,
 * so a timed run gets its blocks back from the warm-up instead of from the
 * system: no allocation and no fresh page inside the clock, which the pool's
 * counters confirm (timed_fresh_bytes).
 */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <time.h>

uint64_t mz_clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * UINT64_C(1000000000) + (uint64_t)ts.tv_nsec;
}

mz_status mz_bench_init(mz_bench *b)
{
    memset(b, 0, sizeof *b);
    b->pool = mz_pool_new();
    if (!b->pool)
        return MZ_ENOMEM;
    b->grid.mem = mz_pool_allocator(b->pool);
    b->sol.mem = b->grid.mem;
    return MZ_OK;
}

void mz_bench_free(mz_bench *b)
{
    mz_grid_free(&b->grid);
    mz_solution_free(&b->sol);
    mz_pool_free(b->pool);
    memset(b, 0, sizeof *b);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Fill min, median and max from the timed runs in ns[0..reps). */
static void summarise(mz_timing *t, uint64_t *ns, unsigned reps)
{
    t->reps = reps;
    t->ns = ns[0];
    qsort(ns, reps, sizeof *ns, cmp_u64);
    t->min_ns = ns[0];
    t->max_ns = ns[reps - 1];
    t->median_ns = reps % 2 ? ns[reps / 2] : ns[reps / 2 - 1] + (ns[reps / 2] - ns[reps / 2 - 1]) / 2;
}

mz_status mz_bench_gen(mz_bench *b, const mz_spec *spec, uint32_t seed, uint64_t rows,
                       uint64_t cols, mz_trace *trace, unsigned reps, mz_timing *t)
{
    memset(t, 0, sizeof *t);
    if (reps < 1 || reps > MZ_MAX_REPS || spec->n == 0 || spec->stage[0].algo->kind != MZ_GEN)
        return MZ_EINVAL;
    uint64_t ns[MZ_MAX_REPS];
    mz_pool_stats st;

    /* Setup: the grid (allocation and first touch), then a warm-up run. */
    uint64_t t0 = mz_clock_ns();
    mz_solution_clear(&b->sol); /* an old path goes back to the pool */
    mz_status s = mz_grid_resize(&b->grid, rows, cols);
    if (s != MZ_OK)
        return s;
    /* The grid is now the only block in use: the peak counts it. */
    mz_pool_mark(b->pool);
    memset(&b->gx, 0, sizeof b->gx);
    s = mz_generate_on(spec, seed, &b->grid, NULL, &b->gx);
    if (s != MZ_OK)
        return s;
    mz_pool_get_stats(b->pool, &st);
    t->heap_peak = st.peak;
    uint64_t want = mz_digest(&b->grid);

    for (unsigned r = 0; r < reps; r++) {
        s = mz_grid_resize(&b->grid, rows, cols);
        if (s != MZ_OK)
            return s;
        memset(&b->gx, 0, sizeof b->gx);
        mz_pool_mark(b->pool);
        if (r == 0)
            t->setup_ns = mz_clock_ns() - t0;
        /* --- the clock --- */
        uint64_t c0 = mz_clock_ns();
        s = mz_generate_on(spec, seed, &b->grid, r == 0 ? trace : NULL, &b->gx);
        ns[r] = mz_clock_ns() - c0;
        /* ---------------- */
        if (s != MZ_OK)
            return s;
        mz_pool_get_stats(b->pool, &st);
        t->timed_fresh_bytes += st.fresh_bytes;
        if (mz_digest(&b->grid) != want)
            return MZ_EINVAL; /* a generator that depends on more than its seed */
    }
    summarise(t, ns, reps);
    return MZ_OK;
}

mz_status mz_bench_solve(mz_bench *b, const mz_stage *st, mz_trace *trace, unsigned reps,
                         mz_timing *t)
{
    memset(t, 0, sizeof *t);
    if (reps < 1 || reps > MZ_MAX_REPS)
        return MZ_EINVAL;
    if (!b->grid.c)
        return MZ_EINVAL;
    uint64_t ns[MZ_MAX_REPS];
    mz_pool_stats ps;

    uint64_t t0 = mz_clock_ns();
    mz_solution_clear(&b->sol);
    mz_pool_mark(b->pool);
    mz_pool_get_stats(b->pool, &ps);
    uint64_t base = ps.live;
    mz_status s = mz_solve(st, &b->grid, NULL, &b->sol);
    if (s != MZ_OK)
        return s;
    mz_pool_get_stats(b->pool, &ps);
    t->heap_peak = ps.peak - base;
    int64_t want_steps = b->sol.path_steps;
    bool want_found = b->sol.found;

    for (unsigned r = 0; r < reps; r++) {
        mz_solution_clear(&b->sol);
        mz_pool_mark(b->pool);
        if (r == 0)
            t->setup_ns = mz_clock_ns() - t0;
        uint64_t c0 = mz_clock_ns();
        s = mz_solve(st, &b->grid, r == 0 ? trace : NULL, &b->sol);
        ns[r] = mz_clock_ns() - c0;
        if (s != MZ_OK)
            return s;
        mz_pool_get_stats(b->pool, &ps);
        t->timed_fresh_bytes += ps.fresh_bytes;
        if (b->sol.path_steps != want_steps || b->sol.found != want_found)
            return MZ_EINVAL;
    }
    summarise(t, ns, reps);
    return MZ_OK;
}
