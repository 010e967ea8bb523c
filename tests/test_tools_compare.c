/*
 * test_tools_compare.c - the library layer of 'mazebench compare'
 * (src/tools/sweepfile.c, src/tools/compare.c):
 *
 *   - reading: rows with the line each starts on in the file (a byte-order
 *     mark, CRLF line ends, blank and '#' lines among the rows counted), the
 *     rounds of a file of concatenated sweeps;
 *   - bad input: a row cut short, a later round's other header, '#' lines
 *     with no header, a timing that is not a number, a missing file, no
 *     header: one error naming the file and the line, never a crash (and
 *     every prefix of a good file read without one);
 *   - pairing: rows of both files into recipes, a recipe on one side only,
 *     a row given twice (two samples), a deterministic column that differs
 *     (one line naming file:line);
 *   - the analysis: a known verdict (slower, faster, unchanged) on
 *     constructed timings, and the refusal when nothing is in common;
 *   - outside programs' rows: own_ns compared when reported, else
 *     process_ns (never gen_ns), with the larger outside threshold; a
 *     built-in's rows in the same files keep gen_ns and the 5% threshold.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stats_ab.h"
#include "tools/tools.h"

static char dir[64];

static const char *put(const char *name, const char *text, size_t len)
{
    static char path[8][128];
    static int k;
    char *p = path[k++ % 8];
    snprintf(p, 128, "%s/%s", dir, name);
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    fclose(f);
    return p;
}

static const char *puts_file(const char *name, const char *text)
{
    return put(name, text, strlen(text));
}

static const char HEAD[] = "gen,seed,rows,cols,rep,solver,length,gen_ns,solve_ns\n";

/* ---- reading ---- */

static void test_lines(void **state)
{
    (void)state;
    const char text[] = "\xEF\xBB\xBF# registry: abc\r\n"             /* 1 */
                        "gen,seed,rows,cols,rep,solver,length,gen_ns,solve_ns\r\n" /* 2 */
                        "dfs,1,4,4,1,bfs,7,100,10\r\n"                /* 3 */
                        "\r\n"                                        /* 4 */
                        "# a note among the rows\n"                   /* 5 */
                        "dfs,2,4,4,1,bfs,7,100,10\n"                  /* 6 */
                        "# registry: abc\n"                           /* 7 */
                        "gen,seed,rows,cols,rep,solver,length,gen_ns,solve_ns\n" /* 8 */
                        "dfs,1,4,4,1,bfs,7,100,10\n"                  /* 9 */
                        "gen,seed,rows,cols,rep,solver,length,gen_ns,solve_ns\n" /* 10 */
                        "\"dfs\",1,4,4,1,bfs,7,100,10\n";             /* 11 */
    const char *path = puts_file("lines.csv", text);
    mzt_sweep s;
    mzt_err err;
    assert_int_equal(mzt_sweep_read(&s, path, false, &err), MZT_OK);
    assert_string_equal(s.registry, "# registry: abc");
    assert_int_equal(s.ncols, 9);
    assert_string_equal(s.header[8], "solve_ns");
    assert_int_equal(mzt_sweep_col(&s, "length"), 6);
    mzt_rows it;
    mzt_row row;
    bool got;
    const size_t want_line[] = {3, 6, 9, 11}, want_round[] = {0, 0, 1, 2};
    const bool want_new[] = {false, false, true, true};
    mzt_rows_begin(&it, &s);
    for (size_t k = 0; k < 4; k++) {
        assert_int_equal(mzt_rows_next(&it, &row, &got, &err), MZT_OK);
        assert_true(got);
        assert_int_equal(row.line, want_line[k]);
        assert_int_equal(row.round, want_round[k]);
        assert_int_equal(row.index, k + 1);
        assert_int_equal(row.new_round, want_new[k]);
        assert_int_equal(row.n, 9);
        char *g = mzt_field_text(&row.f[0]);
        assert_string_equal(g, "dfs");
        free(g);
    }
    assert_int_equal(mzt_rows_next(&it, &row, &got, &err), MZT_OK);
    assert_false(got);
    assert_int_equal(mzt_rows_rounds(&it), 3);
    mzt_rows_end(&it);
    mzt_sweep_free(&s);
}

