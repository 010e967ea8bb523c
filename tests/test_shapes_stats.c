/*
 * test_shapes_stats.c - maze statistics on every cell shape: the two
 * uniform spanning tree samplers agree, the counts obey the identities of a
 * tree, and 'mazebench stats' reports the topology. docs/stats.md,
 * "Other cell shapes".
 *
 *   - wilson and aldous-broder both draw a uniform spanning tree of the
 *     grid's graph, on every shape they declare (all but weave, whose graph
 *     depends on what is carved). On each such shape's large sample grid
 *     (tests/samples.h), over 100 seeds each
 *     (different seeds for the two), the dead-end share, the degree-2 and
 *     degree-3 shares, the mean route and the mean longest path differ by at
 *     most 3.5 standard errors of the difference (Welch: sqrt(se1^2 + se2^2);
 *     3.5 keeps the 20 comparisons together at a false-alarm rate under 1%).
 *     The seeds are fixed, so the test is deterministic. A generator that
 *     is not uniform (dfs) fails the same comparison on every shape, which
 *     the test checks too, so it keeps the power to tell;
 *   - every maze they make is a spanning tree, so its degree counts satisfy
 *     sum over d of d * degree[d] = 2 (cells - 1), and on triangular cells
 *     (the honeycomb graph, at most 3 sides open) degree[1] = degree[3] + 2
 *     exactly;
 *   - exact theory: for the square lattice the dead-end density of the
 *     uniform spanning tree is 8/pi^2 (1 - 2/pi), tested in test_stats.c.
 *     For the triangular lattice (hex cells), the honeycomb lattice (tri
 *     cells) and the cubic lattice (3d) no closed form of the leaf density
 *     was found in the literature; docs/stats.md gives the measured values;
 *   - the CLI: --grid with shapes, the topology column (before rows, as in
 *     result CSVs) and the cells in CSV, JSON and markdown, degree columns up to the shape's degree, square output
 *     without them, a generator skipped on a shape it does not run on;
 *     scaling --shape: the topology column, the published exponent on the
 *     shape (5/4 on planar lattices, about 1.624 in 3D), refusals.
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
#include "expect.h"
#include "samples.h"

enum { S_DEAD, S_DEG2, S_DEG3, S_ROUTE, S_LONGEST, NS };
static const char *const sname[NS] = {"dead_ends", "degree_2", "degree_3", "route", "longest"};

#define SEEDS 100
#define Z_MAX 3.5

/* The grids of the comparison: every other shape's large sample grid
 * (tests/samples.h), 500 to 1000 cells each. Filled by load_grids. */
static char grids[MZ_SHAPE_COUNT][64];
static size_t ngrids;

static int load_grids(void **state)
{
    (void)state;
    mz_dims geo[MZT_MAX_SAMPLES];
    ngrids = mzt_samples_all(MZT_LARGE, false, geo, MZ_SHAPE_COUNT);
    for (size_t k = 0; k < ngrids; k++)
        mzt_name(&geo[k], grids[k], sizeof grids[k]);
    return 0;
}

/* Summaries of spec on grid over seeds first..first+n-1; checks that every
 * maze is a tree by its degree counts when tree is set. */
