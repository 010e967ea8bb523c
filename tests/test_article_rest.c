/*
 * test_article_rest.c - frontier (board 02), flood (board 05) and astar
 * (board 06): what the invariant and golden suites cannot see.
 *
 *   - frontier equals a plain, unoptimised transcription of the board-02
 *     recipe (shifting array and all) for all three rules;
 *   - oldest is FIFO and newest LIFO, read back from the join trace;
 *   - frontier on 1x1, 1xN and Nx1 grids;
 *   - flood on a 1x1 grid, its tie rule for the farthest cell, its double
 *     sweep against a brute-force diameter, longest_exact on loops;
 *   - astar: the heap grows past its first allocation and holds stale
 *     entries, K <= 1 is shortest, K > 1 may not be, trace agrees with
 *     closed, an unreachable exit.
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
#include "core/internal.h"
#include "trace_rec.h"

/* ---------------------------------------------------------------- */
/* Helpers                                                           */
/* ---------------------------------------------------------------- */

static void gen(const char *text, uint32_t seed, uint64_t rows, uint64_t cols, mz_grid *g,
                mz_trace *t, mz_extra *x)
{
    char err[256];
    mz_spec spec;
    if (mz_spec_parse(text, &spec, err, sizeof err) != MZ_OK)
        fail_msg("%s: %s", text, err);
    memset(x, 0, sizeof *x);
    assert_int_equal(mz_generate(&spec, seed, MZ_SQUARE(rows, cols), g, MZ_GEN_OPTS(1, t, x)),
                     MZ_OK);
}

static mz_status solve(const char *text, const mz_grid *g, mz_trace *t, mz_solution *sol)
{
    char err[256];
    mz_stage st;
    if (mz_solver_parse(text, &st, err, sizeof err) != MZ_OK)
        fail_msg("%s: %s", text, err);
    return st.algo->solve(g, &st.args, t, sol);
}

static int64_t extra(const mz_extra *x, const char *name)
{
    const mz_value *v = mz_extra_get(x, name);
    if (!v)
        fail_msg("column %s not set", name);
    return v->i;
}

/* ---------------------------------------------------------------- */
/* frontier                                                          */
/* ---------------------------------------------------------------- */

/* Board 02 as written: an array that shifts for oldest, flags in arrays. */
static void frontier_reference(mz_grid *g, uint32_t seed, unsigned rule)
{
    mz_rng r;
    mz_rng_init(&r, MZ_RNG_MULBERRY32, seed);
    uint64_t n = g->cells, len = 0;
    mz_idx *front = malloc(n * sizeof *front);
    bool *in_maze = calloc(n, 1), *in_front = calloc(n, 1);
    assert_non_null(front);
    mz_idx c = (g->rows / 2) * g->cols + g->cols / 2;
    in_maze[c] = true;
    for (;;) {
        for (unsigned d = 0; d < 4; d++) {
            mz_idx m = mz_sq_neighbour(g, c, d);
            if (m != MZ_NONE && !in_maze[m] && !in_front[m]) {
                in_front[m] = true;
                front[len++] = m;
            }
        }
        if (len == 0)
            break;
        if (rule == 0) {
            uint64_t k = mz_rng_pick(&r, len);
            c = front[k];
            front[k] = front[len - 1];
            len--;
        } else if (rule == 1) {
            c = front[--len];
        } else {
            c = front[0];
            memmove(front, front + 1, (len - 1) * sizeof *front);
            len--;
        }
        unsigned links[4], nl = 0;
        for (unsigned d = 0; d < 4; d++) {
            mz_idx m = mz_sq_neighbour(g, c, d);
            if (m != MZ_NONE && in_maze[m])
                links[nl++] = d;
        }
        assert_true(nl > 0);
        mz_sq_knock(g, c, links[mz_rng_pick(&r, nl)]);
        in_front[c] = false;
        in_maze[c] = true;
    }
    free(front);
    free(in_maze);
    free(in_front);
}

