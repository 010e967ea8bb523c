/*
 * test_measure.c - the allocator, the recycling pool and the timing engine.
 *
 * Over every registry entry:
 *   - a timed run takes nothing fresh from the system (every block comes
 *     back from the warm-up) and gives the maze and figures of an untimed
 *     run on the C library's allocator;
 *   - the heap figure is exact: a generator's counts its grid;
 *   - every allocation failure is reported as MZ_ENOMEM and leaks nothing
 *     (an allocator that fails its Nth call, for every N until a run
 *     succeeds).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebench.h"
#include "mazebench_bench.h"
#include "failing_alloc.h"
#include "expect.h"
#include "samples.h"

/* The names of the sample grids of the roles (tests/samples.h). */
static size_t sample_names(unsigned roles, bool with_square, char (*names)[64])
{
    mz_dims geo[MZT_MAX_SAMPLES];
    size_t n = mzt_samples_all(roles, with_square, geo, MZT_MAX_SAMPLES);
    for (size_t k = 0; k < n; k++)
        mzt_name(&geo[k], names[k], 64);
    return n;
}

static void test_pool_counts(void **state)
{
    (void)state;
    mz_pool *p = mz_pool_new();
    assert_non_null(p);
    const mz_allocator *a = mz_pool_allocator(p);
    mz_pool_stats st;
    void *x = a->alloc(a->opaque, 1000);
    void *y = a->alloc(a->opaque, 24);
    assert_non_null(x);
    assert_non_null(y);
    mz_pool_get_stats(p, &st);
    assert_int_equal(st.live, 1024);
    assert_int_equal(st.peak, 1024);
    assert_int_equal(st.fresh, 2);
    a->free(a->opaque, x);
    mz_pool_mark(p);
    void *z = a->alloc(a->opaque, 900); /* fits the cached 1000-byte block */
    assert_ptr_equal(z, x);
    mz_pool_get_stats(p, &st);
    assert_int_equal(st.fresh, 0);
    assert_int_equal(st.live, 924);
    assert_int_equal(st.cached, 0);
    a->free(a->opaque, y);
    a->free(a->opaque, z);
    mz_pool_get_stats(p, &st);
    assert_int_equal(st.live, 0);
    assert_int_equal(st.peak, 924);
    mz_pool_free(p);
}

static mz_spec spec_of(const mz_algo *a)
{
    mz_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.n = 1;
    sp.stage[0].algo = a;
    mz_args_default(a, &sp.stage[0].args);
    return sp;
}

static const uint64_t side[] = {1, 7, 31};