/* Read every row of text: the status, and the error's line. */
static int read_all(const char *name, const char *text, size_t len, mzt_err *err,
                    size_t *rows)
{
    const char *path = put(name, text, len);
    mzt_sweep s;
    memset(err, 0, sizeof *err);
    *rows = 0;
    int rc = mzt_sweep_read(&s, path, false, err);
    if (rc == MZT_OK) {
        mzt_rows it;
        mzt_row row;
        bool got = true;
        mzt_rows_begin(&it, &s);
        while (rc == MZT_OK && got) {
            rc = mzt_rows_next(&it, &row, &got, err);
            *rows += rc == MZT_OK && got;
        }
        mzt_rows_end(&it);
    }
    mzt_sweep_free(&s);
    return rc;
}

static void expect_bad(const char *name, const char *text, size_t line, const char *says)
{
    mzt_err err;
    size_t rows;
    int rc = read_all(name, text, strlen(text), &err, &rows);
    if (rc != MZT_BAD)
        fail_msg("%s: status %d", name, rc);
    assert_int_equal(err.line, line);
    if (line) {
        char where[160];
        snprintf(where, sizeof where, "line %zu", line);
        assert_non_null(strstr(err.msg, where));
    }
    assert_non_null(err.path);
    assert_non_null(strstr(err.msg, name));
    if (!strstr(err.msg, says))
        fail_msg("%s: got \"%s\"", name, err.msg);
}

static void test_bad_input(void **state)
{
    (void)state;
    char text[1024];
    /* a row cut short after two good ones */
    snprintf(text, sizeof text, "# registry: r\n%sdfs,1,4,4,1,bfs,7,100,10\n\n"
             "dfs,2,4,4,1,bfs,7,100,10\ndfs,3,4\n", HEAD);
    expect_bad("short.csv", text, 6, "is not a complete row of 9 fields");
    /* a later round's header with a column less: a row of the first round
     * cut short */
    snprintf(text, sizeof text, "%sdfs,1,4,4,1,bfs,7,100,10\n# r\n"
             "gen,seed,rows,cols,rep,solver,gen_ns,solve_ns\ndfs,1,4,4,1,bfs,100,10\n", HEAD);
    expect_bad("header.csv", text, 4, "line 4 is not a complete row of 9 fields");
    /* a header again among the rows, one name changed */
    snprintf(text, sizeof text, "%sdfs,1,4,4,1,bfs,7,100,10\n"
             "gen,seed,rows,cols,rep,solver,len,gen_ns,solve_ns\n", HEAD);
    expect_bad("again.csv", text, 3, "column 7 'len' where the first round's has 'length'");
    /* a '#' line cut short at the end: no header after it (the line named
     * is the one after the '#' lines, as the command has always said) */
    snprintf(text, sizeof text, "%sdfs,1,4,4,1,bfs,7,100,10\n\n# registry: r", HEAD);
    expect_bad("tail.csv", text, 5, "'#' lines with no header after them");
    /* rounds of two registries */
    snprintf(text, sizeof text, "# registry: a\n%sdfs,1,4,4,1,bfs,7,100,10\n# registry: b\n%s"
             "dfs,1,4,4,1,bfs,7,100,10\n", HEAD, HEAD);
    expect_bad("reg.csv", text, 4, "a round of registry 'b' after one of registry 'a'");
    expect_bad("nohead.csv", "# only provenance\n", 0, "has no header line");
    expect_bad("missing.csv", "", 0, "has no header line");
    mzt_sweep s;
    mzt_err err;
    assert_int_equal(mzt_sweep_read(&s, "/nonexistent/x.csv", false, &err), MZT_BAD);
    assert_non_null(strstr(err.msg, "no such file"));
    mzt_sweep_free(&s);
}

/* Every prefix of a good file, and every byte of it changed, gives a status
 * (and a message when not MZT_OK), never a crash. */
