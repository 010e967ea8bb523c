/*
 * test_report_tables.c - the report's table model and its writers
 * (src/report/table.c) and the report built from files
 * (src/report/report.c):
 *
 *   - escaping: _ & % # $ { } ~ ^ \ in LaTeX, | in markdown (code cells
 *     too), < & " in HTML;
 *   - alignment: markdown's ---, ---: and :---:, the tabular's l r c, the
 *     HTML cells' classes;
 *   - the CSV: a parted column as one column a part, quoting;
 *   - a report of data/sweep-small.csv: its sections, the generator table's
 *     cells from the sweep summary, a malformed file and a missing one left
 *     out with why;
 *   - outside programs: their runs counted by status (a maze's row repeated
 *     for each solver counted once) with the first failure, their groups'
 *     time the program's own (own_ns) or the whole process's (process_ns),
 *     and a generator without a successful run left out of the charts,
 *     named in the note.
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

#include "out/out.h"
#include "report/report.h"

/* What a writer wrote, as a string (free it). */
typedef void (*writer)(FILE *, const mzr_table *);
static char *written(writer w, const mzr_table *t)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    w(f, t);
    fclose(f);
    return buf;
}

static void make(mzr_table *t)
{
    assert_int_equal(mzr_table_init(t, "demo", "A & B: 50% of $x_1$", "note {#1}"), MZO_OK);
    assert_int_equal(mzr_table_col(t, "name", NULL, "name", MZR_LEFT), MZO_OK);
    mzr_table_col_code(t);
    assert_int_equal(mzr_table_col(t, "time", "ns/cell", "ns", MZR_RIGHT), MZO_OK);
    static const char *const suf[3] = {"", "_lo", "_hi"};
    assert_int_equal(mzr_table_col_parts(t, 3, suf), MZO_OK);
    assert_int_equal(mzr_table_col(t, "verdict", "", "verdict", MZR_CENTER), MZO_OK);
    assert_int_equal(mzr_table_row(t), MZO_OK);
    assert_int_equal(mzr_table_set(t, 0, "%s", "a|b_c"), MZO_OK);
    assert_int_equal(mzr_table_set(t, 1, "%s", "5.5 [2.0, 9.0]"), MZO_OK);
    assert_int_equal(mzr_table_set_part(t, 1, 0, "5.5"), MZO_OK);
    assert_int_equal(mzr_table_set_part(t, 1, 1, "2"), MZO_OK);
    assert_int_equal(mzr_table_set_part(t, 1, 2, "9"), MZO_OK);
    assert_int_equal(mzr_table_set(t, 2, "%s", "<ok> & \"so\""), MZO_OK);
    assert_int_equal(mzr_table_row(t), MZO_OK);
    assert_int_equal(mzr_table_set(t, 0, "%s", "~^\\{}#"), MZO_OK);
    assert_int_equal(mzr_table_set(t, 2, "%s", "x,y"), MZO_OK); /* part 1 left empty */
}

