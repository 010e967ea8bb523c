/*
 * test_path_check.c - mz_path_check on every cell shape (the sample grids
 * of tests/samples.h), on mazes of the registry's generators (a perfect
 * one and one braided with loops):
 *   - every solver's returned path is a valid walk, path_steps long, whose
 *     excess over the breadth-first route is 0 for a shortest solver;
 *   - each fault is found at its place: an empty list, a cell off the grid,
 *     a wrong start, two cells no port joins, a closed wall, a wrong end;
 *   - a walk that steps back and forth is valid, with its revisits and
 *     excess counted;
 *   - every allocation failure is MZ_ENOMEM with nothing leaked.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "failing_alloc.h"
#include "mazebench.h"
#include "samples.h"

static const char *const recipes[] = {"dfs", "dfs+braid"};

static void make(mz_grid *g, const char *recipe, const mz_dims *geo, uint64_t seed)
{
    mz_spec spec;
    char err[200];
    assert_int_equal(mz_spec_parse(recipe, &spec, err, sizeof err), MZ_OK);
    memset(g, 0, sizeof *g);
    assert_int_equal(mz_generate(&spec, seed, geo, g, NULL), MZ_OK);
}

static mz_status solve(const mz_algo *a, const mz_grid *g, mz_solution *sol)
{
    mz_stage st = {a, {{0}}};
    mz_args_default(a, &st.args);
    mz_solution_init(sol, true, NULL);
    return mz_solve(&st, g, NULL, sol);
}

static void expect_fault(const mz_grid *g, const mz_idx *cells, uint64_t n, mz_path_fault f,
                         uint64_t at, const char *what)
{
    mz_path_verdict v;
    assert_int_equal(mz_path_check(g, cells, n, &v), MZ_OK);
    if (v.valid || v.fault != f || v.at != at || v.excess != -1)
        fail_msg("%s: valid %d, fault %s at %llu; expected %s at %llu", what, (int)v.valid,
                 mz_path_fault_name(v.fault), (unsigned long long)v.at, mz_path_fault_name(f),
                 (unsigned long long)at);
}

/* Every solver's path on every shape's sample grids passes the check. */
static void test_solver_paths(void **state)
{
    (void)state;
    uint64_t checked = 0, with_excess = 0;
    mz_dims grids[MZT_MAX_SAMPLES];
    size_t ngrids = mzt_samples_all(MZT_ALL | MZT_LARGE, true, grids, MZT_MAX_SAMPLES);
    for (size_t z = 0; z < ngrids; z++) {
        char grid[64];
        mzt_name(&grids[z], grid, sizeof grid);
        for (size_t r = 0; r < sizeof recipes / sizeof *recipes; r++) {
            mz_grid g;
            make(&g, recipes[r], &grids[z], 5 + z);
            const int64_t route = mz_route(&g, g.entrance, g.exit);
            for (const mz_algo *const *a = mz_registry; *a; a++) {
                if ((*a)->kind != MZ_SOLVER || mz_refuses(*a, &grids[z]))
                    continue;
                mz_solution sol;
                assert_int_equal(solve(*a, &g, &sol), MZ_OK);
                if (!sol.found || sol.path_len == 0) {
                    mz_solution_free(&sol);
                    continue;
                }
                mz_path_verdict v;
                assert_int_equal(mz_path_check(&g, sol.path, sol.path_len, &v), MZ_OK);
                if (!v.valid)
                    fail_msg("%s on %s (%s): fault %s at %llu", (*a)->name, grid, recipes[r],
                             mz_path_fault_name(v.fault), (unsigned long long)v.at);
                if ((int64_t)v.steps != sol.path_steps || v.shortest != route ||
                    v.excess != sol.path_steps - route)
                    fail_msg("%s on %s (%s): steps %llu, shortest %lld, excess %lld; the solver "
                             "says %lld, the route is %lld", (*a)->name, grid, recipes[r],
                             (unsigned long long)v.steps, (long long)v.shortest,
                             (long long)v.excess, (long long)sol.path_steps, (long long)route);
                if (((*a)->flags & MZ_F_SHORTEST) && (v.excess != 0 || v.revisits != 0))
                    fail_msg("%s on %s: a shortest solver with excess %lld, revisits %llu",
                             (*a)->name, grid, (long long)v.excess,
                             (unsigned long long)v.revisits);
                with_excess += v.excess > 0;
                checked++;
                mz_solution_free(&sol);
            }
            mz_grid_free(&g);
        }
    }
    assert_true(checked > 100);
    assert_true(with_excess > 0); /* some walker took a detour */
}

/* A cell of g that no port of a leads to, and not a itself; MZ_NONE when
 * every cell is a's neighbour. */