static void test_frontier_matches_recipe(void **state)
{
    (void)state;
    static const char *const rules[] = {"frontier", "frontier:pick=newest", "frontier:pick=oldest"};
    static const uint64_t sizes[][2] = {{31, 31}, {1, 1}, {1, 10}, {10, 1}, {2, 2}, {7, 12}, {40, 33},
                                          /* frontiers past the first 256 entries */
                                          {150, 170}};
    for (unsigned rule = 0; rule < 3; rule++) {
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
            for (uint32_t seed = 460; seed < 468; seed++) {
                mz_grid a = {0}, b = {0};
                mz_extra x;
                gen(rules[rule], seed, sizes[z][0], sizes[z][1], &a, NULL, &x);
                assert_int_equal(mz_grid_init(&b, MZ_SQUARE(sizes[z][0], sizes[z][1]), NULL),
                                 MZ_OK);
                frontier_reference(&b, seed, rule);
                if (memcmp(a.c, b.c, (size_t)a.cells) != 0)
                    fail_msg("%s seed %u %" PRIu64 "x%" PRIu64 " differs from the recipe",
                             rules[rule], seed, sizes[z][0], sizes[z][1]);
                mz_grid_free(&a);
                mz_grid_free(&b);
            }
        }
    }
}

/* Replays the joins: every join must be the first (oldest) or last
 * (newest) cell of a frontier rebuilt from the joins themselves. */
static void check_order(const char *spec, bool fifo)
{
    const uint64_t R = 23, C = 17;
    mz_grid g = {0};
    mz_extra x;
    rec r = {0, 0, NULL};
    mz_trace t = {record, &r, 0};
    gen(spec, 464, R, C, &g, &t, &x);
    assert_int_equal(r.n, g.cells - 1);
    mz_idx *front = malloc(g.cells * sizeof *front);
    bool *seen = calloc(g.cells, 1);
    uint64_t head = 0, tail = 0, peak = 0;
    mz_idx c = (R / 2) * C + C / 2;
    seen[c] = true;
    for (uint64_t k = 0;; k++) {
        for (unsigned d = 0; d < 4; d++) {
            mz_idx m = mz_sq_neighbour(&g, c, d);
            if (m != MZ_NONE && !seen[m]) {
                seen[m] = true;
                front[tail++] = m;
            }
        }
        if (k > 0) /* the round's size: after its pushes */
            assert_int_equal(r.s[k - 1].size, tail - head);
        if (tail - head > peak)
            peak = tail - head;
        if (k == r.n)
            break;
        assert_string_equal(r.s[k].op, "join");
        assert_int_equal(r.s[k].step, k + 1);
        c = fifo ? front[head++] : front[--tail];
        assert_int_equal(r.s[k].cell, c);
        /* The knocked wall is open. */
        assert_true(r.s[k].dir >= 0 && mz_sq_is_open(&g, c, (unsigned)r.s[k].dir));
    }
    assert_int_equal(head, tail);
    assert_int_equal(extra(&x, "frontier_peak"), peak);
    free(front);
    free(seen);
    free(r.s);
    mz_grid_free(&g);
}

static void test_frontier_oldest_is_fifo(void **state)
{
    (void)state;
    check_order("frontier:pick=oldest", true);
}

static void test_frontier_newest_is_lifo(void **state)
{
    (void)state;
    check_order("frontier:pick=newest", false);
}

static void test_frontier_thin_grids(void **state)
{
    (void)state;
    static const char *const rules[] = {"frontier", "frontier:pick=newest", "frontier:pick=oldest"};
    for (unsigned rule = 0; rule < 3; rule++) {
        for (uint64_t n = 1; n <= 12; n++) {
            for (int flip = 0; flip < 2; flip++) {
                mz_grid g = {0};
                mz_extra x;
                rec r = {0, 0, NULL};
                mz_trace t = {record, &r, 0};
                gen(rules[rule], 464, flip ? n : 1, flip ? 1 : n, &g, &t, &x);
                mz_metrics m;
                assert_int_equal(mz_metrics_compute(&g, 1, &m), MZ_OK);
                /* A corridor: every wall between neighbours open. */
                assert_int_equal(m.passages, n - 1);
                assert_int_equal(m.components, 1);
                assert_int_equal(m.route, (int64_t)n - 1);
                assert_int_equal(m.dead_ends, n == 1 ? 0 : 2);
                assert_int_equal(r.n, n - 1);
                /* The centre splits the corridor in two: both halves can
                 * be in the frontier at once. */
                assert_int_equal(extra(&x, "frontier_peak"), n == 1 ? 0 : n == 2 ? 1 : 2);
                for (mz_idx i = 0; i < g.cells; i++)
                    assert_int_equal(g.c[i] & MZ_SCRATCH, 0);
                free(r.s);
                mz_grid_free(&g);
            }
        }
    }
}

