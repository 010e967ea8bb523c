/*
 * test_invariants.c - table-driven checks over every registry entry.
 *
 * Nothing here names an algorithm: a new registry entry is checked by
 * every test below without anyone writing a test for it.
 *   - every generator (alone and followed by every post-processor) leaves a
 *     consistent grid: the two sides of each wall agree, the border stays
 *     closed (but for teleport pairs), blocked cells are sealed, scratch
 *     bits are clear, entrance and exit are open cells;
 *   - a generator flagged perfect gives a connected maze with exactly
 *     cells - 1 passages and no loops;
 *   - generation is deterministic: the same seed gives the same digest;
 *   - every path a solver returns is a walk through open walls from the
 *     entrance to the exit, and a solver flagged shortest agrees with bfs
 *     (the metrics' route) and finds the exit whenever it is reachable.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "mazebench.h"

static const struct {
    uint64_t rows, cols;
} sizes[] = {{1, 1}, {1, 9}, {9, 1}, {2, 2}, {5, 9}, {12, 7}, {31, 31}};

static const uint32_t seeds[] = {0, 1, 464, 4294967295u};

#define NSIZES (sizeof sizes / sizeof sizes[0])
#define NSEEDS (sizeof seeds / sizeof seeds[0])

static void check_grid(const mz_grid *g, const char *what)
{
    bool wrap = (g->flags & MZ_GRID_WRAP_EW) != 0;
    for (mz_idx i = 0; i < g->cells; i++) {
        uint8_t v = g->c[i];
        if (v & MZ_SCRATCH)
            fail_msg("%s: cell %" PRIu64 " left scratch bits 0x%02x", what, i, v & MZ_SCRATCH);
        if ((v & MZ_BLOCKED) && (v & MZ_WALLS) != MZ_WALLS)
            fail_msg("%s: blocked cell %" PRIu64 " has an open wall", what, i);
        for (unsigned d = 0; d < 4; d++) {
            mz_idx n = mz_neighbour(g, i, d);
            bool open = mz_is_open(g, i, d);
            if (n == MZ_NONE) {
                if (open)
                    fail_msg("%s: border wall %u of cell %" PRIu64 " is open", what, d, i);
                continue;
            }
            if (open != mz_is_open(g, n, mz_opposite(d)))
                fail_msg("%s: wall %u of cell %" PRIu64 " disagrees with its neighbour", what, d, i);
            if (!wrap && (d == MZ_E || d == MZ_W)) {
                uint64_t ci = i % g->cols, cn = n % g->cols;
                if ((ci > cn ? ci - cn : cn - ci) != 1)
                    fail_msg("%s: neighbour wraps without the wrap flag", what);
            }
        }
    }
    if (g->entrance >= g->cells || g->exit >= g->cells)
        fail_msg("%s: entrance or exit off the grid", what);
    if ((g->c[g->entrance] & MZ_BLOCKED) || (g->c[g->exit] & MZ_BLOCKED))
        fail_msg("%s: entrance or exit is a blocked cell", what);
}

/* Every (generator[+post]) spec of the registry at default parameters. */
static size_t all_specs(mz_spec *out, size_t max)
{
    size_t n = 0;
    for (const mz_algo *const *g = mz_registry; *g; g++) {
        if ((*g)->kind != MZ_GEN)
            continue;
        if (n < max) {
            memset(&out[n], 0, sizeof out[n]);
            out[n].n = 1;
            out[n].stage[0].algo = *g;
            mz_args_default(*g, &out[n].stage[0].args);
            n++;
        }
        for (const mz_algo *const *p = mz_registry; *p; p++) {
            if ((*p)->kind != MZ_POST || n >= max)
                continue;
            out[n] = out[n - 1];
            out[n].stage[1].algo = *p;
            mz_args_default(*p, &out[n].stage[1].args);
            out[n].n = 2;
            n++;
        }
    }
    return n;
}

