/*
 * test_file.c - maze files (src/mazebench_file.h, docs/maze-files.md).
 *
 *   - round trips: every generator that runs on square cells, at two sizes
 *     and two seeds, written and read back in every format gives the same
 *     digest (mzb: the same bytes, ends, flags and tiles too); the blocks
 *     cells layout for the boards of blocked cells it holds; mzb on every
 *     shape's sample grids (tests/samples.h) for every generator that runs
 *     on the shape;
 *   - the ascii writer draws what mz_render_ascii draws;
 *   - detection, and the format named instead;
 *   - each kind of error with its line and column; sizes refused before
 *     anything is allocated (a header claiming 2^40 cells, past 2^40, a
 *     JSON coordinate of 2^32 - 1, a budget of a few bytes);
 *   - a header's size checked against the text that follows and against
 *     the size expected, and drawings whose size passes their text, before
 *     anything is allocated;
 *   - texts cut at every byte, in every format: refused with a line, or
 *     (white space cut) the whole maze, never a smaller one;
 *   - inconsistent walls counted and closed; a blocked cell's open side;
 *   - blocks: both layouts, wall characters, cell sizes;
 *   - the sample files of tests/maze-files/ (the JSON of the npm package
 *     generate-maze, a wide ascii drawing, a board of two-character
 *     blocks);
 *   - the writers' errors: a sink that fails, shapes a format cannot hold.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mazebench.h"
#include "mazebench_file.h"
#include "mazebench_render.h"
#include "samples.h"

/* ---- helpers ---- */

typedef struct buf {
    char *b;
    size_t n, cap;
    int fail_after; /* put calls before a failure; -1: never */
} buf;

static int put(void *user, const char *s, size_t n)
{
    buf *b = user;
    if (b->fail_after == 0)
        return 1;
    if (b->fail_after > 0)
        b->fail_after--;
    if (b->n + n + 1 > b->cap) {
        b->cap = (b->n + n + 1) * 2;
        b->b = realloc(b->b, b->cap);
        assert_non_null(b->b);
    }
    memcpy(b->b + b->n, s, n);
    b->n += n;
    b->b[b->n] = '\0';
    return 0;
}

static char *write_text(const mz_grid *g, mz_file_format f, const mz_file_opts *o, size_t *len)
{
    buf b = {NULL, 0, 0, -1};
    mz_status s = mz_file_write(g, f, o, put, &b);
    if (s != MZ_OK)
        fail_msg("write %s: %s", mz_file_format_name(f), mz_status_str(s));
    if (!b.b)
        b.b = calloc(1, 1);
    *len = b.n;
    return b.b;
}

static mz_status read_text(const char *text, mz_file_format f, mz_grid *g, mz_file_info *info)
{
    mz_file_opts o;
    memset(&o, 0, sizeof o);
    o.format = f;
    return mz_file_read(text, strlen(text), &o, g, info);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    char *t = malloc(1 << 16);
    assert_non_null(t);
    *len = fread(t, 1, (1 << 16) - 1, f);
    t[*len] = '\0';
    fclose(f);
    return t;
}

static bool generate(const mz_algo *a, const mz_dims *d, uint32_t seed, mz_grid *g)
{
    mz_spec spec;
    char err[256];
    if (mz_spec_parse(a->name, &spec, err, sizeof err) != MZ_OK)
        return false;
    return mz_generate(&spec, seed, d, g, NULL) == MZ_OK;
}

/* ---- round trips ---- */

static void same_maze(const mz_grid *a, const mz_grid *b, bool lossless, const char *what)
{
    if (mz_digest(a) != mz_digest(b))
        fail_msg("%s: digest %016llx read back as %016llx", what,
                 (unsigned long long)mz_digest(a), (unsigned long long)mz_digest(b));
    if (!lossless)
        return;
    if (a->cells != b->cells || memcmp(a->c, b->c, (size_t)a->cells) != 0 ||
        a->entrance != b->entrance || a->exit != b->exit || a->flags != b->flags ||
        a->shape != b->shape || a->levels != b->levels || !a->tiles != !b->tiles ||
        (a->tiles && memcmp(a->tiles, b->tiles, (size_t)a->cells) != 0))
        fail_msg("%s: not the same maze read back", what);
}

static void test_square_round_trips(void **state)
{
    (void)state;
    static const uint32_t seeds[] = {1, 464};
    const mz_dims sizes[] = {*MZ_SQUARE(11, 13), *MZ_SQUARE(1, 7), *MZ_SQUARE(2, 2)};
    unsigned done = 0, cells_layout = 0;
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind != MZ_GEN || !mz_runs_on(*a, MZ_SHAPE_ORTHO))
            continue;
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
            for (size_t k = 0; k < 2; k++) {
                mz_grid g = {0}, h = {0};
                if (!generate(*a, &sizes[z], seeds[k], &g)) {
                    mz_grid_free(&g);
                    continue;
                }
                for (unsigned f = MZ_FILE_ASCII; f < MZ_FILE_FORMAT_COUNT; f++) {
                    char what[160];
                    snprintf(what, sizeof what, "%s %llux%llu seed %u as %s", (*a)->name,
                             (unsigned long long)g.rows, (unsigned long long)g.cols, seeds[k],
                             mz_file_format_name((mz_file_format)f));
                    size_t len;
                    char *t = write_text(&g, (mz_file_format)f, NULL, &len);
                    mz_file_info info;
                    mz_status s = mz_file_read(t, len, NULL, &h, &info);
                    if (s != MZ_OK)
                        fail_msg("%s: %s at %llu:%llu: %s", what, mz_status_str(s),
                                 (unsigned long long)info.line, (unsigned long long)info.col,
                                 info.err);
                    assert_int_equal(info.format, f); /* detected */
                    assert_int_equal(info.inconsistent, 0);
                    same_maze(&g, &h, mz_file_format_lossless((mz_file_format)f), what);
                    free(t);
                    done++;
                }
                /* A board of blocked cells as a page of cells, where it is one. */
                mz_file_opts o;
                memset(&o, 0, sizeof o);
                o.layout = MZ_BLOCKS_CELLS;
                buf b = {NULL, 0, 0, -1};
                if (mz_file_write(&g, MZ_FILE_BLOCKS, &o, put, &b) == MZ_OK) {
                    mz_file_info info;
                    o.format = MZ_FILE_BLOCKS;
                    assert_int_equal(mz_file_read(b.b ? b.b : "", b.n, &o, &h, &info), MZ_OK);
                    same_maze(&g, &h, false, (*a)->name);
                    cells_layout++;
                }
                free(b.b);
                mz_grid_free(&g);
                mz_grid_free(&h);
            }
    }
    assert_true(done > 100);
    assert_true(cells_layout > 0); /* treasure's boards */
}