static void measure(const char *text, const char *grid, uint32_t first, unsigned n, bool tree,
                    mz_summary out[NS])
{
    mz_spec sp;
    char err[256];
    if (mz_spec_parse(text, &sp, err, sizeof err) != MZ_OK)
        fail_msg("%s: %s", text, err);
    mz_dims geo;
    assert_int_equal(mz_dims_parse(grid, &geo), MZ_OK);
    double *v = calloc((size_t)n * NS, sizeof *v);
    assert_non_null(v);
    mz_grid g;
    memset(&g, 0, sizeof g);
    for (unsigned k = 0; k < n; k++) {
        mz_extra x;
        memset(&x, 0, sizeof x);
        expect_ok(mz_generate(&sp, first + k, &geo, &g, MZ_GEN_OPTS(1, NULL, &x)),
                  "%s seed %u on %s", text,
                  first + k, grid);
        mz_maze_stats s;
        expect_ok(mz_maze_stats_compute(&g, 0, &s), "%s seed %u on %s: stats", text, first + k,
                  grid);
        if (s.route < 0)
            fail_msg("%s seed %u on %s: the exit is not reachable", text, first + k, grid);
        if (tree) {
            uint64_t ends = 0, cells = 0;
            for (unsigned d = 0; d <= 8; d++) {
                ends += d * s.degree[d];
                cells += s.degree[d];
            }
            if (cells != g.cells || ends != 2 * (g.cells - 1))
                fail_msg("%s seed %u on %s: %" PRIu64 " cells with %" PRIu64
                         " passage ends, a tree of %" PRIu64 " cells has %" PRIu64,
                         text, first + k, grid, cells, ends, (uint64_t)g.cells,
                         2 * ((uint64_t)g.cells - 1));
            if (geo.shape == MZ_SHAPE_TRI && s.degree[1] != s.degree[3] + 2)
                fail_msg("%s seed %u on %s: %" PRIu64 " dead ends and %" PRIu64
                         " three-way cells, a tree of degree at most 3 has two more of the first",
                         text, first + k, grid, s.degree[1], s.degree[3]);
        }
        const double c = (double)s.cells;
        v[S_DEAD * n + k] = (double)s.degree[1] / c;
        v[S_DEG2 * n + k] = (double)s.degree[2] / c;
        v[S_DEG3 * n + k] = (double)s.degree[3] / c;
        v[S_ROUTE * n + k] = (double)s.route;
        v[S_LONGEST * n + k] = (double)s.longest;
    }
    for (unsigned st = 0; st < NS; st++)
        mz_summarise(v + st * n, n, &out[st]);
    mz_grid_free(&g);
    free(v);
}

/* The largest |difference of means| over its Welch standard error, over
 * the statistics; prints each. */
static double welch_max(const char *grid, const char *an, const mz_summary *a, const char *bn,
                        const mz_summary *b, unsigned *worst)
{
    double zmax = 0;
    for (unsigned st = 0; st < NS; st++) {
        const double se = sqrt(a[st].se * a[st].se + b[st].se * b[st].se);
        const double z = se > 0 ? fabs(a[st].mean - b[st].mean) / se
                                : (a[st].mean == b[st].mean ? 0 : INFINITY);
        print_message("%-11s %-10s %s %.5g [%.5g, %.5g], %s %.5g [%.5g, %.5g]: %.2f se\n", grid,
                      sname[st], an, a[st].mean, a[st].ci_lo, a[st].ci_hi, bn, b[st].mean,
                      b[st].ci_lo, b[st].ci_hi, z);
        if (z > zmax) {
            zmax = z;
            *worst = st;
        }
    }
    return zmax;
}

/* Does the entry named run on the grid's shape? */
static bool declares(const char *name, const char *grid)
{
    const mz_algo *a = mz_find(MZ_GEN, name);
    assert_non_null(a);
    mz_dims geo;
    assert_int_equal(mz_dims_parse(grid, &geo), MZ_OK);
    return mz_runs_on(a, geo.shape);
}

static void test_uniform_samplers_agree(void **state)
{
    (void)state;
    /* weave's graph changes as it is carved: the samplers must refuse it */
    assert_false(declares("wilson", "weave:9x9"));
    assert_false(declares("aldous-broder", "weave:9x9"));
    unsigned compared = 0;
    for (size_t k = 0; k < ngrids; k++) {
        if (!declares("wilson", grids[k]) || !declares("aldous-broder", grids[k])) {
            /* the weave alone is refused by design */
            if (strncmp(grids[k], "weave:", 6) != 0)
                fail_msg("%s: wilson and aldous-broder do not both run on this shape", grids[k]);
            print_message("%s: wilson and aldous-broder do not run on it: not compared\n",
                          grids[k]);
            continue;
        }
        mz_summary w[NS], a[NS], d[NS];
        measure("wilson", grids[k], 1, SEEDS, true, w);
        measure("aldous-broder", grids[k], 1001, SEEDS, true, a);
        unsigned worst = 0;
        const double z = welch_max(grids[k], "wilson", w, "aldous-broder", a, &worst);
        if (z > Z_MAX)
            fail_msg("%s: wilson and aldous-broder differ on %s by %.2f standard errors",
                     grids[k], sname[worst], z);
        /* the comparison tells a generator that is not uniform */
        measure("dfs", grids[k], 2001, SEEDS, true, d);
        const double zd = welch_max(grids[k], "wilson", w, "dfs", d, &worst);
        if (zd <= Z_MAX)
            fail_msg("%s: dfs passes for a uniform spanning tree (largest difference %.2f se)",
                     grids[k], zd);
        compared++;
    }
    assert_int_equal(compared, ngrids - 1); /* every other shape but the weave */
}