static void test_never_crash(void **state)
{
    (void)state;
    char text[1024], bent[1024];
    snprintf(text, sizeof text, "\xEF\xBB\xBF# registry: r\r\n%sdfs,1,4,4,1,bfs,7,100,10\r\n"
             "\"a,\"\"b\",2,4,4,1,,7,100,\n# x\n%sdfs,1,4,4,1,bfs,7,100,10\n", HEAD, HEAD);
    size_t len = strlen(text);
    const char subs[] = {'\n', ',', '"', '#', '\r', 'x', '\0'};
    for (size_t cut = 0; cut <= len; cut++) {
        mzt_err err;
        size_t rows;
        int rc = read_all("cut.csv", text, cut, &err, &rows);
        assert_true(rc == MZT_OK || rc == MZT_BAD);
        if (rc != MZT_OK)
            assert_true(err.msg[0] != '\0');
    }
    for (size_t at = 0; at < len; at++)
        for (size_t k = 0; k < sizeof subs; k++) {
            memcpy(bent, text, len);
            bent[at] = subs[k];
            mzt_err err;
            size_t rows;
            int rc = read_all("bent.csv", bent, len, &err, &rows);
            assert_true(rc == MZT_OK || rc == MZT_BAD);
            if (rc != MZT_OK)
                assert_true(err.msg[0] != '\0');
        }
}

/* ---- pairing ---- */

static void test_pairing(void **state)
{
    (void)state;
    char base[1024], neu[1024];
    /* base: dfs seeds 1 and 2; the row of seed 1 given twice (two mazes) */
    snprintf(base, sizeof base, "# registry: r\n%s"
             "dfs,1,4,4,1,bfs,7,100,10\n"
             "dfs,1,4,4,1,bfs,7,100,10\n"
             "dfs,2,4,4,1,bfs,9,100,10\n", HEAD);
    /* new: seed 1 (its length differs: line 3), and seed 3 only here */
    snprintf(neu, sizeof neu, "# registry: r\n%s"
             "dfs,1,4,4,1,bfs,8,110,11\n"
             "dfs,3,4,4,1,bfs,7,100,10\n", HEAD);
    const char *paths[2] = {puts_file("pb.csv", base), puts_file("pn.csv", neu)};
    mzt_compare c;
    mzt_err err;
    mzt_cmp_init(&c);
    assert_int_equal(mzt_cmp_read(&c, paths, &err), MZT_OK);
    assert_int_equal(c.ncmp, 1);
    assert_string_equal(c.cmp[0], "length");
    assert_int_equal(c.side[0].nrows, 3);
    assert_int_equal(c.side[1].nrows, 2);
    assert_false(c.paired);
    /* recipes: gen and solve for seeds 1, 2 and 3 */
    assert_int_equal(c.nrec, 6);
    size_t seen = 0;
    for (size_t k = 0; k < c.nrec; k++) {
        const mzt_recipe *r = &c.rec[k];
        if (!strcmp(r->seed, "1")) {
            assert_int_equal(r->t[0].len, 2); /* the row given twice: two samples */
            assert_int_equal(r->t[1].len, 1);
            assert_float_equal(mzt_doubles(&r->t[1])[0], r->kind == MZT_KIND_GEN ? 110 : 11, 0);
            seen++;
        } else if (!strcmp(r->seed, "2")) {
            assert_int_equal(r->t[0].len, 1);
            assert_int_equal(r->t[1].len, 0);
        } else {
            assert_string_equal(r->seed, "3");
            assert_int_equal(r->t[0].len, 0);
            assert_int_equal(r->t[1].len, 1);
        }
        assert_string_equal(r->topo, "ortho");
        assert_string_equal(r->rng, "mulberry32");
    }
    assert_int_equal(seen, 2);
    /* algorithms: dfs at 4x4 and bfs at 4x4 */
    assert_int_equal(c.nalg, 2);
    assert_int_equal(c.alg[0].nrec + c.alg[1].nrec, 6);
    /* the determinism check: one line, naming the file and line */
    assert_int_equal(c.ndiff, 1);
    assert_int_equal(c.ndiff_rows, 1);
    char want[256];
    snprintf(want, sizeof want, "%s:3: row 1 (dfs, seed 1, 4x4, bfs): column 'length': "
             "expected '7', got '8'", paths[1]);
    assert_string_equal(c.diff[0], want);
    mzt_cmp_free(&c);

    /* a timing that is not a number: the file and its line */
    snprintf(neu, sizeof neu, "# registry: r\n%s\n"
             "dfs,1,4,4,1,bfs,7,1e3,10\ndfs,1,4,4,1,bfs,7,100,fast\n", HEAD);
    paths[1] = puts_file("pbad.csv", neu);
    mzt_cmp_init(&c);
    assert_int_equal(mzt_cmp_read(&c, paths, &err), MZT_BAD);
    assert_ptr_equal(err.path, paths[1]);
    assert_int_equal(err.line, 5);
    assert_non_null(strstr(err.msg, "line 5: a timing or count that is not a number"));
    mzt_cmp_free(&c);

    /* different registries */
    snprintf(neu, sizeof neu, "# registry: q\n%sdfs,1,4,4,1,bfs,7,100,10\n", HEAD);
    paths[1] = puts_file("preg.csv", neu);
    mzt_cmp_init(&c);
    assert_int_equal(mzt_cmp_read(&c, paths, &err), MZT_BAD);
    assert_non_null(strstr(err.msg, "different registries"));
    mzt_cmp_free(&c);
    c.any_registry = false;
    mzt_cmp_init(&c);
    c.any_registry = true;
    assert_int_equal(mzt_cmp_read(&c, paths, &err), MZT_OK);
    mzt_cmp_free(&c);
}