static void test_tex(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    mzo_tex_text(f, "_ & % # $ { } ~ ^ \\");
    fclose(f);
    assert_string_equal(buf, "\\_ \\& \\% \\# \\$ \\{ \\} \\textasciitilde{} "
                             "\\textasciicircum{} \\textbackslash{}");
    free(buf);
    buf = NULL;
    f = open_memstream(&buf, &len);
    mzo_tex_text(f, "5 \xc2\xb1 1, R\xc2\xb2, --out, a-b");
    fclose(f);
    assert_string_equal(buf, "5 $\\pm$ 1, R\\textsuperscript{2}, -{}-out, a-b");
    free(buf);

    mzr_table t;
    make(&t);
    char *s = written(mzr_table_tex, &t);
    /* the caption may break after punctuation (\allowbreak{}), as long
     * names in narrow columns do */
    assert_non_null(strstr(s, "\\begin{longtable}{lrc}\n\\caption{A \\& B:\\allowbreak{} 50\\% of "
                              "\\$x\\_\\allowbreak{}1\\$}"));
    assert_non_null(strstr(s, "\\endfirsthead\n"));
    assert_non_null(strstr(s, "name & time (ns/cell) & verdict \\\\\n\\midrule\n"));
    assert_non_null(strstr(s, "\\texttt{a\\textbar{}b\\_c} & 5.5 [2.0, 9.0] & "
                              "\\textless{}ok\\textgreater{} \\& \"so\" \\\\\n"));
    assert_non_null(strstr(s, "\\texttt{\\textasciitilde{}\\textasciicircum{}"
                              "\\textbackslash{}\\{\\}\\#} &  & x,y \\\\\n"));
    assert_non_null(strstr(s, "\\bottomrule\n\\endfoot\n"));
    assert_non_null(strstr(s, "\\end{longtable}\n"));
    assert_non_null(strstr(s, "note \\{\\#1\\}"));
    free(s);
    mzr_table_free(&t);
}

static void test_md(void **state)
{
    (void)state;
    mzr_table t;
    make(&t);
    char *s = written(mzr_table_md, &t);
    assert_non_null(strstr(s, "**A &amp; B: 50% of $x\\_1$**\n\n"));
    assert_non_null(strstr(s, "| name | time (ns/cell) | verdict |\n|---|---:|:---:|\n"));
    assert_non_null(strstr(s, "| `a\\|b_c` | 5.5 \\[2.0, 9.0\\] | &lt;ok&gt; &amp; \"so\" |\n"));
    assert_non_null(strstr(s, "| `~^\\{}#` |  | x,y |\n"));
    assert_non_null(strstr(s, "\n_note {#1}_\n"));
    free(s);
    mzr_table_free(&t);
}

static void test_html(void **state)
{
    (void)state;
    mzr_table t;
    make(&t);
    char *s = written(mzr_table_html, &t);
    assert_non_null(strstr(s, "<table class=\"mz\" id=\"t-demo\">"));
    assert_non_null(strstr(s, "<caption>A &amp; B: 50% of $x_1$</caption>"));
    assert_non_null(strstr(s, "<th scope=\"col\" class=\"l\">name</th>"
                              "<th scope=\"col\" class=\"r\">time (ns/cell)</th>"
                              "<th scope=\"col\" class=\"c\">verdict</th>"));
    assert_non_null(strstr(s, "<td>a|b_c</td>"));
    assert_non_null(strstr(s, "<td>&lt;ok&gt; &amp; &quot;so&quot;</td>"));
    assert_null(strstr(s, "<ok>"));
    assert_non_null(strstr(s, "<p class=\"note\">note {#1}</p>"));
    free(s);
    s = written(mzr_table_css, &t);
    /* a code column's names may break anywhere: a long spec never widens
     * the table past its box */
    assert_string_equal(s, "#t-demo td:nth-child(1){font-family:var(--mono);font-size:.9em;"
                           "overflow-wrap:anywhere}"
                           "#t-demo td:nth-child(2){text-align:right}"
                           "#t-demo td:nth-child(3){text-align:center}");
    free(s);
    mzr_table_free(&t);
}

static void test_csv(void **state)
{
    (void)state;
    mzr_table t;
    make(&t);
    char *s = written(mzr_table_csv, &t);
    assert_string_equal(s, "name,ns,ns_lo,ns_hi,verdict\n"
                           "a|b_c,5.5,2,9,\"<ok> & \"\"so\"\"\"\n"
                           "~^\\{}#,,,,\"x,y\"\n");
    free(s);
    /* a text a spreadsheet would run starts with a quote; numbers, parts
     * and cells alike, stay as they are */
    assert_int_equal(mzr_table_row(&t), MZO_OK);
    assert_int_equal(mzr_table_set(&t, 0, "%s", "=HYPERLINK(\"http://e.x/\")"), MZO_OK);
    assert_int_equal(mzr_table_set_part(&t, 1, 0, "-3.5"), MZO_OK);
    assert_int_equal(mzr_table_set_part(&t, 1, 1, "-4e-1"), MZO_OK);
    assert_int_equal(mzr_table_set_part(&t, 1, 2, "+1e3"), MZO_OK);
    assert_int_equal(mzr_table_set(&t, 2, "%s", "@SUM(A1)"), MZO_OK);
    s = written(mzr_table_csv, &t);
    assert_non_null(strstr(s, "\n\"'=HYPERLINK(\"\"http://e.x/\"\")\",-3.5,-4e-1,+1e3,\"'@SUM(A1)\"\n"));
    free(s);
    mzr_table_free(&t);
}

