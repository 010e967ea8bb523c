/*
 * test_shape_table.c - the shape table (src/core/shape.h): every shape has
 * a complete record, and on grids of every shape (1-wide and 2-wide ones
 * included) its operations agree with each other: every port's neighbour
 * leads back through the way back to the same cell and port, no port leads
 * to the cell itself, no two ports of a cell lead to the same neighbour,
 * the text of a geometry parses back to it, the default entrance and exit
 * are far apart by the shape's own distance, and that distance is a lower
 * bound of the steps on a grid with every wall open; and every shape has
 * a complete drawing record.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"
#include "core/shape_ports.h"
#include "samples.h"

/* The first shape without a complete drawing record, or -1
 * (src/render/picture/shapes.c). */
int pic_shape_missing(void);
/* The first shape without its picture size estimates, or -1
 * (src/render/picture/layers.c). */
int pic_estimate_missing(void);

/* The grids: every shape's sample grids (tests/samples.h: typical, thin,
 * degenerate and large), so a new shape is checked the moment it has its
 * samples, and a few more square, hex, tri and weave grids one and two
 * cells across. */
static const char *const extra_grids[] = {
    "1x2", "2x1", "1x6", "6x1", "2x5", "5x2", "3x7", "6x6",
    "hex:1x2", "hex:2x1", "hex:1x6", "hex:6x1", "hex:2x5", "hex:5x2", "hex:3x7", "hex:6x6",
    "tri:1x2", "tri:2x1", "tri:1x6", "tri:2x5", "tri:5x2", "tri:3x7", "tri:6x6",
    "weave:1x2", "weave:2x1", "weave:1x6", "weave:6x1", "weave:2x5", "weave:5x2", "weave:3x7",
    "polar:4", "polar:5", "polar:8",
    "3d:2x1x1", "3d:1x1x2", "3d:1x2x2", "3d:2x1x5", "3d:3x2x5", "3d:4x3x3",
};
#define NEXTRA (sizeof extra_grids / sizeof extra_grids[0])
static char grid_text[MZT_MAX_SAMPLES + NEXTRA][64];
static const char *grids[MZT_MAX_SAMPLES + NEXTRA];
static size_t ngrids;
#define NGRIDS ngrids

static int collect_grids(void **state)
{
    (void)state;
    mz_dims s[MZT_MAX_SAMPLES];
    size_t n = mzt_samples_all(MZT_ALL | MZT_LARGE, true, s, MZT_MAX_SAMPLES);
    for (size_t k = 0; k < n; k++) {
        mzt_name(&s[k], grid_text[ngrids], sizeof grid_text[0]);
        grids[ngrids] = grid_text[ngrids];
        ngrids++;
    }
    for (size_t k = 0; k < NEXTRA; k++)
        grids[ngrids++] = extra_grids[k];
    return 0;
}

static void make(mz_grid *g, const char *text)
{
    mz_dims geo;
    if (mz_dims_parse(text, &geo) != MZ_OK)
        fail_msg("%s does not parse", text);
    assert_int_equal(mz_grid_init(g, &geo, NULL), MZ_OK);
}