/* ---- the analysis ---- */

/* Two files of 12 reps of one maze: NEW's times factor times BASE's. */
static void two_files(double factor, const char *paths[2])
{
    static char text[2][8192];
    for (int s = 0; s < 2; s++) {
        size_t n = (size_t)snprintf(text[s], sizeof text[s], "# registry: r\n%s", HEAD);
        for (int rep = 1; rep <= 12; rep++) {
            double g = (1000 + 7 * rep) * (s ? factor : 1), t = (200 + 3 * rep) * (s ? factor : 1);
            n += (size_t)snprintf(text[s] + n, sizeof text[s] - n, "dfs,1,8,8,%d,bfs,7,%.0f,%.0f\n",
                                  rep, g, t);
        }
        paths[s] = puts_file(s ? "an.csv" : "ab.csv", text[s]);
    }
}

static void analyse(double factor, int verdict)
{
    const char *paths[2];
    two_files(factor, paths);
    mzt_compare c;
    mzt_err err;
    mzt_cmp_init(&c);
    assert_int_equal(mzt_cmp_read(&c, paths, &err), MZT_OK);
    assert_int_equal(mzt_cmp_analyse(&c, &err), MZT_OK);
    assert_int_equal(c.nrec, 2);
    for (size_t k = 0; k < c.nrec; k++) {
        const mzt_recipe *r = &c.rec[k];
        assert_true(r->tested);
        assert_int_equal(r->t[0].len, 12);
        assert_float_equal(r->ratio, factor, 0.02 * factor);
        assert_true(r->lo <= r->ratio && r->ratio <= r->hi);
        assert_int_equal(r->verdict, verdict);
    }
    for (size_t a = 0; a < c.nalg; a++)
        assert_int_equal(c.alg[a].verdict, verdict);
    assert_int_equal(c.count[0][verdict], 2);
    assert_int_equal(c.count[1][verdict], 2);
    assert_float_equal(c.gm[MZT_KIND_GEN], factor, 0.02 * factor);
    mzt_cmp_free(&c);
}

static void test_verdicts(void **state)
{
    (void)state;
    analyse(2.0, SW_AB_SLOWER);
    analyse(0.5, SW_AB_FASTER);
    analyse(1.01, SW_AB_UNCHANGED); /* significant, but under the 5% threshold */
}

/* Outside rows: gen py reports own_ns (NEW's own_ns the same, its process
 * 1.5x, its gen_ns 2x), gen sh does not (NEW's process_ns pf x, gen_ns 2x),
 * the built-in dfs has no process_ns (NEW's gen_ns 1.08x). */
static void outside_files(double pf, const char *paths[2])
{
    static char text[2][16384];
    static const char head[] = "gen,seed,rows,cols,rep,solver,length,process_ns,own_ns,gen_ns,"
                               "solve_ns\n";
    for (int s = 0; s < 2; s++) {
        size_t n = (size_t)snprintf(text[s], sizeof text[s], "# registry: r\n%s", head);
        for (int rep = 1; rep <= 12; rep++) {
            double b = 100000 + 700 * rep;
            n += (size_t)snprintf(text[s] + n, sizeof text[s] - n,
                                  "py,1,8,8,%d,,7,%.0f,%.0f,%.0f,\n"
                                  "sh,1,8,8,%d,,7,%.0f,,%.0f,\n"
                                  "dfs,1,8,8,%d,,7,,,%.0f,\n",
                                  rep, b * 3 * (s ? 1.5 : 1), b, b * 4 * (s ? 2 : 1), rep,
                                  b * (s ? pf : 1), b * 2 * (s ? 2 : 1), rep,
                                  b * (s ? 1.08 : 1));
        }
        paths[s] = puts_file(s ? "on.csv" : "ob.csv", text[s]);
    }
}

