/*
 * test_file_formats.c - the table of maze file formats (src/file/file.c,
 * mzf_formats; docs/extending.md, "Adding a maze file format"):
 *
 *   - every mz_file_format value but AUTO has a whole record: a name and
 *     an extension of its own, the shapes it holds, detect, read and
 *     write; the public questions (mz_file_format_name, _parse, _ext,
 *     _from_path, _shapes, _lossless) answer from it, and exactly one
 *     record is detection's fallback;
 *   - mz_file_format_names joins the table's names, filters them by the
 *     shapes they hold and cuts a list short as snprintf does;
 *   - every format holds what its record says: a maze of every shape it
 *     holds reads back (the same bytes when lossless), a maze of any other
 *     is refused before a byte; written text is detected as its format;
 *   - every format has a fuzz seed: a file tests/fuzz-corpus/mazefile/
 *     NAME-... whose first byte chooses the format (or auto) and that
 *     reads as a maze of it, so fuzz_mazefile starts from each reader.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include <dirent.h>

#include "file/file_int.h"
#include "../fuzz/mazefile_sel.h"
#include "samples.h"

static const char corpus[] = MZ_SOURCE_DIR "/tests/fuzz-corpus/mazefile";

static void test_every_format_has_a_record(void **state)
{
    (void)state;
    assert_null(mzf_formats[MZ_FILE_AUTO]);
    assert_string_equal(mz_file_format_name(MZ_FILE_AUTO), "auto");
    assert_null(mz_file_format_ext(MZ_FILE_AUTO));
    assert_int_equal(mz_file_format_shapes(MZ_FILE_AUTO), 0);
    assert_null(mz_file_format_name(MZ_FILE_FORMAT_COUNT));
    unsigned fallbacks = 0;
    for (unsigned f = MZ_FILE_AUTO + 1; f < MZ_FILE_FORMAT_COUNT; f++) {
        const mzf_format *r = mzf_formats[f];
        if (!r)
            fail_msg("format %u has no record in mzf_formats (src/file/file.c)", f);
        if (!r->name || !r->name[0] || !r->ext || r->ext[0] != '.' || !r->ext[1] ||
            !r->detect || !r->read || !r->write)
            fail_msg("format %u (%s): its record lacks a name, an extension (\".x\"), detect, "
                     "read or write", f, r->name ? r->name : "?");
        if (!(r->shapes & MZ_SHAPE_BIT(MZ_SHAPE_ORTHO)) || (r->shapes & ~MZ_SHAPES_ALL))
            fail_msg("%s: shapes 0x%x (square cells and known shapes only)", r->name, r->shapes);
        for (unsigned k = MZ_FILE_AUTO + 1; k < f; k++)
            if (mzf_formats[k] && (strcmp(mzf_formats[k]->name, r->name) == 0 ||
                                   strcasecmp(mzf_formats[k]->ext, r->ext) == 0))
                fail_msg("%s and %s share a name or an extension", mzf_formats[k]->name,
                         r->name);
        /* The public questions answer from the record. */
        mz_file_format back;
        assert_string_equal(mz_file_format_name((mz_file_format)f), r->name);
        assert_int_equal(mz_file_format_parse(r->name, &back), MZ_OK);
        assert_int_equal(back, f);
        assert_string_equal(mz_file_format_ext((mz_file_format)f), r->ext);
        char path[64];
        snprintf(path, sizeof path, "dir.x/maze%s", r->ext);
        assert_int_equal(mz_file_format_from_path(path, &back), MZ_OK);
        assert_int_equal(back, f);
        assert_int_equal(mz_file_format_shapes((mz_file_format)f), r->shapes);
        assert_int_equal(mz_file_format_lossless((mz_file_format)f), r->lossless);
        /* Detection's ranks: 0..3, one fallback (1 on any text). */
        int d = r->detect("", 0);
        assert_true(d >= 0 && d <= 1);
        fallbacks += d == 1;
    }
    if (fallbacks != 1)
        fail_msg("%u records detect any text (rank 1); exactly one is the fallback", fallbacks);
    mz_file_format f;
    assert_int_equal(mz_file_format_from_path("maze.png", &f), MZ_ENOTFOUND);
    assert_int_equal(mz_file_format_from_path("maze", &f), MZ_ENOTFOUND);
    assert_int_equal(mz_file_format_from_path("a.mzb/maze", &f), MZ_ENOTFOUND);
    assert_int_equal(mz_file_format_from_path("MAZE.MZB", &f), MZ_OK);
    assert_int_equal(f, MZ_FILE_MZB);
}