/* Run a command, its stdout into buf (NUL-terminated); returns its exit
 * status. */
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

static void test_cli(void **state)
{
    (void)state;
    static char out[1 << 16];
    if (!declares("dfs", "hex:5x5")) {
        print_message("SKIPPED: dfs runs on square cells only: the shape outputs are not tested\n");
        skip();
    }
    /* square cells only: the topology column says so */
    assert_int_equal(run("stats dfs --grid 9 --seeds 1..2 --format csv", out, sizeof out), 0);
    const char *head = "gen,topology,rows,cols,cells,seeds,stat,n,mean,sd,se,ci95_lo,ci95_hi,"
                       "exact,published_lo,published_hi,published_source,rng,published_p,"
                       "published_verdict\n";
    assert_true(strncmp(out, head, strlen(head)) == 0);
    assert_non_null(strstr(out, "\ndfs,ortho,9,9,81,2,dead_ends,2,"));
    assert_non_null(strstr(out, ",degree_4,"));
    assert_null(strstr(out, ",degree_5,"));
    /* --sizes is the same list */
    static char out2[1 << 16];
    assert_int_equal(run("stats dfs --sizes 9 --seeds 1..2 --format csv", out2, sizeof out2), 0);
    assert_string_equal(out, out2);
    /* hex: the topology, the grid and its cells; degrees to 6, not 7 */
    assert_int_equal(
        run("stats dfs --grid 9,hex:5x6 --seeds 1..2 --format csv", out, sizeof out), 0);
    head = "gen,topology,rows,cols,cells,seeds,stat,n,mean,sd,se,ci95_lo,ci95_hi,exact,"
           "published_lo,published_hi,published_source,rng,published_p,published_verdict\n";
    assert_true(strncmp(out, head, strlen(head)) == 0);
    assert_non_null(strstr(out, "\ndfs,hex,5,6,30,2,degree_6,2,"));
    assert_null(strstr(out, "degree_7"));
    assert_non_null(strstr(out, "\ndfs,ortho,9,9,81,2,dead_ends,2,"));
    /* the published share is of square grids: only on the 9x9 row */
    assert_non_null(strstr(out, ",0.1000,0.1000,Pullen"));
    char *hexrow = strstr(out, "\ndfs,hex,5,6,30,2,dead_ends,");
    assert_non_null(hexrow);
    char *eol = strchr(hexrow + 1, '\n');
    assert_non_null(eol);
    *eol = '\0';
    if (strcmp(eol - 18, ",1,,,,mulberry32,,") != 0)
        fail_msg("a published share on a hex row: %s", hexrow + 1);
    /* tri: degrees to 3; polar and 3d to 6; weave to 4 */
    assert_int_equal(run("stats dfs --grid tri:4x6,polar:4,3d:2x3x3,weave:5x5 --seeds 1 --format "
                         "csv",
                         out, sizeof out),
                     0);
    assert_non_null(strstr(out, ",degree_3,1,"));
    assert_non_null(strstr(out, "\ndfs,tri,4,6,24,1,"));
    assert_non_null(strstr(out, "\ndfs,polar,4,12,31,1,")); /* 4 rings: 1 + 6 + 12 + 12 cells */
    assert_non_null(strstr(out, "\ndfs,3d:2,3,3,18,1,"));
    assert_non_null(strstr(out, "\ndfs,weave,5,5,25,1,"));
    unsigned deg6 = 0, deg4 = 0;
    for (const char *p = out; (p = strstr(p, ",degree_6,")); p++)
        deg6++;
    for (const char *p = out; (p = strstr(p, ",degree_4,")); p++)
        deg4++;
    assert_int_equal(deg6, 2); /* polar and 3d */
    assert_int_equal(deg4, 3); /* polar, 3d, weave */
    /* JSON and markdown name the topology */
    assert_int_equal(run("stats dfs --grid hex:5x6 --seeds 1..2 --format json", out, sizeof out),
                     0);
    assert_non_null(strstr(out, "\"topology\": \"hex\", \"grid\": \"hex:5x6\", \"cells\": 30"));
    assert_non_null(strstr(out, "\"degree_6\": {"));
    assert_int_equal(run("stats dfs --grid 3d:2x3x3 --seeds 1 --format json", out, sizeof out), 0);
    assert_non_null(strstr(out, "\"topology\": \"3d:2\", \"grid\": \"3d:2x3x3\", \"cells\": 18"));
    assert_int_equal(
        run("stats dfs --grid hex:5x6 --seeds 1..2 --format markdown", out, sizeof out), 0);
    assert_true(strncmp(out, "| generator | topology | grid | cells |", 38) == 0);
    assert_non_null(strstr(out, "| `dfs` | hex | hex:5x6 | 30 | 2 |"));
    assert_int_equal(run("stats dfs --grid polar:4 --seeds 1", out, sizeof out), 0);
    assert_non_null(strstr(out, "dfs  polar:4  1 seeds  (topology polar, "));
    /* errors: both names of the list, a bad shape, no generator that runs */
    const char *bad[] = {"stats dfs --grid 9 --sizes 9", "stats dfs --grid blob:3x3",
                         "stats dfs --grid hex:0x3", "stats wilson --grid weave:5x5"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        int rc = run(bad[k], out, sizeof out);
        if (rc != 2)
            fail_msg("'mazebench %s' exited %d, not 2", bad[k], rc);
    }
    /* a generator that does not run on a shape is skipped there */
    assert_int_equal(run("stats dfs wilson --grid weave:5x5 --seeds 1 --format csv", out,
                         sizeof out),
                     0);
    assert_non_null(strstr(out, "\ndfs,weave,5,5,25,1,"));
    assert_null(strstr(out, "\nwilson,"));
}

