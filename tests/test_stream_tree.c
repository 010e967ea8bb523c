/*
 * test_stream_tree.c - the streamed route and longest path
 * (src/core/rowtree.c, mz_eller_stream) against the stored grid's.
 *
 *   - mz_eller_stream's route and longest equal mz_maze_stats_compute's on
 *     the maze 'gen eller' stores, at every size of a list with thin grids
 *     (1xN, Nx1, 2xN, Nx2, 3xN, Nx3), squares and long rectangles, over 40
 *     seeds each (130x170: many renumberings of the pools, every 16 rows,
 *     and rows wider than the pass's look-ahead);
 *   - the row tree fed the rows of every other perfect generator's maze
 *     (a different shape of tree each: long corridors, combs, spirals)
 *     gives the same figures, at several sizes and seeds;
 *   - rows that are not a spanning tree (a loop, a cut-off piece) are
 *     refused with MZ_EINVAL, never a wrong figure;
 *   - every allocation failing in turn gives MZ_ENOMEM and leaks nothing;
 *   - the command prints them: 'eller-stream' against 'stats eller';
 *   - the tree stays small: its most nodes at once are under twice the
 *     columns plus two at every size tried (the bound: every kept node off
 *     the front has three or four kept edges, or is the entrance).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebench.h"
#include "core/rowtree.h"
#include "expect.h"
#include "failing_alloc.h"

static void gen_grid(const char *text, uint32_t seed, uint64_t rows, uint64_t cols, mz_grid *g)
{
    mz_spec sp;
    char err[256];
    if (mz_spec_parse(text, &sp, err, sizeof err) != MZ_OK)
        fail_msg("%s: %s", text, err);
    memset(g, 0, sizeof *g);
    mz_extra x;
    memset(&x, 0, sizeof x);
    expect_ok(mz_generate(&sp, seed, MZ_SQUARE(rows, cols), g, MZ_GEN_OPTS(1, NULL, &x)),
              "%s seed %u %llux%llu", text,
              seed, (unsigned long long)rows, (unsigned long long)cols);
}

/* The grid's rows through the row tree. */
static mz_status feed(const mz_grid *g, int64_t *route, uint64_t *longest, uint32_t *peak)
{
    mz_rowtree t;
    mz_status s = mz_rowtree_init(&t, NULL, g->cols);
    if (s != MZ_OK)
        return s;
    for (uint64_t y = 0; y < g->rows && s == MZ_OK; y++)
        s = mz_rowtree_row(&t, g->c + y * g->cols);
    if (s == MZ_OK)
        s = mz_rowtree_finish(&t, route, longest);
    if (peak)
        *peak = t.npeak;
    mz_rowtree_free(&t);
    return s;
}

static void test_eller_stream_route_longest(void **state)
{
    (void)state;
    static const struct {
        uint64_t rows, cols;
    } sz[] = {{1, 1},  {1, 2},   {2, 1},   {1, 17},  {17, 1}, {2, 2},   {2, 13},
              {13, 2}, {3, 11},  {11, 3},  {5, 5},   {8, 8},  {7, 31},  {31, 7},
              {1, 200}, {200, 1}, {2, 150}, {150, 2}, {40, 40}, {23, 97}, {97, 23},
              {130, 170}};
    for (size_t z = 0; z < sizeof sz / sizeof sz[0]; z++)
        for (uint32_t k = 0; k < 40; k++) {
            const uint32_t seed = k < 39 ? k * 7919u : 4294967295u;
            mz_grid g;
            gen_grid("eller", seed, sz[z].rows, sz[z].cols, &g);
            mz_maze_stats ms;
            expect_ok(mz_maze_stats_compute(&g, 0, &ms), "stats");
            assert_true(ms.longest_exact);
            mz_stream_stats st;
            expect_ok(mz_eller_stream(sz[z].rows, sz[z].cols, MZ_RNG_MULBERRY32, seed, NULL, NULL,
                                      NULL, &st),
                      "stream %llux%llu seed %u", (unsigned long long)sz[z].rows,
                      (unsigned long long)sz[z].cols, seed);
            if (st.route != ms.route || st.longest != ms.longest)
                fail_msg("eller %llux%llu seed %u: streamed route %lld longest %llu, stored "
                         "route %lld longest %llu",
                         (unsigned long long)sz[z].rows, (unsigned long long)sz[z].cols, seed,
                         (long long)st.route, (unsigned long long)st.longest,
                         (long long)ms.route, (unsigned long long)ms.longest);
            assert_true(st.tree_nodes >= 1 && st.tree_nodes <= 2 * sz[z].cols + 2);
            mz_grid_free(&g);
        }
}