static void test_mzb_every_shape(void **state)
{
    (void)state;
    mz_dims geo[MZT_MAX_SAMPLES];
    size_t n = mzt_samples_all(MZT_ALL, true, geo, MZT_MAX_SAMPLES);
    unsigned done = 0;
    unsigned shapes = 0;
    for (size_t z = 0; z < n; z++)
        for (const mz_algo *const *a = mz_registry; *a; a++) {
            if ((*a)->kind != MZ_GEN || !mz_runs_on(*a, geo[z].shape))
                continue;
            mz_grid g = {0}, h = {0};
            if (!generate(*a, &geo[z], 7, &g)) {
                mz_grid_free(&g);
                continue;
            }
            char name[64], what[160];
            snprintf(what, sizeof what, "%s on %s", (*a)->name, mzt_name(&geo[z], name, sizeof name));
            size_t len;
            char *t = write_text(&g, MZ_FILE_MZB, NULL, &len);
            mz_file_info info;
            mz_status s = mz_file_read(t, len, NULL, &h, &info);
            if (s != MZ_OK)
                fail_msg("%s: %s: %s", what, mz_status_str(s), info.err);
            same_maze(&g, &h, true, what);
            assert_int_equal(info.inconsistent, 0);
            shapes |= 1u << g.shape;
            /* The formats that do not hold the shape refuse it. */
            buf b = {NULL, 0, 0, -1};
            for (unsigned f = MZ_FILE_AUTO + 1; f < MZ_FILE_FORMAT_COUNT; f++)
                if (!(mz_file_format_shapes((mz_file_format)f) & MZ_SHAPE_BIT(g.shape)))
                    assert_int_equal(mz_file_write(&g, (mz_file_format)f, NULL, put, &b),
                                     MZ_EUNSUPPORTED);
            assert_int_equal(b.n, 0);
            free(t);
            mz_grid_free(&g);
            mz_grid_free(&h);
            done++;
        }
    assert_int_equal(shapes, MZ_SHAPES_ALL);
    assert_true(done > 50);
}

static void test_ascii_is_the_drawing(void **state)
{
    (void)state;
    const mz_algo *a = mz_find(MZ_GEN, "treasure");
    assert_non_null(a);
    mz_grid g = {0};
    assert_true(generate(a, MZ_SQUARE(9, 11), 3, &g));
    g.tiles = NULL; /* a tile map draws as tiles; the file draws walls */
    char *art = mz_render_ascii(&g, NULL, 0, UINT64_C(1) << 20);
    size_t len;
    char *t = write_text(&g, MZ_FILE_ASCII, NULL, &len);
    assert_string_equal(t, art);
    free(art);
    free(t);
    mz_grid_free(&g);
}

/* ---- detection ---- */

static void test_detection(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        mz_file_format f;
    } cases[] = {
        {"mazebench-maze 1 1x2 entrance=0 exit=1 flags=0 tiles=0\n0d07\n", MZ_FILE_MZB},
        {"\xEF\xBB\xBFmazebench-maze 1 1x2\n0d07\n", MZ_FILE_MZB},
        {"  \n [{\"x\":0,\"y\":0}]", MZ_FILE_JSON},
        {"+--+\n|  |\n+--+\n", MZ_FILE_ASCII},
        {"###\n# #\n###\n", MZ_FILE_BLOCKS},
        {"\xE2\x96\x88\xE2\x96\x88\xE2\x96\x88\n\xE2\x96\x88 \xE2\x96\x88\n"
         "\xE2\x96\x88\xE2\x96\x88\xE2\x96\x88\n",
         MZ_FILE_BLOCKS},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        mz_grid g = {0};
        mz_file_info info;
        mz_status s = read_text(cases[k].text, MZ_FILE_AUTO, &g, &info);
        if (s != MZ_OK)
            fail_msg("case %zu: %s: %s", k, mz_status_str(s), info.err);
        assert_int_equal(info.format, cases[k].f);
        mz_grid_free(&g);
    }
    /* A format named is read as that format. */
    mz_grid g = {0};
    mz_file_info info;
    assert_int_equal(read_text("+--+\n|  |\n+--+\n", MZ_FILE_JSON, &g, &info), MZ_EFORMAT);
    assert_int_equal(info.format, MZ_FILE_JSON);
    assert_int_equal(read_text("#+#\n# #\n###\n", MZ_FILE_BLOCKS, &g, &info), MZ_OK);
    assert_int_equal(g.cells, 1);
    /* Ends: two cells with a gap in the border are the entrance and the
     * exit; one gap alone is not. */
    assert_int_equal(read_text("+--+  +--+\n|        |\n+--+--+  +\n|         \n+--+--+--+\n",
                               MZ_FILE_AUTO, &g, &info), MZ_OK);
    assert_int_equal(g.entrance, 1);
    assert_int_equal(g.exit, 5);
    assert_int_equal(read_text("+--+  +--+\n|         \n+--+--+  +\n|        |\n+--+--+--+\n",
                               MZ_FILE_AUTO, &g, &info), MZ_OK);
    assert_int_equal(g.entrance, 1);
    assert_int_equal(g.exit, 2);
    assert_int_equal(read_text("+--+  +--+\n|        |\n+--+--+  +\n|        |\n+--+--+--+\n",
                               MZ_FILE_AUTO, &g, &info), MZ_OK);
    assert_int_equal(g.entrance, 0); /* one gap: the first open cell and the last */
    assert_int_equal(g.exit, 5);
    assert_int_equal(read_text("+--+--+--+--+\n|           |\n+--+--+--+--+\n            \n"
                               "+--+--+--+--+\n|           |\n+--+--+--+--+\n",
                               MZ_FILE_AUTO, &g, &info), MZ_OK);
    assert_int_equal(g.entrance, 4); /* west and east gaps of the middle row */
    assert_int_equal(g.exit, 7);
    /* Text below a drawing (gen --format ascii's figures) is not read. */
    assert_int_equal(read_text("+--+--+\n|     |\n+--+--+\ngen: dfs\n+ x\n", MZ_FILE_AUTO, &g, &info),
                     MZ_OK);
    assert_int_equal(g.cells, 2);
    assert_int_equal(read_text("+--+--+\n|     |\nS  E\n+--+--+\n", MZ_FILE_AUTO, &g, &info),
                     MZ_OK); /* not after a line of walls: a row two lines high */
    assert_int_equal(read_text("+--+--+\n|     |\n+--+--+\n|  |\nx\n", MZ_FILE_AUTO, &g, &info),
                     MZ_EFORMAT);
    mz_grid_free(&g);
    /* Names. */
    for (unsigned f = 0; f < MZ_FILE_FORMAT_COUNT; f++) {
        mz_file_format back;
        assert_int_equal(mz_file_format_parse(mz_file_format_name((mz_file_format)f), &back),
                         MZ_OK);
        assert_int_equal(back, f);
    }
    mz_file_format back;
    assert_int_equal(mz_file_format_parse("png", &back), MZ_ENOTFOUND);
    assert_null(mz_file_format_name(MZ_FILE_FORMAT_COUNT));
}

