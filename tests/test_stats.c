/*
 * test_stats.c - maze statistics against hand counts, brute force, the
 * published dead-end shares and an exact theorem. docs/stats.md.
 *
 *   - mz_maze_stats_compute on hand-made grids (degrees, straight and
 *     turning cells, band, route, longest and its exactness);
 *   - the double sweep's longest path equals the brute-force diameter on
 *     perfect mazes;
 *   - every generator with a row in data/published-deadends.csv makes the
 *     published dead-end share at 101x101 over 8 seeds, within
 *       0.005 (the table rounds to whole percents)
 *       + 3 standard errors of the mean
 *       + 0.0035 (the largest change of a share from 101x101 to 401x401
 *         measured over those generators, a border allowance: the table
 *         does not say at which size it was measured);
 *     a generator known to miss its figure is declared below with its
 *     measured share and the reason, and is checked to still make that share;
 *   - the uniform spanning tree theorem: the dead-end density of a UST of
 *     the infinite square lattice is 8/pi^2 (1 - 2/pi) = 0.294545...
 *     (Manna, Dhar and Majumdar, 1992). wilson and aldous-broder at 201x201
 *     over 12 seeds: the share of the cells at least 20 cells from the
 *     border has the theorem inside its 95% confidence interval, and the
 *     whole-grid share, corrected for the border by + 0.15 / side (measured:
 *     the border lowers the share by about 0.15 / side), too;
 *   - wilson and aldous-broder make the same distribution: on every
 *     statistic their means differ by at most 3.5 standard errors of the
 *     difference (Welch; 3.5 keeps the ten comparisons together at a
 *     false-alarm rate under 1%);
 *   - the CLI: formats, the published column, exit status 2 on bad input.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "mazebench.h"
#include "mazebench_stats.h"
#include "core/internal.h"
#include "expect.h"

#define PI 3.14159265358979323846
#define UST_DEAD_ENDS (8.0 / (PI * PI) * (1.0 - 2.0 / PI))
#define ROUNDING 0.005
#define BORDER 0.0035

enum { S_DEAD, S_INNER, S_DEG2, S_DEG3, S_DEG4, S_STRAIGHT, S_TURN, S_ROUTE, S_LONGEST, NS };
static const char *const sname[NS] = {"dead_ends", "inner_dead_ends", "degree_2",
                                      "degree_3",  "degree_4",        "straight",
                                      "turn",      "route",           "longest"};

/* Summaries of every statistic of spec at rows x cols over seeds
 * first..first+n-1. */
static void measure(const char *text, uint64_t rows, uint64_t cols, uint32_t first, unsigned n,
                    uint64_t band, mz_summary out[NS])
{
    mz_spec sp;
    char err[256];
    if (mz_spec_parse(text, &sp, err, sizeof err) != MZ_OK)
        fail_msg("%s: %s", text, err);
    double *v = calloc((size_t)n * NS, sizeof *v);
    assert_non_null(v);
    mz_grid g;
    memset(&g, 0, sizeof g);
    for (unsigned k = 0; k < n; k++) {
        mz_extra x;
        memset(&x, 0, sizeof x);
        expect_ok(mz_generate(&sp, first + k, MZ_SQUARE(rows, cols), &g, MZ_GEN_OPTS(1, NULL, &x)),
                  "%s seed %u %llux%llu",
                  text, first + k, (unsigned long long)rows, (unsigned long long)cols);
        mz_maze_stats s;
        expect_ok(mz_maze_stats_compute(&g, band, &s), "%s seed %u: stats", text, first + k);
        assert_true(s.route >= 0);
        const double c = (double)s.cells;
        v[S_DEAD * n + k] = (double)s.degree[1] / c;
        v[S_INNER * n + k] = (double)s.inner_dead_ends / (double)s.inner_cells;
        v[S_DEG2 * n + k] = (double)s.degree[2] / c;
        v[S_DEG3 * n + k] = (double)s.degree[3] / c;
        v[S_DEG4 * n + k] = (double)s.degree[4] / c;
        v[S_STRAIGHT * n + k] = (double)s.straight / c;
        v[S_TURN * n + k] = (double)s.turn / c;
        v[S_ROUTE * n + k] = (double)s.route;
        v[S_LONGEST * n + k] = (double)s.longest;
    }
    for (unsigned st = 0; st < NS; st++)
        mz_summarise(v + st * n, n, &out[st]);
    mz_grid_free(&g);
    free(v);
}

