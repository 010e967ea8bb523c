/*
 * test_shapes.c - the cell shapes' geometry (src/core/dims.c): every shape
 * has sample grids (tests/samples.h), on each of them every port leads
 * back through mz_port_back, polar rings follow their defining rule
 * (computed here ring by ring, not from the closed forms), grids parse and
 * print back, the shape distance never exceeds the true distance on a grid
 * with every port open, the weave's crossing rules, and the figures of a
 * hand-made maze.
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
#include "samples.h"

static void make(mz_grid *g, const char *text)
{
    mz_dims geo;
    assert_int_equal(mz_dims_parse(text, &geo), MZ_OK);
    assert_int_equal(mz_grid_init(g, &geo, NULL), MZ_OK);
}

/* Every shape's sample grids (tests/samples.h), square cells included. */
static size_t sample_grids(mz_dims *geo)
{
    return mzt_samples_all(MZT_ALL, true, geo, MZT_MAX_SAMPLES);
}

/* Every shape of mz_shape has sample grids, so the tests that iterate
 * them test a new shape as soon as it exists. */
static void test_every_shape_has_samples(void **state)
{
    (void)state;
    mzt_check_samples();
}

/* Every port that leads somewhere leads back, and distinct ports of a
 * cell reach distinct cells. */
static void test_ports_round_trip(void **state)
{
    (void)state;
    mz_dims geo[MZT_MAX_SAMPLES];
    size_t ngeo = sample_grids(geo);
    for (size_t k = 0; k < ngeo; k++) {
        mz_grid g;
        char grid[64];
        mzt_name(&geo[k], grid, sizeof grid);
        assert_int_equal(mz_grid_init(&g, &geo[k], NULL), MZ_OK);
        unsigned ports = mz_shape_ports(g.shape);
        uint64_t links = 0;
        for (mz_idx i = 0; i < g.cells; i++) {
            mz_idx seen[8];
            unsigned ns = 0;
            for (unsigned p = 0; p < ports; p++) {
                mz_idx n = mz_port_nbr(&g, i, p);
                if (n == MZ_NONE)
                    continue;
                if (n >= g.cells || n == i)
                    fail_msg("%s: cell %llu port %u -> %llu", grid, (unsigned long long)i, p,
                             (unsigned long long)n);
                unsigned b = mz_port_back(&g, i, p);
                if (b >= ports || mz_port_nbr(&g, n, b) != i)
                    fail_msg("%s: cell %llu port %u -> %llu, back %u does not return", grid,
                             (unsigned long long)i, p, (unsigned long long)n, b);
                for (unsigned t = 0; t < ns; t++)
                    if (seen[t] == n)
                        fail_msg("%s: cell %llu reaches %llu twice", grid,
                                 (unsigned long long)i, (unsigned long long)n);
                seen[ns++] = n;
                links++;
            }
            assert_int_equal(mz_port_nbr(&g, i, ports), MZ_NONE);
        }
        /* knock and close every port: the grid comes back to all walls */
        for (mz_idx i = 0; i < g.cells; i++)
            for (unsigned p = 0; p < ports; p++)
                if (mz_port_nbr(&g, i, p) != MZ_NONE) {
                    mz_port_knock(&g, i, p);
                    assert_false(g.c[i] & (1u << p));
                    mz_port_close(&g, i, p);
                }
        for (mz_idx i = 0; i < g.cells; i++)
            assert_int_equal(g.c[i], mz_shape_walls(g.shape));
        assert_true(links % 2 == 0);
        mz_grid_free(&g);
    }
}

/* Known neighbour counts: an inner hex cell has 6, a triangle 3, a polar
 * cell in a ring before a doubling 5, the centre 6. */
static void test_port_counts(void **state)
{
    (void)state;
    mz_grid g;
    make(&g, "hex:6x7");
    unsigned n = 0;
    for (unsigned p = 0; p < 6; p++)
        n += mz_port_nbr(&g, 2 * 7 + 3, p) != MZ_NONE;
    assert_int_equal(n, 6);
    /* even column: NE is one row up; odd column: SE is one row down */
    assert_int_equal(mz_port_nbr(&g, 2 * 7 + 2, 1), 1 * 7 + 3);
    assert_int_equal(mz_port_nbr(&g, 2 * 7 + 3, 2), 3 * 7 + 4);
    mz_grid_free(&g);
    make(&g, "tri:5x8");
    for (mz_idx i = 0; i < g.cells; i++) {
        uint64_t r = i / 8, c = i % 8;
        mz_idx v = mz_port_nbr(&g, i, 2);
        if ((r + c) % 2 == 0)
            assert_int_equal(v, r + 1 < 5 ? i + 8 : MZ_NONE);
        else
            assert_int_equal(v, r > 0 ? i - 8 : MZ_NONE);
    }
    mz_grid_free(&g);
    make(&g, "polar:9");
    n = 0;
    for (unsigned p = 0; p < 6; p++)
        n += mz_port_nbr(&g, 0, p) != MZ_NONE;
    assert_int_equal(n, 6);
    /* ring 3 (12 cells) is followed by ring 4 (24): five ports */
    mz_idx c3 = mz_polar_ring_first(3) + 5;
    n = 0;
    for (unsigned p = 0; p < 6; p++)
        n += mz_port_nbr(&g, c3, p) != MZ_NONE;
    assert_int_equal(n, 5);
    mz_grid_free(&g);
}

