/*
 * test_tools_check.c - the library layer of 'mazebench check'
 * (src/tools/check.c) on files made from rows of data/sweep-small.csv
 * under a plan of their own (dfs, bfs, seeds 464..465, 31x31):
 *
 *   - the rows placed in the plan: all there in order; one missing (the
 *     first missing named); two out of order; one extra;
 *   - a recipe given twice, a seed that is not a number: one error naming
 *     the file and the line;
 *   - the re-run: every row matches as written; a figure changed is one
 *     difference naming file:line, the column, both values.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/tools.h"

static char dir[64];
static char header[4096], row464[4096], row465[4096], row466[4096];

/* The header and the bfs rows of dfs seeds 464 to 466 of the golden file. */
static int setup(void **state)
{
    (void)state;
    FILE *f = fopen(MZ_SOURCE_DIR "/data/sweep-small.csv", "r");
    if (!f)
        return -1;
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "gen,", 4))
            snprintf(header, sizeof header, "%s", line);
        else if (!row464[0] && !strncmp(line, "dfs,464,", 8) && strstr(line, ",1,bfs,"))
            snprintf(row464, sizeof row464, "%s", line);
        else if (!row465[0] && !strncmp(line, "dfs,465,", 8) && strstr(line, ",1,bfs,"))
            snprintf(row465, sizeof row465, "%s", line);
        else if (!row466[0] && !strncmp(line, "dfs,466,", 8) && strstr(line, ",1,bfs,"))
            snprintf(row466, sizeof row466, "%s", line);
    }
    fclose(f);
    return header[0] && row464[0] && row465[0] && row466[0] ? 0 : -1;
}

static const char PLAN[] = "# plan: gen dfs\n# plan: solve bfs\n# plan: seeds 464..465\n"
                           "# plan: sizes 31x31\n# plan: reps 1\n";

/* A file of the plan (7 lines: the plan's 5, then the header, then rows
 * from line 7 on) and the rows given. */
static const char *file_of(const char *name, const char *r1, const char *r2, const char *r3)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "%s%s%s%s%s", PLAN, header, r1 ? r1 : "", r2 ? r2 : "", r3 ? r3 : "");
    fclose(f);
    return path;
}

static void test_in_plan(void **state)
{
    (void)state;
    mzt_check c;
    mzt_err err;
    char buf[256];
    const char *path = file_of("whole.csv", row464, row465, NULL);
    assert_int_equal(mzt_check_load(&c, path, false, &err), MZT_OK);
    assert_int_equal(c.nrows, 2);
    assert_int_equal(c.ngrp, 2);
    assert_int_equal(c.nsect, 1);
    assert_int_equal(c.sect[0].nrow, 2);
    assert_int_equal(c.row[0].line, 7);
    assert_int_equal(c.row[1].line, 8);
    assert_int_equal(c.row[1].seed, 465);
    assert_null(c.plan_diff);
    assert_true(mzt_check_completeness(&c, buf, sizeof buf));
    assert_string_equal(buf, "all 2 rows of its plan, in order");
    mzt_check_free(&c);
}

static void test_missing(void **state)
{
    (void)state;
    mzt_check c;
    mzt_err err;
    char buf[256];
    const char *path = file_of("missing.csv", row464, NULL, NULL);
    assert_int_equal(mzt_check_load(&c, path, false, &err), MZT_OK);
    assert_int_equal(c.nmissing, 1);
    assert_int_equal(c.nextra + c.norder, 0);
    assert_non_null(c.plan_diff);
    assert_non_null(strstr(c.plan_diff, ": 1 row missing after row 1 (the plan has 2 rows, "
                                         "the file 1): first missing: dfs, seed 465, 31x31, bfs"));
    assert_false(mzt_check_completeness(&c, buf, sizeof buf));
    assert_string_equal(buf, "against its plan (2 rows): 1 missing");
    mzt_check_free(&c);
}