static void test_hand_counts(void **state)
{
    (void)state;
    mz_grid g;
    memset(&g, 0, sizeof g);
    mz_maze_stats s;
    /* a 1x5 corridor */
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(1, 5), NULL), MZ_OK);
    for (mz_idx i = 0; i < 4; i++)
        mz_sq_knock(&g, i, MZ_E);
    assert_int_equal(mz_maze_stats_compute(&g, 0, &s), MZ_OK);
    assert_int_equal(s.cells, 5);
    assert_int_equal(s.degree[1], 2);
    assert_int_equal(s.degree[2], 3);
    assert_int_equal(s.straight, 3);
    assert_int_equal(s.turn, 0);
    assert_int_equal(s.route, 4);
    assert_int_equal(s.longest, 4);
    assert_true(s.longest_exact);
    assert_int_equal(s.inner_cells, 5);
    /* a 3x3 ring round a closed centre, with a spur into the centre:
     * loops, so the sweep is only a lower bound */
    mz_grid_free(&g);
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(3, 3), NULL), MZ_OK);
    mz_sq_knock(&g, 0, MZ_E);
    mz_sq_knock(&g, 1, MZ_E);
    mz_sq_knock(&g, 2, MZ_S);
    mz_sq_knock(&g, 5, MZ_S);
    mz_sq_knock(&g, 8, MZ_W);
    mz_sq_knock(&g, 7, MZ_W);
    mz_sq_knock(&g, 6, MZ_N);
    mz_sq_knock(&g, 3, MZ_N);
    mz_sq_knock(&g, 1, MZ_S); /* the spur */
    assert_int_equal(mz_maze_stats_compute(&g, 1, &s), MZ_OK);
    assert_int_equal(s.cells, 9);
    assert_int_equal(s.degree[1], 1); /* the centre */
    assert_int_equal(s.degree[2], 7);
    assert_int_equal(s.degree[3], 1); /* cell 1 */
    assert_int_equal(s.turn, 4);      /* the corners */
    assert_int_equal(s.straight, 3);  /* 3, 5, 7 */
    assert_int_equal(s.inner_cells, 1);
    assert_int_equal(s.inner_dead_ends, 1);
    assert_int_equal(s.route, 4);
    assert_false(s.longest_exact);
    /* a blocked cell is not a cell */
    g.c[4] = MZ_WALLS | MZ_BLOCKED;
    g.c[1] |= MZ_WALL_S;
    assert_int_equal(mz_maze_stats_compute(&g, 0, &s), MZ_OK);
    assert_int_equal(s.cells, 8);
    assert_int_equal(s.degree[2], 8);
    mz_grid_free(&g);
    /* the summary */
    const double x[4] = {1, 2, 3, 4};
    mz_summary m;
    mz_summarise(x, 4, &m);
    assert_true(fabs(m.mean - 2.5) < 1e-12);
    assert_true(fabs(m.sd - sqrt(5.0 / 3.0)) < 1e-12);
    assert_true(fabs(m.ci_hi - (2.5 + 3.182 * sqrt(5.0 / 3.0) / 2)) < 1e-12);
    mz_summarise(x, 1, &m);
    assert_true(m.sd == 0 && m.ci_lo == 1 && m.ci_hi == 1);
}