static const mzt_recipe *recipe_named(const mzt_compare *c, const char *gen)
{
    for (size_t k = 0; k < c->nrec; k++)
        if (!strcmp(c->rec[k].gen, gen))
            return &c->rec[k];
    fail_msg("no recipe %s", gen);
    return NULL;
}

static void analyse_outside(double pf, int sh_verdict)
{
    const char *paths[2];
    outside_files(pf, paths);
    mzt_compare c;
    mzt_err err;
    mzt_cmp_init(&c);
    assert_float_equal(c.outside_threshold, 0.10, 1e-12);
    assert_int_equal(mzt_cmp_read(&c, paths, &err), MZT_OK);
    assert_int_equal(mzt_cmp_analyse(&c, &err), MZT_OK);
    assert_int_equal(c.nrec, 3);
    const mzt_recipe *py = recipe_named(&c, "py"), *sh = recipe_named(&c, "sh"),
                     *dfs = recipe_named(&c, "dfs");
    assert_int_equal(py->outside, 1); /* own_ns */
    assert_float_equal(py->ratio, 1.0, 0.01);
    assert_int_equal(py->verdict, SW_AB_UNCHANGED);
    assert_int_equal(sh->outside, 2); /* process_ns */
    assert_float_equal(sh->ratio, pf, 0.01 * pf);
    assert_int_equal(sh->verdict, sh_verdict);
    assert_int_equal(dfs->outside, 0); /* gen_ns, 5% */
    assert_float_equal(dfs->ratio, 1.08, 0.01);
    assert_int_equal(dfs->verdict, SW_AB_SLOWER);
    assert_float_equal(mzt_cmp_threshold(&c, sh->outside), 0.10, 1e-12);
    assert_float_equal(mzt_cmp_threshold(&c, dfs->outside), 0.05, 1e-12);
    for (size_t a = 0; a < c.nalg; a++) {
        const mzt_recipe *r = &c.rec[c.alg[a].first];
        assert_int_equal(c.alg[a].outside, r->outside);
        assert_int_equal(c.alg[a].verdict, r->verdict);
    }
    mzt_cmp_free(&c);
    /* CPU times already hold the child's: no outside columns then. */
    mzt_cmp_init(&c);
    c.outside_threshold = 0.01; /* never below --threshold */
    assert_float_equal(mzt_cmp_threshold(&c, 2), 0.05, 1e-12);
    mzt_cmp_free(&c);
}

static void test_outside_rows(void **state)
{
    (void)state;
    analyse_outside(1.08, SW_AB_UNCHANGED); /* significant, under the 10% outside threshold */
    analyse_outside(1.2, SW_AB_SLOWER);
}

static void test_nothing_in_common(void **state)
{
    (void)state;
    char base[256], neu[256];
    snprintf(base, sizeof base, "# registry: r\n%sdfs,1,4,4,1,bfs,7,100,10\n", HEAD);
    snprintf(neu, sizeof neu, "# registry: r\n%sdfs,2,4,4,1,bfs,7,100,10\n", HEAD);
    const char *paths[2] = {puts_file("cb.csv", base), puts_file("cn.csv", neu)};
    mzt_compare c;
    mzt_err err;
    mzt_cmp_init(&c);
    assert_int_equal(mzt_cmp_read(&c, paths, &err), MZT_OK);
    assert_int_equal(mzt_cmp_analyse(&c, &err), MZT_BAD);
    assert_non_null(strstr(err.msg, "have no timed recipe in common"));
    assert_int_equal(c.only[0], 2);
    assert_int_equal(c.only[1], 2);
    mzt_cmp_free(&c);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/mz-tools-XXXXXX");
    if (!mkdtemp(dir))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines),         cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_never_crash),   cmocka_unit_test(test_pairing),
        cmocka_unit_test(test_verdicts),      cmocka_unit_test(test_nothing_in_common),
        cmocka_unit_test(test_outside_rows),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        rc = rc ? rc : 1;
    return rc;
}
