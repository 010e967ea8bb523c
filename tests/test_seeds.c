/*
 * test_seeds.c - the seeds generators (docs/algorithms.md):
 * treasure, mainpath and pacman.
 *
 *   - data/seeds-golden.csv (scripts/regen-seeds-golden.sh): each row's
 *     digest and every figure it gives must come out again;
 *   - every guarantee each document makes (or we make in its place),
 *     checked on the finished grid, over many seeds:
 *       treasure: start and target open, route >= min_path cells (clamped
 *         as documented), open cells a tree, its columns consistent, the
 *         fallback a corridor;
 *       mainpath: perfect over every cell, entrance in column 0, exit in
 *         the last column, a route between them; fast and faithful modes
 *         give the same maze, columns and trace;
 *       pacman: 31 rows x 28 columns, symmetric walls and tiles (a dot
 *         and an empty tile count as one: the document's dot pass is off
 *         centre), wall border but for teleport pairs on the same row
 *         (wrap wall open), the top corridor row walled at the seam, every
 *         walkable tile reachable, a ghost house in the centre, exactly
 *         four pills, no dot in the document's centre rectangle (rows
 *         8-18, columns 8-21: empty tiles there) and a dot on every other
 *         walkable tile, corridors one tile wide, no dead ends, passages
 *         exactly between adjacent walkable tiles.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebench.h"
#include "core/internal.h"
#include "csv.h"

static mz_status gen(const char *text, uint32_t seed, uint64_t rows, uint64_t cols, mz_grid *g,
                     mz_extra *x, mz_metrics *m)
{
    mz_spec spec;
    char err[256];
    if (mz_spec_parse(text, &spec, err, sizeof err) != MZ_OK)
        fail_msg("bad spec '%s': %s", text, err);
    memset(x, 0, sizeof *x);
    mz_status s = mz_generate(&spec, seed, MZ_SQUARE(rows, cols), g, MZ_GEN_OPTS(1, NULL, x));
    if (s == MZ_OK && m)
        s = mz_metrics_compute(g, 1, m);
    return s;
}

static int64_t col_int(const mz_extra *x, const char *name)
{
    const mz_value *v = mz_extra_get(x, name);
    if (!v)
        fail_msg("column %s not set", name);
    return v->i;
}

/* ------------------------------------------------------------------ */
/* Golden rows                                                         */
/* ------------------------------------------------------------------ */

static FILE *open_data(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "data/%s", name);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(path, sizeof path, "%s/data/%s", MZ_SOURCE_DIR, name);
        f = fopen(path, "r");
    }
    return f;
}

static void test_golden(void **state)
{
    (void)state;
    FILE *f = open_data("seeds-golden.csv");
    assert_non_null(f);
    csv_rec head, r;
    assert_true(csv_next(f, &head));
    int c_gen = csv_col(&head, "gen"), c_seed = csv_col(&head, "seed"),
        c_size = csv_col(&head, "size"), c_digest = csv_col(&head, "digest");
    assert_true(c_gen >= 0 && c_seed >= 0 && c_size >= 0 && c_digest >= 0);
    unsigned rows_checked = 0;
    while (csv_next(f, &r)) {
        assert_int_equal(r.n, head.n);
        mz_dims size;
        assert_int_equal(mz_dims_parse(r.f[c_size], &size), MZ_OK);
        uint64_t R = size.rows, C = size.cols;
        uint32_t seed = (uint32_t)strtoul(r.f[c_seed], NULL, 10);
        mz_grid g = {0};
        mz_extra x;
        mz_metrics m;
        assert_int_equal(gen(r.f[c_gen], seed, R, C, &g, &x, &m), MZ_OK);
        char what[256];
        snprintf(what, sizeof what, "%s seed %" PRIu32 " %s", r.f[c_gen], seed, r.f[c_size]);
        if (g.rows != R || g.cols != C)
            fail_msg("%s: generated %" PRIu64 "x%" PRIu64, what, g.rows, g.cols);
        char hex[32];
        snprintf(hex, sizeof hex, "%016" PRIx64, m.digest);
        if (strcmp(hex, r.f[c_digest]) != 0)
            fail_msg("%s: digest %s, golden %s", what, hex, r.f[c_digest]);
        for (int k = 0; k < head.n; k++) {
            const char *name = head.f[k];
            if (k == c_gen || k == c_seed || k == c_size || k == c_digest || r.f[k][0] == '\0')
                continue;
            int64_t want = strtoll(r.f[k], NULL, 10), got;
            if (strcmp(name, "cells") == 0) got = (int64_t)m.cells;
            else if (strcmp(name, "passages") == 0) got = (int64_t)m.passages;
            else if (strcmp(name, "dead_ends") == 0) got = (int64_t)m.dead_ends;
            else if (strcmp(name, "components") == 0) got = (int64_t)m.components;
            else if (strcmp(name, "route") == 0) got = m.route;
            else got = col_int(&x, name);
            if (got != want)
                fail_msg("%s: %s = %" PRId64 ", golden %" PRId64, what, name, got, want);
        }
        mz_grid_free(&g);
        rows_checked++;
    }
    fclose(f);
    assert_true(rows_checked >= 5);
}