static void test_generators(void **state)
{
    (void)state;
    mz_spec specs[64];
    size_t nspecs = all_specs(specs, 64);
    assert_true(nspecs > 0);
    for (size_t k = 0; k < nspecs; k++) {
        char name[256];
        mz_spec_format(&specs[k], name, sizeof name);
        bool perfect = specs[k].n == 1 && (specs[k].stage[0].algo->flags & MZ_F_PERFECT);
        for (size_t z = 0; z < NSIZES; z++) {
            for (size_t s = 0; s < NSEEDS; s++) {
                char what[512];
                snprintf(what, sizeof what, "%s seed %" PRIu32 " %" PRIu64 "x%" PRIu64, name,
                         seeds[s], sizes[z].rows, sizes[z].cols);
                mz_grid g = {0}, again = {0};
                mz_extra x = {0}, x2 = {0};
                mz_status st = mz_generate(&specs[k], seeds[s], sizes[z].rows, sizes[z].cols, &g,
                                           NULL, &x);
                if (st == MZ_EINVAL || st == MZ_EUNSUPPORTED) {
                    /* A size the algorithm documents it cannot make. */
                    mz_grid_free(&g);
                    continue;
                }
                if (st != MZ_OK)
                    fail_msg("%s: %s", what, mz_status_str(st));
                check_grid(&g, what);
                mz_metrics m;
                assert_int_equal(mz_metrics_compute(&g, &m), MZ_OK);
                if (perfect) {
                    if (m.components != 1 || m.passages != m.cells - 1 || m.loops != 0)
                        fail_msg("%s: flagged perfect but components %" PRIu64
                                 ", passages %" PRIu64 ", cells %" PRIu64,
                                 what, m.components, m.passages, m.cells);
                    if (m.route < 0)
                        fail_msg("%s: flagged perfect but the exit is unreachable", what);
                }
                assert_int_equal(mz_generate(&specs[k], seeds[s], sizes[z].rows, sizes[z].cols,
                                             &again, NULL, &x2), MZ_OK);
                if (mz_digest(&again) != m.digest)
                    fail_msg("%s: the same seed gave a different maze", what);
                mz_grid_free(&again);
                mz_grid_free(&g);
            }
        }
    }
}

static void check_path(const mz_grid *g, const mz_solution *sol, const char *what)
{
    if (sol->path_len == 0)
        fail_msg("%s: found, but no path returned", what);
    if (sol->path[0] != g->entrance)
        fail_msg("%s: path starts at %" PRIu64 ", not the entrance", what, sol->path[0]);
    if (sol->path[sol->path_len - 1] != g->exit)
        fail_msg("%s: path ends at %" PRIu64 ", not the exit", what, sol->path[sol->path_len - 1]);
    for (uint64_t k = 1; k < sol->path_len; k++) {
        mz_idx a = sol->path[k - 1], b = sol->path[k];
        bool ok = false;
        for (unsigned d = 0; d < 4 && !ok; d++)
            ok = mz_neighbour(g, a, d) == b && mz_is_open(g, a, d);
        if (!ok)
            fail_msg("%s: path step %" PRIu64 " (%" PRIu64 " -> %" PRIu64 ") crosses a wall", what,
                     k, a, b);
    }
}

static void test_solvers(void **state)
{
    (void)state;
    mz_spec specs[64];
    size_t nspecs = all_specs(specs, 64);
    for (size_t k = 0; k < nspecs; k++) {
        char name[256];
        mz_spec_format(&specs[k], name, sizeof name);
        for (size_t z = 0; z < NSIZES; z++) {
            for (size_t s = 0; s < NSEEDS; s++) {
                mz_grid g = {0};
                mz_extra x = {0};
                mz_status st = mz_generate(&specs[k], seeds[s], sizes[z].rows, sizes[z].cols, &g,
                                           NULL, &x);
                if (st != MZ_OK) {
                    mz_grid_free(&g);
                    continue;
                }
                int64_t route = mz_route(&g, g.entrance, g.exit);
                for (const mz_algo *const *a = mz_registry; *a; a++) {
                    if ((*a)->kind != MZ_SOLVER)
                        continue;
                    char what[512];
                    snprintf(what, sizeof what, "%s on %s seed %" PRIu32 " %" PRIu64 "x%" PRIu64,
                             (*a)->name, name, seeds[s], sizes[z].rows, sizes[z].cols);
                    mz_args args;
                    mz_args_default(*a, &args);
                    mz_solution sol;
                    memset(&sol, 0, sizeof sol);
                    sol.want_path = true;
                    st = (*a)->solve(&g, &args, NULL, &sol);
                    if (st != MZ_OK)
                        fail_msg("%s: %s", what, mz_status_str(st));
                    if (sol.found && sol.path_len)
                        check_path(&g, &sol, what);
                    if ((*a)->flags & MZ_F_SHORTEST) {
                        if (sol.found != (route >= 0))
                            fail_msg("%s: found %d but the bfs route is %" PRId64, what, sol.found,
                                     route);
                        if (sol.found && sol.path_steps != route)
                            fail_msg("%s: route %" PRId64 " steps, bfs says %" PRId64, what,
                                     sol.path_steps, route);
                        if (sol.found && sol.path_len != (uint64_t)route + 1)
                            fail_msg("%s: path of %" PRIu64 " cells for a %" PRId64 "-step route",
                                     what, sol.path_len, route);
                    }
                    mz_solution_free(&sol);
                }
                mz_grid_free(&g);
            }
        }
    }
}