/* ---- errors ---- */

static void test_errors(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        mz_file_format f;
        mz_status s;
        uint64_t line, col;
        const char *says;
    } cases[] = {
        {"", MZ_FILE_AUTO, MZ_EFORMAT, 1, 1, "empty"},
        {"mazebench-maze 2 1x2\n", MZ_FILE_AUTO, MZ_EFORMAT, 1, 16, "version"},
        {"mazebench-maze 1 1y2\n", MZ_FILE_AUTO, MZ_EFORMAT, 1, 18, "dims"},
        {"mazebench-maze 1 1x2 colour=3\n0d07\n", MZ_FILE_AUTO, MZ_EFORMAT, 1, 22, "colour"},
        {"mazebench-maze 1 1x2 exit=2\n0d07\n", MZ_FILE_AUTO, MZ_EFORMAT, 1, 27, "exit 2"},
        {"mazebench-maze 1 1x2 exit=1 exit=1\n0d07\n", MZ_FILE_AUTO, MZ_EFORMAT, 1, 29, "twice"},
        {"mazebench-maze 1 1x2\n0d\n0g\n", MZ_FILE_AUTO, MZ_EFORMAT, 3, 2, "two hex"},
        {"mazebench-maze 1 1x2\n0d\n", MZ_FILE_AUTO, MZ_EFORMAT, 2, 3, "ends 3 bytes after"},
        {"mazebench-maze 1 1x2\n0d  \n  ", MZ_FILE_AUTO, MZ_EFORMAT, 2, 3, "1 of 2"},
        {"mazebench-maze 1 1x2\n0d07 00\n", MZ_FILE_AUTO, MZ_EFORMAT, 2, 6, "more after"},
        {"mazebench-maze 1 1x2\n0d27\n", MZ_FILE_AUTO, MZ_EFORMAT, 2, 3, "bits"},
        {"mazebench-maze 1 1x2 tiles=1\n0d07\n0009\n", MZ_FILE_AUTO, MZ_EFORMAT, 3, 3, "tile"},
        {"mazebench-maze 1 hex:1x2 flags=1\n3f3f\n", MZ_FILE_AUTO, MZ_EFORMAT, 1, 32, "square"},
        {"[\n {\"x\": 0, \"y\": 0},\n {\"x\": 1, \"y\": 0, \"top\": maybe}\n]", MZ_FILE_AUTO,
         MZ_EFORMAT, 3, 26, "true or false"},
        {"[{\"x\": -1, \"y\": 0}]", MZ_FILE_AUTO, MZ_EFORMAT, 1, 8, "whole number"},
        {"[{\"x\": 0.5, \"y\": 0}]", MZ_FILE_AUTO, MZ_EFORMAT, 1, 8, "whole number"},
        {"[{\"x\": 0}]", MZ_FILE_AUTO, MZ_EFORMAT, 1, 2, "\"y\""},
        {"[{\"x\": 0, \"y\": 0}, {\"y\": 0, \"x\": 0}]", MZ_FILE_AUTO, MZ_EFORMAT, 1, 20, "twice"},
        {"[{\"x\": 0, \"y\": 0}, {\"y\": 1, \"x\": 1}]", MZ_FILE_AUTO, MZ_EFORMAT, 0, 0,
         "2 cells given for a 2x2"},
        {"[{\"x\": 0, \"y\": 0}", MZ_FILE_AUTO, MZ_EFORMAT, 1, 18, "ends"},
        {"[{\"x\": 0, \"y\": 0}] x", MZ_FILE_AUTO, MZ_EFORMAT, 1, 20, "more after"},
        {"[]", MZ_FILE_AUTO, MZ_EFORMAT, 1, 2, "no cells"},
        {"[{\"x\": 0, \"y\": 0, \"a\": \"\\q\"}]", MZ_FILE_AUTO, MZ_EFORMAT, 1, 26, "escape"},
        {"+--+--+\n|  |  |\n|  |  |\n+--+--+\n|  |\n+--+--+\n", MZ_FILE_AUTO, MZ_EFORMAT, 6, 1,
         "6 lines"},
        {"+--+--+\n|  |  |\n+--+--+\n+  |  |\n+--+--+\n", MZ_FILE_AUTO, MZ_EFORMAT, 4, 1,
         "not start with '+'"},
        {"+--+--+\n+--+--+\n", MZ_FILE_AUTO, MZ_EFORMAT, 2, 1, "no height"},
        {"+--+--+\n|  |  |\n+--+--+\n|  |  |\n|--+--+\n", MZ_FILE_AUTO, MZ_EFORMAT, 5, 1,
         "start with '+'"},
        {"+--+--+\n|  |  | x\n+--+--+\n", MZ_FILE_AUTO, MZ_EFORMAT, 2, 9, "longer"},
        {"+--+--\n|  |  |\n+--+--+\n", MZ_FILE_AUTO, MZ_EFORMAT, 1, 6, "characters"},
        {"++--+\n", MZ_FILE_AUTO, MZ_EFORMAT, 1, 2, "no width"},
        {"####\n#  #\n####\n", MZ_FILE_AUTO, MZ_EFORMAT, 1, 5, "2C+1"},
        {"###\n# #\n###\n# #\n", MZ_FILE_AUTO, MZ_EFORMAT, 4, 4, "cut short"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        mz_grid g = {0};
        mz_file_info info;
        mz_status s = read_text(cases[k].text, cases[k].f, &g, &info);
        if (s != cases[k].s || info.line != cases[k].line || info.col != cases[k].col ||
            !strstr(info.err, cases[k].says))
            fail_msg("case %zu: %s at %llu:%llu '%s'; expected %s at %llu:%llu '...%s...'", k,
                     mz_status_str(s), (unsigned long long)info.line,
                     (unsigned long long)info.col, info.err, mz_status_str(cases[k].s),
                     (unsigned long long)cases[k].line, (unsigned long long)cases[k].col,
                     cases[k].says);
        assert_null(strchr(info.err, '\n'));
        mz_grid_free(&g);
    }
}

