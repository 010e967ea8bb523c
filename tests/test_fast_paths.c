/*
 * test_fast_paths.c - the optimised code paths against plain references.
 *
 * dfs (stackless, table-driven), kruskal (prefetching, compressed
 * union-find), bfs (2-bit codes, prefetching), the wall follower and the
 * metrics (SWAR counting, one BFS for components and route) are each
 * compared with a straightforward transcription written here: an explicit
 * stack, int distances, a plain union-find, mz_sq_neighbour everywhere. The
 * grids include 1x1, 1xN, Nx1 and non-square sizes, and braided mazes for
 * the solvers. The metrics reference runs on every generator of the
 * registry, so blocked cells and wrapped grids are covered as they come.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebench.h"
#include "core/internal.h"

static const struct {
    uint64_t rows, cols;
} sizes[] = {{1, 1}, {1, 2}, {2, 1}, {1, 23}, {23, 1}, {2, 2}, {3, 7},
             {7, 3}, {31, 31}, {64, 33}, {33, 64}, {100, 100}, {129, 250}};
static const uint32_t seeds[] = {0, 1, 464, 465, 99991, 4294967295u};
#define NSIZES (sizeof sizes / sizeof sizes[0])
#define NSEEDS (sizeof seeds / sizeof seeds[0])

static void generate_kind(const char *text, mz_rng_kind kind, uint64_t seed, uint64_t rows,
                          uint64_t cols, mz_grid *g, mz_extra *x, mz_trace *t)
{
    char err[256];
    mz_spec spec;
    if (mz_spec_parse(text, &spec, err, sizeof err) != MZ_OK)
        fail_msg("%s: %s", text, err);
    spec.rng = kind;
    memset(x, 0, sizeof *x);
    assert_int_equal(mz_generate(&spec, seed, MZ_SQUARE(rows, cols), g, MZ_GEN_OPTS(1, t, x)),
                     MZ_OK);
}

static void generate(const char *text, uint32_t seed, uint64_t rows, uint64_t cols, mz_grid *g,
                     mz_extra *x)
{
    generate_kind(text, MZ_RNG_MULBERRY32, seed, rows, cols, g, x, NULL);
}

static int64_t extra_int(const mz_extra *x, const char *name)
{
    const mz_value *v = mz_extra_get(x, name);
    assert_non_null(v);
    return v->i;
}

/* The digest, byte by byte, from its definition in docs/conventions.md. */
static uint64_t ref_digest(const mz_grid *g)
{
    uint64_t h = UINT64_C(0x6a09e667f3bcc908);
    uint64_t words[2] = {g->rows, g->cols};
    for (int k = 0; k < 2; k++) {
        h = (h ^ words[k]) * UINT64_C(0x9e3779b97f4a7c15);
        h ^= h >> 32;
    }
    for (uint64_t i = 0; i < g->cells; i += 8) {
        uint64_t w = 0;
        for (uint64_t j = 0; j < 8 && i + j < g->cells; j++)
            w |= (uint64_t)(g->c[i + j] & 0x1f) << (8 * j);
        h = (h ^ w) * UINT64_C(0x9e3779b97f4a7c15);
        h ^= h >> 32;
    }
    h ^= h >> 29;
    h *= UINT64_C(0xbf58476d1ce4e5b9);
    h ^= h >> 32;
    return h;
}

/* ---------------------------------------------------------------- */
/* dfs: board 01 with an explicit stack                              */
/* ---------------------------------------------------------------- */

static void ref_dfs(mz_grid *g, mz_rng_kind kind, uint64_t seed, uint64_t *max_depth,
                    uint64_t *draws)
{
    mz_rng rng;
    mz_rng_init(&rng, kind, seed);
    bool *seen = calloc(g->cells, 1);
    mz_idx *stack = malloc(g->cells * sizeof *stack);
    assert_non_null(seen);
    assert_non_null(stack);
    uint64_t top = 0;
    stack[top++] = 0;
    seen[0] = true;
    *max_depth = 1;
    while (top) {
        mz_idx cur = stack[top - 1];
        unsigned opts[4], n = 0;
        for (unsigned d = 0; d < 4; d++) {
            mz_idx nb = mz_sq_neighbour(g, cur, d);
            if (nb != MZ_NONE && !seen[nb])
                opts[n++] = d;
        }
        if (n) {
            unsigned d = opts[mz_rng_pick(&rng, n)];
            mz_idx nb = mz_sq_neighbour(g, cur, d);
            mz_sq_knock(g, cur, d);
            seen[nb] = true;
            stack[top++] = nb;
            if (top > *max_depth)
                *max_depth = top;
        } else {
            top--;
        }
    }
    *draws = mz_rng_draws(&rng);
    free(seen);
    free(stack);
}