static mz_idx far_cell(const mz_grid *g, mz_idx a)
{
    const unsigned ports = mz_shape_ports(g->shape);
    for (mz_idx x = 0; x < g->cells; x++) {
        bool near = x == a;
        for (unsigned p = 0; p < ports && !near; p++)
            near = mz_port_nbr(g, a, p) == x;
        if (!near)
            return x;
    }
    return MZ_NONE;
}

/* Each fault at its place, on every shape. */
static void test_faults(void **state)
{
    (void)state;
    unsigned met[MZ_PATH_FAULT_COUNT] = {0};
    mz_dims grids[MZT_MAX_SAMPLES];
    size_t ngrids = mzt_samples_all(MZT_ALL, true, grids, MZT_MAX_SAMPLES);
    for (size_t z = 0; z < ngrids; z++) {
        char grid[64], what[128];
        mzt_name(&grids[z], grid, sizeof grid);
        mz_grid g;
        make(&g, "dfs", &grids[z], 11 + z);
        mz_solution sol;
        assert_int_equal(solve(mz_find(MZ_SOLVER, "bfs"), &g, &sol), MZ_OK);
        assert_true(sol.found);
        const uint64_t n = sol.path_len;
        mz_idx *p = malloc((n + 4) * sizeof *p);
        assert_non_null(p);

        snprintf(what, sizeof what, "%s: empty", grid);
        expect_fault(&g, sol.path, 0, MZ_PATH_EMPTY, 0, what);
        met[MZ_PATH_EMPTY]++;

        /* off the grid: the last cell, then the second */
        memcpy(p, sol.path, n * sizeof *p);
        p[n - 1] = g.cells;
        snprintf(what, sizeof what, "%s: off-grid last", grid);
        expect_fault(&g, p, n, MZ_PATH_OFF_GRID, n - 1, what);
        p[n - 1] = MZ_NONE;
        expect_fault(&g, p, n, MZ_PATH_OFF_GRID, n - 1, what);
        met[MZ_PATH_OFF_GRID]++;

        if (n >= 2) {
            snprintf(what, sizeof what, "%s: wrong start", grid);
            expect_fault(&g, sol.path + 1, n - 1, MZ_PATH_WRONG_START, 0, what);
            snprintf(what, sizeof what, "%s: wrong end", grid);
            expect_fault(&g, sol.path, n - 1, MZ_PATH_WRONG_END, n - 2, what);
            met[MZ_PATH_WRONG_START]++;
            met[MZ_PATH_WRONG_END]++;

            /* back and forth over the first step, then the route: valid */
            p[0] = sol.path[0];
            p[1] = sol.path[1];
            memcpy(p + 2, sol.path, n * sizeof *p);
            mz_path_verdict v;
            assert_int_equal(mz_path_check(&g, p, n + 2, &v), MZ_OK);
            if (!v.valid || v.revisits != 2 || v.excess != 2 || v.steps != n + 1)
                fail_msg("%s: back and forth: valid %d, revisits %llu, excess %lld", grid,
                         (int)v.valid, (unsigned long long)v.revisits, (long long)v.excess);
        }

        /* two cells no port joins, right after the entrance */
        mz_idx x = far_cell(&g, g.entrance);
        if (x != MZ_NONE) {
            p[0] = g.entrance;
            p[1] = x;
            snprintf(what, sizeof what, "%s: not adjacent", grid);
            expect_fault(&g, p, 2, MZ_PATH_NOT_ADJACENT, 1, what);
            /* a cell repeated is no step either */
            p[1] = g.entrance;
            expect_fault(&g, p, 2, MZ_PATH_NOT_ADJACENT, 1, what);
            met[MZ_PATH_NOT_ADJACENT]++;
        }

        /* a closed wall of some cell on the route, to its neighbour */
        bool walled = false;
        const unsigned ports = mz_shape_ports(g.shape);
        for (uint64_t k = 0; k < n && !walled; k++) {
            for (unsigned q = 0; q < ports && !walled; q++) {
                mz_idx j = mz_port_nbr(&g, sol.path[k], q);
                if (j == MZ_NONE || !(g.c[sol.path[k]] & (1u << q)))
                    continue;
                /* a neighbour no open port reaches (a torus of 3 or a weave
                 * could join the two through another port) */
                bool open_other = false;
                for (unsigned o = 0; o < ports; o++)
                    open_other |= o != q && mz_port_nbr(&g, sol.path[k], o) == j &&
                                  !(g.c[sol.path[k]] & (1u << o));
                if (open_other)
                    continue;
                memcpy(p, sol.path, (k + 1) * sizeof *p);
                p[k + 1] = j;
                snprintf(what, sizeof what, "%s: wall at %llu", grid, (unsigned long long)k);
                expect_fault(&g, p, k + 2, MZ_PATH_WALL, k + 1, what);
                walled = true;
            }
        }
        met[MZ_PATH_WALL] += walled;
        free(p);
        mz_solution_free(&sol);
        mz_grid_free(&g);
    }
    for (unsigned f = 1; f < MZ_PATH_FAULT_COUNT; f++)
        if (met[f] < 5)
            fail_msg("fault %s met on %u grids only", mz_path_fault_name((mz_path_fault)f),
                     met[f]);
}