/* The polar rule as written: ring 1 has 6 cells; ring r >= 2 doubles the
 * ring before when that has at most 3r cells. */
static void test_polar_rule(void **state)
{
    (void)state;
    uint64_t prev = 6, first = 1;
    assert_int_equal(mz_polar_ring_cells(0), 1);
    assert_int_equal(mz_polar_ring_first(1), 1);
    for (uint64_t r = 1; r < 5000; r++) {
        uint64_t n = r == 1 ? 6 : (prev <= 3 * r ? 2 * prev : prev);
        assert_int_equal(mz_polar_ring_cells(r), n);
        assert_int_equal(mz_polar_ring_first(r), first);
        uint64_t ring, pos;
        mz_polar_locate(first, &ring, &pos);
        assert_int_equal(ring, r);
        assert_int_equal(pos, 0);
        mz_polar_locate(first + n - 1, &ring, &pos);
        assert_int_equal(ring, r);
        assert_int_equal(pos, n - 1);
        first += n;
        prev = n;
    }
}

static void test_parse_format(void **state)
{
    (void)state;
    static const struct {
        const char *in, *out;
        mz_status st;
    } cases[] = {
        {"31", "31x31", MZ_OK},           {"4x5", "4x5", MZ_OK},
        {"ortho:4x5", "4x5", MZ_OK},      {"hex:3x4", "hex:3x4", MZ_OK},
        {"sigma:3", "hex:3x3", MZ_OK},    {"delta:2x9", "tri:2x9", MZ_OK},
        {"theta:20", "polar:20", MZ_OK},  {"polar:1", "polar:1", MZ_OK},
        {"3d:2x3x4", "3d:2x3x4", MZ_OK},  {"cube:1x1x1", "3d:1x1x1", MZ_OK},
        {"weave:5x6", "weave:5x6", MZ_OK}, {"polar:3x4", NULL, MZ_EINVAL},
        {"3d:3x4", NULL, MZ_EINVAL},      {"hex:0x4", NULL, MZ_EINVAL},
        {"hex:", NULL, MZ_EINVAL},        {"round:4", NULL, MZ_ENOTFOUND},
        {":4", NULL, MZ_ENOTFOUND},       {"hex:4x-1", NULL, MZ_EINVAL},
        {"3d:70000x70000x70000", NULL, MZ_ETOOBIG}, {"tri:3x1", NULL, MZ_EINVAL},
        {"tri:2x1", "tri:2x1", MZ_OK}, {"polar:2000000", NULL, MZ_ETOOBIG},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        mz_dims g;
        mz_status st = mz_dims_parse(cases[k].in, &g);
        if (st != cases[k].st)
            fail_msg("'%s': status %d, want %d", cases[k].in, st, cases[k].st);
        if (st != MZ_OK)
            continue;
        char buf[64];
        mz_dims_format(&g, buf, sizeof buf);
        assert_string_equal(buf, cases[k].out);
    }
    mz_dims g;
    assert_int_equal(mz_dims_parse("polar:5", &g), MZ_OK);
    assert_int_equal(g.cols, 24); /* ring 4 */
    assert_int_equal(mz_dims_cells(&g), 1 + 6 + 12 + 12 + 24);
}

/* On a grid with every port open, the shape distance is a lower bound of
 * the BFS distance between any two cells. */
static void test_distance_admissible(void **state)
{
    (void)state;
    mz_dims geo[MZT_MAX_SAMPLES];
    size_t ngeo = sample_grids(geo);
    for (size_t k = 0; k < ngeo; k++) {
        mz_grid g;
        char grid[64];
        mzt_name(&geo[k], grid, sizeof grid);
        assert_int_equal(mz_grid_init(&g, &geo[k], NULL), MZ_OK);
        unsigned ports = mz_shape_ports(g.shape);
        for (mz_idx i = 0; i < g.cells; i++)
            for (unsigned p = 0; p < ports; p++)
                if (mz_port_nbr(&g, i, p) != MZ_NONE)
                    mz_port_knock(&g, i, p);
        uint32_t *dist = malloc(g.cells * sizeof *dist);
        assert_non_null(dist);
        for (mz_idx a = 0; a < g.cells; a++) {
            assert_int_equal(mz_bfs_dist32(&g, a, dist), MZ_OK);
            for (mz_idx b = 0; b < g.cells; b++)
                if (mz_shape_distance(&g, a, b) > dist[b])
                    fail_msg("%s: distance %llu -> %llu is %u, bound %llu", grid,
                             (unsigned long long)a, (unsigned long long)b, dist[b],
                             (unsigned long long)mz_shape_distance(&g, a, b));
        }
        free(dist);
        mz_grid_free(&g);
    }
}