/* ------------------------------------------------------------------ */
/* treasure                                                            */
/* ------------------------------------------------------------------ */

static bool open_cell(const mz_grid *g, mz_idx i) { return !(g->c[i] & MZ_BLOCKED); }

/* The documented fallback corridor's length (treasure.c). */
static uint64_t serp(uint64_t R, uint64_t C)
{
    uint64_t j = 2 * ((R - 1) / 4);
    return (j + 1) * C + j + (R - 1 - 2 * j);
}

static void check_treasure(const char *spec, uint64_t min_path, uint32_t seed, uint64_t R,
                           uint64_t C, unsigned *fallbacks, unsigned *exact)
{
    mz_grid g = {0};
    mz_extra x;
    mz_metrics m;
    assert_int_equal(gen(spec, seed, R, C, &g, &x, &m), MZ_OK);
    char what[128];
    snprintf(what, sizeof what, "%s seed %" PRIu32 " %" PRIu64 "x%" PRIu64, spec, seed, R, C);
    mz_idx S = 0, T = g.cells - 1;
    if (g.entrance != S || g.exit != T)
        fail_msg("%s: entrance/exit moved", what);
    if (!open_cell(&g, S) || !open_cell(&g, T))
        fail_msg("%s: start or target blocked", what);
    uint64_t longest = serp(R, C) > serp(C, R) ? serp(R, C) : serp(C, R);
    uint64_t need = min_path < longest ? min_path : longest;
    if (m.route < 0 || (uint64_t)m.route + 1 < need)
        fail_msg("%s: route %" PRId64 " steps, need %" PRIu64 " cells", what, m.route, need);
    /* Open cells form one tree; passages join exactly adjacent open cells. */
    if (m.components != 1 || m.passages != m.cells - 1)
        fail_msg("%s: open cells not a tree (components %" PRIu64 ", passages %" PRIu64
                 ", cells %" PRIu64 ")", what, m.components, m.passages, m.cells);
    for (mz_idx i = 0; i < g.cells; i++) {
        if (!open_cell(&g, i))
            continue;
        for (unsigned d = 0; d < 4; d++) {
            mz_idx n = mz_sq_neighbour(&g, i, d);
            bool adj = n != MZ_NONE && open_cell(&g, n);
            if (adj != mz_sq_is_open(&g, i, d))
                fail_msg("%s: wall %u of open cell %" PRIu64 " wrong", what, d, i);
        }
    }
    int64_t target = (int64_t)floor((double)R * (double)C * 0.55);
    if (strcmp(spec, "treasure") == 0 && col_int(&x, "open_target") != target)
        fail_msg("%s: open_target %" PRId64 ", want %" PRId64, what, col_int(&x, "open_target"), target);
    if (col_int(&x, "open_cells") != (int64_t)m.cells)
        fail_msg("%s: open_cells disagrees with cells", what);
    if (col_int(&x, "route_cells") != m.route + 1)
        fail_msg("%s: route_cells disagrees with route", what);
    int64_t attempts = col_int(&x, "attempts");
    bool fb = col_int(&x, "fallback") != 0;
    if (attempts < 1 || attempts > 70 || (fb && attempts != 70))
        fail_msg("%s: attempts %" PRId64, what, attempts);
    if (fb) {
        /* The corridor: every open cell on the one route. */
        if ((uint64_t)m.route + 1 != m.cells || m.cells != longest)
            fail_msg("%s: fallback is not the documented corridor", what);
        (*fallbacks)++;
    } else if (col_int(&x, "open_cells") == col_int(&x, "open_target")) {
        (*exact)++;
    }
    mz_grid_free(&g);
}