/* Columns empty in every row go; the others keep their cells and parts. */
static void test_drop_empty(void **state)
{
    (void)state;
    mzr_table t;
    make(&t);
    assert_int_equal(mzr_table_col(&t, "x", NULL, "x", MZR_LEFT), MZO_FAIL); /* rows exist */
    mzr_table_drop_empty(&t);
    assert_int_equal(t.ncols, 3); /* every column has a value somewhere */
    mzr_table u;
    assert_int_equal(mzr_table_init(&u, "u", "u", ""), MZO_OK);
    for (int c = 0; c < 4; c++) {
        char k[8];
        snprintf(k, sizeof k, "c%d", c);
        assert_int_equal(mzr_table_col(&u, k, NULL, k, MZR_RIGHT), MZO_OK);
    }
    for (int r = 0; r < 3; r++) {
        assert_int_equal(mzr_table_row(&u), MZO_OK);
        assert_int_equal(mzr_table_set(&u, 1, "b%d", r), MZO_OK);
        assert_int_equal(mzr_table_set_part(&u, 1, 0, "p"), MZO_OK);
        if (r == 2)
            assert_int_equal(mzr_table_set(&u, 3, "d%d", r), MZO_OK);
    }
    mzr_table_drop_empty(&u);
    assert_int_equal(u.ncols, 2);
    assert_string_equal(u.col[0].key, "c1");
    assert_string_equal(u.col[1].key, "c3");
    for (int r = 0; r < 3; r++) {
        char b[8];
        snprintf(b, sizeof b, "b%d", r);
        assert_string_equal(mzr_table_at(&u, (size_t)r, 0)->text, b);
        assert_string_equal(mzr_table_at(&u, (size_t)r, 0)->part[0], "p");
    }
    assert_null(mzr_table_at(&u, 0, 1)->text);
    assert_string_equal(mzr_table_at(&u, 2, 1)->text, "d2");
    mzr_table_free(&u);
    mzr_table_free(&t);
}

static char dir[64];