static void test_names(void **state)
{
    (void)state;
    /* The names of the table, in its order. */
    char want[256] = "";
    for (unsigned f = MZ_FILE_AUTO + 1; f < MZ_FILE_FORMAT_COUNT; f++) {
        strcat(want, want[0] ? "|" : "");
        strcat(want, mzf_formats[f]->name);
    }
    char got[256];
    size_t n = mz_file_format_names(got, sizeof got, 0, "|", NULL);
    assert_string_equal(got, want);
    assert_int_equal(n, strlen(want));
    assert_int_equal(mz_file_format_names(NULL, 0, 0, "|", "|"), strlen(want));
    /* The last two parted by last, the others by sep (", " by default). */
    char or_list[256] = "", comma_list[256] = "";
    for (unsigned f = MZ_FILE_AUTO + 1; f < MZ_FILE_FORMAT_COUNT; f++) {
        strcat(or_list, f == MZ_FILE_AUTO + 1 ? "" : f + 1 == MZ_FILE_FORMAT_COUNT ? " or " : ", ");
        strcat(or_list, mzf_formats[f]->name);
        strcat(comma_list, f == MZ_FILE_AUTO + 1 ? "" : ", ");
        strcat(comma_list, mzf_formats[f]->name);
    }
    mz_file_format_names(got, sizeof got, 0, ", ", " or ");
    assert_string_equal(got, or_list);
    mz_file_format_names(got, sizeof got, 0, NULL, NULL);
    assert_string_equal(got, comma_list);
    /* Cut short, terminated, the whole length returned. */
    char small[8];
    memset(small, 'x', sizeof small);
    assert_int_equal(mz_file_format_names(small, sizeof small, 0, ", ", " or "),
                     strlen(or_list));
    assert_int_equal(strlen(small), sizeof small - 1);
    assert_memory_equal(small, or_list, sizeof small - 1);
    small[0] = 'x';
    mz_file_format_names(small, 1, 0, NULL, NULL);
    assert_int_equal(small[0], '\0');
    /* By the shapes held: only the formats that hold every one asked. */
    for (unsigned s = 0; s < MZ_SHAPE_COUNT; s++) {
        char w[256] = "";
        for (unsigned f = MZ_FILE_AUTO + 1; f < MZ_FILE_FORMAT_COUNT; f++)
            if (mzf_formats[f]->shapes & MZ_SHAPE_BIT(s)) {
                strcat(w, w[0] ? "," : "");
                strcat(w, mzf_formats[f]->name);
            }
        mz_file_format_names(got, sizeof got, MZ_SHAPE_BIT(s), ",", ",");
        assert_string_equal(got, w);
    }
    /* Every shape: the lossless formats at least (mzb). */
    mz_file_format_names(got, sizeof got, MZ_SHAPES_ALL, ",", ",");
    for (unsigned f = MZ_FILE_AUTO + 1; f < MZ_FILE_FORMAT_COUNT; f++)
        if (mzf_formats[f]->lossless && !strstr(got, mzf_formats[f]->name))
            fail_msg("%s is lossless but not among the formats of every shape (%s)",
                     mzf_formats[f]->name, got);
}

static int put(void *user, const char *s, size_t n)
{
    size_t *len = ((size_t **)user)[0];
    char **b = ((char ***)user)[1];
    char *nb = realloc(*b, *len + n + 1);
    assert_non_null(nb);
    memcpy(nb + *len, s, n);
    *len += n;
    nb[*len] = '\0';
    *b = nb;
    return 0;
}

