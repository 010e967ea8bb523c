/*
 * test_outside_path.c - path files (src/outside/path.c): what an outside
 * solver prints, read into cells and written back:
 *   - indices, ROW COL (blanks or a comma), RING POS on polar grids and
 *     LEVEL ROW COL on 3d ones, blank lines, comments, CR LF, the header;
 *   - a coordinate past the grid reads as off the grid (MZ_NONE);
 *   - each malformed line is MZ_EFORMAT with its line and column;
 *   - more than MZX_PATH_FACTOR times the cells is MZ_ETOOBIG;
 *   - a written path reads back the same on every shape, in both forms.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebench.h"
#include "outside/solver.h"
#include "samples.h"

static void grid(mz_grid *g, const char *text)
{
    mz_dims d;
    assert_int_equal(mz_dims_parse(text, &d), MZ_OK);
    memset(g, 0, sizeof *g);
    assert_int_equal(mz_grid_init(g, &d, NULL), MZ_OK);
}

/* Read text on g in form: the status, the cells into out (at most 16). */
static mz_status rd(const mz_grid *g, const char *text, mzx_path_form form, mz_idx *out,
                    uint64_t *n, char *err)
{
    mz_idx *cells = NULL;
    mz_status s = mzx_path_read(text, strlen(text), g, form, &cells, n, err, 200);
    if (s == MZ_OK && out && cells)
        memcpy(out, cells, (*n < 16 ? *n : 16) * sizeof *out);
    free(cells);
    return s;
}

static void test_forms(void **state)
{
    (void)state;
    mz_grid g;
    grid(&g, "4x5");
    mz_idx c[16];
    uint64_t n;
    char err[200];
    assert_int_equal(rd(&g, "mazebench-path 1\n0\n1\n  6 \n# a comment\n\n1 2\n2,3  # rc\r\n3 , 4\n",
                        MZX_PATH_ANY, c, &n, err), MZ_OK);
    assert_int_equal(n, 6);
    const mz_idx want[6] = {0, 1, 6, 7, 13, 19};
    for (unsigned k = 0; k < 6; k++)
        assert_int_equal(c[k], want[k]);
    /* no final newline, nothing at all, comments only */
    assert_int_equal(rd(&g, "0\n5", MZX_PATH_INDEX, c, &n, err), MZ_OK);
    assert_int_equal(n, 2);
    assert_int_equal(c[1], 5);
    assert_int_equal(rd(&g, "", MZX_PATH_ANY, c, &n, err), MZ_OK);
    assert_int_equal(n, 0);
    assert_int_equal(rd(&g, "# none\n\n", MZX_PATH_ANY, c, &n, err), MZ_OK);
    assert_int_equal(n, 0);
    /* past the grid: off it */
    assert_int_equal(rd(&g, "4 0\n0 5\n20\n99999999999\n", MZX_PATH_ANY, c, &n, err), MZ_OK);
    assert_int_equal(n, 4);
    assert_true(c[0] >= g.cells && c[1] >= g.cells && c[2] >= g.cells && c[3] >= g.cells);
    mz_grid_free(&g);

    grid(&g, "3d:2x3x4");
    assert_int_equal(rd(&g, "1 2 3\n0,0,1\n", MZX_PATH_RC, c, &n, err), MZ_OK);
    assert_int_equal(c[0], 23);
    assert_int_equal(c[1], 1);
    assert_int_equal(rd(&g, "2 0 0\n", MZX_PATH_RC, c, &n, err), MZ_OK);
    assert_true(c[0] >= g.cells);
    mz_grid_free(&g);

    grid(&g, "polar:3");
    /* the centre, ring 1 position 5, ring 2 position 0 */
    assert_int_equal(rd(&g, "0 0\n1 5\n2 0\n1 6\n", MZX_PATH_RC, c, &n, err), MZ_OK);
    assert_int_equal(c[0], 0);
    assert_int_equal(c[1], 6);
    assert_int_equal(c[2], mz_polar_ring_first(2));
    assert_true(c[3] >= g.cells);
    mz_grid_free(&g);
}

static void expect_bad(const mz_grid *g, const char *text, mzx_path_form form, const char *where)
{
    char err[200];
    uint64_t n;
    mz_status s = rd(g, text, form, NULL, &n, err);
    if (s != MZ_EFORMAT || strncmp(err, where, strlen(where)) != 0)
        fail_msg("'%s': %s, '%s'; expected MZ_EFORMAT at %s", text, mz_status_str(s), err, where);
}