static int count_steps(void *user, const mz_step *s)
{
    uint64_t *n = user;
    n[strcmp(s->op, "push") == 0 ? 0 : 1]++;
    return 0;
}

/* dfs against the reference from one source and seed: the untraced and
 * the traced loop, maze, depth and draws. */
static void check_dfs(mz_rng_kind kind, uint64_t seed, uint64_t rows, uint64_t cols)
{
            mz_grid fast = {0}, ref = {0};
            mz_extra x;
            generate_kind("dfs", kind, seed, rows, cols, &fast, &x, NULL);
            assert_int_equal(mz_grid_init(&ref, MZ_SQUARE(rows, cols), NULL), MZ_OK);
            uint64_t max_depth, draws;
            ref_dfs(&ref, kind, seed, &max_depth, &draws);
            assert_memory_equal(fast.c, ref.c, ref.cells);
            assert_int_equal(mz_digest(&fast), ref_digest(&ref));
            assert_int_equal(extra_int(&x, "max_depth"), max_depth);
            assert_int_equal(fast.draws, draws);

            /* The traced loop is a separate copy: same maze, cells - 1
             * pushes and cells pops. */
            mz_grid traced = {0};
            uint64_t counts[2] = {0, 0};
            mz_trace t = {count_steps, counts, 0};
            mz_extra tx = {0};
            generate_kind("dfs", kind, seed, rows, cols, &traced, &tx, &t);
            assert_memory_equal(traced.c, ref.c, ref.cells);
            assert_int_equal(traced.draws, draws);
            assert_int_equal(counts[0], ref.cells - 1);
            assert_int_equal(counts[1], ref.cells);
            assert_int_equal(extra_int(&tx, "max_depth"), max_depth);
            mz_grid_free(&fast);
            mz_grid_free(&ref);
            mz_grid_free(&traced);
}

static void test_dfs_matches_reference(void **state)
{
    (void)state;
    for (unsigned kind = 0; kind < MZ_RNG_KIND_COUNT; kind++)
        for (size_t z = 0; z < NSIZES; z++)
            for (size_t s = 0; s < NSEEDS; s++)
                check_dfs((mz_rng_kind)kind, seeds[s], sizes[z].rows, sizes[z].cols);
}

/* splitmix64's draw 0 is the one Lemire's pick(3) rejects: seed
 * -(k + 1) * gamma makes draw k exactly 0 (the mix maps 0 to 0), so over
 * k = 0..63 some carve with three options draws it, and the table-driven
 * loops must take the next draw as the plain pick does. */
static void test_dfs_rejected_draw(void **state)
{
    (void)state;
    for (uint64_t k = 0; k < 64; k++)
        check_dfs(MZ_RNG_SPLITMIX64, (uint64_t)0 - (k + 1) * MZ_SPLITMIX64_GAMMA, 9, 9);
}

/* ---------------------------------------------------------------- */
/* kruskal: board 03 with a plain union-find                         */
/* ---------------------------------------------------------------- */

static uint64_t ref_find(uint64_t *p, uint64_t x)
{
    while (p[x] != x)
        x = p[x];
    return x;
}

static void ref_kruskal(mz_grid *g, mz_rng_kind kind, uint64_t seed, uint64_t *merged_at)
{
    mz_rng rng;
    mz_rng_init(&rng, kind, seed);
    uint64_t n = 0, cells = g->cells;
    uint64_t *code = malloc((2 * cells + 1) * sizeof *code);
    uint64_t *p = malloc(cells * sizeof *p);
    assert_non_null(code);
    assert_non_null(p);
    for (uint64_t a = 0; a < cells; a++) {
        if (a % g->cols < g->cols - 1)
            code[n++] = 2 * a;
        if (a / g->cols < g->rows - 1)
            code[n++] = 2 * a + 1;
        p[a] = a;
    }
    for (uint64_t i = n - 1; n > 1 && i >= 1; i--) {
        uint64_t j = mz_rng_pick(&rng, i + 1);
        uint64_t t = code[i];
        code[i] = code[j];
        code[j] = t;
    }
    uint64_t islands = cells;
    *merged_at = 0;
    for (uint64_t k = 0; k < n; k++) {
        uint64_t a = code[k] >> 1;
        unsigned d = (code[k] & 1) ? MZ_S : MZ_E;
        uint64_t ra = ref_find(p, a), rb = ref_find(p, mz_sq_neighbour(g, a, d));
        if (ra == rb)
            continue;
        mz_sq_knock(g, a, d);
        p[rb] = ra;
        if (--islands == 1)
            *merged_at = k + 1;
    }
    free(code);
    free(p);
}

