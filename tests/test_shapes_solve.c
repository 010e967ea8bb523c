/*
 * test_shapes_solve.c - every registry solver on every cell shape it
 * declares (the sample grids of tests/samples.h), on mazes built here (a random depth-first spanning tree over
 * the ports, mz_port_can_open before each knock, then extra passages for
 * loops, and a grid cut in two), so the test does not rest on any
 * generator of the registry:
 *   - a shortest solver's route is the breadth-first distance (mz_bfs_dist32,
 *     checked against mz_route); any other's is no shorter;
 *   - a path is a walk through open ports from the entrance to the exit,
 *     path_steps long (mz_path_check agrees), and a solver that gives a
 *     path on square cells gives one on every shape;
 *   - an unreachable exit: found = 0, no path, status MZ_OK;
 *   - tracing changes no figure, and every step's op is declared and its
 *     dir is -1 or a port of the shape;
 *   - flood's figures are those of mz_maze_stats_compute (another
 *     breadth-first implementation, src/core/metrics_ports.c);
 *   - shapes an entry does not declare: MZ_EUNSUPPORTED;
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
#include "core/internal.h"
#include "samples.h"
#include "trace_rec.h"

/* Every other shape's sample grids (tests/samples.h): typical, thin,
 * degenerate and large. */
static size_t sample_grids(mz_dims *geo)
{
    return mzt_samples_all(MZT_ALL | MZT_LARGE, false, geo, MZT_MAX_SAMPLES);
}

/* The maze kinds: a spanning tree, a tree with loops, two parts. */
enum { TREE, LOOPS, SPLIT, NKINDS };
static const char *const kind_name[NKINDS] = {"tree", "loops", "split"};

static void make(mz_grid *g, const mz_dims *geo, const mz_allocator *mem)
{
    assert_int_equal(mz_grid_init(g, geo, mem), MZ_OK);
}

/* Cells of g in the part [lo, hi) of the index range. */
static bool in_part(mz_idx i, mz_idx lo, mz_idx hi) { return i >= lo && i < hi; }

/* A random depth-first spanning tree of the cells reachable from start
 * inside [lo, hi): at each cell, pick(n) among the ports that can be
 * opened to an unvisited cell of the part; none left, back up. */
static void dfs_tree(mz_grid *g, mz_rng *r, mz_idx start, mz_idx lo, mz_idx hi, uint8_t *seen,
                     mz_idx *stack)
{
    const unsigned ports = mz_shape_ports(g->shape);
    uint64_t top = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top) {
        mz_idx i = stack[top - 1];
        unsigned cand[8], n = 0;
        for (unsigned p = 0; p < ports; p++) {
            mz_idx j = mz_port_nbr(g, i, p);
            if (j != MZ_NONE && in_part(j, lo, hi) && !seen[j] && mz_port_can_open(g, i, p))
                cand[n++] = p;
        }
        if (n == 0) {
            top--;
            continue;
        }
        unsigned p = cand[mz_rng_pick(r, n)];
        mz_idx j = mz_port_nbr(g, i, p);
        mz_port_knock(g, i, p);
        seen[j] = 1;
        stack[top++] = j;
    }
}

/* Open up to `tries` random closed ports that may be opened, both ends in
 * [lo, hi). */
static void add_loops(mz_grid *g, mz_rng *r, uint64_t tries, mz_idx lo, mz_idx hi)
{
    const unsigned ports = mz_shape_ports(g->shape);
    for (uint64_t k = 0; k < tries; k++) {
        mz_idx i = lo + mz_rng_pick(r, hi - lo);
        unsigned p = (unsigned)mz_rng_pick(r, ports);
        mz_idx j = mz_port_nbr(g, i, p);
        if (j != MZ_NONE && in_part(j, lo, hi) && mz_port_can_open(g, i, p))
            mz_port_knock(g, i, p);
    }
}

/* Carve g (every wall closed) as a maze of the kind, from seed. SPLIT
 * needs two cells: the entrance's part is [0, cells/2), the exit's the
 * rest, and no port joins them. */