/* An allocator that counts, so that a size refused is seen refused before
 * any allocation. */
static unsigned allocs;
static void *count_alloc(void *opaque, size_t n)
{
    (void)opaque;
    allocs++;
    return malloc(n);
}
static void count_free(void *opaque, void *p)
{
    (void)opaque;
    free(p);
}

static void test_too_big(void **state)
{
    (void)state;
    static const mz_allocator counting = {count_alloc, count_free, NULL};
    static const char *const texts[] = {
        "mazebench-maze 1 1048576x1048576 entrance=0 exit=0 flags=0 tiles=0\n00\n", /* 2^40 */
        "mazebench-maze 1 2097152x1048576\n00\n",                                   /* 2^41 */
        "mazebench-maze 1 3d:4294967295x4294967295x4294967295\n00\n",
        "[{\"x\": 4294967295, \"y\": 4294967295}]",
        "[{\"x\": 1048575, \"y\": 1048575}, {\"x\": 0, \"y\": 0}]",
    };
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
        mz_grid g = {0};
        g.mem = &counting;
        allocs = 0;
        mz_file_opts o;
        memset(&o, 0, sizeof o);
        o.max_bytes = UINT64_C(1) << 30;
        mz_file_info info;
        mz_status s = mz_file_read(texts[k], strlen(texts[k]), &o, &g, &info);
        if (s != MZ_ETOOBIG)
            fail_msg("case %zu: %s (%s)", k, mz_status_str(s), info.err);
        assert_int_equal(allocs, 0);
        assert_null(g.c);
        assert_true(info.err[0] != '\0');
    }
    /* A budget of a few bytes refuses a small maze; the default lets it in. */
    mz_grid g = {0};
    mz_file_opts o;
    memset(&o, 0, sizeof o);
    o.max_bytes = 5;
    mz_file_info info;
    const char *t = "mazebench-maze 1 2x3\n0b0d05060e07\n";
    assert_int_equal(mz_file_read(t, strlen(t), &o, &g, &info), MZ_ETOOBIG);
    o.max_bytes = 6;
    assert_int_equal(mz_file_read(t, strlen(t), &o, &g, &info), MZ_OK);
    /* A drawing's line table counts too: 4 lines are 64 bytes. */
    o.max_bytes = 63;
    assert_int_equal(read_text("", MZ_FILE_AUTO, &g, &info), MZ_EFORMAT);
    assert_int_equal(mz_file_read("###\n# #\n###\n", 12, &o, &g, &info), MZ_ETOOBIG);
    o.max_bytes = 64;
    assert_int_equal(mz_file_read("###\n# #\n###\n", 12, &o, &g, &info), MZ_OK);
    assert_int_equal(mz_file_read(t, strlen(t), NULL, &g, &info), MZ_OK);
    mz_grid_free(&g);
}

/* ---- size claims checked against the text and the size expected ---- */

/* Read text[0..len) with o into a grid of the counting allocator: the
 * status, info filled, the grid's allocations counted in allocs. */
static mz_status counted_read(const char *text, size_t len, const mz_file_opts *o,
                              mz_file_info *info)
{
    static const mz_allocator counting = {count_alloc, count_free, NULL};
    mz_grid g = {0};
    g.mem = &counting;
    allocs = 0;
    mz_status s = mz_file_read(text, len, o, &g, info);
    mz_grid_free(&g);
    return s;
}