static void test_kruskal_matches_reference(void **state)
{
    (void)state;
    for (unsigned kind = 0; kind < MZ_RNG_KIND_COUNT; kind++)
    for (size_t z = 0; z < NSIZES; z++) {
        for (size_t s = 0; s < NSEEDS; s++) {
            mz_grid fast = {0}, ref = {0};
            mz_extra x;
            generate_kind("kruskal", (mz_rng_kind)kind, seeds[s], sizes[z].rows, sizes[z].cols,
                          &fast, &x, NULL);
            assert_int_equal(mz_grid_init(&ref, MZ_SQUARE(sizes[z].rows, sizes[z].cols), NULL),
                             MZ_OK);
            uint64_t merged_at;
            ref_kruskal(&ref, (mz_rng_kind)kind, seeds[s], &merged_at);
            assert_memory_equal(fast.c, ref.c, ref.cells);
            assert_int_equal(extra_int(&x, "merged_at"), merged_at);
            mz_grid_free(&fast);
            mz_grid_free(&ref);
        }
    }
}

static void test_kruskal_board03(void **state)
{
    (void)state;
    mz_grid g = {0};
    mz_extra x;
    generate("kruskal", 464, 31, 31, &g, &x);
    mz_metrics m;
    assert_int_equal(mz_metrics_compute(&g, 1, &m), MZ_OK);
    assert_int_equal(m.passages, 960);
    assert_int_equal(m.components, 1);
    assert_int_equal(extra_int(&x, "merged_at"), 1738);
    mz_grid_free(&g);
}

/* ---------------------------------------------------------------- */
/* Metrics against plain counting and int-distance BFS               */
/* ---------------------------------------------------------------- */

/* BFS distances from src (-1 unreached) with mz_sq_neighbour; returns the
 * number of cells reached. */
static uint64_t ref_bfs(const mz_grid *g, mz_idx src, int64_t *dist)
{
    mz_idx *q = malloc(g->cells * sizeof *q);
    assert_non_null(q);
    uint64_t head = 0, tail = 0;
    dist[src] = 0;
    q[tail++] = src;
    while (head < tail) {
        mz_idx i = q[head++];
        for (unsigned d = 0; d < 4; d++) {
            if (!mz_sq_is_open(g, i, d))
                continue;
            mz_idx n = mz_sq_neighbour(g, i, d);
            if (n == MZ_NONE || dist[n] >= 0)
                continue;
            dist[n] = dist[i] + 1;
            q[tail++] = n;
        }
    }
    free(q);
    return tail;
}

static void ref_metrics(const mz_grid *g, mz_metrics *m)
{
    memset(m, 0, sizeof *m);
    bool wrap = (g->flags & MZ_GRID_WRAP_EW) != 0;
    for (uint64_t i = 0; i < g->cells; i++) {
        uint64_t r = i / g->cols, col = i % g->cols;
        uint8_t v = g->c[i];
        m->walls += (v & MZ_WALL_N) != 0;
        m->walls += (v & MZ_WALL_W) != 0;
        m->walls += r + 1 == g->rows && (v & MZ_WALL_S);
        m->walls += col + 1 == g->cols && !wrap && (v & MZ_WALL_E);
        if (v & MZ_BLOCKED)
            continue;
        m->cells++;
        m->dead_ends += mz_sq_open_sides(g, i) == 1;
        m->passages += !(v & MZ_WALL_E) && (col + 1 < g->cols || wrap);
        m->passages += !(v & MZ_WALL_S) && r + 1 < g->rows;
    }
    int64_t *dist = malloc(g->cells * sizeof *dist);
    assert_non_null(dist);
    for (uint64_t i = 0; i < g->cells; i++)
        dist[i] = -1;
    for (uint64_t i = 0; i < g->cells; i++) {
        if (!(g->c[i] & MZ_BLOCKED) && dist[i] < 0) {
            m->components++;
            ref_bfs(g, i, dist);
        }
    }
    for (uint64_t i = 0; i < g->cells; i++)
        dist[i] = -1;
    ref_bfs(g, g->entrance, dist);
    m->route = dist[g->exit];
    free(dist);
    m->loops = (int64_t)m->passages - (int64_t)m->cells + (int64_t)m->components;
    m->digest = ref_digest(g);
}