/* The double sweep against the diameter by brute force. */
static void test_longest_is_the_diameter(void **state)
{
    (void)state;
    const char *specs[] = {"dfs", "kruskal", "wilson", "sidewinder", "frontier"};
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        mz_spec sp;
        char err[128];
        if (mz_spec_parse(specs[k], &sp, err, sizeof err) != MZ_OK)
            continue;
        for (uint32_t seed = 1; seed <= 3; seed++) {
            mz_grid g;
            memset(&g, 0, sizeof g);
            mz_extra x;
            memset(&x, 0, sizeof x);
            expect_ok(mz_generate(&sp, seed, MZ_SQUARE(13, 17), &g, MZ_GEN_OPTS(1, NULL, &x)),
                      "%s seed %u 13x17", specs[k],
                      seed);
            mz_maze_stats s;
            expect_ok(mz_maze_stats_compute(&g, 0, &s), "%s seed %u 13x17: stats", specs[k], seed);
            uint32_t *d = malloc(g.cells * sizeof *d);
            assert_non_null(d);
            uint32_t diam = 0;
            for (mz_idx i = 0; i < g.cells; i++) {
                assert_int_equal(mz_bfs_dist32(&g, i, d), MZ_OK);
                for (mz_idx j = 0; j < g.cells; j++)
                    if (d[j] != UINT32_MAX && d[j] > diam)
                        diam = d[j];
            }
            assert_true(s.longest_exact);
            if (s.longest != diam)
                fail_msg("%s seed %u: sweep %" PRIu64 ", diameter %u", specs[k], seed, s.longest,
                         diam);
            free(d);
            mz_grid_free(&g);
        }
    }
}

/* Generators known to miss their published figure (or to sit at the edge
 * of the tolerance), with the share they make at 101x101 over seeds 1..8;
 * the test checks they still make it, so a change shows. */
static const struct {
    const char *spec;
    double measured;
    const char *why;
} deviations[] = {
    {"hunt-and-kill", 0.0940,
     "9.3-9.4% at every size from 101x101 to 401x401, Pullen 11%: the published walk and hunt "
     "rules are not given in enough detail to match (docs/stats.md)"},
    {"eller", 0.2937,
     "29.3% at 101x101 rising to 29.6% at 401x401, Pullen 28%: his join and carve-down "
     "probabilities are not published (docs/stats.md)"},
};

static void test_published_shares(void **state)
{
    (void)state;
    FILE *f = fopen(MZ_SOURCE_DIR "/data/published-deadends.csv", "r");
    assert_non_null(f);
    char line[512];
    unsigned checked = 0;
    bool seen_dfs = false, seen_kruskal = false, seen_frontier = false;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strncmp(line, "name,", 5) == 0 || line[0] == '\n')
            continue;
        char *name = strtok(line, ","), *spec = strtok(NULL, ","), *pct = strtok(NULL, ",");
        assert_non_null(pct);
        mz_spec sp;
        char err[256];
        if (mz_spec_parse(spec, &sp, err, sizeof err) != MZ_OK) {
            print_message("published: '%s' (%s) not in the registry yet, skipped\n", spec, name);
            continue;
        }
        char *end;
        double lo = strtod(pct, &end) / 100, hi = *end == '-' ? strtod(end + 1, NULL) / 100 : lo;
        mz_summary m[NS];
        measure(spec, 101, 101, 1, 8, 10, m);
        const double tol = ROUNDING + 3 * m[S_DEAD].se + BORDER;
        const bool inside = m[S_DEAD].mean >= lo - tol && m[S_DEAD].mean <= hi + tol;
        int dev = -1;
        for (size_t k = 0; k < sizeof deviations / sizeof deviations[0]; k++)
            if (strcmp(deviations[k].spec, spec) == 0)
                dev = (int)k;
        print_message("published: %-22s %-22s measured %.4f (se %.4f), published %.2f-%.2f, "
                      "tolerance %.4f%s\n",
                      spec, name, m[S_DEAD].mean, m[S_DEAD].se, lo, hi, tol,
                      dev >= 0 ? " (declared deviation)" : "");
        if (dev >= 0) {
            if (fabs(m[S_DEAD].mean - deviations[dev].measured) > 0.001)
                fail_msg("%s: declared deviation measured %.4f, now %.4f: review it (%s)", spec,
                         deviations[dev].measured, m[S_DEAD].mean, deviations[dev].why);
        } else if (!inside) {
            fail_msg("%s: dead-end share %.4f, published %.2f-%.2f, tolerance %.4f", spec,
                     m[S_DEAD].mean, lo, hi, tol);
        }
        checked++;
        seen_dfs |= strcmp(spec, "dfs") == 0;
        seen_kruskal |= strcmp(spec, "kruskal") == 0;
        seen_frontier |= strcmp(spec, "frontier") == 0;
    }
    fclose(f);
    assert_true(seen_dfs && seen_kruskal && seen_frontier);
    assert_true(checked >= 10);
}