static void test_formats_hold_what_they_say(void **state)
{
    (void)state;
    mz_dims geo[MZT_MAX_SAMPLES];
    size_t n = mzt_samples_all(MZT_ALL, true, geo, MZT_MAX_SAMPLES);
    mz_spec spec;
    char err[128];
    assert_int_equal(mz_spec_parse("kruskal", &spec, err, sizeof err), MZ_OK);
    unsigned held[MZ_FILE_FORMAT_COUNT] = {0};
    for (size_t z = 0; z < n; z++) {
        mz_grid g = {0};
        if (mz_generate(&spec, 5, &geo[z], &g, NULL) != MZ_OK) {
            mz_grid_free(&g);
            continue;
        }
        for (unsigned f = MZ_FILE_AUTO + 1; f < MZ_FILE_FORMAT_COUNT; f++) {
            const mzf_format *r = mzf_formats[f];
            char name[64];
            mzt_name(&geo[z], name, sizeof name);
            size_t len = 0;
            char *text = NULL;
            void *sink[2] = {&len, &text};
            mz_status s = mz_file_write(&g, (mz_file_format)f, NULL, put, sink);
            if (!(r->shapes & MZ_SHAPE_BIT(g.shape))) {
                if (s != MZ_EUNSUPPORTED || len != 0)
                    fail_msg("%s wrote a %s maze it does not hold (%s)", r->name, name,
                             mz_status_str(s));
                assert_int_equal(mz_file_format_holds(&g, (mz_file_format)f, NULL),
                                 MZ_EUNSUPPORTED);
                continue;
            }
            if (s != MZ_OK)
                fail_msg("%s: a %s maze, a shape it holds: %s", r->name, name, mz_status_str(s));
            assert_int_equal(mz_file_format_holds(&g, (mz_file_format)f, NULL), MZ_OK);
            mz_grid h = {0};
            mz_file_info info;
            s = mz_file_read(text ? text : "", len, NULL, &h, &info); /* detected */
            if (s != MZ_OK || info.format != f)
                fail_msg("%s: a %s maze read back as %s: %s", r->name, name,
                         mz_file_format_name(info.format), info.err);
            if (mz_digest(&h) != mz_digest(&g))
                fail_msg("%s: a %s maze read back with another digest", r->name, name);
            if (r->lossless &&
                (h.cells != g.cells || memcmp(h.c, g.c, (size_t)g.cells) != 0 ||
                 h.entrance != g.entrance || h.exit != g.exit || h.flags != g.flags))
                fail_msg("%s (lossless): a %s maze read back as another", r->name, name);
            held[f] |= MZ_SHAPE_BIT(g.shape);
            mz_grid_free(&h);
            free(text);
        }
        mz_grid_free(&g);
    }
    for (unsigned f = MZ_FILE_AUTO + 1; f < MZ_FILE_FORMAT_COUNT; f++)
        if (held[f] != mzf_formats[f]->shapes)
            fail_msg("%s: shapes 0x%x declared, 0x%x round-tripped", mzf_formats[f]->name,
                     mzf_formats[f]->shapes, held[f]);
}

/* Does the seed at path choose format f (or auto, detecting it) and read
 * as a maze of it? */
static bool seed_reads_as(const char *path, mz_file_format f, char *why, size_t cap)
{
    FILE *in = fopen(path, "rb");
    if (!in) {
        snprintf(why, cap, "cannot open it");
        return false;
    }
    static char data[1 << 16];
    size_t len = fread(data, 1, sizeof data, in);
    fclose(in);
    if (len == 0) {
        snprintf(why, cap, "empty");
        return false;
    }
    mz_file_opts o;
    fz_mazefile_opts((unsigned char)data[0], &o);
    o.max_bytes = UINT64_C(1) << 14; /* as the target */
    if (o.format != f && o.format != MZ_FILE_AUTO) {
        snprintf(why, cap, "its first byte %u chooses %s", (unsigned char)data[0],
                 mz_file_format_name(o.format));
        return false;
    }
    mz_grid g = {0};
    mz_file_info info;
    mz_status s = mz_file_read(data + 1, len - 1, &o, &g, &info);
    mz_grid_free(&g);
    if (s != MZ_OK || info.format != f) {
        snprintf(why, cap, "read as %s: %s %s", mz_file_format_name(info.format),
                 mz_status_str(s), info.err);
        return false;
    }
    return true;
}

static void test_every_format_has_a_fuzz_seed(void **state)
{
    (void)state;
    for (unsigned f = MZ_FILE_AUTO + 1; f < MZ_FILE_FORMAT_COUNT; f++) {
        const char *name = mz_file_format_name((mz_file_format)f);
        DIR *d = opendir(corpus);
        assert_non_null(d);
        struct dirent *e;
        unsigned named = 0, good = 0;
        char why[512] = "";
        size_t nl = strlen(name);
        while ((e = readdir(d)) != NULL) {
            if (strncmp(e->d_name, name, nl) != 0 || e->d_name[nl] != '-')
                continue;
            named++;
            char path[1024], w[200];
            snprintf(path, sizeof path, "%s/%s", corpus, e->d_name);
            if (seed_reads_as(path, (mz_file_format)f, w, sizeof w))
                good++;
            else if (!why[0])
                snprintf(why, sizeof why, " (%s: %s)", e->d_name, w);
        }
        closedir(d);
        if (good == 0)
            fail_msg("format '%s' has no fuzz seed that reads: add "
                     "tests/fuzz-corpus/mazefile/%s-NAME, its first byte %u (the format's "
                     "value, fuzz/mazefile_sel.h) or 0 (auto), then a maze of the format; "
                     "%u file%s named so%s",
                     name, name, f, named, named == 1 ? " is" : "s are", why);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_format_has_a_record),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_formats_hold_what_they_say),
        cmocka_unit_test(test_every_format_has_a_fuzz_seed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