static void test_every_perfect_generator(void **state)
{
    (void)state;
    static const struct {
        uint64_t rows, cols;
    } sz[] = {{1, 9}, {9, 1}, {2, 7}, {7, 2}, {3, 40}, {40, 3}, {12, 12}, {9, 33}, {33, 9}, {30, 30}};
    unsigned tried = 0;
    for (size_t a = 0; a < mz_registry_count(); a++) {
        const mz_algo *al = mz_registry[a];
        if (al->kind != MZ_GEN || !(al->flags & MZ_F_PERFECT))
            continue;
        for (size_t z = 0; z < sizeof sz / sizeof sz[0]; z++)
            for (uint32_t seed = 1; seed <= 12; seed++) {
                mz_spec sp;
                char err[256];
                if (mz_spec_parse(al->name, &sp, err, sizeof err) != MZ_OK)
                    fail_msg("%s: %s", al->name, err);
                mz_grid g;
                memset(&g, 0, sizeof g);
                mz_extra x;
                memset(&x, 0, sizeof x);
                if (mz_generate(&sp, seed, MZ_SQUARE(sz[z].rows, sz[z].cols), &g,
                                MZ_GEN_OPTS(1, NULL, &x)) != MZ_OK) {
                    mz_grid_free(&g);
                    continue; /* a size it does not make */
                }
                /* The row tree's route is cell 0 to the last cell: a
                 * generator that moves them (mainpath) is left out. */
                if (g.rows != sz[z].rows || g.cols != sz[z].cols || g.flags ||
                    g.entrance != 0 || g.exit != g.cells - 1) {
                    mz_grid_free(&g);
                    continue;
                }
                mz_maze_stats ms;
                expect_ok(mz_maze_stats_compute(&g, 0, &ms), "stats");
                int64_t route = -2;
                uint64_t longest = 0;
                uint32_t peak = 0;
                expect_ok(feed(&g, &route, &longest, &peak), "%s %llux%llu seed %u: row tree",
                          al->name, (unsigned long long)g.rows, (unsigned long long)g.cols, seed);
                if (route != ms.route || longest != ms.longest)
                    fail_msg("%s %llux%llu seed %u: row tree route %lld longest %llu, stored "
                             "route %lld longest %llu",
                             al->name, (unsigned long long)g.rows, (unsigned long long)g.cols,
                             seed, (long long)route, (unsigned long long)longest,
                             (long long)ms.route, (unsigned long long)ms.longest);
                assert_true(peak <= 2 * g.cols + 2);
                tried++;
                mz_grid_free(&g);
            }
    }
    assert_true(tried >= 10 * 10 * 12);
}

static void test_not_a_tree(void **state)
{
    (void)state;
    mz_grid g;
    int64_t route;
    uint64_t longest;
    /* A 3x3 ring round the centre, the centre joined to it: a loop. */
    memset(&g, 0, sizeof g);
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(3, 3), NULL), MZ_OK);
    mz_sq_knock(&g, 0, MZ_E);
    mz_sq_knock(&g, 1, MZ_E);
    mz_sq_knock(&g, 2, MZ_S);
    mz_sq_knock(&g, 5, MZ_S);
    mz_sq_knock(&g, 8, MZ_W);
    mz_sq_knock(&g, 7, MZ_W);
    mz_sq_knock(&g, 6, MZ_N);
    mz_sq_knock(&g, 3, MZ_N);
    mz_sq_knock(&g, 4, MZ_N);
    assert_int_equal(feed(&g, &route, &longest, NULL), MZ_EINVAL);
    mz_grid_free(&g);
    /* A loop made of one row's passages alone: 2x2 all open. */
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(2, 2), NULL), MZ_OK);
    mz_sq_knock(&g, 0, MZ_E);
    mz_sq_knock(&g, 0, MZ_S);
    mz_sq_knock(&g, 1, MZ_S);
    mz_sq_knock(&g, 2, MZ_E);
    assert_int_equal(feed(&g, &route, &longest, NULL), MZ_EINVAL);
    mz_grid_free(&g);
    /* A cell closed off in the middle row, and a grid in two pieces. */
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(3, 2), NULL), MZ_OK);
    mz_sq_knock(&g, 0, MZ_E);
    mz_sq_knock(&g, 1, MZ_S);
    mz_sq_knock(&g, 3, MZ_S);
    mz_sq_knock(&g, 5, MZ_W);
    assert_int_equal(feed(&g, &route, &longest, NULL), MZ_EINVAL);
    mz_grid_free(&g);
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(2, 3), NULL), MZ_OK);
    mz_sq_knock(&g, 0, MZ_E);
    mz_sq_knock(&g, 3, MZ_E);
    mz_sq_knock(&g, 2, MZ_S);
    assert_int_equal(feed(&g, &route, &longest, NULL), MZ_EINVAL);
    mz_grid_free(&g);
    /* The last one made a tree is accepted: 4-3-0-1-2-5. */
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(2, 3), NULL), MZ_OK);
    mz_sq_knock(&g, 0, MZ_E);
    mz_sq_knock(&g, 1, MZ_E);
    mz_sq_knock(&g, 3, MZ_E);
    mz_sq_knock(&g, 2, MZ_S);
    mz_sq_knock(&g, 0, MZ_S);
    assert_int_equal(feed(&g, &route, &longest, NULL), MZ_OK);
    assert_int_equal(route, 3);
    assert_int_equal(longest, 5);
    mz_grid_free(&g);
    mz_rowtree t;
    assert_int_equal(mz_rowtree_init(&t, NULL, 0), MZ_EINVAL);
}

