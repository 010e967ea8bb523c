/*
 * test_catalogue_solve.c - what each catalogue solver is known for.
 *
 *   - deadend-fill on every perfect generator leaves exactly the route's
 *     cells unfilled (read from its trace), and remaining = route + 1;
 *   - bibfs gives bfs's route length, and a valid path, on braided mazes at
 *     several braid ratios, and says "not found" on a split grid;
 *   - pledge gets out from every start cell of fully braided mazes, among
 *     them cells where the plain wall follower (wall, started there)
 *     circles an island forever; its walk (from the trace) goes through
 *     open walls only; and it stops, trapped, in a closed-off region;
 *   - tremaux's route on a perfect maze is the unique route; on a braided
 *     maze it is a walk no shorter than bfs's, at most two moves a passage;
 *     on a split grid it walks every passage of its component twice;
 *   - collision keeps exactly the cells on some shortest route (brute
 *     force from two distance fields) and returns one of them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "mazebench.h"
#include "core/internal.h"
#include "trace_rec.h"

static void gen(const char *text, uint32_t seed, uint64_t rows, uint64_t cols, mz_grid *g)
{
    mz_spec sp;
    char err[256];
    if (mz_spec_parse(text, &sp, err, sizeof err) != MZ_OK)
        fail_msg("%s: %s", text, err);
    mz_extra x;
    memset(&x, 0, sizeof x);
    assert_int_equal(mz_generate(&sp, seed, MZ_SQUARE(rows, cols), g, MZ_GEN_OPTS(1, NULL, &x)),
                     MZ_OK);
}

static mz_status run(const char *solver, const mz_grid *g, mz_trace *t, mz_solution *sol)
{
    mz_stage st;
    char err[256];
    if (mz_solver_parse(solver, &st, err, sizeof err) != MZ_OK)
        fail_msg("%s: %s", solver, err);
    memset(sol, 0, sizeof *sol);
    sol->want_path = true;
    return mz_solve(&st, g, t, sol);
}

static int64_t extra_int(const mz_solution *sol, const char *name)
{
    const mz_value *v = mz_extra_get(&sol->extra, name);
    if (!v)
        fail_msg("column '%s' not reported", name);
    return v->i;
}

static void check_walk(const mz_grid *g, const mz_idx *p, uint64_t n, const char *what)
{
    for (uint64_t k = 1; k < n; k++) {
        bool ok = false;
        for (unsigned d = 0; d < 4 && !ok; d++)
            ok = mz_sq_neighbour(g, p[k - 1], d) == p[k] && mz_sq_is_open(g, p[k - 1], d);
        if (!ok)
            fail_msg("%s: step %" PRIu64 " (%" PRIu64 " -> %" PRIu64 ") crosses a wall", what, k,
                     p[k - 1], p[k]);
    }
}

static void test_deadend_fill_leaves_the_route(void **state)
{
    (void)state;
    const struct {
        uint64_t rows, cols;
    } sizes[] = {{1, 1}, {1, 12}, {12, 1}, {2, 2}, {17, 23}, {40, 40}};
    unsigned checked = 0;
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind != MZ_GEN || !((*a)->flags & MZ_F_PERFECT))
            continue;
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
            for (uint32_t seed = 1; seed <= 4; seed++) {
                mz_grid g;
                memset(&g, 0, sizeof g);
                mz_extra x;
                memset(&x, 0, sizeof x);
                mz_spec sp = {1, {{*a, {{0}}}}, MZ_RNG_MULBERRY32};
                mz_args_default(*a, &sp.stage[0].args);
                if (mz_generate(&sp, seed, MZ_SQUARE(sizes[z].rows, sizes[z].cols), &g,
                                MZ_GEN_OPTS(1, NULL, &x)) != MZ_OK) {
                    mz_grid_free(&g);
                    continue; /* a size the generator refuses */
                }
                char what[256];
                snprintf(what, sizeof what, "deadend-fill on %s seed %u %" PRIu64 "x%" PRIu64,
                         (*a)->name, seed, g.rows, g.cols);
                rec r;
                memset(&r, 0, sizeof r);
                mz_trace t = {record, &r, 0};
                mz_solution fill, ref;
                assert_int_equal(run("deadend-fill", &g, &t, &fill), MZ_OK);
                assert_int_equal(run("bfs", &g, NULL, &ref), MZ_OK);
                assert_true(fill.found && ref.found);
                if (extra_int(&fill, "remaining") != ref.path_steps + 1)
                    fail_msg("%s: %" PRId64 " cells remain, route %" PRId64, what,
                             extra_int(&fill, "remaining"), ref.path_steps);
                /* unfilled cells == the route's cells */
                uint8_t *filled = calloc(g.cells, 1);
                assert_non_null(filled);
                uint64_t fills = 0;
                for (uint64_t k = 0; k < r.n; k++) {
                    if (strcmp(r.s[k].op, "fill") == 0) {
                        if (filled[r.s[k].cell])
                            fail_msg("%s: cell %" PRIu64 " filled twice", what, r.s[k].cell);
                        filled[r.s[k].cell] = 1;
                        fills++;
                    }
                }
                assert_int_equal(fills, extra_int(&fill, "filled"));
                for (uint64_t k = 0; k < ref.path_len; k++) {
                    if (filled[ref.path[k]])
                        fail_msg("%s: route cell %" PRIu64 " was filled", what, ref.path[k]);
                    filled[ref.path[k]] = 2;
                }
                for (mz_idx i = 0; i < g.cells; i++)
                    if (filled[i] == 0 && !(g.c[i] & MZ_BLOCKED))
                        fail_msg("%s: cell %" PRIu64 " is neither filled nor on the route", what,
                                 i);
                assert_int_equal(fill.path_len, ref.path_len);
                assert_memory_equal(fill.path, ref.path, ref.path_len * sizeof *ref.path);
                free(filled);
                free(r.s);
                mz_solution_free(&fill);
                mz_solution_free(&ref);
                mz_grid_free(&g);
                checked++;
            }
        }
    }
    assert_true(checked >= 3 * 6 * 4); /* dfs, frontier and kruskal at least */
}

