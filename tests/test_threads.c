/*
 * test_threads.c - the figures on several threads: mz_metrics_compute
 * against a plain reference (one BFS per component, distances by BFS) at
 * 1, 2, 3 and 7 threads, on registry mazes and on hand-made grids with
 * loops, several components, blocked cells and the east-west wrap, at
 * sizes around the band threshold and thin shapes; every allocation
 * failure reported as MZ_ENOMEM with nothing leaked.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebench.h"
#include "core/internal.h" /* the route by bands, called directly */
#include "failing_alloc.h"

static const unsigned thread_counts[] = {1, 2, 3, 7, 0};

/* The figures the slow way: every cell and wall looked at one by one, one
 * BFS per component over a byte a cell, the route as the BFS distance. */
static void reference(const mz_grid *g, mz_metrics *m)
{
    memset(m, 0, sizeof *m);
    m->draws = g->draws; /* the generation's count, carried over */
    const uint64_t n = g->cells, cols = g->cols;
    for (uint64_t i = 0; i < n; i++) {
        unsigned v = g->c[i];
        m->walls += (v & MZ_WALL_N) != 0;
        m->walls += (v & MZ_WALL_W) != 0;
        if (i + cols >= n)
            m->walls += (v & MZ_WALL_S) != 0;
        if (i % cols == cols - 1 && !(g->flags & MZ_GRID_WRAP_EW))
            m->walls += (v & MZ_WALL_E) != 0;
        if (v & MZ_BLOCKED)
            continue;
        m->cells++;
        m->dead_ends += mz_sq_open_sides(g, i) == 1;
        if (!(v & MZ_WALL_S) && i + cols < n)
            m->passages++;
        if (!(v & MZ_WALL_E) && (i % cols != cols - 1 || (g->flags & MZ_GRID_WRAP_EW)))
            m->passages++;
    }
    uint8_t *seen = calloc(n, 1);
    mz_idx *queue = malloc(n * sizeof *queue);
    assert_non_null(seen);
    assert_non_null(queue);
    for (uint64_t s = 0; s < n; s++) {
        if (seen[s] || (g->c[s] & MZ_BLOCKED))
            continue;
        m->components++;
        uint64_t head = 0, tail = 0;
        queue[tail++] = s;
        seen[s] = 1;
        while (head < tail) {
            mz_idx i = queue[head++];
            for (unsigned d = 0; d < 4; d++) {
                mz_idx k = mz_sq_is_open(g, i, d) ? mz_sq_neighbour(g, i, d) : MZ_NONE;
                if (k != MZ_NONE && !seen[k]) {
                    seen[k] = 1;
                    queue[tail++] = k;
                }
            }
        }
    }
    free(queue);
    free(seen);
    m->loops = (int64_t)m->passages - (int64_t)m->cells + (int64_t)m->components;
    uint32_t *dist = malloc(n * sizeof *dist);
    assert_non_null(dist);
    assert_int_equal(mz_bfs_dist32(g, g->entrance, dist), MZ_OK);
    m->route = g->exit < n && dist[g->exit] != UINT32_MAX ? (int64_t)dist[g->exit] : -1;
    free(dist);
    m->digest = mz_digest(g);
}

static void expect_same(const mz_grid *g, const char *what)
{
    mz_metrics want, got;
    reference(g, &want);
    for (size_t t = 0; t < sizeof thread_counts / sizeof *thread_counts; t++) {
        assert_int_equal(mz_metrics_compute(g, thread_counts[t], &got), MZ_OK);
        if (memcmp(&want, &got, sizeof want) != 0) {
            print_error("%s %llux%llu at %u threads: cells %llu/%llu passages %llu/%llu "
                        "walls %llu/%llu dead %llu/%llu components %llu/%llu route %lld/%lld\n",
                        what, (unsigned long long)g->rows, (unsigned long long)g->cols,
                        thread_counts[t], (unsigned long long)got.cells,
                        (unsigned long long)want.cells, (unsigned long long)got.passages,
                        (unsigned long long)want.passages, (unsigned long long)got.walls,
                        (unsigned long long)want.walls, (unsigned long long)got.dead_ends,
                        (unsigned long long)want.dead_ends, (unsigned long long)got.components,
                        (unsigned long long)want.components, (long long)got.route,
                        (long long)want.route);
            fail();
        }
    }
    assert_int_equal(mz_metrics_compute(g, 1, &got), MZ_OK);
    assert_memory_equal(&want, &got, sizeof want);
}