static void test_size_claims(void **state)
{
    (void)state;
    mz_file_opts o;
    memset(&o, 0, sizeof o);
    o.max_bytes = UINT64_C(1) << 32; /* the claims below pass no budget */
    mz_file_info info;
    /* A header of 40000x40000 cells and two cell bytes: the text cannot
     * hold them, refused with the place the text ends, nothing allocated. */
    static const char huge[] = "mazebench-maze 1 40000x40000 entrance=0 exit=0 flags=0 tiles=0\n"
                               "0f0f\n";
    assert_int_equal(counted_read(huge, strlen(huge), &o, &info), MZ_EFORMAT);
    assert_int_equal(allocs, 0);
    assert_int_equal(info.line, 2);
    assert_int_equal(info.col, 5);
    assert_non_null(strstr(info.err, "3200000000 hex digits"));
    /* A small claim too: 300x300 cells after one byte. */
    static const char small[] = "mazebench-maze 1 300x300\n00\n";
    assert_int_equal(counted_read(small, strlen(small), &o, &info), MZ_EFORMAT);
    assert_int_equal(allocs, 0);
    /* tiles=1 doubles what the text must hold. */
    static const char tiles[] = "mazebench-maze 1 1x2 tiles=1\n0d07\n";
    assert_int_equal(counted_read(tiles, strlen(tiles), &o, &info), MZ_EFORMAT);
    assert_int_equal(allocs, 0);
    /* Exactly enough bytes read (no final newline). */
    assert_int_equal(counted_read("mazebench-maze 1 1x2\n0d07", 25, &o, &info), MZ_OK);
    assert_true(allocs > 0);

    /* Drawings: one long line of walls over short ones claims rows x cols
     * cells in a text of rows + cols bytes; refused before the grid. */
    const size_t side = 2000;
    char *t = malloc(4 * side * side + 64);
    assert_non_null(t);
    size_t n = 0;
    for (size_t k = 0; k < side; k++)
        t[n++] = '#';
    t[n++] = '\n';
    for (size_t y = 0; y < side; y++)
        t[n++] = '#', t[n++] = '\n';
    memset(t + n, '#', side);
    n += side;
    mz_file_opts cells = o;
    cells.layout = MZ_BLOCKS_CELLS;
    assert_int_equal(counted_read(t, n, &cells, &info), MZ_EFORMAT);
    assert_int_equal(allocs, 0);
    assert_int_equal(info.line, 2);
    assert_int_equal(info.col, 2);
    /* The same for the "+--+" drawing: a full top line, then "|" and "+"
     * lines. */
    n = 0;
    for (size_t k = 0; k < side; k++)
        memcpy(t + n, "+--", 3), n += 3;
    t[n++] = '+';
    t[n++] = '\n';
    for (size_t y = 0; y < side; y++)
        memcpy(t + n, "|\n+\n", 4), n += 4;
    assert_int_equal(counted_read(t, n, &o, &info), MZ_EFORMAT);
    assert_int_equal(allocs, 0);
    assert_int_equal(info.line, 3);
    free(t);

    /* The size expected: another one is refused before anything is
     * allocated, with both sizes named. */
    o.expect = *MZ_SQUARE(3, 3);
    assert_int_equal(counted_read(huge, strlen(huge), &o, &info), MZ_ETOOBIG);
    assert_int_equal(allocs, 0);
    assert_int_equal(info.line, 0);
    assert_string_equal(info.err, "the file is 40000x40000, 3x3 was asked for");
    static const char hex3[] = "mazebench-maze 1 hex:3x3\n000000000000000000\n";
    assert_int_equal(counted_read(hex3, strlen(hex3), &o, &info), MZ_ETOOBIG);
    assert_int_equal(allocs, 0);
    assert_string_equal(info.err, "the file is hex:3x3, 3x3 was asked for");
    mz_grid g = {0};
    assert_true(generate(mz_find(MZ_GEN, "dfs"), MZ_SQUARE(2, 3), 1, &g));
    for (unsigned f = MZ_FILE_ASCII; f < MZ_FILE_FORMAT_COUNT; f++) {
        size_t len;
        char *w = write_text(&g, (mz_file_format)f, NULL, &len);
        o.expect = *MZ_SQUARE(3, 3);
        if (counted_read(w, len, &o, &info) != MZ_ETOOBIG || allocs != 0)
            fail_msg("%s: a 2x3 maze read when 3x3 is expected (%s)",
                     mz_file_format_name((mz_file_format)f), info.err);
        assert_string_equal(info.err, "the file is 2x3, 3x3 was asked for");
        o.expect = *MZ_SQUARE(2, 3);
        if (counted_read(w, len, &o, &info) != MZ_OK)
            fail_msg("%s: %s", mz_file_format_name((mz_file_format)f), info.err);
        free(w);
    }
    mz_grid_free(&g);
    /* The shape counts, and polar's rings are its size. */
    assert_true(generate(mz_find(MZ_GEN, "dfs"), &(mz_dims){MZ_SHAPE_POLAR, 1, 4, 0}, 1, &g));
    size_t len;
    char *w = write_text(&g, MZ_FILE_MZB, NULL, &len);
    o.expect = (mz_dims){MZ_SHAPE_POLAR, 0, 4, 0};
    assert_int_equal(counted_read(w, len, &o, &info), MZ_OK);
    o.expect = (mz_dims){MZ_SHAPE_POLAR, 0, 5, 0};
    assert_int_equal(counted_read(w, len, &o, &info), MZ_ETOOBIG);
    assert_int_equal(allocs, 0);
    free(w);
    mz_grid_free(&g);
    /* An expected size no grid has is a bad option. */
    o.expect = *MZ_SQUARE(3, 0);
    assert_int_equal(counted_read(huge, strlen(huge), &o, &info), MZ_EINVAL);
}

/* ---- texts cut short ---- */

/* Is t[0..n) white space (line ends only when not spaces too)? */
static bool only_space(const char *t, size_t n, bool spaces)
{
    for (size_t k = 0; k < n; k++)
        if (t[k] != '\r' && t[k] != '\n' && !(spaces && (t[k] == ' ' || t[k] == '\t')))
            return false;
    return true;
}

/* Read text cut at every byte: a cut that takes away only white space
 * reads as the whole maze; any other fails with MZ_EFORMAT and a line,
 * never reads as a smaller maze. cut_lines: a cut just after a line end,
 * or inside the first line, may read (the blocks cells layout, whose
 * pages have no border: a smaller page), and spaces are cells, so only a
 * cut of line ends must read as the whole page. */
static void cut_everywhere(const char *what, const char *t, size_t len, const mz_file_opts *o,
                           const mz_grid *whole, bool cut_lines)
{
    for (size_t cut = 0; cut <= len; cut++) {
        mz_grid g = {0};
        mz_file_info info;
        /* A copy of exactly cut bytes, so that ASan sees a read past it. */
        char *c = malloc(cut + 1);
        assert_non_null(c);
        memcpy(c, t, cut);
        mz_status s = mz_file_read(c, cut, o, &g, &info);
        bool whole_left = only_space(t + cut, len - cut, !cut_lines);
        if (whole_left) {
            if (s != MZ_OK)
                fail_msg("%s cut at %zu of %zu (white space only): %s: %s", what, cut, len,
                         mz_status_str(s), info.err);
            if (g.rows != whole->rows || g.cols != whole->cols ||
                mz_digest(&g) != mz_digest(whole))
                fail_msg("%s cut at %zu of %zu: another maze", what, cut, len);
        } else if (!(cut_lines && ((cut > 0 && t[cut - 1] == '\n') || t[cut] == '\n' ||
                                   !memchr(t, '\n', cut)))) {
            if (s != MZ_EFORMAT || info.line == 0)
                fail_msg("%s cut at %zu of %zu: %s at line %llu (%s), %llux%llu read", what, cut,
                         len, mz_status_str(s), (unsigned long long)info.line, info.err,
                         (unsigned long long)g.rows, (unsigned long long)g.cols);
        }
        free(c);
        mz_grid_free(&g);
    }
}