static void test_uniform_spanning_tree_theorem(void **state)
{
    (void)state;
    const char *ust[] = {"wilson", "aldous-broder"};
    const uint64_t side = 201, band = 20;
    for (size_t k = 0; k < 2; k++) {
        mz_summary m[NS];
        measure(ust[k], side, side, 1, 12, band, m);
        const mz_summary *in = &m[S_INNER], *all = &m[S_DEAD];
        const double corrected = 0.15 / (double)side;
        print_message("%s %" PRIu64 "x%" PRIu64 ": inner %.5f [%.5f, %.5f], whole %.5f + %.5f "
                      "border, theorem %.5f\n",
                      ust[k], side, side, in->mean, in->ci_lo, in->ci_hi, all->mean, corrected,
                      UST_DEAD_ENDS);
        if (UST_DEAD_ENDS < in->ci_lo || UST_DEAD_ENDS > in->ci_hi)
            fail_msg("%s: inner dead-end share %.5f [%.5f, %.5f] misses 8/pi^2 (1 - 2/pi)",
                     ust[k], in->mean, in->ci_lo, in->ci_hi);
        if (UST_DEAD_ENDS < all->ci_lo + corrected || UST_DEAD_ENDS > all->ci_hi + corrected)
            fail_msg("%s: whole-grid share %.5f + border %.5f misses the theorem", ust[k],
                     all->mean, corrected);
    }
}

static void test_uniform_generators_agree(void **state)
{
    (void)state;
    mz_summary w[NS], a[NS];
    measure("wilson", 101, 101, 1, 24, 10, w);
    measure("aldous-broder", 101, 101, 1001, 24, 10, a);
    for (unsigned st = 0; st < NS; st++) {
        const double se = sqrt(w[st].se * w[st].se + a[st].se * a[st].se);
        const double z = se > 0 ? fabs(w[st].mean - a[st].mean) / se : 0;
        print_message("uniform: %-16s wilson %.5g, aldous-broder %.5g, |difference| = %.2f se\n",
                      sname[st], w[st].mean, a[st].mean, z);
        if (z > 3.5)
            fail_msg("wilson and aldous-broder differ on %s by %.2f standard errors", sname[st], z);
    }
}

static void test_cli(void **state)
{
    (void)state;
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' stats dfs --sizes 21 --seeds 1..3 --format csv",
             MZ_SOURCE_DIR, MZ_CLI);
    FILE *f = popen(cmd, "r");
    assert_non_null(f);
    char line[1024];
    assert_non_null(fgets(line, sizeof line, f));
    assert_true(strncmp(line, "gen,topology,rows,cols,cells,seeds,stat,n,mean", 46) == 0);
    assert_non_null(fgets(line, sizeof line, f));
    assert_true(strncmp(line, "dfs,ortho,21,21,441,3,dead_ends,3,", 34) == 0);
    assert_non_null(strstr(line, ",0.1000,0.1000,Pullen"));
    while (fgets(line, sizeof line, f))
        ;
    assert_int_equal(pclose(f), 0);
    const char *bad[] = {"stats", "stats dfs --format xml", "stats nosuch", "stats dfs --seeds 5..1",
                         "stats dfs --sizes 0", "stats dfs --published /nonexistent"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        snprintf(cmd, sizeof cmd, "'%s' %s > /dev/null 2>&1", MZ_CLI, bad[k]);
        int rc = system(cmd);
        if (!WIFEXITED(rc) || WEXITSTATUS(rc) != 2)
            fail_msg("'mazebench %s' exited %d, not 2", bad[k], WEXITSTATUS(rc));
    }
    snprintf(cmd, sizeof cmd, "'%s' stats --help > /dev/null", MZ_CLI);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_counts),
        cmocka_unit_test(test_longest_is_the_diameter),
        cmocka_unit_test(test_published_shares),
        cmocka_unit_test(test_uniform_spanning_tree_theorem),
        cmocka_unit_test(test_uniform_generators_agree),
        cmocka_unit_test(test_cli),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