static void test_treasure(void **state)
{
    (void)state;
    static const struct {
        uint64_t r, c;
        unsigned seeds;
    } sz[] = {{8, 8, 400}, {6, 6, 100}, {10, 10, 100}, {16, 16, 50}, {31, 31, 20}, {1, 1, 5},
              {3, 3, 20},  {2, 7, 20},  {1, 20, 10},   {7, 1, 10},   {5, 40, 10}};
    unsigned fb = 0, exact = 0;
    for (size_t k = 0; k < sizeof sz / sizeof sz[0]; k++)
        for (uint32_t s = 0; s < sz[k].seeds; s++)
            check_treasure("treasure", 12, s * 7919u + 464u, sz[k].r, sz[k].c, &fb, &exact);
    /* At 8x8 the density target is usually met. */
    assert_true(exact > 300);
    /* Force the fallback: past 5,000 iterations phase 1 cannot cross. */
    unsigned fb0 = fb;
    check_treasure("treasure", 12, 464, 1, 6000, &fb, &exact);
    assert_int_equal(fb, fb0 + 1);
    /* min_path = the corridor's length (29 at 8x8): some seeds fall back,
     * every board still has a 29-cell route. */
    fb0 = fb;
    for (uint32_t s = 0; s < 60; s++)
        check_treasure("treasure:min_path=29", 29, s, 8, 8, &fb, &exact);
    assert_true(fb > fb0);
    check_treasure("treasure:min_path=1000", 1000, 3, 9, 5, &fb, &exact);
}

/* ------------------------------------------------------------------ */
/* mainpath                                                            */
/* ------------------------------------------------------------------ */

typedef struct tsum {
    uint64_t n, h;
} tsum;

static int trace_hash(void *user, const mz_step *s)
{
    tsum *t = user;
    uint64_t v = s->cell * 31 + (uint64_t)(s->dir + 1) * 7 + s->size * 131 + (uint64_t)s->op[0];
    t->h = (t->h ^ v) * UINT64_C(0x9e3779b97f4a7c15);
    t->n++;
    return 0;
}

static void test_mainpath(void **state)
{
    (void)state;
    static const struct {
        uint64_t r, c;
        unsigned seeds;
    } sz[] = {{10, 10, 100}, {31, 31, 40}, {1, 1, 3}, {1, 9, 5}, {9, 1, 5}, {2, 2, 10},
              {5, 40, 20},   {40, 5, 20},  {64, 64, 5}};
    for (size_t k = 0; k < sizeof sz / sizeof sz[0]; k++) {
        for (uint32_t s = 0; s < sz[k].seeds; s++) {
            uint32_t seed = s * 104729u + 464u;
            uint64_t R = sz[k].r, C = sz[k].c;
            char what[128];
            snprintf(what, sizeof what, "mainpath seed %" PRIu32 " %" PRIu64 "x%" PRIu64, seed, R, C);
            mz_grid g = {0}, h = {0};
            mz_extra x, y;
            mz_metrics m, mh;
            assert_int_equal(gen("mainpath", seed, R, C, &g, &x, &m), MZ_OK);
            if (m.cells != R * C || m.components != 1 || m.passages != m.cells - 1)
                fail_msg("%s: not perfect", what);
            if (g.entrance % C != 0 || g.exit % C != C - 1)
                fail_msg("%s: entrance or exit off its edge", what);
            if (m.route < 0 || (uint64_t)m.route + 1 > (uint64_t)col_int(&x, "main_path"))
                fail_msg("%s: route %" PRId64 " longer than the main path", what, m.route);
            /* The route of a perfect maze is the main path itself. */
            if ((uint64_t)m.route + 1 != (uint64_t)col_int(&x, "main_path"))
                fail_msg("%s: route is not the main path", what);
            assert_int_equal(gen("mainpath:mode=faithful", seed, R, C, &h, &y, &mh), MZ_OK);
            if (mh.digest != m.digest || g.entrance != h.entrance || g.exit != h.exit)
                fail_msg("%s: fast and faithful differ", what);
            for (const char *c = "main_path"; c; c = strcmp(c, "main_path") == 0 ? "restarts"
                                                   : strcmp(c, "restarts") == 0  ? "rounds"
                                                                                 : NULL)
                if (col_int(&x, c) != col_int(&y, c))
                    fail_msg("%s: column %s differs between modes", what, c);
            mz_grid_free(&g);
            mz_grid_free(&h);
        }
    }
    /* The traces agree step for step. */
    for (uint32_t seed = 0; seed < 5; seed++) {
        tsum a = {0, 0}, b = {0, 0};
        for (int mode = 0; mode < 2; mode++) {
            mz_spec spec;
            char err[128];
            assert_int_equal(mz_spec_parse(mode ? "mainpath:mode=faithful" : "mainpath", &spec,
                                           err, sizeof err), MZ_OK);
            mz_trace t = {trace_hash, mode ? &b : &a, 0};
            mz_grid g = {0};
            mz_extra x = {0};
            assert_int_equal(mz_generate(&spec, seed, MZ_SQUARE(24, 24), &g,
                                         MZ_GEN_OPTS(1, &t, &x)), MZ_OK);
            mz_grid_free(&g);
        }
        assert_true(a.n > 0);
        assert_int_equal(a.n, b.n);
        assert_true(a.h == b.h);
    }
}