/* scaling --shape: the route's exponent on grids of another shape. */
static void test_scaling_cli(void **state)
{
    (void)state;
    static char out[1 << 14];
    if (!declares("wilson", "hex:5x5")) {
        print_message("SKIPPED: wilson runs on square cells only: scaling --shape not tested\n");
        skip();
    }
    assert_int_equal(run("scaling wilson --sizes 8,16 --seeds 1..3 --format csv", out, sizeof out),
                     0);
    assert_true(strncmp(out, "gen,topology,sizes,seeds,", 25) == 0);
    assert_non_null(strstr(out, "\nwilson,ortho,"));
    assert_int_equal(
        run("scaling wilson --shape hex --sizes 8,16,32 --seeds 1..3 --format csv", out, sizeof out),
        0);
    assert_true(strncmp(out, "gen,topology,sizes,seeds,", 25) == 0);
    assert_non_null(strstr(out, "\nwilson,hex,3,3,9,8,32,"));
    assert_non_null(strstr(out, ",1.25,")); /* the loop-erased walk's 5/4 on every planar lattice */
    assert_int_equal(
        run("scaling wilson --shape 3d --sizes 4,8 --seeds 1..3 --format csv", out, sizeof out), 0);
    assert_non_null(strstr(out, "\nwilson,3d,2,3,6,4,8,"));
    assert_non_null(strstr(out, ",1.62,")); /* in 3D: about 1.624 */
    const char *bad[] = {"scaling wilson --shape weave --sizes 8,16",
                         "scaling eller-stream --shape hex --sizes 8,16",
                         "scaling wilson --sizes hex:8x8,16", "scaling wilson --shape blob"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        int rc = run(bad[k], out, sizeof out);
        if (rc != 2)
            fail_msg("'mazebench %s' exited %d, not 2", bad[k], rc);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uniform_samplers_agree),
        cmocka_unit_test(test_cli),
        cmocka_unit_test(test_scaling_cli),
    };
    return cmocka_run_group_tests(tests, load_grids, NULL);
}