/* Sizes around the band threshold (256 rows a band), a few bands a thread,
 * and thin shapes (these take the serial path). */
static const uint64_t sizes[][2] = {
    {1, 1},    {1, 300},  {300, 1},  {2, 257},  {257, 2},  {255, 31}, {256, 31},
    {257, 31}, {511, 7},  {512, 7},  {513, 7},  {767, 3},  {768, 3},  {1024, 9},
    {1025, 9}, {2047, 4}, {2048, 4}, {2049, 5}, {3584, 3}, {700, 70}, {300, 300},
};
#define NSIZES (sizeof sizes / sizeof *sizes)

static void test_registry_mazes(void **state)
{
    (void)state;
    static const char *const specs[] = {
        "dfs", "eller", "kruskal", "binary-tree", "sidewinder", "wilson", "prim",
        "recursive-division", "hunt-and-kill", "treasure", "mainpath", "dfs+braid:keep=0.3",
        "kruskal+braid", "pacman",
    };
    for (size_t k = 0; k < sizeof specs / sizeof *specs; k++) {
        mz_spec spec;
        char err[256];
        assert_int_equal(mz_spec_parse(specs[k], &spec, err, sizeof err), MZ_OK);
        for (size_t z = 0; z < NSIZES; z++) {
            if (mz_refuses(spec.stage[0].algo, MZ_SQUARE(sizes[z][0], sizes[z][1])))
                continue;
            mz_grid g = {0};
            mz_extra x = {0};
            assert_int_equal(mz_generate(&spec, 464 + (uint32_t)z,
                                         MZ_SQUARE(sizes[z][0], sizes[z][1]), &g,
                                         MZ_GEN_OPTS(1, NULL, &x)),
                             MZ_OK);
            expect_same(&g, specs[k]);
            mz_grid_free(&g);
        }
    }
}

/* Grids no generator makes: walls knocked at random (loops, islands,
 * closed cells), blocked cells with their neighbours' walls closed, the
 * wrap, an entrance or exit inside a blocked cell. */
static void random_grid(mz_grid *g, uint32_t seed, unsigned knock_pct, unsigned block_pct,
                        bool wrap)
{
    mz_rng r;
    mz_rng_init(&r, MZ_RNG_MULBERRY32, seed);
    if (wrap)
        g->flags |= MZ_GRID_WRAP_EW;
    for (mz_idx i = 0; i < g->cells; i++)
        if (mz_rng_pick(&r, 100) < block_pct)
            g->c[i] |= MZ_BLOCKED;
    for (mz_idx i = 0; i < g->cells; i++) {
        for (unsigned d = 1; d <= 2; d++) { /* east and south */
            mz_idx n = mz_sq_neighbour(g, i, d);
            if (n == MZ_NONE || n == i || (g->c[i] & MZ_BLOCKED) || (g->c[n] & MZ_BLOCKED))
                continue;
            if (mz_rng_pick(&r, 100) < knock_pct)
                mz_sq_knock(g, i, d);
        }
    }
    g->entrance = mz_rng_pick(&r, g->cells);
    g->exit = mz_rng_pick(&r, g->cells);
}

static void test_hand_made(void **state)
{
    (void)state;
    static const unsigned knock[] = {0, 35, 50, 62, 80, 100};
    for (size_t z = 0; z < NSIZES; z++) {
        for (size_t k = 0; k < sizeof knock / sizeof *knock; k++) {
            for (unsigned wrap = 0; wrap < 2; wrap++) {
                mz_grid g;
                assert_int_equal(mz_grid_init(&g, MZ_SQUARE(sizes[z][0], sizes[z][1]), NULL),
                                 MZ_OK);
                random_grid(&g, (uint32_t)(z * 100 + k * 2 + wrap), knock[k],
                            k % 2 ? 10 : 0, wrap);
                char what[64];
                snprintf(what, sizeof what, "knock %u%%%s", knock[k], wrap ? " wrap" : "");
                expect_same(&g, what);
                mz_grid_free(&g);
            }
        }
    }
}

/* A comb on g (rows x cols): the first row one corridor, every column a
 * tooth down from it; the teeth whose bit is set in cut (columns below 64)
 * keep their last cell walled off, a one-cell island. */