static void test_gen_engine(void **state)
{
    (void)state;
    mz_bench b;
    assert_int_equal(mz_bench_init(&b), MZ_OK);
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind != MZ_GEN)
            continue;
        mz_spec sp = spec_of(*a);
        for (size_t k = 0; k < sizeof side / sizeof side[0]; k++) {
            mz_grid ref;
            memset(&ref, 0, sizeof ref);
            mz_extra rx;
            memset(&rx, 0, sizeof rx);
            mz_status want = mz_generate(&sp, 464, MZ_SQUARE(side[k], side[k]), &ref,
                                         MZ_GEN_OPTS(1, NULL, &rx));
            mz_timing t;
            mz_status got = mz_bench_gen(&b, &sp, 464, MZ_SQUARE(side[k], side[k]), NULL, 3, &t);
            if (got != want)
                fail_msg("%s at %" PRIu64 ": engine says %s, mz_generate %s", (*a)->name, side[k],
                         mz_status_str(got), mz_status_str(want));
            if (got == MZ_OK) {
                if (mz_digest(&b.grid) != mz_digest(&ref))
                    fail_msg("%s at %" PRIu64 ": the engine's maze differs", (*a)->name, side[k]);
                if (t.timed_fresh_bytes != 0)
                    fail_msg("%s at %" PRIu64 ": %" PRIu64 " bytes allocated inside the clock",
                             (*a)->name, side[k], t.timed_fresh_bytes);
                if (t.heap_peak < b.grid.cells)
                    fail_msg("%s: heap peak %" PRIu64 " below the grid's bytes", (*a)->name,
                             t.heap_peak);
                if (t.reps != 3)
                    fail_msg("%s at %" PRIu64 ": %u timed runs, 3 asked", (*a)->name, side[k],
                             t.reps);
                if (!(t.min_ns <= t.median_ns && t.median_ns <= t.max_ns))
                    fail_msg("%s at %" PRIu64 ": times out of order (min %" PRIu64 ", median %" PRIu64
                             ", max %" PRIu64 ")",
                             (*a)->name, side[k], (uint64_t)t.min_ns, (uint64_t)t.median_ns,
                             (uint64_t)t.max_ns);
            }
            mz_grid_free(&ref);
        }
    }
    /* every other shape an entry declares (its small sample grid): the
     * engine's maze is mz_generate's, and nothing is allocated inside
     * the clock */
    char grids[MZT_MAX_SAMPLES][64];
    size_t ngrids = sample_names(MZT_SMALL, false, grids);
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind != MZ_GEN)
            continue;
        mz_spec sp = spec_of(*a);
        for (size_t k = 0; k < ngrids; k++) {
            mz_dims geo;
            assert_int_equal(mz_dims_parse(grids[k], &geo), MZ_OK);
            mz_grid ref;
            memset(&ref, 0, sizeof ref);
            mz_extra rx;
            memset(&rx, 0, sizeof rx);
            mz_status want = mz_generate(&sp, 464, &geo, &ref, MZ_GEN_OPTS(1, NULL, &rx));
            mz_timing t;
            mz_status got = mz_bench_gen(&b, &sp, 464, &geo, NULL, 3, &t);
            if (got != want)
                fail_msg("%s on %s: engine says %s, mz_generate %s", (*a)->name, grids[k],
                         mz_status_str(got), mz_status_str(want));
            if (got == MZ_OK) {
                if (mz_digest(&b.grid) != mz_digest(&ref))
                    fail_msg("%s on %s: the engine's maze differs", (*a)->name, grids[k]);
                if (t.timed_fresh_bytes != 0)
                    fail_msg("%s on %s: %" PRIu64 " bytes allocated inside the clock",
                             (*a)->name, grids[k], t.timed_fresh_bytes);
            } else if (mz_runs_on(*a, geo.shape)) {
                fail_msg("%s on %s: %s", (*a)->name, grids[k], mz_status_str(got));
            }
            mz_grid_free(&ref);
        }
    }
    mz_bench_free(&b);
}

static void test_solve_engine(void **state)
{
    (void)state;
    mz_bench b;
    assert_int_equal(mz_bench_init(&b), MZ_OK);
    const char *mazes[] = {"dfs", "dfs+braid:keep=0.4"};
    char grids[MZT_MAX_SAMPLES][64];
    size_t ngrids = sample_names(MZT_MEDIUM, true, grids);
    for (size_t m = 0; m < 2; m++) {
        for (size_t z = 0; z < ngrids; z++) {
            mz_spec sp;
            char err[128], what[96];
            if (mz_spec_parse(mazes[m], &sp, err, sizeof err) != MZ_OK)
                fail_msg("%s: %s", mazes[m], err);
            snprintf(what, sizeof what, "%s seed 7 %s", mazes[m], grids[z]);
            mz_dims geo;
            assert_int_equal(mz_dims_parse(grids[z], &geo), MZ_OK);
            mz_timing t;
            expect_ok(mz_bench_gen(&b, &sp, 7, &geo, NULL, 1, &t), "%s: engine", what);
            mz_grid plain;
            memset(&plain, 0, sizeof plain);
            expect_ok(mz_grid_copy(&plain, &b.grid), "%s: copy", what);
            for (const mz_algo *const *a = mz_registry; *a; a++) {
                if ((*a)->kind != MZ_SOLVER)
                    continue;
                mz_stage st = {*a, {{0}}};
                mz_args_default(*a, &st.args);
                mz_solution ref;
                memset(&ref, 0, sizeof ref);
                ref.want_path = true;
                mz_status want = mz_solve(&st, &plain, NULL, &ref);
                b.sol.want_path = true;
                mz_status got = mz_bench_solve(&b, &st, NULL, 2, &t);
                if (got != want)
                    fail_msg("%s on %s: engine says %s, mz_solve %s", (*a)->name, what,
                             mz_status_str(got), mz_status_str(want));
                if (got == MZ_OK) {
                    if (b.sol.path_steps != ref.path_steps || b.sol.closed != ref.closed ||
                        b.sol.steps != ref.steps || b.sol.path_len != ref.path_len)
                        fail_msg("%s on %s: the engine's figures differ", (*a)->name, what);
                    if (t.timed_fresh_bytes != 0)
                        fail_msg("%s on %s: %" PRIu64 " bytes allocated inside the clock",
                                 (*a)->name, what, t.timed_fresh_bytes);
                }
                mz_solution_free(&ref);
            }
            mz_grid_free(&plain);
        }
    }
    mz_bench_free(&b);
}