static void test_cut_short(void **state)
{
    (void)state;
    static const char *const gens[] = {"dfs", "kruskal", "binary-tree", "treasure"};
    mz_grid g = {0};
    for (size_t k = 0; k < sizeof gens / sizeof gens[0]; k++) {
        assert_true(generate(mz_find(MZ_GEN, gens[k]), MZ_SQUARE(4, 5), 7, &g));
        for (unsigned f = MZ_FILE_ASCII; f < MZ_FILE_FORMAT_COUNT; f++) {
            char what[64];
            snprintf(what, sizeof what, "%s as %s", gens[k], mz_file_format_name((mz_file_format)f));
            size_t len;
            char *t = write_text(&g, (mz_file_format)f, NULL, &len);
            mz_grid whole = {0};
            mz_file_info info;
            assert_int_equal(mz_file_read(t, len, NULL, &whole, &info), MZ_OK);
            cut_everywhere(what, t, len, NULL, &whole, false);
            mz_grid_free(&whole);
            free(t);
        }
    }
    /* A board of blocked cells in the cells layout: a cut inside a line
     * is refused (a cut at a line's end is a smaller board: nothing tells
     * them apart in a page without a border). */
    mz_file_opts o;
    memset(&o, 0, sizeof o);
    o.layout = MZ_BLOCKS_CELLS;
    o.cell_w = 2;
    assert_true(generate(mz_find(MZ_GEN, "treasure"), MZ_SQUARE(6, 7), 3, &g));
    size_t len;
    char *t = write_text(&g, MZ_FILE_BLOCKS, &o, &len);
    mz_grid whole = {0};
    mz_file_info info;
    assert_int_equal(mz_file_read(t, len, &o, &whole, &info), MZ_OK);
    cut_everywhere("treasure in cells of 2x1", t, len, &o, &whole, true);
    free(t);
    /* Rooms two lines a block. */
    memset(&o, 0, sizeof o);
    o.cell_h = 2;
    assert_true(generate(mz_find(MZ_GEN, "dfs"), MZ_SQUARE(3, 4), 3, &g));
    t = write_text(&g, MZ_FILE_BLOCKS, &o, &len);
    mz_grid_free(&whole);
    assert_int_equal(mz_file_read(t, len, &o, &whole, &info), MZ_OK);
    cut_everywhere("rooms of 1x2", t, len, &o, &whole, false);
    free(t);
    mz_grid_free(&whole);
    /* A page of cells two lines a block that lost the last line of its
     * last row. */
    memset(&o, 0, sizeof o);
    o.layout = MZ_BLOCKS_CELLS;
    o.cell_h = 2;
    static const char tall[] = "###\n###\n#.#\n#.#\n###\n";
    assert_int_equal(mz_file_read(tall, strlen(tall), &o, &whole, &info), MZ_EFORMAT);
    assert_int_equal(info.line, 5);
    assert_non_null(strstr(info.err, "a multiple"));
    /* Three characters a cell, two lines a row (a sample file), and a
     * drawing with an entrance and an exit drawn as gaps in the north and
     * east borders. */
    t = slurp("tests/maze-files/wide.txt", &len);
    assert_int_equal(mz_file_read(t, len, NULL, &whole, &info), MZ_OK);
    cut_everywhere("wide.txt", t, len, NULL, &whole, false);
    free(t);
    static const char gaps[] = "+--+  +--+\n|        |\n+--+--+  +\n|         \n+--+--+--+\n";
    assert_int_equal(mz_file_read(gaps, strlen(gaps), NULL, &whole, &info), MZ_OK);
    cut_everywhere("gaps", gaps, strlen(gaps), NULL, &whole, false);
    /* The cut the audit found: the last line a short line of walls, read
     * before as a maze open to the south. */
    static const char cut[] = "+--+--+\n|     |\n+  +--+\n|     |\n+--+-";
    assert_int_equal(mz_file_read(cut, strlen(cut), NULL, &whole, &info), MZ_EFORMAT);
    assert_int_equal(info.line, 5);
    assert_int_equal(info.col, 6);
    assert_non_null(strstr(info.err, "cut"));
    /* A gap in the south border: a drawing cut after an inner line of
     * walls. */
    static const char south[] = "+--+--+\n|     |\n+  +--+\n";
    assert_int_equal(mz_file_read(south, strlen(south), NULL, &whole, &info), MZ_EFORMAT);
    assert_int_equal(info.line, 3);
    assert_int_equal(info.col, 2);
    static const char south_rooms[] = "#####\n#   #\n# ###\n";
    assert_int_equal(mz_file_read(south_rooms, strlen(south_rooms), NULL, &whole, &info),
                     MZ_EFORMAT);
    assert_int_equal(info.line, 3);
    assert_int_equal(info.col, 2);
    /* Trailing white space and CRs after lines are fine. */
    static const char crlf[] = "+--+--+  \r\n|     |\r\n+--+--+ \r\n";
    assert_int_equal(mz_file_read(crlf, strlen(crlf), NULL, &whole, &info), MZ_OK);
    assert_int_equal(whole.cols, 2);
    mz_grid_free(&whole);
    mz_grid_free(&g);
}

/* ---- consistency ---- */