static void test_order_and_extra(void **state)
{
    (void)state;
    mzt_check c;
    mzt_err err;
    char buf[256], want[512];
    const char *path = file_of("order.csv", row465, row464, NULL);
    assert_int_equal(mzt_check_load(&c, path, false, &err), MZT_OK);
    assert_int_equal(c.norder, 1);
    assert_int_equal(c.nmissing + c.nextra, 0);
    snprintf(want, sizeof want, "%s:8: row 2 (dfs, seed 464, 31x31, bfs): out of order: row 1 "
             "of the plan, after its row 2\n", path);
    assert_string_equal(c.plan_diff, want);
    mzt_check_free(&c);

    path = file_of("extra.csv", row464, row465, row466);
    assert_int_equal(mzt_check_load(&c, path, false, &err), MZT_OK);
    assert_int_equal(c.nextra, 1);
    assert_int_equal(c.nmissing + c.norder, 0);
    assert_int_equal(c.row[2].sect, -1);
    snprintf(want, sizeof want, "%s:9: row 3 (dfs, seed 466, 31x31, bfs): not in the plan (an "
             "extra row)\n", path);
    assert_string_equal(c.plan_diff, want);
    assert_false(mzt_check_completeness(&c, buf, sizeof buf));
    assert_string_equal(buf, "against its plan (2 rows): 1 extra");
    mzt_check_free(&c);
}

static void test_refused(void **state)
{
    (void)state;
    mzt_check c;
    mzt_err err;
    const char *path = file_of("twice.csv", row464, row465, row464);
    assert_int_equal(mzt_check_load(&c, path, false, &err), MZT_BAD);
    assert_ptr_equal(err.path, path);
    assert_int_equal(err.line, 9);
    assert_non_null(strstr(err.msg, "lines 7 and 9: rows 1 and 3 are the same recipe"));
    mzt_check_free(&c);

    char bad[4096];
    snprintf(bad, sizeof bad, "dfs,4x4%s", row465 + 7);
    path = file_of("seed.csv", row464, bad, NULL);
    assert_int_equal(mzt_check_load(&c, path, false, &err), MZT_BAD);
    assert_int_equal(err.line, 8);
    assert_non_null(strstr(err.msg, "line 8: seed '4x4' is not a 64-bit unsigned number"));
    mzt_check_free(&c);

    assert_int_equal(mzt_check_load(&c, "/nonexistent/x.csv", false, &err), MZT_BAD);
    assert_non_null(strstr(err.msg, "no such file"));
    mzt_check_free(&c);
}

static void test_run(void **state)
{
    (void)state;
    mzt_check c;
    mzt_err err;
    const char *path = file_of("run.csv", row464, row465, NULL);
    assert_int_equal(mzt_check_load(&c, path, false, &err), MZT_OK);
    mzt_check_run(&c, 2);
    for (size_t k = 0; k < c.nrows; k++) {
        assert_null(c.row[k].diff);
        assert_int_equal(c.row[k].ndiff + c.row[k].nfail, 0);
    }
    mzt_check_free(&c);

    /* row 465's dead_ends (column 10) one more */
    char bent[4096], *p = bent;
    snprintf(bent, sizeof bent, "%s", row465);
    for (int k = 0; k < 9; k++)
        p = strchr(p, ',') + 1;
    long was = strtol(p, NULL, 10);
    char rest[4096];
    snprintf(rest, sizeof rest, "%s", strchr(p, ','));
    snprintf(p, sizeof bent - (size_t)(p - bent), "%ld%s", was + 1, rest);
    path = file_of("bent.csv", row464, bent, NULL);
    assert_int_equal(mzt_check_load(&c, path, false, &err), MZT_OK);
    mzt_check_run(&c, 1);
    assert_int_equal(c.row[0].ndiff, 0);
    assert_int_equal(c.row[1].ndiff, 1);
    char want[512];
    snprintf(want, sizeof want, "%s:8: row 2 (dfs, seed 465, 31x31, bfs): column 'dead_ends': "
             "expected '%ld', got '%ld'\n", path, was + 1, was);
    assert_string_equal(c.row[1].diff, want);
    mzt_check_free(&c);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/mz-check-XXXXXX");
    if (!mkdtemp(dir))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_in_plan),  cmocka_unit_test(test_missing),
        cmocka_unit_test(test_order_and_extra), cmocka_unit_test(test_refused),
        cmocka_unit_test(test_run),
    };
    int rc = cmocka_run_group_tests(tests, setup, NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        rc = rc ? rc : 1;
    return rc;
}