static void test_every_record_complete(void **state)
{
    (void)state;
    for (unsigned k = 0; k < MZ_SHAPE_COUNT; k++) {
        const mz_shape_ops *o = mz_shape_table[k];
        if (!o)
            fail_msg("shape %u has no record in mz_shape_table", k);
        if (!o->name || !o->sized || !o->connected || !o->cells || !o->parse_dims ||
            !o->format || !o->near || !o->of_side || !o->entrance || !o->exit || !o->centre ||
            !o->nbr || !o->back || !o->across || !o->side_ports || !o->distance)
            fail_msg("the record of shape %u (%s) misses an op", k, o->name ? o->name : "?");
        assert_true(o->ports >= 1 && o->ports <= 8);
        assert_true(o->max_degree >= 1 && o->max_degree <= o->ports);
        if (!(o->figures_bytes_per_cell > 0) || !(o->stats_bytes_per_cell > 0))
            fail_msg("the record of shape %s declares no bytes a cell", o->name);
        assert_int_equal(o->ports, mz_shape_ports((mz_shape)k));
        assert_int_equal(o->ports, mz_sp_ports((mz_shape)k));
        assert_string_equal(mz_shape_name((mz_shape)k), o->name);
        mz_shape s;
        assert_int_equal(mz_shape_parse(o->name, &s), MZ_OK);
        assert_int_equal(s, k);
        if (o->alias) {
            assert_int_equal(mz_shape_parse(o->alias, &s), MZ_OK);
            assert_int_equal(s, k);
        }
        /* its size syntax, its vet, picture and calibration grids */
        if (!o->syntax || !strstr(o->syntax, k == MZ_SHAPE_ORTHO ? "RxC" : o->name))
            fail_msg("the record of shape %s has no size syntax naming it", o->name);
        mz_dims g[16];
        const size_t nvet = mz_shape_grids((mz_shape)k, MZ_GRIDS_VET, g, 16);
        if (nvet == 0)
            fail_msg("the record of shape %s has no vet grids", o->name);
        if (mz_shape_grids((mz_shape)k, MZ_GRIDS_PICTURE, g + nvet, 1) != 1 ||
            mz_shape_grids((mz_shape)k, MZ_GRIDS_CALIBRATE, g + nvet + 1, 1) != 1)
            fail_msg("the record of shape %s has no picture or calibration grid", o->name);
        if (mz_shape_grids((mz_shape)k, MZ_GRIDS_ESTIMATE, NULL, 0) != 2 ||
            mz_shape_grids((mz_shape)k, MZ_GRIDS_ESTIMATE_BIG, NULL, 0) != 2)
            fail_msg("the record of shape %s has not two estimate and two estimate_big grids",
                     o->name);
        for (size_t j = 0; j < nvet + 2; j++)
            if (g[j].shape != (mz_shape)k || !mz_dims_cells(&g[j]) || !mz_dims_connected(&g[j]))
                fail_msg("shape %s: grid %zu of its record is not a grid of it", o->name, j);
        const uint64_t cal = mz_dims_cells(&g[nvet + 1]);
        if (cal < 16384 || cal > 131072)
            fail_msg("shape %s: the calibration grid has %llu cells, not 2^14 to 2^17",
                     o->name, (unsigned long long)cal);
        /* every shape is among the test grids */
        bool seen = false;
        for (size_t t = 0; t < NGRIDS; t++) {
            mz_dims geo;
            seen |= mz_dims_parse(grids[t], &geo) == MZ_OK && geo.shape == (mz_shape)k;
        }
        if (!seen)
            fail_msg("no sample grid of shape %s (tests/samples.h)", o->name);
    }
    int missing = pic_shape_missing();
    if (missing >= 0)
        fail_msg("shape %d has no complete drawing record (src/render/picture/shapes.c)", missing);
    missing = pic_estimate_missing();
    if (missing >= 0)
        fail_msg("shape %d has no picture size estimates (its drawing record's .est, "
                 "src/render/picture/shapes.c)", missing);
}

/* Ports: the way back, no loop to the cell itself, no double edge, and the
 * record's ops agree with the public functions and the inline dispatch. */
static void test_ports_agree(void **state)
{
    (void)state;
    for (size_t t = 0; t < NGRIDS; t++) {
        mz_grid g;
        make(&g, grids[t]);
        const mz_shape_ops *o = mz_shape_table[g.shape];
        for (mz_idx i = 0; i < g.cells; i++) {
            assert_true(o->side_ports(&g, i) <= o->ports);
            for (unsigned p = 0; p < o->ports; p++) {
                const mz_idx n = o->nbr(&g, i, p);
                assert_int_equal(n, mz_port_nbr(&g, i, p));
                assert_int_equal(n, mz_sp_nbr(&g, g.shape, i, p));
                if (n == MZ_NONE)
                    continue;
                if (n >= g.cells)
                    fail_msg("%s: cell %llu port %u leads off the cells", grids[t],
                             (unsigned long long)i, p);
                if (n == i)
                    fail_msg("%s: cell %llu port %u leads to itself", grids[t],
                             (unsigned long long)i, p);
                const unsigned b = o->back(&g, i, p);
                assert_int_equal(b, mz_port_back(&g, i, p));
                if (b >= o->ports || o->nbr(&g, n, b) != i)
                    fail_msg("%s: cell %llu port %u: the way back (port %u of %llu) does not "
                             "lead back", grids[t], (unsigned long long)i, p, b,
                             (unsigned long long)n);
                if (o->back(&g, n, b) != p)
                    fail_msg("%s: cell %llu port %u: the way back's way back is not %u",
                             grids[t], (unsigned long long)i, p, p);
                for (unsigned q = p + 1; q < o->ports; q++)
                    if (o->nbr(&g, i, q) == n)
                        fail_msg("%s: cell %llu: ports %u and %u lead to the same cell",
                                 grids[t], (unsigned long long)i, p, q);
            }
            for (unsigned p = o->ports; p < 8; p++)
                assert_int_equal(o->nbr(&g, i, p), MZ_NONE);
        }
        mz_grid_free(&g);
    }
}

/* The text of a geometry reads back to it; near and of_side make valid
 * geometries. */
