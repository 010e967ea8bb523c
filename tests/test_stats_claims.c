/*
 * test_stats_claims.c - the tests behind 'mazebench stats --against' and the
 * published verdict (src/core/stats.c, src/tools/stats_table.c,
 * docs/stats.md "Claims"):
 *
 *   - Student's t and the normal distribution against values computed to
 *     30 digits (mpmath): CDF, two-sided tail, quantiles at whole and
 *     fractional degrees of freedom;
 *   - Welch's test on the two samples of the Welch's t-test article's
 *     first example (t = -2.4554, df = 24.989, p = 0.02138);
 *   - the Mann-Whitney U with ties on a hand-counted example (U = 6.5, the
 *     tie term 36, z = -1.4809, p = 0.13863);
 *   - the one-sample test against a band and the published verdict;
 *   - end to end on mazes: dfs against dfs on other seeds agrees, dfs
 *     against kruskal differs on dead ends (about 10% against 30%), wilson
 *     against aldous-broder agrees at 101x101 over 50 seeds each (both draw
 *     the uniform spanning tree), sidewinder against wilson differs;
 *   - a generator that fails on some seeds (MZ_EOUTSIDE): those seeds are
 *     counted and left out of the samples;
 *   - the command: every format of a claim, the published verdict column,
 *     bad options refused with exit 2 and nothing on stdout.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "mazebench.h"
#include "mazebench_plugin.h"
#include "mazebench_stats.h"
#include "stats_ab.h"
#include "tools/stats_table.h"

#define NEAR(a, b, tol) assert_true(fabs((a) - (b)) <= (tol))

static void test_distributions(void **state)
{
    (void)state;
    NEAR(mz_normal_cdf(0), 0.5, 1e-15);
    NEAR(mz_normal_quantile(0.975), 1.959963984540054, 1e-12);
    NEAR(mz_normal_quantile(0.025), -1.959963984540054, 1e-12);
    NEAR(mz_t_cdf(2.0, 5), 0.949030260585070822, 1e-12);
    NEAR(mz_t_cdf(-2.0, 5), 1 - 0.949030260585070822, 1e-12);
    NEAR(mz_t_quantile(0.975, 10), 2.228138851986274748, 1e-10);
    NEAR(mz_t_quantile(0.995, 2.5), 7.163728138948785520, 1e-9);
    NEAR(mz_t_quantile(0.025, 10), -2.228138851986274748, 1e-10);
    /* the table of mz_t95 at its whole points */
    for (unsigned df = 1; df <= 30; df++)
        NEAR(mz_t_quantile(0.975, df), mz_t95(df), 0.0006);
    NEAR(mz_t_p2(0, 7), 1, 1e-15);
    NEAR(mz_t_p2(1.959963984540054, 1e9), 0.05, 1e-12);
    assert_true(isnan(mz_t_cdf(1, 0)));
}

static void test_welch(void **state)
{
    (void)state;
    static const double a1[] = {27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1,
                                21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4};
    static const double a2[] = {27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0,
                                24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4};
    mz_summary s1, s2;
    mz_summarise(a1, 15, &s1);
    mz_summarise(a2, 15, &s2);
    mz_welch_test w;
    assert_int_equal(mz_welch(&s1, &s2, &w), MZ_OK);
    NEAR(w.t, -2.455356398286004, 1e-10);
    NEAR(w.df, 24.98852929023141, 1e-9);
    NEAR(w.p, 0.02137800146286706, 1e-10);
    NEAR(w.ci_lo, -3.984096267140928, 1e-8);
    NEAR(w.ci_hi, -0.3492370661924048, 1e-8);
    /* under two values: no test */
    mz_summary one;
    mz_summarise(a1, 1, &one);
    assert_int_equal(mz_welch(&one, &s2, &w), MZ_EINVAL);
    /* no spread on either side */
    static const double c[] = {3, 3, 3}, d[] = {4, 4};
    mz_summary sc, sd;
    mz_summarise(c, 3, &sc);
    mz_summarise(d, 2, &sd);
    assert_int_equal(mz_welch(&sc, &sc, &w), MZ_OK);
    NEAR(w.p, 1, 0);
    assert_int_equal(mz_welch(&sc, &sd, &w), MZ_OK);
    NEAR(w.p, 0, 0);
}