static void test_inconsistent_walls(void **state)
{
    (void)state;
    mz_grid g = {0};
    mz_file_info info;
    /* Cell 0 says east is open, cell 1 says its west is a wall: closed. */
    const char *t = "[[{\"x\":0,\"y\":0,\"top\":true,\"left\":true,\"bottom\":true,\"right\":false},"
                    "{\"x\":1,\"y\":0,\"top\":true,\"left\":true,\"bottom\":true,\"right\":true}]]";
    assert_int_equal(read_text(t, MZ_FILE_AUTO, &g, &info), MZ_OK);
    assert_int_equal(info.inconsistent, 1);
    assert_int_equal(g.c[0], MZ_WALLS);
    assert_int_equal(g.c[1], MZ_WALLS);
    /* Open on both sides stays open; the border's openings are kept. */
    t = "[[{\"x\":0,\"y\":0,\"top\":false,\"left\":true,\"bottom\":true,\"right\":false},"
        "{\"x\":1,\"y\":0,\"top\":true,\"left\":false,\"bottom\":true,\"right\":true}]]";
    assert_int_equal(read_text(t, MZ_FILE_AUTO, &g, &info), MZ_OK);
    assert_int_equal(info.inconsistent, 0);
    assert_int_equal(g.c[0], MZ_WALL_W | MZ_WALL_S);
    assert_int_equal(g.c[1], MZ_WALL_N | MZ_WALL_E | MZ_WALL_S);
    /* mzb: both directions of a pair, and a blocked cell with an open side. */
    t = "mazebench-maze 1 1x3\n0d1f07\n";
    assert_int_equal(read_text(t, MZ_FILE_AUTO, &g, &info), MZ_OK);
    assert_int_equal(info.inconsistent, 2);
    assert_int_equal(g.c[0], MZ_WALLS);
    t = "mazebench-maze 1 1x2\n0f07\n";
    assert_int_equal(read_text(t, MZ_FILE_AUTO, &g, &info), MZ_OK);
    assert_int_equal(info.inconsistent, 1);
    t = "mazebench-maze 1 1x1\n10\n"; /* blocked, every wall open */
    assert_int_equal(read_text(t, MZ_FILE_AUTO, &g, &info), MZ_OK);
    assert_int_equal(info.inconsistent, 1);
    assert_int_equal(g.c[0], MZ_WALLS | MZ_BLOCKED);
    /* A hex pair: cell 1 lies south-east of cell 0 (ports 2 and 5); cell
     * 0's north-east port leads off the grid and is kept open. */
    t = "mazebench-maze 1 hex:1x2\n393f\n";
    assert_int_equal(read_text(t, MZ_FILE_AUTO, &g, &info), MZ_OK);
    assert_int_equal(info.inconsistent, 1);
    assert_int_equal(g.c[0], 0x3d);
    mz_grid_free(&g);
}

/* ---- blocks ---- */

static void test_blocks(void **state)
{
    (void)state;
    mz_grid g = {0}, h = {0};
    mz_file_info info;
    mz_file_opts o;
    memset(&o, 0, sizeof o);
    /* Rooms: 2x3 cells; an opening in the west border. */
    const char *rooms = "#######\n"
                        "  #   #\n"
                        "# # # #\n"
                        "#   # #\n"
                        "#######\n";
    assert_int_equal(mz_file_read(rooms, strlen(rooms), &o, &g, &info), MZ_OK);
    assert_int_equal(g.rows, 2);
    assert_int_equal(g.cols, 3);
    assert_int_equal(g.c[0], MZ_WALL_N | MZ_WALL_E);
    assert_int_equal(g.c[5], MZ_WALL_E | MZ_WALL_S | MZ_WALL_W);
    /* The same page at 2x1 characters a block, walls drawn as U+2588. */
    o.cell_w = 2;
    o.cell_h = 1;
    o.wall_chars = "\xE2\x96\x88";
    size_t len;
    char *t = write_text(&g, MZ_FILE_BLOCKS, &o, &len);
    assert_int_equal(mz_file_read(t, len, &o, &h, &info), MZ_OK);
    assert_int_equal(info.format, MZ_FILE_BLOCKS);
    assert_int_equal(mz_digest(&g), mz_digest(&h));
    free(t);
    /* 1x2: each block two lines down, '1' walls and '0' open. */
    const char *tall = "1111111\n1111111\n0010001\n0010001\n1010101\n1010101\n"
                       "1000101\n1000101\n1111111\n1111111\n";
    memset(&o, 0, sizeof o);
    o.cell_h = 2;
    assert_int_equal(mz_file_read(tall, strlen(tall), &o, &h, &info), MZ_OK);
    assert_int_equal(mz_digest(&g), mz_digest(&h));
    /* Cells: every block a cell, walls blocked; a space is open. */
    const char *cells = "#####\n#  .#\n# ## \n#####\n";
    memset(&o, 0, sizeof o);
    o.layout = MZ_BLOCKS_CELLS;
    assert_int_equal(mz_file_read(cells, strlen(cells), &o, &g, &info), MZ_OK);
    assert_int_equal(g.rows, 4);
    assert_int_equal(g.cols, 5);
    assert_int_equal(g.c[6], MZ_WALL_N | MZ_WALL_W); /* open east and south */
    assert_int_equal(g.c[7], MZ_WALL_N | MZ_WALL_S);
    assert_int_equal(g.c[14], MZ_WALLS); /* a space: open, walled in */
    assert_int_equal(g.c[5], MZ_WALLS | MZ_BLOCKED);
    assert_int_equal(g.entrance, 6); /* the first open cell and the last */
    assert_int_equal(g.exit, 14);
    /* Custom wall characters: '#' is open then. */
    o.wall_chars = "XO";
    const char *xo = "XOX\n#.X\nXXO\n";
    assert_int_equal(mz_file_read(xo, strlen(xo), &o, &g, &info), MZ_OK);
    assert_int_equal(g.c[3], MZ_WALL_N | MZ_WALL_W | MZ_WALL_S);
    assert_int_equal(g.c[4] & MZ_BLOCKED, 0);
    assert_int_equal(g.c[5] & MZ_BLOCKED, MZ_BLOCKED);
    /* The cells layout writes only a board that is a page of cells. */
    memset(&o, 0, sizeof o);
    o.layout = MZ_BLOCKS_CELLS;
    buf b = {NULL, 0, 0, -1};
    assert_int_equal(mz_file_read(rooms, strlen(rooms), NULL, &h, &info), MZ_OK);
    assert_int_equal(mz_file_write(&h, MZ_FILE_BLOCKS, &o, put, &b), MZ_EUNSUPPORTED);
    assert_int_equal(b.n, 0);
    /* Options out of range. */
    o.layout = 7;
    assert_int_equal(mz_file_read(rooms, strlen(rooms), &o, &h, &info), MZ_EINVAL);
    assert_int_equal(mz_file_write(&h, MZ_FILE_BLOCKS, &o, put, &b), MZ_EINVAL);
    o.layout = 0;
    o.cell_w = 65;
    assert_int_equal(mz_file_read(rooms, strlen(rooms), &o, &h, &info), MZ_EINVAL);
    mz_grid_free(&g);
    mz_grid_free(&h);
}