static void build(mz_grid *g, int kind, uint32_t seed)
{
    mz_rng r;
    mz_rng_init(&r, MZ_RNG_MULBERRY32, seed);
    uint8_t *seen = calloc(g->cells, 1);
    mz_idx *stack = malloc(g->cells * sizeof *stack);
    assert_non_null(seen);
    assert_non_null(stack);
    if (kind == SPLIT) {
        mz_idx cut = g->cells / 2;
        dfs_tree(g, &r, 0, 0, cut, seen, stack);
        dfs_tree(g, &r, g->cells - 1, cut, g->cells, seen, stack);
        add_loops(g, &r, cut, 0, cut);
        add_loops(g, &r, g->cells - cut, cut, g->cells);
    } else {
        dfs_tree(g, &r, 0, 0, g->cells, seen, stack);
        for (mz_idx i = 0; i < g->cells; i++)
            if (!seen[i])
                fail_msg("%s: the tree missed cell %llu", mz_shape_name(g->shape), (unsigned long long)i);
        if (kind == LOOPS)
            add_loops(g, &r, g->cells / 3 + 2, 0, g->cells);
    }
    free(seen);
    free(stack);
}

/* Is the path a walk through open ports from the entrance to the exit, of
 * path_steps steps? The library's check (mz_path_check, itself tested on
 * every fault in test_path_check.c) says which step fails and why. */
static void check_walk(const mz_grid *g, const mz_solution *sol, const char *what)
{
    if ((int64_t)sol->path_len - 1 != sol->path_steps)
        fail_msg("%s: a path of %llu cells and path_steps %lld", what,
                 (unsigned long long)sol->path_len, (long long)sol->path_steps);
    mz_path_verdict v;
    assert_int_equal(mz_path_check(g, sol->path, sol->path_len, &v), MZ_OK);
    if (!v.valid || (int64_t)v.steps != sol->path_steps ||
        v.excess != sol->path_steps - v.shortest)
        fail_msg("%s: mz_path_check: %s at %llu, steps %llu, excess %lld", what,
                 mz_path_fault_name(v.fault), (unsigned long long)v.at,
                 (unsigned long long)v.steps, (long long)v.excess);
}

static void same_results(const mz_solution *a, const mz_solution *b, const char *what)
{
    if (a->found != b->found || a->path_steps != b->path_steps || a->closed != b->closed ||
        a->steps != b->steps || a->forward != b->forward || a->turns != b->turns ||
        a->path_len != b->path_len || a->extra.n != b->extra.n)
        fail_msg("%s: tracing changed a figure", what);
    if (a->path_len && memcmp(a->path, b->path, a->path_len * sizeof *a->path) != 0)
        fail_msg("%s: tracing changed the path", what);
    for (unsigned k = 0; k < a->extra.n; k++) {
        const mz_value *v = mz_extra_get(&b->extra, a->extra.v[k].name);
        if (!v || v->type != a->extra.v[k].type || v->i != a->extra.v[k].i ||
            memcmp(&v->d, &a->extra.v[k].d, sizeof v->d) != 0)
            fail_msg("%s: tracing changed column %s", what, a->extra.v[k].name);
    }
}

static bool op_declared(const mz_algo *a, const char *op)
{
    for (const mz_trace_op *t = a->trace_ops; t && t->op; t++)
        if (strcmp(t->op, op) == 0)
            return true;
    return false;
}

static int64_t extra_of(const mz_solution *sol, const char *name)
{
    const mz_value *v = mz_extra_get(&sol->extra, name);
    if (!v)
        fail_msg("column %s missing", name);
    return v->i;
}

static mz_status run(const mz_algo *a, const mz_grid *g, mz_trace *t, mz_solution *sol)
{
    mz_stage st = {a, {{0}}};
    mz_args_default(a, &st.args);
    memset(sol, 0, sizeof *sol);
    sol->want_path = true;
    return mz_solve(&st, g, t, sol);
}

/* Does the solver give a path on square cells? (a 9x9 tree of the same
 * builder: the guarantee to keep on every shape) */
static bool gives_path(const mz_algo *a)
{
    mz_grid g;
    mz_dims nine = *MZ_SQUARE(9, 9);
    make(&g, &nine, NULL);
    build(&g, TREE, 7);
    mz_solution sol;
    assert_int_equal(run(a, &g, NULL, &sol), MZ_OK);
    assert_true(sol.found);
    bool path = sol.path_len > 0;
    mz_solution_free(&sol);
    mz_grid_free(&g);
    return path;
}