static void test_bibfs_matches_bfs_on_braids(void **state)
{
    (void)state;
    const char *gens[] = {"dfs", "kruskal", "frontier"};
    const char *keeps[] = {"0", "0.25", "0.5", "0.75", "1"};
    uint64_t closed_bi = 0, closed_bfs = 0;
    for (size_t k = 0; k < 3; k++) {
        for (size_t b = 0; b < 5; b++) {
            char spec[128];
            snprintf(spec, sizeof spec, "%s+braid:keep=%s", gens[k], keeps[b]);
            for (uint32_t seed = 1; seed <= 6; seed++) {
                mz_grid g;
                memset(&g, 0, sizeof g);
                gen(spec, seed, 25 + seed, 31, &g);
                mz_solution bi, ref, fill;
                assert_int_equal(run("bibfs", &g, NULL, &bi), MZ_OK);
                assert_int_equal(run("bfs", &g, NULL, &ref), MZ_OK);
                assert_int_equal(run("deadend-fill", &g, NULL, &fill), MZ_OK);
                if (bi.path_steps != ref.path_steps || fill.path_steps != ref.path_steps)
                    fail_msg("%s seed %u: bibfs %" PRId64 ", deadend-fill %" PRId64
                             ", bfs %" PRId64,
                             spec, seed, bi.path_steps, fill.path_steps, ref.path_steps);
                assert_int_equal(bi.path_len, ref.path_len);
                assert_true(bi.path[0] == g.entrance && bi.path[bi.path_len - 1] == g.exit);
                check_walk(&g, bi.path, bi.path_len, spec);
                assert_int_equal(bi.closed,
                                 extra_int(&bi, "closed_fwd") + extra_int(&bi, "closed_bwd"));
                closed_bi += (uint64_t)bi.closed;
                closed_bfs += (uint64_t)ref.closed;
                mz_solution_free(&bi);
                mz_solution_free(&ref);
                mz_solution_free(&fill);
                mz_grid_free(&g);
            }
        }
    }
    /* Not a law for each maze (bfs stops the moment it labels the exit),
     * but over these mazes the two halves close fewer cells. */
    print_message("closed cells: bibfs %" PRIu64 ", bfs %" PRIu64 "\n", closed_bi, closed_bfs);
    assert_true(closed_bi < closed_bfs);
}

/* A 4x4 grid: a 2x2 loop in the top-left corner, and the rest a snake
 * that does not touch it; entrance in the loop, exit in the far corner. */