/* ---- sample files ---- */

static void test_sample_files(void **state)
{
    (void)state;
    mz_grid g = {0};
    mz_file_info info;
    size_t len;
    /* generate-maze's array of rows, its "set" key skipped. */
    char *t = slurp("tests/maze-files/generate-maze.json", &len);
    assert_int_equal(mz_file_read(t, len, NULL, &g, &info), MZ_OK);
    assert_int_equal(info.format, MZ_FILE_JSON);
    assert_int_equal(g.rows, 3);
    assert_int_equal(g.cols, 4);
    mz_metrics m;
    assert_int_equal(mz_metrics_compute(&g, 1, &m), MZ_OK);
    assert_int_equal(m.components, 1);
    assert_int_equal(m.loops, 0);
    assert_int_equal(m.route, 9);
    free(t);
    /* Three characters a cell, two lines a row, letters in the rooms. */
    t = slurp("tests/maze-files/wide.txt", &len);
    assert_int_equal(mz_file_read(t, len, NULL, &g, &info), MZ_OK);
    assert_int_equal(info.format, MZ_FILE_ASCII);
    assert_int_equal(g.rows, 3);
    assert_int_equal(g.cols, 3);
    assert_int_equal(g.c[0], MZ_WALL_N | MZ_WALL_S | MZ_WALL_W);
    assert_int_equal(mz_metrics_compute(&g, 1, &m), MZ_OK);
    assert_int_equal(m.route, 6);
    assert_int_equal(m.loops, 0);
    free(t);
    /* A board of two-character blocks. */
    t = slurp("tests/maze-files/board.blocks", &len);
    mz_file_opts o;
    memset(&o, 0, sizeof o);
    o.layout = MZ_BLOCKS_CELLS;
    o.cell_w = 2;
    assert_int_equal(mz_file_read(t, len, &o, &g, &info), MZ_OK);
    assert_int_equal(g.rows, 7);
    assert_int_equal(g.cols, 7);
    assert_int_equal(mz_metrics_compute(&g, 1, &m), MZ_OK);
    assert_int_equal(m.cells, 18);
    assert_int_equal(m.components, 1);
    free(t);
    mz_grid_free(&g);
}

/* ---- writers ---- */

static void test_writer_errors(void **state)
{
    (void)state;
    mz_grid g = {0};
    assert_true(generate(mz_find(MZ_GEN, "dfs"), MZ_SQUARE(100, 100), 1, &g));
    for (unsigned f = MZ_FILE_ASCII; f < MZ_FILE_FORMAT_COUNT; f++) {
        buf b = {NULL, 0, 0, 0};
        assert_int_equal(mz_file_write(&g, (mz_file_format)f, NULL, put, &b), MZ_EIO);
        b.fail_after = 1; /* the second buffer fails */
        assert_int_equal(mz_file_write(&g, (mz_file_format)f, NULL, put, &b), MZ_EIO);
        free(b.b);
    }
    buf b = {NULL, 0, 0, -1};
    assert_int_equal(mz_file_write(&g, MZ_FILE_AUTO, NULL, put, &b), MZ_EINVAL);
    assert_int_equal(mz_file_write(&g, MZ_FILE_FORMAT_COUNT, NULL, put, &b), MZ_EINVAL);
    assert_int_equal(mz_file_write(&g, MZ_FILE_MZB, NULL, NULL, &b), MZ_EINVAL);
    assert_int_equal(b.n, 0);
    /* A gap in the south border: the drawings' readers would take it for
     * a drawing cut short, so ascii and rooms of blocks refuse it before
     * any byte; json and mzb hold it. */
    g.c[g.cells - 1] &= (uint8_t)~MZ_WALL_S;
    assert_int_equal(mz_file_write(&g, MZ_FILE_ASCII, NULL, put, &b), MZ_EUNSUPPORTED);
    assert_int_equal(mz_file_write(&g, MZ_FILE_BLOCKS, NULL, put, &b), MZ_EUNSUPPORTED);
    assert_int_equal(mz_file_format_holds(&g, MZ_FILE_ASCII, NULL), MZ_EUNSUPPORTED);
    assert_int_equal(mz_file_format_holds(&g, MZ_FILE_JSON, NULL), MZ_OK);
    assert_int_equal(mz_file_format_holds(&g, MZ_FILE_MZB, NULL), MZ_OK);
    assert_int_equal(b.n, 0);
    for (unsigned f = MZ_FILE_AUTO + 1; f < MZ_FILE_FORMAT_COUNT; f++) {
        if (mz_file_format_holds(&g, (mz_file_format)f, NULL) != MZ_OK)
            continue;
        size_t len;
        char *t = write_text(&g, (mz_file_format)f, NULL, &len);
        mz_grid h = {0};
        mz_file_info info;
        assert_int_equal(mz_file_read(t, len, NULL, &h, &info), MZ_OK);
        assert_int_equal(mz_digest(&h), mz_digest(&g));
        mz_grid_free(&h);
        free(t);
    }
    mz_grid_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_square_round_trips),
        cmocka_unit_test(test_mzb_every_shape),
        cmocka_unit_test(test_ascii_is_the_drawing),
        cmocka_unit_test(test_detection),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_too_big),
        cmocka_unit_test(test_size_claims),
        cmocka_unit_test(test_cut_short),
        cmocka_unit_test(test_inconsistent_walls),
        cmocka_unit_test(test_blocks),
        cmocka_unit_test(test_sample_files),
        cmocka_unit_test(test_writer_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