/* A perfect generator that runs on the shape, to give solvers a maze. */
static const mz_algo *maze_maker(mz_shape shape)
{
    for (const mz_algo *const *a = mz_registry; *a; a++)
        if ((*a)->kind == MZ_GEN && ((*a)->flags & MZ_F_PERFECT) && mz_runs_on(*a, shape))
            return *a;
    return NULL;
}

/* Every allocation of every entry fails in turn, on the small sample grid
 * of each shape the entry runs on (a solver on a maze of a generator that runs
 * there): the status is MZ_ENOMEM and nothing leaks. */
static void test_enomem_everywhere(void **state)
{
    (void)state;
    char grids[MZT_MAX_SAMPLES][64];
    size_t ngrids = sample_names(MZT_SMALL, true, grids);
    for (size_t z = 0; z < ngrids; z++) {
        mz_dims geo;
        assert_int_equal(mz_dims_parse(grids[z], &geo), MZ_OK);
        const mz_algo *maker = maze_maker(geo.shape);
        for (const mz_algo *const *a = mz_registry; *a; a++) {
            if ((*a)->kind == MZ_POST || !mz_runs_on(*a, geo.shape) ||
                ((*a)->kind == MZ_SOLVER && !maker))
                continue;
            for (long n = 1;; n++) {
                failing f = {0, n, 0};
                mz_allocator al = {fail_alloc, fail_free, &f};
                mz_grid g;
                mz_status s = mz_grid_init(&g, &geo, &al);
                mz_solution sol;
                memset(&sol, 0, sizeof sol);
                sol.mem = &al;
                sol.want_path = true;
                if (s == MZ_OK) {
                    mz_spec sp = spec_of((*a)->kind == MZ_GEN ? *a : maker);
                    mz_extra x;
                    memset(&x, 0, sizeof x);
                    s = mz_generate(&sp, 464, &geo, &g, MZ_GEN_OPTS(1, NULL, &x));
                    if (s == MZ_OK && (*a)->kind == MZ_SOLVER) {
                        mz_stage st = {*a, {{0}}};
                        mz_args_default(*a, &st.args);
                        s = mz_solve(&st, &g, NULL, &sol);
                    }
                    if (s == MZ_OK) {
                        mz_metrics m;
                        s = mz_metrics_compute(&g, 1, &m);
                    }
                }
                mz_solution_free(&sol);
                mz_grid_free(&g);
                if (f.live != 0)
                    fail_msg("%s seed 464 %s: %ld blocks leaked when allocation %ld failed",
                             (*a)->name, grids[z], f.live, n);
                if (s == MZ_OK)
                    break; /* no allocation left to fail */
                if (s != MZ_ENOMEM)
                    fail_msg("%s seed 464 %s: allocation %ld failed and it said %s", (*a)->name,
                             grids[z], n, mz_status_str(s));
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pool_counts),
        cmocka_unit_test(test_gen_engine),
        cmocka_unit_test(test_solve_engine),
        cmocka_unit_test(test_enomem_everywhere),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
