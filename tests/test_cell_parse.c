/*
 * test_cell_parse.c - mz_cell_parse, the cell named in text that render's
 * --from takes: on every sample grid of every shape, entrance, exit and
 * centre are the grid's own (the centre the shape's, as MZ_CELL_CENTRE:
 * on a 3d grid a cell of the middle level), an index names itself and one
 * past the last is refused, "R,C" names row R, column C on the shapes of
 * rows and columns and is refused elsewhere and off the grid, and a
 * blocked square cell is refused.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "mazebench.h"
#include "samples.h"

/* Does the shape take "R,C"? One case a shape (-Wswitch-enum names a new one). */
static bool takes_rc(mz_shape s)
{
    switch (s) {
    case MZ_SHAPE_ORTHO:
    case MZ_SHAPE_HEX:
    case MZ_SHAPE_TRI:
    case MZ_SHAPE_WEAVE:
    case MZ_SHAPE_TORUS:
        return true;
    case MZ_SHAPE_POLAR:
    case MZ_SHAPE_CUBE:
    case MZ_SHAPE_COUNT:
        return false;
    }
    return false;
}

static mz_idx parse_ok(const mz_grid *g, const char *text, const char *where)
{
    mz_idx c = MZ_NONE;
    char err[160] = "";
    mz_status s = mz_cell_parse(g, text, &c, err, sizeof err);
    if (s != MZ_OK)
        fail_msg("%s: '%s' refused (%s: %s)", where, text, mz_status_str(s), err);
    return c;
}

static void parse_bad(const mz_grid *g, const char *text, const char *says, const char *where)
{
    mz_idx c = 12345;
    char err[160] = "";
    mz_status s = mz_cell_parse(g, text, &c, err, sizeof err);
    if (s != MZ_EPARAM || c != 12345 || !strstr(err, says))
        fail_msg("%s: '%s' gave %s, cell %llu, '%s' (want MZ_EPARAM saying '%s')", where, text,
                 mz_status_str(s), (unsigned long long)c, err, says);
}

static void every_shape(void **state)
{
    (void)state;
    unsigned grids = 0;
    for (unsigned s = 0; s < MZ_SHAPE_COUNT; s++) {
        mz_dims d[MZT_MAX_SAMPLES];
        size_t n = mzt_samples_of((mz_shape)s, MZT_ALL | MZT_LARGE, d, MZT_MAX_SAMPLES);
        assert_true(n > 0);
        for (size_t k = 0; k < n; k++, grids++) {
            char where[64], text[64];
            mzt_name(&d[k], where, sizeof where);
            mz_grid g;
            assert_int_equal(mz_grid_init(&g, &d[k], NULL), MZ_OK);
            assert_int_equal(parse_ok(&g, "entrance", where), g.entrance);
            assert_int_equal(parse_ok(&g, "exit", where), g.exit);
            mz_idx centre = mz_cell_resolve(&g, MZ_CELL_CENTRE);
            assert_int_equal(parse_ok(&g, "centre", where), centre);
            assert_int_equal(parse_ok(&g, "center", where), centre);
            assert_int_equal(parse_ok(&g, "0", where), 0);
            snprintf(text, sizeof text, "%llu", (unsigned long long)(g.cells - 1));
            assert_int_equal(parse_ok(&g, text, where), g.cells - 1);
            snprintf(text, sizeof text, "%llu", (unsigned long long)g.cells);
            parse_bad(&g, text, "out of range", where);
            parse_bad(&g, "", "not a non-negative integer", where);
            parse_bad(&g, "middle", "not a non-negative integer", where);
            parse_bad(&g, "-1", "not a non-negative integer", where);
            if (takes_rc((mz_shape)s)) {
                snprintf(text, sizeof text, "%llu,%llu", (unsigned long long)(g.rows - 1),
                         (unsigned long long)(g.cols - 1));
                assert_int_equal(parse_ok(&g, text, where), g.rows * g.cols - 1);
                assert_int_equal(parse_ok(&g, "0,0", where), 0);
                snprintf(text, sizeof text, "%llu,0", (unsigned long long)g.rows);
                parse_bad(&g, text, "off the", where);
                snprintf(text, sizeof text, "0,%llu", (unsigned long long)g.cols);
                parse_bad(&g, text, "off the", where);
            } else {
                parse_bad(&g, "0,0", "not a non-negative integer", where);
            }
            mz_grid_free(&g);
        }
    }
    assert_true(grids >= 2 * MZ_SHAPE_COUNT);
}

/* The centre of a 3d grid is on its middle level (render --from centre
 * once took level 0's middle cell, 12 here); R,C of a square grid is row
 * R's cell C; a blocked square cell is refused, while on a hex grid the
 * same bit is a port and the cell is named. */
static void named_cells(void **state)
{
    (void)state;
    mz_grid g;
    mz_dims cube = {MZ_SHAPE_CUBE, 3, 5, 5};
    assert_int_equal(mz_grid_init(&g, &cube, NULL), MZ_OK);
    assert_int_equal(parse_ok(&g, "centre", "3d:3x5x5"), 37);
    mz_grid_free(&g);

    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(7, 9), NULL), MZ_OK);
    assert_int_equal(parse_ok(&g, "2,3", "7x9"), 21);
    assert_int_equal(parse_ok(&g, "centre", "7x9"), 3 * 9 + 4);
    g.c[21] |= MZ_BLOCKED;
    parse_bad(&g, "2,3", "is blocked", "7x9");
    parse_bad(&g, "21", "is blocked", "7x9");
    mz_grid_free(&g);

    mz_dims hex = {MZ_SHAPE_HEX, 1, 7, 9};
    assert_int_equal(mz_grid_init(&g, &hex, NULL), MZ_OK);
    g.c[21] |= MZ_BLOCKED;
    assert_int_equal(parse_ok(&g, "21", "hex:7x9"), 21);
    mz_grid_free(&g);

    /* err is optional. */
    mz_idx c = 0;
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(3, 3), NULL), MZ_OK);
    assert_int_equal(mz_cell_parse(&g, "9", &c, NULL, 0), MZ_EPARAM);
    assert_int_equal(mz_cell_parse(&g, "8", &c, NULL, 0), MZ_OK);
    assert_int_equal(c, 8);
    mz_grid_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_shape),
        cmocka_unit_test(named_cells),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