static void test_mann_whitney(void **state)
{
    (void)state;
    /* U of a over b: pairs with a larger, a tie counting one half */
    static const double a[] = {1, 2, 2, 3, 5}, b[] = {2, 3, 4, 4, 6, 7};
    double u, z, p;
    assert_int_equal(sw_ab_u_normal(b, 6, a, 5, &u, &z, &p), 0);
    NEAR(u, 6.5, 0);
    NEAR(z, -1.480927553071210, 1e-12);
    NEAR(p, 0.1386258798789277, 1e-12);
    /* the other way round: U' = mn - U, z and p mirrored */
    assert_int_equal(sw_ab_u_normal(a, 5, b, 6, &u, &z, &p), 0);
    NEAR(u, 30 - 6.5, 0);
    NEAR(z, 1.480927553071210, 1e-12);
    /* every value tied: no evidence */
    static const double t[] = {1, 1, 1};
    assert_int_equal(sw_ab_u_normal(t, 3, t, 2, &u, &z, &p), 0);
    NEAR(p, 1, 0);
    NEAR(z, 0, 0);
}

static void test_one_sample_and_published(void **state)
{
    (void)state;
    static const double x[] = {0.30, 0.31, 0.29, 0.32, 0.305};
    mz_summary s;
    mz_summarise(x, 5, &s);
    double t, p;
    assert_int_equal(mz_t_test_one(&s, 0.285, 0.295, &t, &p), MZ_OK);
    NEAR(t, 2.0, 1e-9);
    NEAR(p, 0.1161165235168160, 1e-10);
    assert_int_equal(mz_t_test_one(&s, 0.30, 0.31, &t, &p), MZ_OK); /* inside */
    NEAR(p, 1, 0);

    mzt_pub_table pubs;
    mzt_err err;
    assert_int_equal(mzt_published_read(MZ_SOURCE_DIR "/data/published-deadends.csv", true,
                                        &pubs, &err),
                     MZT_OK);
    const mzt_published *dfs = mzt_published_find(&pubs, "dfs");
    assert_non_null(dfs);
    NEAR(dfs->lo, 10, 0);
    mzt_pub_check c;
    /* mean 0.305 [0.291, 0.319] against 10% (band 9.5..10.5%): differs */
    mzt_published_check(&s, dfs, &c);
    NEAR(c.lo, 0.095, 1e-12);
    NEAR(c.hi, 0.105, 1e-12);
    assert_int_equal(c.verdict, MZT_DIFFER);
    static const double y[] = {0.099, 0.101, 0.1, 0.102};
    mz_summary sy;
    mz_summarise(y, 4, &sy);
    mzt_published_check(&sy, dfs, &c);
    assert_int_equal(c.verdict, MZT_AGREE);
    NEAR(c.p, 1, 0);
    mz_summarise(y, 1, &sy); /* one value: untested */
    mzt_published_check(&sy, dfs, &c);
    assert_int_equal(c.verdict, MZT_UNTESTED);
    assert_string_equal(mzt_verdict_name(c.verdict), "-");
    mzt_published_free(&pubs);
    assert_int_equal(mzt_published_read("/nonexistent/published.csv", true, &pubs, &err),
                     MZT_BAD);
    assert_non_null(strstr(err.msg, "cannot read the published file"));
    assert_int_equal(mzt_published_read("/nonexistent/published.csv", false, &pubs, &err),
                     MZT_OK);
    assert_int_equal(pubs.n, 0);

    /* power: the seeds a side to tell 0.003 at sd 0.0035, level 0.0025 */
    NEAR(mzt_detectable(1, 0.05, 0.8), 1.959963984540054 + 0.8416212335729143, 1e-9);
    assert_int_equal(mzt_seeds_needed(0.0035, 0.003, 0.0025, 0.8), 41);
}

/* The table of spec at a square side over seeds first..first+n-1. */
static void collect(const char *text, uint64_t side, uint64_t first, size_t n,
                    mzt_stats_table *t)
{
    mz_spec sp;
    char e[256], canon[256];
    assert_int_equal(mz_spec_parse(text, &sp, e, sizeof e), MZ_OK);
    mz_spec_format(&sp, canon, sizeof canon);
    uint64_t seeds[64];
    assert_true(n <= 64);
    for (size_t k = 0; k < n; k++)
        seeds[k] = first + k;
    mz_dims geo = {.shape = MZ_SHAPE_ORTHO, .levels = 1, .rows = side, .cols = side};
    mzt_err err;
    assert_int_equal(mzt_stats_collect(&sp, canon, &geo, seeds, n, 3, NULL, NULL, t, &err),
                     MZT_OK);
    assert_int_equal(t->failed, 0);
}

static mzt_verdict claim(const char *a, uint64_t fa, const char *b, uint64_t fb, uint64_t side,
                         size_t n, mzt_claim *c)
{
    mzt_stats_table ta, tb;
    collect(a, side, fa, n, &ta);
    collect(b, side, fb, n, &tb);
    mzt_err err;
    assert_int_equal(mzt_stats_claim(&ta, &tb, 0.01, MZT_HOLM, c, &err), MZT_OK);
    mzt_stats_table_free(&ta);
    mzt_stats_table_free(&tb);
    return c->verdict;
}