static void check_metrics(const mz_grid *g, const char *what)
{
    mz_metrics fast, ref;
    assert_int_equal(mz_metrics_compute(g, 1, &fast), MZ_OK);
    ref_metrics(g, &ref);
    if (fast.cells != ref.cells || fast.passages != ref.passages || fast.walls != ref.walls ||
        fast.dead_ends != ref.dead_ends || fast.components != ref.components ||
        fast.route != ref.route || fast.loops != ref.loops || fast.digest != ref.digest)
        fail_msg("%s %llux%llu: metrics differ from the reference", what,
                 (unsigned long long)g->rows, (unsigned long long)g->cols);
    assert_int_equal(mz_route(g, g->entrance, g->exit), ref.route);
}

static void test_metrics_match_reference(void **state)
{
    (void)state;
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind != MZ_GEN)
            continue;
        char specs[2][64];
        snprintf(specs[0], sizeof specs[0], "%s", (*a)->name);
        snprintf(specs[1], sizeof specs[1], "%s+braid:keep=0.3", (*a)->name);
        for (int v = 0; v < 2; v++) {
            mz_spec spec;
            char err[256];
            assert_int_equal(mz_spec_parse(specs[v], &spec, err, sizeof err), MZ_OK);
            for (size_t z = 0; z < NSIZES; z++) {
                for (size_t s = 0; s < 3; s++) {
                    mz_grid g = {0};
                    mz_extra x = {0};
                    if (mz_generate(&spec, seeds[s], MZ_SQUARE(sizes[z].rows, sizes[z].cols), &g,
                                    MZ_GEN_OPTS(1, NULL, &x)) ==
                        MZ_OK)
                        check_metrics(&g, specs[v]);
                    mz_grid_free(&g);
                }
            }
        }
    }
    /* Hand-made grids: open border walls (off the fast path), a blocked
     * cell with an open wall toward it, an entrance inside rock. */
    mz_grid g = {0};
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(5, 6), NULL), MZ_OK);
    for (mz_idx i = 0; i + 1 < g.cells; i++)
        if (i % 6 != 5)
            mz_sq_knock(&g, i, MZ_E);
    mz_sq_knock(&g, 5, MZ_S);
    check_metrics(&g, "hand-made");
    g.c[20] &= (uint8_t)~MZ_WALL_E; /* open from one side only */
    check_metrics(&g, "one-sided wall");
    g.c[20] |= MZ_WALL_E;
    g.c[8] &= (uint8_t)~MZ_WALL_S;
    check_metrics(&g, "one-sided south wall");
    g.c[8] |= MZ_WALL_S;
    g.c[13] = MZ_WALLS | MZ_BLOCKED;
    check_metrics(&g, "blocked cell");
    g.c[0] &= (uint8_t)~MZ_WALL_N; /* a border wall left open */
    check_metrics(&g, "open border");
    g.entrance = 13;
    check_metrics(&g, "blocked entrance");
    mz_grid_free(&g);
}

/* ---------------------------------------------------------------- */
/* bfs and the wall follower                                        */
/* ---------------------------------------------------------------- */

static void ref_solve_bfs(const mz_grid *g, bool *found, int64_t *steps, int64_t *closed,
                          mz_idx **path)
{
    int64_t *dist = malloc(g->cells * sizeof *dist);
    mz_idx *q = malloc(g->cells * sizeof *q);
    assert_non_null(dist);
    assert_non_null(q);
    for (uint64_t i = 0; i < g->cells; i++)
        dist[i] = -1;
    uint64_t head = 0, tail = 0;
    *closed = 0;
    *found = g->entrance == g->exit;
    dist[g->entrance] = 0;
    if (*found)
        *closed = 1;
    else
        q[tail++] = g->entrance;
    while (head < tail && !*found) {
        mz_idx i = q[head++];
        ++*closed;
        for (unsigned d = 0; d < 4 && !*found; d++) {
            if (!mz_sq_is_open(g, i, d))
                continue;
            mz_idx n = mz_sq_neighbour(g, i, d);
            if (n == MZ_NONE || dist[n] >= 0)
                continue;
            dist[n] = dist[i] + 1;
            if (n == g->exit) {
                *found = true;
                ++*closed;
            } else {
                q[tail++] = n;
            }
        }
    }
    *steps = *found ? dist[g->exit] : -1;
    *path = NULL;
    if (*found) {
        *path = malloc((uint64_t)(*steps + 1) * sizeof **path);
        assert_non_null(*path);
        mz_idx i = g->exit;
        for (int64_t k = *steps; k >= 0; k--) {
            (*path)[k] = i;
            for (unsigned d = 0; d < 4 && k > 0; d++) {
                mz_idx n = mz_sq_neighbour(g, i, d);
                if (mz_sq_is_open(g, i, d) && n != MZ_NONE && dist[n] == dist[i] - 1) {
                    i = n;
                    break;
                }
            }
        }
    }
    free(dist);
    free(q);
}