static void comb(mz_grid *g, uint64_t rows, uint64_t cols, uint64_t cut)
{
    assert_int_equal(mz_grid_init(g, MZ_SQUARE(rows, cols), NULL), MZ_OK);
    for (uint64_t k = 0; k + 1 < cols; k++)
        mz_sq_knock(g, k, MZ_E);
    for (uint64_t r = 0; r + 1 < rows; r++)
        for (uint64_t k = 0; k < cols; k++)
            if (r + 2 < rows || k >= 64 || !(cut >> k & 1))
                mz_sq_knock(g, r * cols + k, MZ_S);
}

/* A comb; the entrance at a tooth's foot, the exit at another's: the route
 * climbs through the first band to the first row and back down. */
static void test_comb_across_bands(void **state)
{
    (void)state;
    mz_grid g;
    comb(&g, 1300, 40, 0);
    g.entrance = g.cells - g.cols;
    g.exit = g.cells - 1;
    expect_same(&g, "comb");
    mz_metrics m;
    assert_int_equal(mz_metrics_compute(&g, 3, &m), MZ_OK);
    assert_int_equal(m.route, 2 * 1299 + 39);
    assert_int_equal(m.components, 1);
    assert_int_equal(m.loops, 0);
    mz_grid_free(&g);
}

/* A tree over every cell but one, walled off: two components, though the
 * search from the entrance goes through a tree of all cells but one. */
static void test_tree_and_one_cell(void **state)
{
    (void)state;
    mz_grid g;
    comb(&g, 600, 30, UINT64_C(1) << 7); /* the foot of tooth 7 is left alone */
    expect_same(&g, "tree and one cell");
    mz_metrics m;
    assert_int_equal(mz_metrics_compute(&g, 2, &m), MZ_OK);
    assert_int_equal(m.components, 2);
    mz_grid_free(&g);
}

/* A comb (the top row, and every column down from it) changed so that it
 * keeps exactly cells - 1 passages without being a tree: a loop and an
 * island. The loop runs across two bands, or inside one band away from its
 * first and last rows (where a walk that keeps no marks must still see
 * it). */
static void test_loop_and_island(void **state)
{
    (void)state;
    for (int variant = 0; variant < 3; variant++) {
        mz_grid g;
        comb(&g, 600, 30, UINT64_C(1) << 7 | UINT64_C(1) << 9); /* islands: teeth 7, 9 */
        if (variant == 0) {
            mz_sq_knock(&g, 400 * g.cols + 3, MZ_E); /* a loop through the top row */
            mz_sq_knock(&g, 200 * g.cols + 20, MZ_W);
        } else if (variant == 2) {
            /* the comb stays a tree; the loop is an island of its own: the
             * 2x2 block at the feet of teeth 10 and 11, cut off above */
            mz_sq_knock(&g, 598 * g.cols + 7, MZ_S); /* no islands at teeth 7, 9 here */
            mz_sq_knock(&g, 598 * g.cols + 9, MZ_S);
            for (uint64_t k = 10; k <= 11; k++)
                g.c[597 * g.cols + k] |= MZ_WALL_S, g.c[598 * g.cols + k] |= MZ_WALL_N;
            mz_sq_knock(&g, 598 * g.cols + 10, MZ_E);
            mz_sq_knock(&g, 599 * g.cols + 10, MZ_E);
        } else {
            mz_sq_knock(&g, 100 * g.cols + 3, MZ_E); /* a loop inside rows 100..150 */
            mz_sq_knock(&g, 150 * g.cols + 3, MZ_E);
        }
        static const char *const name[] = {"loop across bands", "loop inside a band",
                                           "an island with a loop"};
        expect_same(&g, name[variant]);
        mz_metrics m;
        assert_int_equal(mz_metrics_compute(&g, 2, &m), MZ_OK);
        assert_int_equal(m.passages + 1, m.cells);
        assert_int_equal(m.components, variant == 2 ? 2 : 3);
        assert_int_equal(m.loops, variant == 2 ? 1 : 2);
        mz_grid_free(&g);
    }
}

/* A fishbone: a spine down column 0 with a rib east from every cell, so
 * every cell of the spine branches. Walked as one band (one thread), the
 * walk's stack of branching cells outgrows its workspace; the figures
 * must come out the same through the general path. */
