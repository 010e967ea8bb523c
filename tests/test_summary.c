/*
 * test_summary.c - sweep summaries (src/tools/summary.c):
 *
 *   - the median's distribution-free 95% interval from order statistics:
 *     its ranks and exact coverage for small and large samples, none below
 *     6 values;
 *   - a hand-made sweep: a maze's row repeated for every solver counted
 *     once for its generator, reps and later rounds counted as samples,
 *     known medians, intervals, memory, figure means, sds and ranges, the
 *     groups' order, the header lines;
 *   - data/sweep-small.csv (no timing columns, no 'longest'): every group
 *     with its samples and figures, the cost columns empty;
 *   - bad input: not a sweep, a cells value that is not a number.
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

#include "tools/summary.h"

static char dir[64];

/* |a - b| <= eps, the values named when not */
#define assert_near(a, b, eps)                                                                  \
    do {                                                                                        \
        const double a_ = (a), b_ = (b);                                                        \
        if (!(fabs(a_ - b_) <= (eps)))                                                          \
            fail_msg("%s = %.17g, expected %.17g", #a, a_, b_);                                 \
    } while (0)

static const char *put(const char *name, const char *text)
{
    static char path[4][128];
    static int k;
    char *p = path[k++ % 4];
    snprintf(p, 128, "%s/%s", dir, name);
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
    fclose(f);
    return p;
}

static void test_median_ci(void **state)
{
    (void)state;
    double x[200];
    mzt_median m;
    /* 5 values: no 95% interval (2 / 2^5 = 0.0625 > 0.05). */
    for (int k = 0; k < 5; k++)
        x[k] = 5 - k;
    mzt_median_ci(x, 5, &m);
    assert_int_equal(m.n, 5);
    assert_true(m.med == 3 && m.min == 1 && m.max == 5);
    assert_int_equal(m.k, 0);
    assert_true(isnan(m.lo) && isnan(m.hi) && isnan(m.level));
    /* 6 values: [x(1), x(6)], coverage 1 - 2/64. */
    for (int k = 0; k < 6; k++)
        x[k] = (double)((k * 7) % 6 + 1) * 10; /* 10..60 in another order */
    mzt_median_ci(x, 6, &m);
    assert_int_equal(m.k, 1);
    assert_true(m.med == 35 && m.lo == 10 && m.hi == 60);
    assert_near(m.level, 1 - 2.0 / 64, 1e-12);
    /* 10 values: P(B <= 1) = 11/1024 <= 0.025 < P(B <= 2) = 56/1024: k = 2. */
    for (int k = 0; k < 10; k++)
        x[k] = 10 - k;
    mzt_median_ci(x, 10, &m);
    assert_int_equal(m.k, 2);
    assert_true(m.med == 5.5 && m.lo == 2 && m.hi == 9);
    assert_near(m.level, 1 - 22.0 / 1024, 1e-12);
    /* 100 values: the textbook ranks 40 and 61 (k = 40). */
    for (int k = 0; k < 100; k++)
        x[k] = k + 1;
    mzt_median_ci(x, 100, &m);
    assert_int_equal(m.k, 40);
    assert_true(m.lo == 40 && m.hi == 61);
    assert_true(m.level >= 0.95 && m.level < 0.97);
    /* empty */
    mzt_median_ci(x, 0, &m);
    assert_int_equal(m.n, 0);
    assert_true(isnan(m.med) && isnan(m.min));
}

static void test_spread(void **state)
{
    (void)state;
    const double x[] = {2, 4, 4, 4, 5, 5, 7, 9};
    mzt_spread s;
    mzt_spread_of(x, 8, &s);
    assert_near(s.mean, 5, 1e-12);
    assert_near(s.sd, sqrt(32.0 / 7), 1e-12);
    assert_true(s.min == 2 && s.max == 9);
    mzt_spread_of(x, 1, &s);
    assert_true(s.mean == 2 && isnan(s.sd));
}

/* dfs at 10x10 over 10 seeds, each maze solved by bfs and wall (its
 * generator columns repeated on both rows); prim at 10x10 over 3 seeds,
 * one of them with a second rep, then a second round (a new header) of
 * one prim maze. */
static const char *hand_made(void)
{
    static char text[8192];
    size_t at = 0;
    at += (size_t)snprintf(text + at, sizeof text - at,
                           "# mazebench 0.1.0 sweep\n# commit: abc123\n# command: mazebench "
                           "sweep --out x.csv\n# plan: gen dfs\n# plan: gen prim\n"
                           "gen,seed,rows,cols,cells,dead_ends,route,rep,solver,path_cells,"
                           "closed,gen_ns,solve_ns,gen_peak_bytes,solve_peak_bytes\n");
    /* gen_ns per cell: 10, 20, ..., 100 in a shuffled order */
    static const int order[10] = {7, 2, 9, 4, 1, 10, 5, 3, 8, 6};
    for (int s = 0; s < 10; s++) {
        const int g = order[s] * 1000;
        at += (size_t)snprintf(text + at, sizeof text - at,
                               "dfs,%d,10,10,100,%d,%d,1,bfs,%d,%d,%d,%d,800,%d\n", 100 + s,
                               10 + s, 30 + 2 * s, 31 + 2 * s, 50 + s, g, 500 + 10 * s,
                               1000 + 100 * s);
        at += (size_t)snprintf(text + at, sizeof text - at,
                               "dfs,%d,10,10,100,%d,%d,1,wall,%d,,%d,%d,800,\n", 100 + s,
                               10 + s, 30 + 2 * s, 41 + 2 * s, g, 900);
    }
    at += (size_t)snprintf(text + at, sizeof text - at,
                           "prim,1,10,10,100,30,18,1,bfs,19,40,300,100,,\n"
                           "prim,2,10,10,100,32,20,1,bfs,21,42,500,100,,\n"
                           "prim,2,10,10,100,32,20,2,bfs,21,42,400,100,,\n"
                           "prim,3,10,10,100,34,22,1,bfs,23,44,900,100,,\n"
                           "gen,seed,rows,cols,cells,dead_ends,route,rep,solver,path_cells,"
                           "closed,gen_ns,solve_ns,gen_peak_bytes,solve_peak_bytes\n"
                           "prim,3,10,10,100,34,22,1,bfs,23,44,700,100,,\n");
    return text;
}

static void test_hand_made(void **state)
{
    (void)state;
    mzt_summary s;
    mzt_err err;
    assert_int_equal(mzt_summary_read(&s, put("hand.csv", hand_made()), &err), MZT_OK);
    assert_int_equal(s.rows, 25);
    assert_int_equal(s.ngen, 2);
    assert_int_equal(s.nsolve, 3);
    assert_int_equal(s.ngrp, 5);
    /* the header lines */
    assert_string_equal(mzt_summary_meta(&s, "title"), "mazebench 0.1.0 sweep");
    assert_string_equal(mzt_summary_meta(&s, "commit"), "abc123");
    assert_string_equal(mzt_summary_meta(&s, "command"), "mazebench sweep --out x.csv");
    assert_string_equal(mzt_summary_meta(&s, "plan"), "gen dfs");
    assert_null(mzt_summary_meta(&s, "cpu"));

    /* dfs: 10 mazes (not 20 rows), ns a cell 10..100 */
    const mzt_sum_group *g = &s.grp[0];
    assert_int_equal(g->kind, MZT_SUM_GEN);
    assert_string_equal(g->gen, "dfs");
    assert_string_equal(g->solver, "");
    assert_string_equal(g->topo, "ortho");
    assert_string_equal(g->rng, "mulberry32");
    assert_int_equal(g->cells, 100);
    assert_int_equal(g->n, 10);
    assert_int_equal(g->seeds, 10);
    assert_int_equal(g->time.n, 10);
    assert_near(g->time.med, 55, 1e-9);
    assert_near(g->time.lo, 20, 1e-9);
    assert_near(g->time.hi, 90, 1e-9);
    assert_near(g->time.min, 10, 1e-9);
    assert_near(g->time.max, 100, 1e-9);
    assert_near(g->memory.med, 8, 1e-9);
    /* dead ends 10..19 of 100 cells: a share */
    assert_int_equal(g->fig[MZT_FIG_DEAD_ENDS].n, 10);
    assert_near(g->fig[MZT_FIG_DEAD_ENDS].mean, 0.145, 1e-12);
    assert_near(g->fig[MZT_FIG_DEAD_ENDS].min, 0.10, 1e-12);
    assert_near(g->fig[MZT_FIG_DEAD_ENDS].max, 0.19, 1e-12);
    assert_near(g->fig[MZT_FIG_DEAD_ENDS].sd, sqrt(82.5 / 9) / 100, 1e-12);
    assert_near(g->fig[MZT_FIG_ROUTE].mean, 39, 1e-12);
    assert_int_equal(g->fig[MZT_FIG_LONGEST].n, 0); /* no such column */
    assert_int_equal(g->fig[MZT_FIG_CLOSED].n, 0);  /* a solver's figure */

    /* prim: 3 seeds, 5 samples (a second rep, a second round); no
     * interval for 5; no memory column values */
    g = &s.grp[1];
    assert_string_equal(g->gen, "prim");
    assert_int_equal(g->n, 5);
    assert_int_equal(g->seeds, 3);
    assert_near(g->time.med, 5, 1e-9);
    assert_true(isnan(g->time.lo) && isnan(g->time.hi));
    assert_int_equal(g->memory.n, 0);
    assert_true(isnan(g->memory.med));

    /* solvers: bfs (dfs, prim), then wall */
    g = &s.grp[2];
    assert_int_equal(g->kind, MZT_SUM_SOLVE);
    assert_string_equal(g->solver, "bfs");
    assert_string_equal(g->gen, "dfs");
    assert_int_equal(g->n, 10);
    assert_near(g->time.med, 5.45, 1e-9); /* 500..590 / 100 */
    assert_near(g->time.lo, 5.1, 1e-9);
    assert_near(g->time.hi, 5.8, 1e-9);
    assert_near(g->memory.med, 14.5, 1e-9);
    assert_near(g->fig[MZT_FIG_CLOSED].mean, 0.545, 1e-12);
    assert_near(g->fig[MZT_FIG_PATH].mean, 40, 1e-12);
    assert_int_equal(g->fig[MZT_FIG_DEAD_ENDS].n, 0);
    g = &s.grp[3];
    assert_string_equal(g->solver, "bfs");
    assert_string_equal(g->gen, "prim");
    assert_int_equal(g->n, 5);
    g = &s.grp[4];
    assert_string_equal(g->solver, "wall");
    assert_int_equal(g->n, 10);
    assert_int_equal(g->fig[MZT_FIG_CLOSED].n, 0); /* empty in every row */
    assert_near(g->time.med, 9, 1e-9);
    mzt_summary_free(&s);
}

static void test_sweep_small(void **state)
{
    (void)state;
    mzt_summary s;
    mzt_err err;
    assert_int_equal(mzt_summary_read(&s, MZ_SOURCE_DIR "/data/sweep-small.csv", &err), MZT_OK);
    assert_int_equal(s.rows, 72);
    assert_int_equal(s.ngen, 6);   /* 3 generators x 2 sizes */
    assert_int_equal(s.nsolve, 24); /* 4 solvers x 3 generators x 2 sizes */
    for (size_t k = 0; k < s.ngrp; k++) {
        assert_int_equal(s.grp[k].n, 3);
        assert_int_equal(s.grp[k].seeds, 3);
        assert_int_equal(s.grp[k].time.n, 0); /* no timing columns */
        assert_true(isnan(s.grp[k].time.med));
    }
    /* by cells: 21x41 (861) before 31x31 (961) */
    const mzt_sum_group *g = &s.grp[1];
    assert_string_equal(g->gen, "dfs");
    assert_string_equal(g->rows, "31");
    assert_int_equal(g->cells, 961);
    assert_near(g->fig[MZT_FIG_DEAD_ENDS].mean, (96 + 102 + 106) / 3.0 / 961, 1e-12);
    assert_near(g->fig[MZT_FIG_ROUTE].mean, (320 + 290 + 328) / 3.0, 1e-12);
    assert_near(g->fig[MZT_FIG_ROUTE].min, 290, 0);
    assert_near(g->fig[MZT_FIG_ROUTE].max, 328, 0);
    assert_int_equal(g->fig[MZT_FIG_LONGEST].n, 0);
    assert_string_equal(s.grp[2].gen, "dfs+braid");
    g = &s.grp[s.ngen + 1]; /* bfs on dfs at 31x31 */
    assert_string_equal(g->solver, "bfs");
    assert_string_equal(g->gen, "dfs");
    assert_int_equal(g->cells, 961);
    assert_near(g->fig[MZT_FIG_CLOSED].mean, (540 + 450 + 575) / 3.0 / 961, 1e-12);
    assert_near(g->fig[MZT_FIG_PATH].mean, (321 + 291 + 329) / 3.0, 1e-12);
    mzt_summary_free(&s);
}

/* Shapes stay together: a generator's groups by the order their topology
 * first appears, then by cells. */
static void test_order(void **state)
{
    (void)state;
    mzt_summary s;
    mzt_err err;
    assert_int_equal(mzt_summary_read(&s, put("order.csv",
                                              "gen,seed,topology,rows,cols,cells\n"
                                              "dfs,1,hex,9,9,81\n"
                                              "dfs,1,ortho,5,5,25\n"
                                              "dfs,1,hex,3,3,9\n"
                                              "dfs,1,ortho,7,7,49\n"),
                                      &err),
                     MZT_OK);
    assert_int_equal(s.ngrp, 4);
    static const char *const want[4][2] = {{"hex", "3"}, {"hex", "9"}, {"ortho", "5"}, {"ortho", "7"}};
    for (int k = 0; k < 4; k++) {
        assert_string_equal(s.grp[k].topo, want[k][0]);
        assert_string_equal(s.grp[k].rows, want[k][1]);
    }
    mzt_summary_free(&s);
}

static void test_bad(void **state)
{
    (void)state;
    mzt_summary s;
    mzt_err err;
    assert_int_equal(mzt_summary_read(&s, put("nogen.csv", "a,b\n1,2\n"), &err), MZT_BAD);
    assert_non_null(strstr(err.msg, "no column 'gen'"));
    mzt_summary_free(&s);
    assert_int_equal(mzt_summary_read(&s, put("cells.csv", "gen,seed,rows,cols,cells\n"
                                                           "dfs,1,2,2,4\ndfs,2,2,2,four\n"),
                                      &err),
                     MZT_BAD);
    assert_non_null(strstr(err.msg, "line 3"));
    mzt_summary_free(&s);
    assert_int_equal(mzt_summary_read(&s, put("ns.csv", "gen,seed,rows,cols,gen_ns\n"
                                                        "dfs,1,2,2,fast\n"),
                                      &err),
                     MZT_BAD);
    mzt_summary_free(&s);
    assert_int_equal(mzt_summary_read(&s, "/nonexistent/sweep.csv", &err), MZT_BAD);
    mzt_summary_free(&s);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/mz-summary-XXXXXX");
    if (!mkdtemp(dir))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_median_ci),
        cmocka_unit_test(test_spread),
        cmocka_unit_test(test_hand_made),
        cmocka_unit_test(test_sweep_small),
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_bad),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        rc = rc ? rc : 1;
    return rc;
}