static void test_frontier_article_figures(void **state)
{
    (void)state;
    mz_grid g = {0};
    mz_extra x;
    gen("frontier", 464, 31, 31, &g, NULL, &x);
    mz_metrics m;
    assert_int_equal(mz_metrics_compute(&g, 1, &m), MZ_OK);
    assert_int_equal(m.dead_ends, 326);
    assert_int_equal(m.route, 62);
    mz_grid_free(&g);
}

/* ---------------------------------------------------------------- */
/* flood                                                             */
/* ---------------------------------------------------------------- */

static void test_flood_one_cell(void **state)
{
    (void)state;
    mz_grid g = {0};
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(1, 1), NULL), MZ_OK);
    static const char *const specs[] = {"flood", "flood:from=centre", "flood:from=0", "flood:from=exit"};
    for (size_t k = 0; k < 4; k++) {
        mz_solution sol;
        memset(&sol, 0, sizeof sol);
        rec r = {0, 0, NULL};
        mz_trace t = {record, &r, 0};
        assert_int_equal(solve(specs[k], &g, &t, &sol), MZ_OK);
        assert_int_equal(extra(&sol.extra, "rings"), 0);
        assert_int_equal(extra(&sol.extra, "reached"), 1);
        assert_int_equal(extra(&sol.extra, "farthest_cell"), 0);
        assert_int_equal(extra(&sol.extra, "longest"), 0);
        assert_int_equal(extra(&sol.extra, "longest_end"), 0);
        assert_int_equal(extra(&sol.extra, "longest_exact"), 1);
        assert_true(sol.found);
        assert_int_equal(sol.path_steps, 0);
        assert_int_equal(r.n, 0); /* ring 0 has no step */
        free(r.s);
        mz_solution_free(&sol);
    }
    mz_grid_free(&g);
}

static void test_flood_bad_start(void **state)
{
    (void)state;
    mz_grid g = {0};
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(3, 3), NULL), MZ_OK);
    mz_solution sol;
    memset(&sol, 0, sizeof sol);
    assert_int_equal(solve("flood:from=9", &g, NULL, &sol), MZ_EINVAL);
    /* A walled-in start reaches itself only; the exit is not found. */
    assert_int_equal(solve("flood:from=4", &g, NULL, &sol), MZ_OK);
    assert_int_equal(extra(&sol.extra, "reached"), 1);
    assert_false(sol.found);
    assert_int_equal(sol.path_steps, -1);
    mz_solution_free(&sol);
    mz_grid_free(&g);
}

/* When the last ring holds several cells, farthest_cell is the first in
 * ring order: from the middle of a 1x3 corridor, east (2) comes before
 * west (0). */
static void test_flood_tie_is_first_in_ring_order(void **state)
{
    (void)state;
    mz_grid g = {0};
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(1, 3), NULL), MZ_OK);
    mz_sq_knock(&g, 0, MZ_E);
    mz_sq_knock(&g, 1, MZ_E);
    mz_solution sol;
    memset(&sol, 0, sizeof sol);
    rec r = {0, 0, NULL};
    mz_trace t = {record, &r, 0};
    assert_int_equal(solve("flood:from=centre", &g, &t, &sol), MZ_OK);
    assert_int_equal(extra(&sol.extra, "rings"), 1);
    assert_int_equal(extra(&sol.extra, "farthest_cell"), 2);
    assert_int_equal(extra(&sol.extra, "longest"), 2);
    assert_int_equal(extra(&sol.extra, "longest_end"), 0);
    assert_int_equal(sol.path_steps, 1);
    /* One ring step (size 2), then two sweep steps. */
    assert_int_equal(r.n, 3);
    assert_string_equal(r.s[0].op, "ring");
    assert_int_equal(r.s[0].cell, 2);
    assert_int_equal(r.s[0].size, 2);
    assert_string_equal(r.s[1].op, "sweep");
    assert_string_equal(r.s[2].op, "sweep");
    free(r.s);
    mz_solution_free(&sol);
    mz_grid_free(&g);
}

/* The double sweep on a perfect maze is its diameter; on a braided maze
 * longest_exact is 0. */