/* ------------------------------------------------------------------ */
/* pacman                                                              */
/* ------------------------------------------------------------------ */

static bool walkable(const mz_grid *g, uint64_t r, uint64_t c)
{
    return !(g->c[r * g->cols + c] & MZ_BLOCKED);
}

static void check_pacman(uint32_t seed)
{
    mz_grid g = {0};
    mz_extra x;
    mz_metrics m;
    /* The requested size is ignored. */
    assert_int_equal(gen("pacman", seed, 5, 7, &g, &x, &m), MZ_OK);
    char what[64];
    snprintf(what, sizeof what, "pacman seed %" PRIu32, seed);
    if (g.rows != 31 || g.cols != 28 || !g.tiles || !(g.flags & MZ_GRID_WRAP_EW))
        fail_msg("%s: not a 31x28 tile map with wrap", what);
    const uint64_t R = 31, C = 28;
    const uint8_t *t = g.tiles;
    int64_t dots = 0, pills = 0, tele = 0, house = 0, walk = 0, empty = 0, centre_walk = 0;
    uint64_t hr0 = R, hr1 = 0, hc0 = C, hc1 = 0;
    for (uint64_t r = 0; r < R; r++) {
        for (uint64_t c = 0; c < C; c++) {
            mz_idx i = r * C + c;
            unsigned k = t[i];
            if (k > MZ_TILE_HOUSE)
                fail_msg("%s: tile kind %u", what, k);
            /* Blocked exactly on walls and the house. */
            bool blocked = (g.c[i] & MZ_BLOCKED) != 0;
            if (blocked != (k == MZ_TILE_WALL || k == MZ_TILE_HOUSE))
                fail_msg("%s: (%" PRIu64 ",%" PRIu64 ") blocked bit disagrees with tile", what, r, c);
            /* Left-right symmetry, a dot and an empty tile alike. */
            unsigned km = t[r * C + (C - 1 - c)];
            if ((km == MZ_TILE_EMPTY ? MZ_TILE_DOT : km) != (k == MZ_TILE_EMPTY ? MZ_TILE_DOT : k))
                fail_msg("%s: not symmetric at (%" PRIu64 ",%" PRIu64 ")", what, r, c);
            /* Border: wall, but for teleports at both ends of a row. */
            bool edge_col = c == 0 || c == C - 1;
            if ((r == 0 || r == R - 1) && k != MZ_TILE_WALL)
                fail_msg("%s: border row %" PRIu64 " open", what, r);
            if (edge_col && k != MZ_TILE_WALL && k != MZ_TILE_TELEPORT)
                fail_msg("%s: border (%" PRIu64 ",%" PRIu64 ") open", what, r, c);
            if (k == MZ_TILE_TELEPORT) {
                if (!edge_col)
                    fail_msg("%s: teleport inside the map", what);
                if (t[r * C + (C - 1 - c)] != MZ_TILE_TELEPORT)
                    fail_msg("%s: unpaired teleport", what);
                if (c == C - 1 && !mz_sq_is_open(&g, i, MZ_E))
                    fail_msg("%s: teleport pair on row %" PRIu64 " not joined", what, r);
                tele++;
            }
            dots += k == MZ_TILE_DOT;
            pills += k == MZ_TILE_PILL;
            if (k == MZ_TILE_HOUSE) {
                house++;
                hr0 = r < hr0 ? r : hr0;
                hr1 = r > hr1 ? r : hr1;
                hc0 = c < hc0 ? c : hc0;
                hc1 = c > hc1 ? c : hc1;
            }
            /* The document's dot pass skips rows 8..18, columns 8..21:
             * every walkable tile there is empty; every other one is a
             * dot, a pill or a teleport (the house has none: its tiles
             * are house tiles). */
            empty += k == MZ_TILE_EMPTY;
            if (!blocked) {
                walk++;
                bool centre = r >= 8 && r <= 18 && c >= 8 && c <= 21;
                centre_walk += centre;
                if (centre && k != MZ_TILE_EMPTY)
                    fail_msg("%s: (%" PRIu64 ",%" PRIu64 ") in the centre is not empty", what, r, c);
                if (!centre && k != MZ_TILE_DOT && k != MZ_TILE_PILL && k != MZ_TILE_TELEPORT)
                    fail_msg("%s: walkable tile without a dot", what);
            }
            /* Passages exactly between adjacent walkable tiles; no dead
             * ends; corridors one tile wide. */
            if (!blocked) {
                unsigned nb = 0;
                for (unsigned d = 0; d < 4; d++) {
                    mz_idx n = mz_sq_neighbour(&g, i, d);
                    bool adj = n != MZ_NONE && !(g.c[n] & MZ_BLOCKED);
                    if (adj != mz_sq_is_open(&g, i, d))
                        fail_msg("%s: wall %u of (%" PRIu64 ",%" PRIu64 ") wrong", what, d, r, c);
                    nb += adj;
                }
                if (nb < 2)
                    fail_msg("%s: dead end at (%" PRIu64 ",%" PRIu64 ")", what, r, c);
                if (r + 1 < R && c + 1 < C && walkable(&g, r, c + 1) && walkable(&g, r + 1, c) &&
                    walkable(&g, r + 1, c + 1))
                    fail_msg("%s: 2x2 walkable block at (%" PRIu64 ",%" PRIu64 ")", what, r, c);
            }
        }
    }
    if (pills != 4)
        fail_msg("%s: %" PRId64 " pills", what, pills);
    if (empty != centre_walk || centre_walk == 0 || dots + empty + pills + tele != walk)
        fail_msg("%s: %" PRId64 " empty tiles, %" PRId64 " walkable in the centre", what, empty,
                 centre_walk);
    /* The top corridor row is walled at the seam, as in the document's
     * sample (its columns 13-14; here the centre block, 11-16). */
    for (uint64_t c = 11; c <= 16; c++)
        if (t[1 * C + c] != MZ_TILE_WALL)
            fail_msg("%s: top corridor row open at the seam", what);
    if (tele < 2 || tele % 2)
        fail_msg("%s: %" PRId64 " teleport tiles", what, tele);
    /* The ghost house: present, in the centre, and its box all house. */
    if (house == 0 || hr0 > 15 || hr1 < 15 || hc0 > 13 || hc1 < 14 || hr0 < 10 || hr1 > 20 ||
        hc0 < 8 || hc1 > 19)
        fail_msg("%s: no ghost house in the centre", what);
    if (house != (int64_t)((hr1 - hr0 + 1) * (hc1 - hc0 + 1)))
        fail_msg("%s: ghost house not a solid box", what);
    /* Reachability: one component holding every walkable tile. */
    if (m.components != 1 || (int64_t)m.cells != walk || m.dead_ends != 0)
        fail_msg("%s: components %" PRIu64 ", dead ends %" PRIu64, what, m.components, m.dead_ends);
    if (col_int(&x, "dots") != dots || col_int(&x, "pills") != 4 || col_int(&x, "teleports") != tele)
        fail_msg("%s: columns disagree with the tiles", what);
    /* Entrance: Pac-Man's start below the house; exit: a farthest tile. */
    if (g.entrance != 17 * C + 13)
        fail_msg("%s: entrance moved", what);
    uint32_t dist[31 * 28];
    assert_int_equal(mz_bfs_dist32(&g, g.entrance, dist), MZ_OK);
    uint32_t far = 0;
    for (mz_idx i = 0; i < R * C; i++)
        if (dist[i] != UINT32_MAX && dist[i] > far)
            far = dist[i];
    if (m.route != (int64_t)far || dist[g.exit] != far)
        fail_msg("%s: exit is not a farthest tile", what);
    mz_grid_free(&g);
}

static void test_pacman(void **state)
{
    (void)state;
    for (uint32_t s = 0; s < 500; s++)
        check_pacman(s * 2654435761u + 464u);
    check_pacman(464);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden),
        cmocka_unit_test(test_treasure),
        cmocka_unit_test(test_mainpath),
        cmocka_unit_test(test_pacman),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