static void test_text_round_trip(void **state)
{
    (void)state;
    for (size_t t = 0; t < NGRIDS; t++) {
        mz_dims geo, back;
        char text[128];
        assert_int_equal(mz_dims_parse(grids[t], &geo), MZ_OK);
        size_t n = mz_dims_format(&geo, text, sizeof text);
        assert_true(n > 0 && n < sizeof text);
        if (mz_dims_parse(text, &back) != MZ_OK)
            fail_msg("%s: its text %s does not parse", grids[t], text);
        if (back.shape != geo.shape || back.levels != geo.levels || back.rows != geo.rows ||
            back.cols != geo.cols)
            fail_msg("%s: %s reads back as another geometry", grids[t], text);
    }
    static const uint64_t targets[] = {1, 2, 7, 100, 1000, 123457};
    for (unsigned k = 0; k < MZ_SHAPE_COUNT; k++) {
        const mz_shape_ops *o = mz_shape_table[k];
        for (size_t j = 0; j < sizeof targets / sizeof targets[0]; j++) {
            mz_dims g = o->near(targets[j]);
            assert_int_equal(g.shape, k);
            uint64_t cells = mz_dims_cells(&g);
            if (cells == 0 || cells > targets[j] * 2 + 7)
                fail_msg("%s: near(%llu) gives %llu cells", o->name,
                         (unsigned long long)targets[j], (unsigned long long)cells);
            if (targets[j] >= 100 && cells > targets[j])
                fail_msg("%s: near(%llu) gives more cells (%llu)", o->name,
                         (unsigned long long)targets[j], (unsigned long long)cells);
            g = o->of_side(targets[j] < 50 ? targets[j] : 50);
            assert_true(mz_dims_cells(&g) > 0);
        }
    }
}

/* Breadth-first steps from src on g with every wall open. */
static void bfs_open(const mz_grid *g, mz_idx src, uint64_t *dist)
{
    const unsigned ports = mz_shape_ports(g->shape);
    mz_idx *q = malloc(sizeof *q * (size_t)g->cells);
    assert_non_null(q);
    for (mz_idx i = 0; i < g->cells; i++)
        dist[i] = UINT64_MAX;
    size_t head = 0, tail = 0;
    dist[src] = 0;
    q[tail++] = src;
    while (head < tail) {
        mz_idx x = q[head++];
        for (unsigned p = 0; p < ports; p++) {
            mz_idx y = mz_port_nbr(g, x, p);
            if (y != MZ_NONE && dist[y] == UINT64_MAX) {
                dist[y] = dist[x] + 1;
                q[tail++] = y;
            }
        }
    }
    free(q);
}

/* The distance is a lower bound of the steps (all cells reached: the grid
 * is connected), and the default entrance and exit differ and lie at least
 * half the grid's diameter (by that distance) apart. */
static void test_distance_and_ends(void **state)
{
    (void)state;
    for (size_t t = 0; t < NGRIDS; t++) {
        mz_grid g;
        make(&g, grids[t]);
        uint64_t *dist = malloc(sizeof *dist * (size_t)g.cells);
        assert_non_null(dist);
        uint64_t diameter = 0;
        for (mz_idx a = 0; a < g.cells; a++) {
            bfs_open(&g, a, dist);
            for (mz_idx b = 0; b < g.cells; b++) {
                if (dist[b] == UINT64_MAX)
                    fail_msg("%s: cell %llu is not reached from %llu", grids[t],
                             (unsigned long long)b, (unsigned long long)a);
                uint64_t d = mz_shape_distance(&g, a, b);
                if (d > dist[b])
                    fail_msg("%s: distance %llu from %llu to %llu, but %llu steps", grids[t],
                             (unsigned long long)d, (unsigned long long)a,
                             (unsigned long long)b, (unsigned long long)dist[b]);
                if (d > diameter)
                    diameter = d;
            }
        }
        assert_true(g.entrance < g.cells && g.exit < g.cells);
        if (g.cells >= 2 && g.entrance == g.exit)
            fail_msg("%s: the entrance is the exit", grids[t]);
        uint64_t d = mz_shape_distance(&g, g.entrance, g.exit);
        if (g.cells > 2 && 2 * d < diameter)
            fail_msg("%s: entrance and exit %llu apart, the diameter is %llu", grids[t],
                     (unsigned long long)d, (unsigned long long)diameter);
        assert_true(mz_cell_resolve(&g, MZ_CELL_CENTRE) < g.cells);
        free(dist);
        mz_grid_free(&g);
    }
}

/* Grids a shape refuses (MZ_EINVAL): a torus side of 1 or 2 would join a
 * cell to itself or the same two cells twice. */
static void test_refused(void **state)
{
    (void)state;
    static const char *const bad[] = {"torus:1x1", "torus:2x2", "torus:2x5", "torus:5x2",
                                      "torus:1x6", "torus:6x1", "torus:2"};
    for (size_t t = 0; t < sizeof bad / sizeof bad[0]; t++) {
        mz_dims geo;
        if (mz_dims_parse(bad[t], &geo) != MZ_EINVAL)
            fail_msg("%s parses", bad[t]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_record_complete),
        cmocka_unit_test(test_ports_agree),
        cmocka_unit_test(test_text_round_trip),
        cmocka_unit_test(test_distance_and_ends),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, collect_grids, NULL);
}