static void test_errors(void **state)
{
    (void)state;
    mz_grid g;
    grid(&g, "4x5");
    expect_bad(&g, "0\nx\n", MZX_PATH_ANY, "2:1:");
    expect_bad(&g, "0\n  1 y\n", MZX_PATH_ANY, "2:5:");
    expect_bad(&g, "-1\n", MZX_PATH_ANY, "1:1:");
    expect_bad(&g, "1 2 3\n", MZX_PATH_ANY, "1:1:");
    expect_bad(&g, "1 2 3 4\n", MZX_PATH_ANY, "1:7:");
    expect_bad(&g, "1,\n", MZX_PATH_ANY, "1:3:");
    expect_bad(&g, "1,,2\n", MZX_PATH_ANY, "1:3:");
    expect_bad(&g, "1 2\n", MZX_PATH_INDEX, "1:1:");
    expect_bad(&g, "1\n", MZX_PATH_RC, "1:1:");
    expect_bad(&g, "0\n99999999999999999999999\n", MZX_PATH_ANY, "2:1:");
    expect_bad(&g, "mazebench-path 2\n0\n", MZX_PATH_ANY, "1:16:");
    expect_bad(&g, "0\nmazebench-path 1\n", MZX_PATH_ANY, "2:1:"); /* the header comes first */
    expect_bad(&g, "1.5\n", MZX_PATH_ANY, "1:2:");
    mz_grid_free(&g);
    grid(&g, "3d:2x3x4");
    expect_bad(&g, "1 2\n", MZX_PATH_RC, "1:1:");
    mz_grid_free(&g);

    /* a line that is not NUL-terminated ends at len */
    grid(&g, "4x5");
    mz_idx *cells = NULL;
    uint64_t n = 0;
    char err[200];
    assert_int_equal(mzx_path_read("12x", 2, &g, MZX_PATH_ANY, &cells, &n, err, sizeof err), MZ_OK);
    assert_int_equal(n, 1);
    assert_int_equal(cells[0], 12);
    free(cells);
    mz_grid_free(&g);
}

static void test_cap(void **state)
{
    (void)state;
    mz_grid g;
    grid(&g, "2x2");
    const size_t lines = 2 * 2 * MZX_PATH_FACTOR + 1;
    char *text = malloc(2 * (lines + 1) + 1);
    assert_non_null(text);
    for (size_t k = 0; k < lines; k++)
        memcpy(text + 2 * k, "0\n", 2);
    text[2 * lines] = '\0';
    mz_idx *cells = NULL;
    uint64_t n = 0;
    char err[200];
    assert_int_equal(mzx_path_read(text, 2 * lines, &g, MZX_PATH_ANY, &cells, &n, err, sizeof err),
                     MZ_OK);
    assert_int_equal(n, lines);
    free(cells);
    memcpy(text + 2 * lines, "0\n", 3);
    assert_int_equal(mzx_path_read(text, 2 * lines + 2, &g, MZX_PATH_ANY, &cells, &n, err,
                                   sizeof err), MZ_ETOOBIG);
    assert_null(cells);
    assert_non_null(strstr(err, "more than"));
    free(text);
    mz_grid_free(&g);
}

typedef struct sink {
    char *p;
    size_t len;
} sink;

static int put(void *user, const char *buf, size_t n)
{
    sink *s = user;
    char *q = realloc(s->p, s->len + n + 1);
    if (!q)
        return 1;
    memcpy(q + s->len, buf, n);
    s->len += n;
    q[s->len] = '\0';
    s->p = q;
    return 0;
}

static int put_fail(void *user, const char *buf, size_t n)
{
    (void)user;
    (void)buf;
    (void)n;
    return 1;
}

/* Every cell of every sample grid, written and read back in each form. */
static void test_round_trip(void **state)
{
    (void)state;
    mz_dims grids[MZT_MAX_SAMPLES];
    size_t ngrids = mzt_samples_all(MZT_ALL, true, grids, MZT_MAX_SAMPLES);
    for (size_t z = 0; z < ngrids; z++) {
        mz_grid g;
        memset(&g, 0, sizeof g);
        assert_int_equal(mz_grid_init(&g, &grids[z], NULL), MZ_OK);
        mz_idx *all = malloc(g.cells * sizeof *all);
        assert_non_null(all);
        for (mz_idx i = 0; i < g.cells; i++)
            all[i] = g.cells - 1 - i;
        for (int form = MZX_PATH_INDEX; form <= MZX_PATH_RC; form++) {
            sink s = {NULL, 0};
            assert_int_equal(mzx_path_write(&g, all, g.cells, (mzx_path_form)form, put, &s), MZ_OK);
            assert_int_equal(strncmp(s.p, "mazebench-path 1\n", 17), 0);
            mz_idx *back = NULL;
            uint64_t n = 0;
            char err[200];
            mz_status st = mzx_path_read(s.p, s.len, &g, (mzx_path_form)form, &back, &n, err,
                                         sizeof err);
            if (st != MZ_OK)
                fail_msg("%s: %s", mz_shape_name(g.shape), err);
            assert_int_equal(n, g.cells);
            assert_memory_equal(back, all, g.cells * sizeof *all);
            free(back);
            free(s.p);
        }
        all[0] = g.cells;
        sink s = {NULL, 0};
        assert_int_equal(mzx_path_write(&g, all, 1, MZX_PATH_INDEX, put, &s), MZ_EINVAL);
        free(s.p);
        all[0] = 0;
        assert_int_equal(mzx_path_write(&g, all, 1, MZX_PATH_RC, put_fail, NULL), MZ_EIO);
        free(all);
        mz_grid_free(&g);
    }
    mzx_path_form f;
    assert_int_equal(mzx_path_form_parse("rc", &f), MZ_OK);
    assert_int_equal(f, MZX_PATH_RC);
    assert_int_equal(mzx_path_form_parse("index", &f), MZ_OK);
    assert_int_equal(f, MZX_PATH_INDEX);
    assert_int_equal(mzx_path_form_parse("rows", &f), MZ_ENOTFOUND);
    assert_string_equal(mzx_path_form_name(MZX_PATH_RC), "rc");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_forms),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_cap),
        cmocka_unit_test(test_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