static void test_report(void **state)
{
    (void)state;
    char bad[128], missing[128];
    snprintf(bad, sizeof bad, "%s/stats-bad.csv", dir);
    snprintf(missing, sizeof missing, "%s/none.csv", dir);
    FILE *f = fopen(bad, "w");
    assert_non_null(f);
    fputs("gen,topology,rows,cols,cells,seeds,stat,n,mean,sd,se,ci95_lo,ci95_hi\n"
          "dfs,ortho,3,3,9,2,dead_ends,2,0.1\n",
          f);
    fclose(f);
    mzr_report r;
    mzr_report_init(&r);
    assert_int_equal(mzr_report_add(&r, MZ_SOURCE_DIR "/data/sweep-small.csv"), MZO_OK);
    assert_int_equal(mzr_report_add(&r, bad), MZO_OK);
    assert_int_equal(mzr_report_add(&r, missing), MZO_OK);
    char err[256];
    assert_int_equal(mzr_report_finish(&r, err, sizeof err), MZO_OK);
    assert_true(mzr_report_has(&r, MZR_SEC_RUN));
    assert_true(mzr_report_has(&r, MZR_SEC_GENERATORS));
    assert_true(mzr_report_has(&r, MZR_SEC_SOLVERS));
    assert_false(mzr_report_has(&r, MZR_SEC_STATS));
    assert_false(mzr_report_has(&r, MZR_SEC_COMPARE));
    assert_true(mzr_report_has(&r, MZR_SEC_LEFT_OUT));
    assert_int_equal(r.nleft, 2);
    assert_string_equal(r.left[0].path, bad);
    assert_non_null(strstr(r.left[0].why, "line 2: 9 fields where the header has 13"));
    assert_true(r.left[0].error);
    assert_string_equal(r.left[1].path, missing);
    assert_non_null(strstr(r.left[1].why, "cannot read it"));
    /* the generator table: one row a summary group, cells from it */
    const mzr_table *t = &r.sec[MZR_SEC_GENERATORS].tab[0];
    assert_int_equal(t->nrows, r.sum.ngen);
    assert_int_equal(t->nrows, 6);
    size_t dead = SIZE_MAX, grid = SIZE_MAX;
    for (size_t c = 0; c < t->ncols; c++) {
        if (!strcmp(t->col[c].key, "dead_ends_pct"))
            dead = c;
        if (!strcmp(t->col[c].key, "grid"))
            grid = c;
        /* one shape and one source: said in the note, not a column */
        assert_string_not_equal(t->col[c].key, "topology");
        assert_string_not_equal(t->col[c].key, "rng");
    }
    assert_non_null(strstr(t->note, "Every row: shape ortho, source mulberry32."));
    assert_true(dead != SIZE_MAX && grid != SIZE_MAX);
    assert_string_equal(mzr_table_at(t, 1, 0)->text, "dfs");
    assert_string_equal(mzr_table_at(t, 1, grid)->text, "31x31");
    /* (96 + 102 + 106) / 3 / 961 = 10.545% */
    assert_string_equal(mzr_table_at(t, 1, dead)->text, "10.5 \xc2\xb1 0.5");
    assert_string_equal(mzr_table_at(t, 1, dead)->part[0], "10.5446");
    /* no timing columns in the golden file: no time column */
    for (size_t c = 0; c < t->ncols; c++)
        assert_string_not_equal(t->col[c].key, "ns_per_cell");
    /* the whole as XHTML: every section with its id */
    char *buf = NULL;
    size_t len = 0;
    f = open_memstream(&buf, &len);
    mzr_report_html(f, &r, 720, 405);
    fclose(f);
    assert_non_null(strstr(buf, "<!DOCTYPE html>"));
    assert_non_null(strstr(buf, "<section id=\"run\" data-section=\"run\">"));
    assert_non_null(strstr(buf, "<section id=\"left-out\" data-section=\"left-out\">"));
    assert_null(strstr(buf, "<section id=\"stats\""));
    assert_null(strstr(buf, "src=\"http"));
    free(buf);
    mzr_report_free(&r);
    unlink(bad);
}

/* A stats file without the verdict column: the verdict from the stats
 * library's published-value check; with the column: the file's. */