/* Tracing must not change what an algorithm does. */
static int count_steps(void *user, const mz_step *s)
{
    (void)s;
    (*(uint64_t *)user)++;
    return 0;
}

static void test_trace_is_transparent(void **state)
{
    (void)state;
    mz_spec specs[64];
    size_t nspecs = all_specs(specs, 64);
    for (size_t k = 0; k < nspecs; k++) {
        mz_grid a = {0}, b = {0};
        mz_extra xa = {0}, xb = {0};
        uint64_t n = 0;
        mz_trace t = {count_steps, &n, 0};
        if (mz_generate(&specs[k], 464, 31, 31, &a, NULL, &xa) != MZ_OK) {
            mz_grid_free(&a);
            continue;
        }
        assert_int_equal(mz_generate(&specs[k], 464, 31, 31, &b, &t, &xb), MZ_OK);
        assert_true(mz_digest(&a) == mz_digest(&b));
        assert_int_equal(n, t.step);
        mz_grid_free(&a);
        mz_grid_free(&b);
    }
}

/* A perfect maze's excess-zero cells are exactly its route (board 08: "on a
 * maze without loops that holds for every seed"), and dfs takes 2*cells - 1
 * steps for any seed (board 01). Checked on every perfect generator. */
static void test_perfect_figures(void **state)
{
    (void)state;
    const mz_algo *valley = mz_find(MZ_SOLVER, "valley");
    assert_non_null(valley);
    for (const mz_algo *const *g = mz_registry; *g; g++) {
        if ((*g)->kind != MZ_GEN || !((*g)->flags & MZ_F_PERFECT))
            continue;
        mz_spec spec = {1, {{*g, {{0}}}}};
        mz_args_default(*g, &spec.stage[0].args);
        for (uint32_t seed = 464; seed < 474; seed++) {
            mz_grid grid = {0};
            mz_extra x = {0};
            assert_int_equal(mz_generate(&spec, seed, 23, 37, &grid, NULL, &x), MZ_OK);
            mz_solution sol;
            memset(&sol, 0, sizeof sol);
            mz_args none;
            mz_args_default(valley, &none);
            assert_int_equal(valley->solve(&grid, &none, NULL, &sol), MZ_OK);
            const mz_value *z = mz_extra_get(&sol.extra, "zero_excess");
            assert_non_null(z);
            if (z->i != sol.path_steps + 1)
                fail_msg("%s seed %u: %" PRId64 " zero-excess cells, route %" PRId64, (*g)->name,
                         seed, z->i, sol.path_steps);
            mz_solution_free(&sol);
            mz_grid_free(&grid);
        }
    }
}

static void test_dfs_step_count(void **state)
{
    (void)state;
    const mz_algo *dfs = mz_find(MZ_GEN, "dfs");
    assert_non_null(dfs);
    mz_spec spec = {1, {{dfs, {{0}}}}};
    for (uint32_t seed = 0; seed < 20; seed++) {
        uint64_t n = 0;
        mz_trace t = {count_steps, &n, 0};
        mz_grid g = {0};
        mz_extra x = {0};
        assert_int_equal(mz_generate(&spec, seed, 7 + seed, 40 - seed, &g, &t, &x), MZ_OK);
        assert_int_equal(n, 2 * g.cells - 1);
        mz_grid_free(&g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generators),
        cmocka_unit_test(test_solvers),
        cmocka_unit_test(test_trace_is_transparent),
        cmocka_unit_test(test_perfect_figures),
        cmocka_unit_test(test_dfs_step_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