static void test_flood_double_sweep(void **state)
{
    (void)state;
    static const char *const gens[] = {"frontier", "dfs", "frontier:pick=oldest", "dfs+braid"};
    for (size_t k = 0; k < 4; k++) {
        for (uint32_t seed = 0; seed < 6; seed++) {
            mz_grid g = {0};
            mz_extra x;
            gen(gens[k], seed, 9, 11, &g, NULL, &x);
            uint32_t *dist = malloc(g.cells * sizeof *dist);
            uint32_t diameter = 0, ecc0 = 0;
            for (mz_idx i = 0; i < g.cells; i++) {
                assert_int_equal(mz_bfs_dist32(&g, i, dist), MZ_OK);
                for (mz_idx j = 0; j < g.cells; j++) {
                    if (dist[j] > diameter)
                        diameter = dist[j];
                    if (i == g.entrance && dist[j] > ecc0)
                        ecc0 = dist[j];
                }
            }
            mz_solution sol;
            memset(&sol, 0, sizeof sol);
            assert_int_equal(solve("flood", &g, NULL, &sol), MZ_OK);
            assert_int_equal(extra(&sol.extra, "rings"), ecc0);
            assert_int_equal(extra(&sol.extra, "reached"), g.cells);
            assert_int_equal(sol.path_steps, mz_route(&g, g.entrance, g.exit));
            bool braided = k == 3;
            assert_int_equal(extra(&sol.extra, "longest_exact"), braided ? 0 : 1);
            if (!braided)
                assert_int_equal(extra(&sol.extra, "longest"), diameter);
            else
                assert_true(extra(&sol.extra, "longest") <= diameter);
            /* longest_end lies at that distance from farthest_cell. */
            assert_int_equal(mz_bfs_dist32(&g, (mz_idx)extra(&sol.extra, "farthest_cell"), dist),
                             MZ_OK);
            assert_int_equal(dist[extra(&sol.extra, "longest_end")], extra(&sol.extra, "longest"));
            mz_solution_free(&sol);
            free(dist);
            mz_grid_free(&g);
        }
    }
}

/* ---------------------------------------------------------------- */
/* astar                                                             */
/* ---------------------------------------------------------------- */

typedef struct heap_watch {
    uint64_t cells, max_size, closes;
    bool stale; /* the heap held more entries than cells left open */
} heap_watch;

static int watch(void *user, const mz_step *s)
{
    heap_watch *w = user;
    if (s->size > w->max_size)
        w->max_size = s->size;
    /* Step k closes the k-th cell: cells - k are not closed. */
    if (s->size > w->cells - s->step)
        w->stale = true;
    w->closes++;
    return 0;
}

/* The heap starts at 256 entries: a 300x300 search passes that, and small
 * braided mazes show it holding stale entries, more than the cells left. */
static void test_astar_heap_grows(void **state)
{
    (void)state;
    mz_grid g = {0};
    mz_extra x;
    gen("frontier+braid", 464, 300, 300, &g, NULL, &x);
    heap_watch w = {g.cells, 0, 0, false};
    mz_trace t = {watch, &w, 0};
    mz_solution sol;
    memset(&sol, 0, sizeof sol);
    sol.want_path = true;
    assert_int_equal(solve("astar", &g, &t, &sol), MZ_OK);
    assert_true(w.max_size > 256);
    assert_true(sol.found);
    assert_int_equal(sol.path_steps, mz_route(&g, g.entrance, g.exit));
    assert_int_equal(sol.path_len, (uint64_t)sol.path_steps + 1);
    assert_int_equal(w.closes, (uint64_t)sol.closed);
    mz_solution_free(&sol);
    mz_grid_free(&g);

    unsigned stale_runs = 0;
    for (uint32_t seed = 0; seed < 200; seed++) {
        gen("frontier+braid", seed, 8, 8, &g, NULL, &x);
        heap_watch w2 = {g.cells, 0, 0, false};
        mz_trace t2 = {watch, &w2, 0};
        memset(&sol, 0, sizeof sol);
        assert_int_equal(solve("astar", &g, &t2, &sol), MZ_OK);
        assert_int_equal(sol.path_steps, mz_route(&g, g.entrance, g.exit));
        stale_runs += w2.stale;
        mz_solution_free(&sol);
        mz_grid_free(&g);
    }
    assert_true(stale_runs > 0);
}