/* The registry hash over some shapes: over square cells alone it leaves
 * the other shapes out, so it differs from the hash over all of them, and
 * a shape bit no entry has changes nothing. */
static void test_registry_hash_on(void **state)
{
    (void)state;
    const unsigned square = MZ_SHAPE_BIT(MZ_SHAPE_ORTHO);
    assert_true(mz_registry_hash(square) != mz_registry_hash(MZ_SHAPES_ALL));
    assert_true(mz_registry_hash(square | (1u << 31)) == mz_registry_hash(square));
    assert_true(mz_registry_hash(MZ_SHAPES_ALL | (1u << 31)) == mz_registry_hash(MZ_SHAPES_ALL));
    for (unsigned s = 1; s < MZ_SHAPE_COUNT; s++)
        assert_true(mz_registry_hash(square | MZ_SHAPE_BIT(s)) != mz_registry_hash(square));
}

/* The weave: a passage may pass under a straight corridor across it, and
 * then nothing may open along the passage in that cell. */
static void test_weave_rules(void **state)
{
    (void)state;
    mz_grid g;
    make(&g, "weave:3x3");
    const mz_idx centre = 4, west = 3;
    /* no corridor yet: no passage under the centre */
    assert_false(mz_port_can_open(&g, west, 4 + MZ_E));
    mz_port_knock(&g, centre, MZ_N);
    assert_false(mz_port_can_open(&g, west, 4 + MZ_E)); /* a dead end, not a corridor */
    mz_port_knock(&g, centre, MZ_S);
    assert_true(mz_port_can_open(&g, west, 4 + MZ_E));
    assert_false(mz_port_can_open(&g, 1, 4 + MZ_S)); /* the corridor runs N-S: no N-S under */
    mz_port_knock(&g, west, 4 + MZ_E);
    assert_int_equal(mz_port_nbr(&g, west, 4 + MZ_E), 5);
    assert_false(g.c[5] & (1u << (4 + MZ_W)));
    /* now the centre may not open east or west, nor the ends toward it */
    assert_false(mz_port_can_open(&g, centre, MZ_E));
    assert_false(mz_port_can_open(&g, centre, MZ_W));
    assert_false(mz_port_can_open(&g, west, MZ_E));
    assert_false(mz_port_can_open(&g, 5, MZ_W));
    assert_true(mz_port_can_open(&g, west, MZ_N));
    assert_int_equal(mz_port_degree(&g, west), 1);
    assert_int_equal(mz_port_degree(&g, centre), 2);
    /* a closed edge reopens the rules */
    mz_port_close(&g, west, 4 + MZ_E);
    assert_true(mz_port_can_open(&g, centre, MZ_E));
    /* a T junction is no corridor: nothing passes under it */
    mz_port_knock(&g, centre, MZ_E);
    assert_false(mz_port_can_open(&g, west, 4 + MZ_E));
    mz_grid_free(&g);
}

/* A hand-made polar maze of 2 rings: the centre joined to all six cells of
 * ring 1, one of which also opens to its clockwise neighbour (one loop). */
static void test_polar_figures(void **state)
{
    (void)state;
    mz_grid g;
    make(&g, "polar:2");
    for (unsigned p = 0; p < 6; p++)
        mz_port_knock(&g, 0, p);
    mz_port_knock(&g, 1, 0); /* cell 1 clockwise to cell 2 */
    mz_metrics m;
    assert_int_equal(mz_metrics_compute(&g, 1, &m), MZ_OK);
    assert_int_equal(m.cells, 7);
    assert_int_equal(m.passages, 7);
    assert_int_equal(m.components, 1);
    assert_int_equal(m.loops, 1);
    assert_int_equal(m.dead_ends, 4);
    assert_int_equal(m.route, 1); /* centre -> cell 6 */
    /* walls: 5 closed ring-1 sides, and the rim's 6 segments */
    assert_int_equal(m.walls, 5 + 6);
    mz_maze_stats s;
    assert_int_equal(mz_maze_stats_compute(&g, 0, &s), MZ_OK);
    assert_int_equal(s.degree[6], 1);
    assert_int_equal(s.degree[1], 4);
    assert_int_equal(s.degree[2], 2);
    assert_int_equal(s.longest, 2);
    assert_false(s.longest_exact);
    /* the digest sees the shape: the same bytes as a 1x7 square grid differ */
    mz_grid o;
    assert_int_equal(mz_grid_init(&o, MZ_SQUARE(1, 7), NULL), MZ_OK);
    assert_true(mz_digest(&o) != mz_digest(&g));
    mz_grid_free(&o);
    mz_grid_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_shape_has_samples),
        cmocka_unit_test(test_ports_round_trip), cmocka_unit_test(test_port_counts),
        cmocka_unit_test(test_polar_rule),       cmocka_unit_test(test_parse_format),
        cmocka_unit_test(test_distance_admissible), cmocka_unit_test(test_weave_rules),
        cmocka_unit_test(test_polar_figures), cmocka_unit_test(test_registry_hash_on),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