/* A wall closed on one side only is closed; the first fault wins; names;
 * the arguments. */
static void test_edges(void **state)
{
    (void)state;
    mz_dims geo = *MZ_SQUARE(1, 3);
    mz_grid g;
    make(&g, "dfs", &geo, 1);
    const mz_idx walk[3] = {0, 1, 2};
    mz_path_verdict v;
    assert_int_equal(mz_path_check(&g, walk, 3, &v), MZ_OK);
    assert_true(v.valid);
    assert_int_equal(v.steps, 2);
    assert_int_equal(v.shortest, 2);
    assert_int_equal(v.excess, 0);
    g.c[2] |= MZ_WALL_W; /* closed on the far side only */
    expect_fault(&g, walk, 3, MZ_PATH_WALL, 2, "one-sided wall");
    g.c[2] &= (uint8_t)~MZ_WALL_W;
    g.c[0] |= MZ_WALL_E; /* and on the near side only */
    expect_fault(&g, walk, 3, MZ_PATH_WALL, 1, "one-sided wall");
    assert_int_equal(mz_path_check(&g, walk, 3, &v), MZ_OK);
    assert_int_equal(v.shortest, -1);
    g.c[0] &= (uint8_t)~MZ_WALL_E;
    /* a wrong start before a bad step after it */
    const mz_idx bad[3] = {1, 0, 2};
    expect_fault(&g, bad, 3, MZ_PATH_WRONG_START, 0, "first fault");
    /* the entrance alone on a one-cell grid is a valid walk of 0 steps */
    mz_dims one = *MZ_SQUARE(1, 1);
    mz_grid h;
    make(&h, "dfs", &one, 1);
    const mz_idx zero = 0;
    assert_int_equal(mz_path_check(&h, &zero, 1, &v), MZ_OK);
    assert_true(v.valid && v.steps == 0 && v.excess == 0);
    mz_grid_free(&h);

    assert_int_equal(mz_path_check(NULL, walk, 3, &v), MZ_EINVAL);
    assert_int_equal(mz_path_check(&g, walk, 3, NULL), MZ_EINVAL);
    assert_int_equal(mz_path_check(&g, NULL, 3, &v), MZ_EINVAL);
    assert_int_equal(mz_path_check(&g, NULL, 0, &v), MZ_OK);
    assert_int_equal(v.fault, MZ_PATH_EMPTY);
    for (unsigned f = 0; f < MZ_PATH_FAULT_COUNT; f++)
        assert_non_null(mz_path_fault_name((mz_path_fault)f));
    assert_null(mz_path_fault_name(MZ_PATH_FAULT_COUNT));
    mz_grid_free(&g);
}

/* Every allocation failure in turn: MZ_ENOMEM, nothing leaked. */
static void test_enomem(void **state)
{
    (void)state;
    mz_dims grids[MZT_MAX_SAMPLES];
    size_t ngrids = mzt_samples_all(MZT_SMALL, true, grids, MZT_MAX_SAMPLES);
    for (size_t z = 0; z < ngrids; z++) {
        mz_grid g;
        make(&g, "dfs+braid", &grids[z], 3);
        mz_solution sol;
        assert_int_equal(solve(mz_find(MZ_SOLVER, "bfs"), &g, &sol), MZ_OK);
        for (long k = 1;; k++) {
            failing f = {0, k, 0};
            mz_allocator al = {fail_alloc, fail_free, &f};
            g.mem = &al;
            mz_path_verdict v;
            mz_status s = mz_path_check(&g, sol.path, sol.path_len, &v);
            g.mem = NULL;
            assert_int_equal(f.live, 0);
            if (s == MZ_OK) {
                assert_true(v.valid);
                break;
            }
            assert_int_equal(s, MZ_ENOMEM);
        }
        mz_solution_free(&sol);
        mz_grid_free(&g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solver_paths),
        cmocka_unit_test(test_faults),
        cmocka_unit_test(test_edges),
        cmocka_unit_test(test_enomem),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