static void test_fishbone(void **state)
{
    (void)state;
    mz_grid g;
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(5000, 3), NULL), MZ_OK);
    for (uint64_t r = 0; r < g.rows; r++) {
        if (r + 1 < g.rows)
            mz_sq_knock(&g, r * g.cols, MZ_S);
        mz_sq_knock(&g, r * g.cols, MZ_E);
        mz_sq_knock(&g, r * g.cols + 1, MZ_E);
    }
    expect_same(&g, "fishbone");
    mz_metrics m;
    assert_int_equal(mz_metrics_compute(&g, 1, &m), MZ_OK);
    assert_int_equal(m.route, 4999 + 2);
    assert_int_equal(m.components, 1);
    mz_grid_free(&g);
}

/* Every generator through mz_generate at 1, 2, 3 and 7 threads: the
 * same maze (digest), the same extra columns, and the same random source
 * after it (a braid that follows draws from it), on thin and small grids
 * and one of 300x301 cells. */
static void same_extra(const mz_extra *a, const mz_extra *b, const char *what)
{
    if (a->n != b->n)
        fail_msg("%s: %u extra columns against %u", what, b->n, a->n);
    for (unsigned k = 0; k < a->n; k++)
        if (strcmp(a->v[k].name, b->v[k].name) != 0 || a->v[k].type != b->v[k].type ||
            a->v[k].i != b->v[k].i || memcmp(&a->v[k].d, &b->v[k].d, sizeof a->v[k].d) != 0)
            fail_msg("%s: extra column %s differs", what, a->v[k].name);
}

static void test_generators_any_threads(void **state)
{
    (void)state;
    /* 33x33 and 17x3 take a whole number of draws of 32 bits in
     * binary-tree: the source's end state there is not rounded up */
    static const uint64_t dims[][2] = {{1, 1}, {1, 9}, {9, 1}, {2, 2}, {17, 3}, {33, 33},
                                       {37, 23}, {130, 7}, {300, 301}};
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind != MZ_GEN)
            continue;
        for (int braid = 0; braid < 2; braid++) {
            char text[128], err[256];
            snprintf(text, sizeof text, "%s%s", (*a)->name, braid ? "+braid" : "");
            mz_spec spec;
            assert_int_equal(mz_spec_parse(text, &spec, err, sizeof err), MZ_OK);
            for (size_t z = 0; z < sizeof dims / sizeof *dims; z++) {
                mz_dims geo = {MZ_SHAPE_ORTHO, 1, dims[z][0], dims[z][1]};
                if (mz_refuses(*a, &geo))
                    continue;
                for (unsigned kind = 0; kind < MZ_RNG_KIND_COUNT; kind++)
                for (uint32_t seed = 464; seed < 466; seed++) {
                    spec.rng = (mz_rng_kind)kind;
                    mz_grid g1 = {0};
                    mz_extra x1 = {0};
                    mz_status s1 = mz_generate(&spec, seed, &geo, &g1, MZ_GEN_OPTS(1, NULL, &x1));
                    for (unsigned t = 2; t <= 7; t += t == 3 ? 4 : 1) {
                        mz_grid g = {0};
                        mz_extra x = {0};
                        char what[256];
                        snprintf(what, sizeof what, "%s %llux%llu seed %u of %s, %u threads",
                                 text, (unsigned long long)geo.rows,
                                 (unsigned long long)geo.cols, seed,
                                 mz_rng_name((mz_rng_kind)kind), t);
                        mz_status st = mz_generate(&spec, seed, &geo, &g, MZ_GEN_OPTS(t, NULL, &x));
                        if (st != s1)
                            fail_msg("%s: status %d against %d", what, (int)st, (int)s1);
                        if (st == MZ_OK) {
                            if (g.rows != g1.rows || g.cols != g1.cols ||
                                mz_digest(&g) != mz_digest(&g1))
                                fail_msg("%s: another maze", what);
                            if (g.draws != g1.draws || g.rng != g1.rng)
                                fail_msg("%s: %llu draws against %llu", what,
                                         (unsigned long long)g.draws,
                                         (unsigned long long)g1.draws);
                            same_extra(&x1, &x, what);
                        }
                        mz_grid_free(&g);
                    }
                    mz_grid_free(&g1);
                }
            }
        }
    }
}

/* The random source after binary-tree's untraced pass (bands of rows, on
 * any number of threads) is where its traced pass (cell by cell, one draw
 * after another) leaves it, also when its bits fill their last draw
 * exactly; test_invariants checks that tracing leaves the same maze. */