static void test_solvers_on_shapes(void **state)
{
    (void)state;
    uint64_t runs = 0, loops_met = 0, unders = 0;
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind != MZ_SOLVER || (*a)->shapes == 0)
            continue;
        const bool path_wanted = gives_path(*a);
        const bool shortest = ((*a)->flags & MZ_F_SHORTEST) != 0;
        mz_dims grids[MZT_MAX_SAMPLES];
        size_t ngrids = sample_grids(grids);
        for (size_t z = 0; z < ngrids; z++) {
            char grid[64];
            mzt_name(&grids[z], grid, sizeof grid);
            if (!mz_runs_on(*a, grids[z].shape))
                continue;
            for (int kind = 0; kind < NKINDS; kind++) {
                for (uint32_t seed = 1; seed <= 3; seed++) {
                    char what[128];
                    snprintf(what, sizeof what, "%s on %s (%s, seed %u)", (*a)->name, grid,
                             kind_name[kind], (unsigned)seed);
                    mz_grid g;
                    make(&g, &grids[z], NULL);
                    if (kind == SPLIT && g.cells < 2) {
                        mz_grid_free(&g);
                        continue;
                    }
                    build(&g, kind, seed * 977 + (uint32_t)z);
                    uint32_t *dist = malloc(g.cells * sizeof *dist);
                    assert_non_null(dist);
                    assert_int_equal(mz_bfs_dist32(&g, g.entrance, dist), MZ_OK);
                    const uint32_t d = dist[g.exit];
                    free(dist);
                    assert_int_equal(mz_route(&g, g.entrance, g.exit),
                                     d == UINT32_MAX ? -1 : (int64_t)d);
                    if (kind == SPLIT && d != UINT32_MAX)
                        fail_msg("%s: the two parts are joined", what);
                    mz_metrics m;
                    assert_int_equal(mz_metrics_compute(&g, 1, &m), MZ_OK);
                    loops_met += m.loops > 0;
                    if (g.shape == MZ_SHAPE_WEAVE)
                        for (mz_idx i = 0; i < g.cells; i++)
                            unders += (g.c[i] & 0xF0u) != 0xF0u;

                    mz_solution sol, tsol;
                    mz_status s = run(*a, &g, NULL, &sol);
                    if (s != MZ_OK)
                        fail_msg("%s: %s", what, mz_status_str(s));
                    runs++;
                    if (sol.found != (d != UINT32_MAX))
                        fail_msg("%s: found %d, the exit is %sreachable", what, (int)sol.found,
                                 d == UINT32_MAX ? "not " : "");
                    if (sol.found) {
                        if (shortest && sol.path_steps != (int64_t)d)
                            fail_msg("%s: route %lld, the shortest is %u", what,
                                     (long long)sol.path_steps, (unsigned)d);
                        if (sol.path_steps < (int64_t)d)
                            fail_msg("%s: route %lld shorter than the shortest %u", what,
                                     (long long)sol.path_steps, (unsigned)d);
                        if (path_wanted && sol.path_len == 0)
                            fail_msg("%s: no path", what);
                        if (sol.path_len)
                            check_walk(&g, &sol, what);
                    } else if (sol.path_len) {
                        fail_msg("%s: a path but nothing found", what);
                    }
                    if (strcmp((*a)->name, "flood") == 0) {
                        /* flood from the entrance: the same figures as the
                         * statistics' double sweep */
                        mz_maze_stats ms;
                        assert_int_equal(mz_maze_stats_compute(&g, 0, &ms), MZ_OK);
                        if (sol.path_steps != ms.route || extra_of(&sol, "longest") != (int64_t)ms.longest ||
                            extra_of(&sol, "longest_exact") != ms.longest_exact)
                            fail_msg("%s: flood disagrees with mz_maze_stats_compute", what);
                        /* the two figure structs each carry the route: one value */
                        mz_metrics m;
                        assert_int_equal(mz_metrics_compute(&g, 1, &m), MZ_OK);
                        if (m.route != ms.route)
                            fail_msg("%s: route %lld in the figures, %lld in the statistics", what,
                                     (long long)m.route, (long long)ms.route);
                    }

                    rec r;
                    memset(&r, 0, sizeof r);
                    mz_trace tr = {record, &r, 0};
                    s = run(*a, &g, &tr, &tsol);
                    if (s != MZ_OK)
                        fail_msg("%s traced: %s", what, mz_status_str(s));
                    same_results(&sol, &tsol, what);
                    /* a dir is a port, or bibfs's side (1, 3) as on square cells */
                    const unsigned ports = mz_shape_ports(g.shape) > 4 ? mz_shape_ports(g.shape) : 4;
                    for (uint64_t k = 0; k < r.n; k++) {
                        if (!op_declared(*a, r.s[k].op))
                            fail_msg("%s: undeclared op %s", what, r.s[k].op);
                        if (r.s[k].dir < -1 || r.s[k].dir >= (int)ports || r.s[k].cell >= g.cells)
                            fail_msg("%s: step %llu has dir %d, cell %llu", what,
                                     (unsigned long long)k, r.s[k].dir,
                                     (unsigned long long)r.s[k].cell);
                    }
                    free(r.s);
                    mz_solution_free(&sol);
                    mz_solution_free(&tsol);
                    mz_grid_free(&g);
                }
            }
        }
    }
    assert_true(runs > 0);
    assert_true(loops_met > 0);
    assert_true(unders > 0); /* the weave mazes pass under cells */
}