static void test_claims_on_mazes(void **state)
{
    (void)state;
    mzt_claim c;
    assert_int_equal(claim("dfs", 1, "dfs", 101, 31, 30, &c), MZT_AGREE);
    assert_int_equal(c.ntested, 4);
    for (unsigned k = 0; k < MZT_CLAIM_FIGURES; k++) {
        assert_int_equal(c.row[k].verdict, MZT_AGREE);
        assert_true(c.row[k].welch_p_adj >= c.row[k].welch.p);
    }
    assert_int_equal(claim("dfs", 1, "kruskal", 1, 31, 20, &c), MZT_DIFFER);
    assert_int_equal(c.row[0].stat, MZT_S_DEAD);
    assert_int_equal(c.row[0].verdict, MZT_DIFFER);
    assert_int_equal(c.row[0].rank_verdict, MZT_DIFFER);
    NEAR(c.row[0].a.mean, 0.10, 0.02);
    NEAR(c.row[0].b.mean, 0.30, 0.02);
    assert_true(c.row[0].welch.ci_hi < -0.15);
    assert_int_equal(claim("wilson", 1, "aldous-broder", 1001, 101, 50, &c), MZT_AGREE);
    for (unsigned k = 0; k < MZT_CLAIM_FIGURES; k++) {
        assert_int_equal(c.row[k].verdict, MZT_AGREE);
        assert_true(c.row[k].welch.ci_lo <= 0 && c.row[k].welch.ci_hi >= 0);
    }
    /* a dead-end share of 0.0024 apart can be told over 50 seeds */
    assert_true(c.row[0].detectable < 0.003);
    assert_int_equal(claim("sidewinder", 1, "wilson", 1, 31, 30, &c), MZT_DIFFER);
    /* Bonferroni: every p times the figures */
    mzt_stats_table ta, tb;
    collect("dfs", 31, 1, 10, &ta);
    collect("kruskal", 31, 1, 10, &tb);
    mzt_err err;
    assert_int_equal(mzt_stats_claim(&ta, &tb, 0.01, MZT_BONFERRONI, &c, &err), MZT_OK);
    for (unsigned k = 0; k < MZT_CLAIM_FIGURES; k++)
        NEAR(c.row[k].welch_p_adj, fmin(1, 4 * c.row[k].welch.p), 1e-15);
    mzt_stats_table_free(&ta);
    mzt_stats_table_free(&tb);
}

/* A generator made at run time that fails on every third seed as an
 * outside program would (MZ_EOUTSIDE), and carves a comb otherwise. */
static mz_status flaky_gen(mz_grid *g, const mz_args *a, mz_run *run)
{
    (void)a;
    if (run->seed % 3 == 0) {
        if (run->extra)
            mz_extra_text(run->extra, "outside_status", "timeout");
        return MZ_EOUTSIDE;
    }
    for (uint64_t c = 0; c + 1 < g->cols; c++)
        mz_port_knock(g, c, MZ_E);
    for (uint64_t r = 0; r + 1 < g->rows; r++)
        for (uint64_t c = 0; c < g->cols; c++)
            mz_port_knock(g, r * g->cols + c, MZ_S);
    return MZ_OK;
}

static void test_failing_seeds(void **state)
{
    (void)state;
    static const char *const cols[] = {"outside_status", NULL};
    static const mz_algo flaky = {.name = "flaky-comb", .kind = MZ_GEN, .summary = "test",
                                  .columns = cols, .gen = flaky_gen};
    assert_int_equal(mz_registry_add(&flaky), MZ_OK);
    mz_spec sp;
    char e[256];
    assert_int_equal(mz_spec_parse("flaky-comb", &sp, e, sizeof e), MZ_OK);
    uint64_t seeds[10];
    for (size_t k = 0; k < 10; k++)
        seeds[k] = k + 1;
    mz_dims geo = {.shape = MZ_SHAPE_ORTHO, .levels = 1, .rows = 9, .cols = 9};
    mzt_stats_table t;
    mzt_err err;
    assert_int_equal(mzt_stats_collect(&sp, "flaky-comb", &geo, seeds, 10, 2, NULL, NULL, &t, &err),
                     MZT_OK);
    assert_int_equal(t.failed, 3); /* seeds 3, 6, 9 */
    assert_int_equal(t.fail_seed, 3);
    assert_int_equal(t.fail_status, MZ_EOUTSIDE);
    char why[128];
    assert_string_equal(mzt_stats_failures(&t, why, sizeof why), "timeout");
    t.fail_kind[1] = (struct mzt_fail_kind){"exit", 2};
    t.nfail_kinds = 2;
    assert_string_equal(mzt_stats_failures(&t, why, sizeof why), "timeout: 3, exit: 2");
    assert_int_equal(t.s[MZT_S_DEAD].n, 7);
    assert_true(isnan(t.x[MZT_S_DEAD * 10 + 2]));
    /* a comb of 9x9: 9 dead ends at the bottom, of 81 cells */
    NEAR(t.s[MZT_S_DEAD].mean, 9.0 / 81, 1e-12);
    /* a claim over what is left: the comb against itself agrees */
    mzt_claim c;
    assert_int_equal(mzt_stats_claim(&t, &t, 0.01, MZT_HOLM, &c, &err), MZT_OK);
    assert_int_equal(c.verdict, MZT_AGREE);
    mzt_stats_table_free(&t);
    /* every seed failing: the caller decides */
    uint64_t bad[2] = {3, 6};
    assert_int_equal(mzt_stats_collect(&sp, "flaky-comb", &geo, bad, 2, 2, NULL, NULL, &t, &err),
                     MZT_OK);
    assert_int_equal(t.failed, 2);
    assert_int_equal(t.s[MZT_S_DEAD].n, 0);
    mzt_stats_table_free(&t);
}