extern const mz_algo mz_algo_binary_tree;

static int accept_step(void *user, const mz_step *st)
{
    (void)user;
    (void)st;
    return 0;
}

static void test_binary_tree_source_end(void **state)
{
    (void)state;
    static const uint64_t dims[][2] = {{1, 1}, {1, 9}, {9, 1}, {17, 3}, {33, 33}, {37, 23}};
    for (unsigned kind = 0; kind < MZ_RNG_KIND_COUNT; kind++)
    for (size_t z = 0; z < sizeof dims / sizeof *dims; z++) {
        uint64_t end[3];
        uint64_t digest[3];
        for (int k = 0; k < 3; k++) {
            mz_grid g = {0};
            assert_int_equal(mz_grid_init(&g, MZ_SQUARE(dims[z][0], dims[z][1]), NULL), MZ_OK);
            mz_rng rng;
            mz_rng_init(&rng, (mz_rng_kind)kind, 464);
            mz_extra x = {0};
            mz_args args = {{0}};
            mz_trace t = {accept_step, NULL, 0};
            /* 0: traced; 1: untraced, one thread; 2: untraced, three */
            mz_run run = {464, &rng, k == 0 ? &t : NULL, &x, k == 2 ? 3u : 1u, 0, NULL};
            assert_int_equal(mz_algo_binary_tree.gen(&g, &args, &run), MZ_OK);
            end[k] = mz_rng_draws(&rng);
            digest[k] = mz_digest(&g);
            mz_grid_free(&g);
        }
        for (int k = 1; k < 3; k++)
            if (end[k] != end[0] || digest[k] != digest[0])
                fail_msg("binary-tree %s %llux%llu, %s: %llu draws (traced %llu), digest "
                         "%016llx (traced %016llx)", mz_rng_name((mz_rng_kind)kind),
                         (unsigned long long)dims[z][0], (unsigned long long)dims[z][1],
                         k == 1 ? "one thread" : "three threads", (unsigned long long)end[k],
                         (unsigned long long)end[0],
                         (unsigned long long)digest[k], (unsigned long long)digest[0]);
    }
}

/* The route by bands itself. The figures take the general path, with the
 * same figures, whenever the bands decline a maze, so the tests above pass
 * even when the bands decline every maze: here, called directly, they must
 * accept every perfect maze of the registry at 1 to 5 bands with the
 * route mz_route gives, and decline the same mazes with one loop added. */
static void test_band_route_taken(void **state)
{
    (void)state;
    static const char *const specs[] = {"dfs", "eller", "kruskal", "binary-tree", "sidewinder",
                                        "wilson", "prim", "hunt-and-kill", "recursive-division"};
    static const uint64_t dims[][2] = {{600, 40}, {301, 97}, {64, 3}};
    for (size_t k = 0; k < sizeof specs / sizeof *specs; k++) {
        mz_spec spec;
        char err[256];
        assert_int_equal(mz_spec_parse(specs[k], &spec, err, sizeof err), MZ_OK);
        for (size_t z = 0; z < sizeof dims / sizeof *dims; z++) {
            mz_grid g = {0};
            mz_extra x = {0};
            assert_int_equal(mz_generate(&spec, 464 + (uint32_t)z,
                                         MZ_SQUARE(dims[z][0], dims[z][1]), &g,
                                         MZ_GEN_OPTS(1, NULL, &x)),
                             MZ_OK);
            const int64_t want = mz_route(&g, g.entrance, g.exit);
            assert_true(want > 0);
            for (int loop = 0; loop < 2; loop++) {
                if (loop) { /* a loop: the first closed inner wall knocked */
                    mz_idx i = 0;
                    while (i % g.cols + 1 == g.cols || !(g.c[i] & MZ_WALL_E))
                        i++;
                    mz_sq_knock(&g, i, MZ_E);
                }
                for (unsigned nb = 1; nb <= 5; nb++) {
                    rt_band b[5];
                    memset(b, 0, sizeof b);
                    for (unsigned j = 0; j < nb; j++) {
                        b[j].r0 = g.rows * j / nb;
                        b[j].r1 = g.rows * (j + 1) / nb;
                    }
                    assert_int_equal(rt_init(&g, b, nb), MZ_OK);
                    for (unsigned j = 0; j < nb; j++)
                        rt_band_run(&g, &b[j]);
                    int64_t route = -1;
                    const int rc = rt_merge(&g, b, nb, g.cells, &route);
                    rt_free(&g, b, nb);
                    if (rc != !loop || (!loop && route != want))
                        fail_msg("%s %llux%llu, %u bands%s: rc %d, route %lld (want %lld)",
                                 specs[k], (unsigned long long)g.rows,
                                 (unsigned long long)g.cols, nb, loop ? ", a loop" : "", rc,
                                 (long long)route, (long long)want);
                }
            }
            mz_grid_free(&g);
        }
    }
}