/* K <= 1 is shortest on braided mazes; K > 1 is not always. */
static void test_astar_slope(void **state)
{
    (void)state;
    static const char *const shortest[] = {"astar:k=0", "astar:k=0.5", "astar", "astar:k=1"};
    unsigned longer = 0;
    for (uint32_t seed = 0; seed < 20; seed++) {
        mz_grid g = {0};
        mz_extra x;
        gen("dfs+braid:keep=0.4,offset=99", seed, 31, 31, &g, NULL, &x);
        int64_t route = mz_route(&g, g.entrance, g.exit);
        for (size_t k = 0; k < 4; k++) {
            mz_solution sol;
            memset(&sol, 0, sizeof sol);
            sol.want_path = true;
            assert_int_equal(solve(shortest[k], &g, NULL, &sol), MZ_OK);
            assert_int_equal(sol.path_steps, route);
            assert_int_equal(sol.path_len, (uint64_t)route + 1);
            mz_solution_free(&sol);
        }
        mz_solution sol;
        memset(&sol, 0, sizeof sol);
        sol.want_path = true;
        assert_int_equal(solve("astar:k=2.2", &g, NULL, &sol), MZ_OK);
        assert_true(sol.found && sol.path_steps >= route);
        assert_int_equal(sol.path_len, (uint64_t)sol.path_steps + 1);
        assert_int_equal(sol.path[0], g.entrance);
        assert_int_equal(sol.path[sol.path_len - 1], g.exit);
        for (uint64_t i = 1; i < sol.path_len; i++) {
            bool adjacent = false;
            for (unsigned d = 0; d < 4; d++)
                adjacent |= mz_sq_is_open(&g, sol.path[i - 1], d) &&
                            mz_sq_neighbour(&g, sol.path[i - 1], d) == sol.path[i];
            assert_true(adjacent);
        }
        longer += sol.path_steps > route;
        mz_solution_free(&sol);
        mz_grid_free(&g);
    }
    assert_true(longer > 0);
}

/* Board 06 at seed 464, also through the trace. */
static void test_astar_article(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        int64_t closed;
    } runs[] = {{"astar:k=1", 264}, {"astar:k=2.2", 126}, {"astar:k=0", 804}};
    mz_grid g = {0};
    mz_extra x;
    gen("dfs+braid:keep=0.4,offset=99", 464, 31, 31, &g, NULL, &x);
    for (size_t k = 0; k < 3; k++) {
        mz_solution sol;
        memset(&sol, 0, sizeof sol);
        rec r = {0, 0, NULL};
        mz_trace t = {record, &r, 0};
        assert_int_equal(solve(runs[k].spec, &g, &t, &sol), MZ_OK);
        assert_int_equal(sol.closed, runs[k].closed);
        assert_int_equal(r.n, (uint64_t)runs[k].closed);
        assert_int_equal(r.s[0].cell, g.entrance);
        assert_int_equal(r.s[r.n - 1].cell, g.exit);
        assert_int_equal(sol.path_steps, 90);
        free(r.s);
        mz_solution_free(&sol);
    }
    mz_grid_free(&g);
}

static void test_astar_unreachable(void **state)
{
    (void)state;
    mz_grid g = {0};
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(3, 3), NULL), MZ_OK);
    mz_sq_knock(&g, 0, MZ_E);
    mz_solution sol;
    memset(&sol, 0, sizeof sol);
    sol.want_path = true;
    assert_int_equal(solve("astar", &g, NULL, &sol), MZ_OK);
    assert_false(sol.found);
    assert_int_equal(sol.closed, 2);
    assert_int_equal(sol.path_steps, -1);
    assert_int_equal(sol.path_len, 0);
    mz_solution_free(&sol);
    mz_grid_free(&g);

    /* Entrance == exit: one cell closed, a 0-step route. */
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(1, 1), NULL), MZ_OK);
    memset(&sol, 0, sizeof sol);
    sol.want_path = true;
    assert_int_equal(solve("astar:k=2.2", &g, NULL, &sol), MZ_OK);
    assert_true(sol.found);
    assert_int_equal(sol.closed, 1);
    assert_int_equal(sol.path_steps, 0);
    assert_int_equal(sol.path_len, 1);
    mz_solution_free(&sol);
    mz_grid_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_frontier_matches_recipe),
        cmocka_unit_test(test_frontier_oldest_is_fifo),
        cmocka_unit_test(test_frontier_newest_is_lifo),
        cmocka_unit_test(test_frontier_thin_grids),
        cmocka_unit_test(test_frontier_article_figures),
        cmocka_unit_test(test_flood_one_cell),
        cmocka_unit_test(test_flood_bad_start),
        cmocka_unit_test(test_flood_tie_is_first_in_ring_order),
        cmocka_unit_test(test_flood_double_sweep),
        cmocka_unit_test(test_astar_heap_grows),
        cmocka_unit_test(test_astar_slope),
        cmocka_unit_test(test_astar_article),
        cmocka_unit_test(test_astar_unreachable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