/* Every allocation failing in turn, through the pools' growth and the
 * renumbering every 16 rows: MZ_ENOMEM and nothing leaked, then the same
 * figures as with malloc. */
static void test_alloc_failures(void **state)
{
    (void)state;
    mz_stream_stats want, st;
    expect_ok(mz_eller_stream(70, 150, MZ_RNG_MULBERRY32, 11, NULL, NULL, NULL, &want), "stream");
    long n = 1;
    for (;; n++) {
        failing f = {0, n, 0};
        mz_allocator al = {fail_alloc, fail_free, &f};
        mz_status s = mz_eller_stream(70, 150, MZ_RNG_MULBERRY32, 11, NULL, NULL, &al, &st);
        assert_int_equal(f.live, 0);
        if (s == MZ_OK)
            break;
        assert_int_equal(s, MZ_ENOMEM);
    }
    assert_true(n > 10); /* the growth and the renumbering were reached */
    assert_int_equal(st.route, want.route);
    assert_int_equal(st.longest, want.longest);
    assert_true(st.digest == want.digest);
}

/* The command prints the library's figures: 'eller-stream' against
 * 'stats eller' (the stored grid's route and longest) at a few sizes. */
static void test_cli(void **state)
{
    (void)state;
    static const char *const size[] = {"37x53", "1x40", "40x1", "2x31", "64x3"};
    for (size_t k = 0; k < sizeof size / sizeof size[0]; k++) {
        char cmd[512], line[1024];
        long long route = -1, longest = -1, sroute = -2, slongest = -2;
        snprintf(cmd, sizeof cmd, "'%s' eller-stream --size %s --seed 5", MZ_CLI, size[k]);
        FILE *f = popen(cmd, "r");
        assert_non_null(f);
        /* route, longest: the 16th and 17th fields of the second line
         * (after gen, seed, rng, ..., digest, draws) */
        while (fgets(line, sizeof line, f))
            if (strncmp(line, "eller,", 6) == 0) {
                char *p = line;
                for (int c = 0; c < 15 && p; c++)
                    p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL;
                assert_non_null(p);
                assert_int_equal(sscanf(p, "%lld,%lld", &route, &longest), 2);
            }
        assert_int_equal(pclose(f), 0);
        snprintf(cmd, sizeof cmd, "'%s' stats eller --sizes %s --seeds 5 --format csv", MZ_CLI,
                 size[k]);
        f = popen(cmd, "r");
        assert_non_null(f);
        while (fgets(line, sizeof line, f)) {
            double v;
            char stat[32];
            /* eller,ortho,ROWS,COLS,CELLS,1,STAT,1,MEAN,... */
            if (sscanf(line, "eller,ortho,%*u,%*u,%*u,%*u,%31[a-z_],%*u,%lf", stat, &v) == 2) {
                if (strcmp(stat, "route") == 0)
                    sroute = (long long)v;
                else if (strcmp(stat, "longest") == 0)
                    slongest = (long long)v;
            }
        }
        assert_int_equal(pclose(f), 0);
        if (route != sroute || longest != slongest)
            fail_msg("%s: eller-stream route %lld longest %lld, stats %lld %lld", size[k], route,
                     longest, sroute, slongest);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eller_stream_route_longest),
        cmocka_unit_test(test_every_perfect_generator),
        cmocka_unit_test(test_not_a_tree),
        cmocka_unit_test(test_alloc_failures),
        cmocka_unit_test(test_cli),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