static void split_grid(mz_grid *g)
{
    assert_int_equal(mz_grid_init(g, MZ_SQUARE(4, 4), NULL), MZ_OK);
    mz_sq_knock(g, 0, MZ_E);
    mz_sq_knock(g, 1, MZ_S);
    mz_sq_knock(g, 5, MZ_W);
    mz_sq_knock(g, 4, MZ_N);
    for (mz_idx i = 2; i < 15; i++) {
        if (i == 4 || i == 5)
            continue;
        if (i % 4 != 3 && i + 1 != 4 && i + 1 != 5)
            mz_sq_knock(g, i, MZ_E);
    }
    mz_sq_knock(g, 3, MZ_S);
    mz_sq_knock(g, 7, MZ_S);
    mz_sq_knock(g, 11, MZ_S);
    g->entrance = 0;
    g->exit = 15;
}

static void test_not_found(void **state)
{
    (void)state;
    mz_grid g;
    memset(&g, 0, sizeof g);
    split_grid(&g);
    assert_true(mz_route(&g, 0, 15) < 0);
    const char *solvers[] = {"bibfs", "deadend-fill", "tremaux", "pledge", "pledge:hand=right",
                             "collision"};
    for (size_t k = 0; k < 6; k++) {
        mz_solution sol;
        assert_int_equal(run(solvers[k], &g, NULL, &sol), MZ_OK);
        if (sol.found)
            fail_msg("%s found an exit it cannot reach", solvers[k]);
        if (!strncmp(solvers[k], "pledge", 6))
            assert_true(mz_extra_get(&sol.extra, "trapped")->i);
        if (!strcmp(solvers[k], "tremaux"))
            assert_int_equal(sol.steps, 2 * 4); /* four passages, each both ways */
        mz_solution_free(&sol);
    }
    mz_grid_free(&g);
}

static void test_tremaux(void **state)
{
    (void)state;
    const char *specs[] = {"dfs", "kruskal", "dfs+braid:keep=0.5", "kruskal+braid:keep=0"};
    for (size_t k = 0; k < 4; k++) {
        for (uint32_t seed = 1; seed <= 8; seed++) {
            mz_grid g;
            memset(&g, 0, sizeof g);
            gen(specs[k], seed, 23, 29, &g);
            mz_metrics m;
            assert_int_equal(mz_metrics_compute(&g, 1, &m), MZ_OK);
            mz_solution tr, ref;
            assert_int_equal(run("tremaux", &g, NULL, &tr), MZ_OK);
            assert_int_equal(run("bfs", &g, NULL, &ref), MZ_OK);
            assert_true(tr.found);
            if (m.loops == 0) {
                assert_int_equal(tr.path_steps, ref.path_steps);
                assert_memory_equal(tr.path, ref.path, ref.path_len * sizeof *ref.path);
            } else {
                assert_true(tr.path_steps >= ref.path_steps);
            }
            assert_int_equal(tr.path_len, (uint64_t)tr.path_steps + 1);
            check_walk(&g, tr.path, tr.path_len, specs[k]);
            assert_true((uint64_t)tr.steps <= 2 * m.passages);
            assert_true(extra_int(&tr, "marked_twice") * 2 + tr.path_steps <= tr.steps);
            assert_true((uint64_t)extra_int(&tr, "visited") <= m.cells);
            mz_solution_free(&tr);
            mz_solution_free(&ref);
            mz_grid_free(&g);
        }
    }
}

/* Pledge from every cell of fully braided mazes reaches the exit in the
 * corner; some of those cells trap the plain wall follower. */