static void ref_wall(const mz_grid *g, unsigned hand, mz_solution *ref, bool *looped)
{
    const unsigned side_turn = hand == 0 ? 3 : 1, other_turn = hand == 0 ? 1 : 3;
    bool *seen = calloc(g->cells * 4, 1);
    assert_non_null(seen);
    mz_idx cur = g->entrance;
    unsigned h = MZ_E;
    ref->steps = ref->forward = ref->turns = 0;
    ref->found = cur == g->exit;
    *looped = false;
    seen[cur * 4 + h] = true;
    while (!ref->found) {
        unsigned side = (h + side_turn) & 3;
        ref->steps++;
        if (mz_sq_is_open(g, cur, side)) {
            h = side;
            ref->turns++;
            cur = mz_sq_neighbour(g, cur, h);
            ref->forward++;
        } else if (mz_sq_is_open(g, cur, h)) {
            cur = mz_sq_neighbour(g, cur, h);
            ref->forward++;
        } else {
            h = (h + other_turn) & 3;
            ref->turns++;
        }
        if (seen[cur * 4 + h]) {
            *looped = true;
            break;
        }
        seen[cur * 4 + h] = true;
        ref->found = cur == g->exit;
    }
    free(seen);
}

static void test_solvers_match_reference(void **state)
{
    (void)state;
    static const char *const gens[] = {"dfs", "dfs+braid", "dfs+braid:keep=0.5", "kruskal"};
    const mz_algo *bfs = mz_find(MZ_SOLVER, "bfs"), *wall = mz_find(MZ_SOLVER, "wall");
    assert_non_null(bfs);
    assert_non_null(wall);
    for (size_t k = 0; k < sizeof gens / sizeof gens[0]; k++) {
        for (size_t z = 0; z < NSIZES; z++) {
            for (size_t s = 0; s < NSEEDS; s++) {
                mz_grid g = {0};
                mz_extra x;
                generate(gens[k], seeds[s], sizes[z].rows, sizes[z].cols, &g, &x);

                mz_solution sol;
                memset(&sol, 0, sizeof sol);
                sol.want_path = true;
                mz_args args;
                mz_args_default(bfs, &args);
                assert_int_equal(bfs->solve(&g, &args, NULL, &sol), MZ_OK);
                bool found;
                int64_t steps, closed;
                mz_idx *path;
                ref_solve_bfs(&g, &found, &steps, &closed, &path);
                assert_int_equal(sol.found, found);
                assert_int_equal(sol.path_steps, steps);
                assert_int_equal(sol.closed, closed);
                assert_int_equal(sol.path_len, (uint64_t)(steps + 1));
                assert_memory_equal(sol.path, path, sol.path_len * sizeof *path);
                free(path);
                mz_solution_free(&sol);

                for (unsigned hand = 0; hand < 2; hand++) {
                    memset(&sol, 0, sizeof sol);
                    mz_args_default(wall, &args);
                    args.v[0] = hand;
                    assert_int_equal(wall->solve(&g, &args, NULL, &sol), MZ_OK);
                    mz_solution ref;
                    bool looped;
                    ref_wall(&g, hand, &ref, &looped);
                    assert_int_equal(sol.found, ref.found);
                    assert_int_equal(sol.steps, ref.steps);
                    assert_int_equal(sol.forward, ref.forward);
                    assert_int_equal(sol.turns, ref.turns);
                    const mz_value *lv = mz_extra_get(&sol.extra, "looped");
                    assert_non_null(lv);
                    assert_int_equal(lv->i, looped);
                    mz_solution_free(&sol);
                }
                mz_grid_free(&g);
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dfs_matches_reference),
        cmocka_unit_test(test_dfs_rejected_draw),
        cmocka_unit_test(test_kruskal_matches_reference),
        cmocka_unit_test(test_kruskal_board03),
        cmocka_unit_test(test_metrics_match_reference),
        cmocka_unit_test(test_solvers_match_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