static void test_stats_verdict(void **state)
{
    (void)state;
    char path[2][128];
    static const char *const head =
        "gen,topology,rows,cols,cells,seeds,stat,n,mean,sd,se,ci95_lo,ci95_hi,exact,"
        "published_lo,published_hi,published_source,rng%s\n"
        "dfs,ortho,31,31,961,20,dead_ends,20,0.1002,0.002,0.000447,0.0993,0.1011,1,0.1000,"
        "0.1000,Pullen,mulberry32%s\n"
        "kruskal,ortho,31,31,961,20,dead_ends,20,0.3050,0.002,0.000447,0.3041,0.3059,1,"
        "0.2000,0.2000,Pullen,mulberry32%s\n";
    for (int k = 0; k < 2; k++) {
        snprintf(path[k], sizeof path[k], "%s/stats-%d.csv", dir, k);
        FILE *f = fopen(path[k], "w");
        assert_non_null(f);
        fprintf(f, head, k ? ",published_verdict" : "", k ? ",as written" : "", k ? ",x" : "");
        fclose(f);
    }
    mzr_report r;
    mzr_report_init(&r);
    assert_int_equal(mzr_report_add(&r, path[0]), MZO_OK);
    assert_int_equal(mzr_report_add(&r, path[1]), MZO_OK);
    char err[256];
    assert_int_equal(mzr_report_finish(&r, err, sizeof err), MZO_OK);
    assert_int_equal(r.nleft, 0);
    assert_int_equal(r.sec[MZR_SEC_STATS].ntab, 2);
    for (int k = 0; k < 2; k++) {
        const mzr_table *t = &r.sec[MZR_SEC_STATS].tab[k];
        size_t v = SIZE_MAX;
        for (size_t c = 0; c < t->ncols; c++)
            if (!strcmp(t->col[c].key, "verdict"))
                v = c;
        assert_true(v != SIZE_MAX);
        assert_int_equal(t->nrows, 2);
        assert_string_equal(mzr_table_at(t, 0, v)->text, k ? "as written" : "agree");
        assert_string_equal(mzr_table_at(t, 1, v)->text, k ? "x" : "differ");
    }
    assert_string_equal(r.sec[MZR_SEC_STATS].tab[0].id, "stats-0");
    mzr_report_free(&r);
    unlink(path[0]);
    unlink(path[1]);
}

static size_t col_of(const mzr_table *t, const char *key)
{
    for (size_t c = 0; c < t->ncols; c++)
        if (!strcmp(t->col[c].key, key))
            return c;
    return SIZE_MAX;
}