/* Run the CLI from the source tree; stdout into buf, the exit status. */
static int run(const char *args, char *buf, size_t len)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' %s 2>/dev/null", MZ_SOURCE_DIR, MZ_CLI, args);
    FILE *f = popen(cmd, "r");
    assert_non_null(f);
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = '\0';
    int rc = pclose(f);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

static size_t count(const char *s, const char *what)
{
    size_t n = 0;
    for (const char *p = s; (p = strstr(p, what)); p++)
        n++;
    return n;
}

static void test_cli(void **state)
{
    (void)state;
    static char out[1 << 16];
    const char *agree = "stats wilson --against aldous-broder --grid 21 --seeds 1..20 "
                        "--against-seeds 101..120";
    char args[512];
    snprintf(args, sizeof args, "%s --format csv", agree);
    assert_int_equal(run(args, out, sizeof out), 0);
    assert_true(strncmp(out, "gen,against,topology,rows,cols,cells,seeds,against_seeds,", 57) == 0);
    assert_int_equal(count(out, "\nwilson,aldous-broder,ortho,21,21,441,20,20,0,0,"), 4);
    assert_int_equal(count(out, ",holm,agree,agree,mulberry32,mulberry32\n"), 4);
    snprintf(args, sizeof args, "%s --format json --correction bonferroni", agree);
    assert_int_equal(run(args, out, sizeof out), 0);
    assert_non_null(strstr(out, "\"correction\": \"bonferroni\", \"verdict\": \"agree\""));
    assert_non_null(strstr(out, "\"dead_ends\": {\"n\": 20"));
    assert_int_equal(run("stats dfs --against kruskal --grid 21 --seeds 1..10", out, sizeof out),
                     0);
    assert_non_null(strstr(out, "dfs against kruskal  21x21  seeds 10 and 10"));
    assert_non_null(strstr(out, "\n  verdict: differ\n"));
    assert_int_equal(run("stats dfs --against kruskal --grid 21 --seeds 1..10 --format markdown "
                         "--alpha 0.05",
                         out, sizeof out),
                     0);
    assert_true(strncmp(out, "| generator | against | grid | figure |", 39) == 0);
    assert_non_null(strstr(out, "| `dfs` | `kruskal` | 21x21 | dead_ends % | "));
    /* the published verdict: dfs makes its 10% */
    assert_int_equal(run("stats dfs --grid 21 --seeds 1..5 --format csv", out, sizeof out), 0);
    assert_non_null(strstr(out, ",Pullen: Think Labyrinth,mulberry32,0.323045,agree\n"));
    /* refused: exit 2, nothing on stdout */
    static const char *const bad[] = {
        "stats dfs --against nosuch",           "stats dfs --against all",
        "stats dfs --against dfs --alpha 2",    "stats dfs --against dfs --alpha 0",
        "stats dfs --against dfs --alpha x",    "stats dfs --against dfs --correction x",
        "stats dfs --alpha 0.05",               "stats dfs --against-seeds 1..3",
        "stats dfs --against dfs --against kruskal",
        "stats dfs --against sidewinder --grid hex:5x5",
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        if (run(bad[k], out, sizeof out) != 2 || out[0])
            fail_msg("'%s' not refused with exit 2 and an empty stdout", bad[k]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_distributions),
        cmocka_unit_test(test_welch),
        cmocka_unit_test(test_mann_whitney),
        cmocka_unit_test(test_one_sample_and_published),
        cmocka_unit_test(test_claims_on_mazes),
        cmocka_unit_test(test_failing_seeds),
        cmocka_unit_test(test_cli),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