/* Walls open onto the border (no generator leaves them, but a grid may
 * have them): they lead nowhere and are no passages. */
static void test_open_border(void **state)
{
    (void)state;
    mz_spec spec;
    char err[256];
    assert_int_equal(mz_spec_parse("kruskal", &spec, err, sizeof err), MZ_OK);
    for (unsigned wrap = 0; wrap < 2; wrap++) {
        mz_grid g = {0};
        mz_extra x = {0};
        assert_int_equal(mz_generate(&spec, 9, MZ_SQUARE(530, 21), &g, MZ_GEN_OPTS(1, NULL, &x)),
                         MZ_OK);
        if (wrap)
            g.flags |= MZ_GRID_WRAP_EW;
        for (uint64_t r = 0; r < g.rows; r += 3) {
            g.c[r * g.cols + g.cols - 1] &= (uint8_t)~MZ_WALL_E; /* with wrap: a teleport */
            g.c[r * g.cols] &= (uint8_t)~MZ_WALL_W;
        }
        for (uint64_t k = 0; k < g.cols; k += 2) {
            g.c[k] &= (uint8_t)~MZ_WALL_N;
            g.c[g.cells - g.cols + k] &= (uint8_t)~MZ_WALL_S;
        }
        expect_same(&g, wrap ? "open border, wrap" : "open border");
        mz_grid_free(&g);
    }
}

static void test_allocation_failures(void **state)
{
    (void)state;
    mz_spec spec;
    char err[256];
    assert_int_equal(mz_spec_parse("dfs+braid:keep=0.5", &spec, err, sizeof err), MZ_OK);
    for (unsigned threads = 1; threads <= 3; threads += 2) {
        for (int braid = 0; braid < 2; braid++) {
            mz_grid g = {0};
            mz_extra x = {0};
            mz_spec sp = spec;
            sp.n = braid ? 2 : 1; /* with loops the route falls back to marks */
            assert_int_equal(mz_generate(&sp, 5, MZ_SQUARE(1100, 23), &g,
                                         MZ_GEN_OPTS(1, NULL, &x)), MZ_OK);
            mz_metrics want;
            assert_int_equal(mz_metrics_compute(&g, threads, &want), MZ_OK);
            bool failed_once = false;
            for (long at = 1; at < 100; at++) {
                failing f = {0, at, 0};
                mz_allocator fa = {fail_alloc, fail_free, &f};
                const mz_allocator *keep = g.mem;
                g.mem = &fa;
                mz_metrics m;
                mz_status s = mz_metrics_compute(&g, threads, &m);
                g.mem = keep;
                assert_int_equal(f.live, 0);
                if (f.calls < at) { /* every allocation made: success */
                    assert_int_equal(s, MZ_OK);
                    assert_memory_equal(&m, &want, sizeof m);
                    break;
                }
                assert_int_equal(s, MZ_ENOMEM);
                failed_once = true;
            }
            assert_true(failed_once);
            mz_grid_free(&g);
        }
    }
}

static void test_cpu_count(void **state)
{
    (void)state;
    unsigned n = mz_cpu_count();
    assert_true(n >= 1 && n <= MZ_MAX_THREADS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registry_mazes),
        cmocka_unit_test(test_hand_made),
        cmocka_unit_test(test_comb_across_bands),
        cmocka_unit_test(test_tree_and_one_cell),
        cmocka_unit_test(test_loop_and_island),
        cmocka_unit_test(test_fishbone),
        cmocka_unit_test(test_band_route_taken),
        cmocka_unit_test(test_generators_any_threads),
        cmocka_unit_test(test_binary_tree_source_end),
        cmocka_unit_test(test_open_border),
        cmocka_unit_test(test_allocation_failures),
        cmocka_unit_test(test_cpu_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