/* A shape an entry does not declare: MZ_EUNSUPPORTED, and nothing run. */
static void test_undeclared_shapes(void **state)
{
    (void)state;
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind != MZ_SOLVER)
            continue;
        for (unsigned sh = 1; sh < MZ_SHAPE_COUNT; sh++) {
            if (mz_runs_on(*a, (mz_shape)sh))
                continue;
            mz_dims grids[MZT_MAX_SAMPLES];
            size_t ngrids = mzt_samples_of((mz_shape)sh, MZT_ALL, grids, MZT_MAX_SAMPLES);
            for (size_t z = 0; z < ngrids; z++) {
                char grid[64];
                mzt_name(&grids[z], grid, sizeof grid);
                mz_grid g;
                make(&g, &grids[z], NULL);
                build(&g, LOOPS, 5);
                mz_solution sol;
                if (run(*a, &g, NULL, &sol) != MZ_EUNSUPPORTED)
                    fail_msg("%s on %s, a shape it does not declare: not refused", (*a)->name,
                             grid);
                mz_solution_free(&sol);
                mz_grid_free(&g);
            }
        }
    }
}

/* Every allocation failure, in turn, on one small maze with loops a shape:
 * MZ_ENOMEM, nothing leaked. */
static void test_enomem(void **state)
{
    (void)state;
    /* every other shape's small sample grid */
    mz_dims small[MZT_MAX_SAMPLES];
    size_t nsmall = mzt_samples_all(MZT_SMALL, false, small, MZT_MAX_SAMPLES);
    for (size_t z = 0; z < nsmall; z++) {
        char grid[64];
        mzt_name(&small[z], grid, sizeof grid);
        for (const mz_algo *const *a = mz_registry; *a; a++) {
            if ((*a)->kind != MZ_SOLVER || !mz_runs_on(*a, small[z].shape))
                continue;
            for (long n = 1;; n++) {
                failing f = {0, n, 0};
                mz_allocator al = {fail_alloc, fail_free, &f};
                mz_grid h;
                make(&h, &small[z], NULL);
                build(&h, LOOPS, 11);
                h.mem = &al; /* the solver's blocks from here on */
                mz_solution sol;
                mz_stage st = {*a, {{0}}};
                mz_args_default(*a, &st.args);
                memset(&sol, 0, sizeof sol);
                sol.mem = &al;
                sol.want_path = true;
                mz_status s = mz_solve(&st, &h, NULL, &sol);
                mz_solution_free(&sol);
                h.mem = NULL;
                mz_grid_free(&h);
                if (f.live != 0)
                    fail_msg("%s on %s: %ld blocks leaked when allocation %ld failed", (*a)->name,
                             grid, f.live, n);
                if (s == MZ_OK)
                    break;
                if (s != MZ_ENOMEM)
                    fail_msg("%s on %s: allocation %ld failed and it said %s", (*a)->name,
                             grid, n, mz_status_str(s));
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solvers_on_shapes),
        cmocka_unit_test(test_undeclared_shapes),
        cmocka_unit_test(test_enomem),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