static void test_pledge_escapes(void **state)
{
    (void)state;
    const char *specs[] = {"dfs+braid:keep=0", "kruskal+braid:keep=0", "dfs+braid:keep=0.3"};
    uint64_t circled = 0, starts = 0;
    for (size_t k = 0; k < 3; k++) {
        for (uint32_t seed = 1; seed <= 3; seed++) {
            mz_grid g;
            memset(&g, 0, sizeof g);
            gen(specs[k], seed, 15, 17, &g);
            for (unsigned hand = 0; hand < 2; hand++) {
                for (mz_idx s = 0; s < g.cells; s++) {
                    char name[96];
                    snprintf(name, sizeof name, "pledge:from=%" PRIu64 ",hand=%s,heading=%s", s,
                             hand ? "right" : "left", (s & 1) ? "south" : "east");
                    rec r;
                    memset(&r, 0, sizeof r);
                    mz_trace t = {record, &r, 0};
                    mz_solution p;
                    assert_int_equal(run(name, &g, &t, &p), MZ_OK);
                    if (!p.found || mz_extra_get(&p.extra, "trapped")->i)
                        fail_msg("%s on %s seed %u: no escape", name, specs[k], seed);
                    /* the walk, from the trace's moves */
                    mz_idx cur = s;
                    for (uint64_t q = 0; q < r.n; q++) {
                        if (r.s[q].cell == cur)
                            continue; /* a turn in place */
                        mz_idx w[2] = {cur, r.s[q].cell};
                        check_walk(&g, w, 2, name);
                        cur = r.s[q].cell;
                    }
                    assert_true(cur == g.exit);
                    assert_true(p.forward == p.path_steps);
                    free(r.s);
                    mz_solution_free(&p);
                    starts++;
                    /* the plain wall follower from the same cell */
                    mz_grid h = g;
                    h.entrance = s;
                    mz_solution w;
                    assert_int_equal(run(hand ? "wall:hand=right" : "wall", &h, NULL, &w),
                                     MZ_OK);
                    if (!w.found && mz_extra_get(&w.extra, "looped")->i)
                        circled++;
                    mz_solution_free(&w);
                }
            }
            mz_grid_free(&g);
        }
    }
    print_message("pledge: %" PRIu64 " starts, the wall follower circled from %" PRIu64 "\n",
                  starts, circled);
    assert_true(circled > 100); /* the test does meet the case it is about */
}

/* collision keeps exactly the cells on some shortest route: by brute
 * force, the cells whose distances from the entrance and to the exit add
 * up to the route. */
static void test_collision_keeps_every_shortest_route(void **state)
{
    (void)state;
    const char *specs[] = {"dfs", "dfs+braid:keep=0", "kruskal+braid:keep=0.5",
                           "frontier+braid:keep=0.2", "dfs+braid:keep=0.8"};
    uint64_t forked = 0;
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        for (uint32_t seed = 1; seed <= 5; seed++) {
            mz_grid g;
            memset(&g, 0, sizeof g);
            gen(specs[k], seed, 13 + seed, 19, &g);
            mz_metrics m;
            assert_int_equal(mz_metrics_compute(&g, 1, &m), MZ_OK);
            rec r;
            memset(&r, 0, sizeof r);
            mz_trace t = {record, &r, 0};
            mz_solution col;
            assert_int_equal(run("collision", &g, &t, &col), MZ_OK);
            uint32_t *ds = malloc(g.cells * sizeof *ds), *dt = malloc(g.cells * sizeof *dt);
            uint8_t *kept = calloc(g.cells, 1);
            assert_true(ds && dt && kept);
            assert_int_equal(mz_bfs_dist32(&g, g.entrance, ds), MZ_OK);
            assert_int_equal(mz_bfs_dist32(&g, g.exit, dt), MZ_OK);
            for (uint64_t q = 0; q < r.n; q++)
                if (strcmp(r.s[q].op, "keep") == 0)
                    kept[r.s[q].cell] = 1;
            uint64_t want = 0;
            for (mz_idx i = 0; i < g.cells; i++) {
                bool on = ds[i] != UINT32_MAX && dt[i] != UINT32_MAX &&
                          (int64_t)ds[i] + dt[i] == m.route;
                want += on;
                if (on != kept[i])
                    fail_msg("%s seed %u: cell %" PRIu64 " kept %d, on a shortest route %d",
                             specs[k], seed, i, kept[i], on);
            }
            assert_int_equal(extra_int(&col, "shortest_cells"), want);
            assert_int_equal(col.path_steps, m.route);
            if (m.loops == 0)
                assert_int_equal(extra_int(&col, "forks"), 0);
            forked += (uint64_t)extra_int(&col, "forks");
            check_walk(&g, col.path, col.path_len, specs[k]);
            free(ds);
            free(dt);
            free(kept);
            free(r.s);
            mz_solution_free(&col);
            mz_grid_free(&g);
        }
    }
    assert_true(forked > 0); /* braided mazes do have several shortest routes */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deadend_fill_leaves_the_route),
        cmocka_unit_test(test_bibfs_matches_bfs_on_braids),
        cmocka_unit_test(test_not_found),
        cmocka_unit_test(test_tremaux),
        cmocka_unit_test(test_pledge_escapes),
        cmocka_unit_test(test_collision_keeps_every_shortest_route),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