static void test_outside(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/sweep-outside.csv", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("gen,seed,rows,cols,cells,gen_ns,dead_ends,route,solver,solve_ns,outside_status,"
          "process_ns,own_ns,solve_outside_status,solve_process_ns\n"
          "dfs,1,4,4,16,1600,3,7,bfs,160,,,,,\n"
          "dfs,2,4,4,16,1700,3,7,bfs,170,,,,,\n"
          "ext,1,4,4,16,99000,3,7,bfs,160,ok,80000,1600,,\n"
          "ext,1,4,4,16,99000,3,7,osol,,ok,80000,1600,exit,9000\n"
          "ext,2,4,4,16,99000,3,7,bfs,160,ok,80000,1600,,\n"
          "ext,2,4,4,16,99000,3,7,osol,,ok,80000,1600,ok,3200\n"
          "loopy,1,4,4,16,,,,bfs,,not-perfect,5000,,,\n"
          "loopy,2,4,4,16,,,,bfs,,timeout,5000,,,\n",
          f);
    fclose(f);
    mzr_report r;
    mzr_report_init(&r);
    assert_int_equal(mzr_report_add(&r, path), MZO_OK);
    char err[256];
    assert_int_equal(mzr_report_finish(&r, err, sizeof err), MZO_OK);
    assert_int_equal(r.nleft, 0);
    assert_true(mzr_report_has(&r, MZR_SEC_OUTSIDE));
    const mzr_table *t = &r.sec[MZR_SEC_OUTSIDE].tab[0];
    assert_string_equal(t->id, "outside");
    assert_int_equal(t->nrows, 3); /* ext, loopy, then the solver osol */
    const size_t prog = col_of(t, "program"), runs = col_of(t, "runs"), ok = col_of(t, "ok"),
                 np = col_of(t, "not-perfect"), to = col_of(t, "timeout"),
                 ex = col_of(t, "exit"), first = col_of(t, "first_failure"),
                 tm = col_of(t, "time");
    assert_true(prog != SIZE_MAX && runs != SIZE_MAX && ok != SIZE_MAX && np != SIZE_MAX &&
                to != SIZE_MAX && ex != SIZE_MAX && first != SIZE_MAX && tm != SIZE_MAX);
    assert_int_equal(col_of(t, "wrong-size"), SIZE_MAX); /* a status no one met */
    assert_string_equal(mzr_table_at(t, 0, prog)->text, "ext");
    assert_string_equal(mzr_table_at(t, 0, runs)->text, "2"); /* not 4: a maze once */
    assert_string_equal(mzr_table_at(t, 0, ok)->text, "2");
    assert_string_equal(mzr_table_at(t, 0, first)->text, "none");
    assert_non_null(strstr(mzr_table_at(t, 0, tm)->text, "own time"));
    assert_string_equal(mzr_table_at(t, 1, prog)->text, "loopy");
    assert_string_equal(mzr_table_at(t, 1, runs)->text, "2");
    assert_string_equal(mzr_table_at(t, 1, ok)->text, "0");
    assert_string_equal(mzr_table_at(t, 1, np)->text, "1");
    assert_string_equal(mzr_table_at(t, 1, to)->text, "1");
    assert_string_equal(mzr_table_at(t, 1, first)->text, "seed 1, grid 4x4: not-perfect");
    assert_non_null(strstr(mzr_table_at(t, 1, tm)->text, "left out of the charts"));
    assert_string_equal(mzr_table_at(t, 2, prog)->text, "osol");
    assert_string_equal(mzr_table_at(t, 2, runs)->text, "2");
    assert_string_equal(mzr_table_at(t, 2, ex)->text, "1");
    assert_non_null(strstr(mzr_table_at(t, 2, tm)->text, "whole-process"));
    /* the groups' times: ext's own_ns (1600 / 16), osol's process_ns (3200 / 16) */
    bool seen_ext = false, seen_osol = false;
    for (size_t k = 0; k < r.sum.ngrp; k++) {
        const mzt_sum_group *g = &r.sum.grp[k];
        if (g->kind == MZT_SUM_GEN && !strcmp(g->gen, "ext")) {
            assert_true(g->time.n == 2 && g->time.med == 100);
            seen_ext = true;
        }
        if (g->kind == MZT_SUM_SOLVE && !strcmp(g->solver, "osol")) {
            assert_true(g->time.n == 1 && g->time.med == 200);
            seen_osol = true;
        }
    }
    assert_true(seen_ext && seen_osol);
    /* the generation time chart: no loopy series, loopy named in the note,
     * ext's series says its time */
    const mzr_chart *c = NULL;
    for (size_t k = 0; k < r.nchart; k++)
        if (!strcmp(r.chart[k].name, "gen-time"))
            c = &r.chart[k];
    assert_non_null(c);
    bool ext = false;
    for (size_t p = 0; p < c->npanel; p++)
        for (size_t s = 0; s < c->panel[p].nseries; s++) {
            assert_null(strstr(c->panel[p].series[s].name, "loopy"));
            assert_true(c->panel[p].series[s].n > 0);
            ext = ext || !strcmp(c->panel[p].series[s].name, "ext (own time)");
        }
    assert_true(ext);
    assert_non_null(strstr(c->note, "loopy (an outside program: no run succeeded"));
    assert_non_null(strstr(c->note, "ext: the program's own time"));
    /* the markdown export has the table */
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    assert_non_null(m);
    mzr_report_md(m, &r);
    fclose(m);
    assert_non_null(strstr(buf, "## Outside programs"));
    assert_non_null(strstr(buf, "| `loopy` | generator | 2 | 0 |"));
    free(buf);
    mzr_report_free(&r);
    unlink(path);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/mz-report-XXXXXX");
    if (!mkdtemp(dir))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tex),  cmocka_unit_test(test_md),     cmocka_unit_test(test_html),
        cmocka_unit_test(test_csv),  cmocka_unit_test(test_drop_empty),
        cmocka_unit_test(test_report),  cmocka_unit_test(test_stats_verdict),
        cmocka_unit_test(test_outside),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    rmdir(dir);
    return rc;
}
