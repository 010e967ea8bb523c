/*
 * test_scaling.c - the power-law fit (mz_powfit_compute) and the scaling
 * command. docs/scaling.md.
 *
 *   - the fit on exact power laws (exponent, coefficient, zero error, R^2
 *     1) and on three points worked by hand (slope 1/2, se sqrt(1/12),
 *     R^2 3/4, the interval with t = 12.706 at one degree of freedom);
 *     two points: the slope, with no standard error and no interval (NAN);
 *     refusals: one point, a point <= 0, a single x;
 *   - the command, cheaply: wilson at 16..64 over 6 seeds gives an exponent
 *     near the uniform spanning tree's 5/4 (loosely: 1.05..1.45); eller and
 *     eller-stream at the same sizes and seeds give the same fit to the last
 *     digit (the streamed routes are the stored grid's); two mazes (two
 *     sizes, one seed) give an exponent with empty se and interval; usage
 *     errors exit 2, a size past 2^40 cells and a fixed-size generator
 *     among them (as 'gen' refuses the size), before any maze is made.
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
#include <sys/wait.h>

#include "mazebench.h"
#include "mazebench_stats.h"

static void test_fit_exact(void **state)
{
    (void)state;
    double x[6], y[6];
    for (int k = 0; k < 6; k++) {
        x[k] = 16 << k;
        y[k] = 3.0 * pow(x[k], 1.25);
    }
    mz_powfit f;
    assert_int_equal(mz_powfit_compute(x, y, 6, &f), MZ_OK);
    assert_true(fabs(f.exponent - 1.25) < 1e-12);
    assert_true(fabs(f.coef - 3.0) < 1e-9);
    assert_true(f.se < 1e-6);
    assert_true(fabs(f.r2 - 1.0) < 1e-12);
    assert_int_equal(f.n, 6);
}

static void test_fit_by_hand(void **state)
{
    (void)state;
    /* ln y on ln x at (1,1), (2,2), (4,2): slope 1/2; residuals ln 2 times
     * -1/6, 1/3, -1/6; se^2 = (ln^2 2 / 6) / (2 ln^2 2) = 1/12;
     * R^2 = 1 - (1/6) / (2/3) = 3/4; t(1) = 12.706. */
    const double x[3] = {1, 2, 4}, y[3] = {1, 2, 2};
    mz_powfit f;
    assert_int_equal(mz_powfit_compute(x, y, 3, &f), MZ_OK);
    assert_true(fabs(f.exponent - 0.5) < 1e-12);
    assert_true(fabs(f.se - sqrt(1.0 / 12)) < 1e-12);
    assert_true(fabs(f.r2 - 0.75) < 1e-12);
    assert_true(fabs(f.ci_lo - (0.5 - 12.706 * sqrt(1.0 / 12))) < 1e-9);
    assert_true(fabs(f.ci_hi - (0.5 + 12.706 * sqrt(1.0 / 12))) < 1e-9);
    /* coefficient: exp(mean ln y - 1/2 mean ln x) = exp(ln 2 (2/3 - 1/2)) */
    assert_true(fabs(f.coef - pow(2.0, 1.0 / 6)) < 1e-12);
    /* Two points fix the line: its slope, no standard error, no interval. */
    assert_int_equal(mz_powfit_compute(x, y, 2, &f), MZ_OK);
    assert_true(fabs(f.exponent - 1.0) < 1e-12);
    assert_true(isnan(f.se) && isnan(f.ci_lo) && isnan(f.ci_hi));
    assert_int_equal(f.n, 2);
    /* refusals */
    assert_int_equal(mz_powfit_compute(x, y, 1, &f), MZ_EINVAL);
    const double zero[3] = {1, 0, 2}, same[3] = {5, 5, 5};
    assert_int_equal(mz_powfit_compute(x, zero, 3, &f), MZ_EINVAL);
    assert_int_equal(mz_powfit_compute(zero, y, 3, &f), MZ_EINVAL);
    assert_int_equal(mz_powfit_compute(same, y, 3, &f), MZ_EINVAL);
}

/* Run the CLI, its stdout into buf; the exit status. */
static int run(const char *args, char *buf, size_t len)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' %s 2>/dev/null", MZ_CLI, args);
    FILE *f = popen(cmd, "r");
    assert_non_null(f);
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = '\0';
    int rc = pclose(f);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/* The fields after the name of the CSV row of gen. */
static const char *row_of(const char *out, const char *gen)
{
    char key[64];
    snprintf(key, sizeof key, "\n%s,ortho,", gen);
    const char *p = strstr(out, key);
    if (!p)
        fail_msg("no row for %s in:\n%s", gen, out);
    return p + strlen(key);
}

static void test_cli(void **state)
{
    (void)state;
    static char out[8192];
    assert_int_equal(run("scaling wilson --sizes 16,32,64 --seeds 1..6 --format csv", out,
                         sizeof out),
                     0);
    /* sizes,seeds,mazes,n_min,n_max,exponent,... */
    unsigned sizes, seeds, mazes, nmin, nmax;
    double b;
    if (sscanf(row_of(out, "wilson"), "%u,%u,%u,%u,%u,%lf", &sizes, &seeds, &mazes, &nmin, &nmax,
               &b) != 6)
        fail_msg("unreadable row: %s", out);
    assert_int_equal(sizes, 3);
    assert_int_equal(seeds, 6);
    assert_int_equal(mazes, 18);
    assert_int_equal(nmin, 16);
    assert_int_equal(nmax, 64);
    if (b < 1.05 || b > 1.45)
        fail_msg("wilson's exponent %.4f is far from 5/4", b);
    /* The stream's routes are the stored grid's: the same fit. */
    assert_int_equal(run("scaling eller eller-stream --sizes 16,24,40 --seeds 3..9 --format csv",
                         out, sizeof out),
                     0);
    const char *a = row_of(out, "eller"), *s = row_of(out, "eller-stream");
    const size_t la = strcspn(a, "\n"), ls = strcspn(s, "\n");
    if (la != ls || memcmp(a, s, la) != 0)
        fail_msg("eller and eller-stream differ:\n%s", out);
    /* Two mazes: the exponent, its se and interval empty (undefined). */
    assert_int_equal(run("scaling wilson --sizes 16,32 --seeds 1 --format csv", out, sizeof out),
                     0);
    double b2;
    char rest[256];
    if (sscanf(row_of(out, "wilson"), "%u,%u,%u,%u,%u,%lf,%255s", &sizes, &seeds, &mazes, &nmin,
               &nmax, &b2, rest) != 7)
        fail_msg("unreadable row: %s", out);
    assert_int_equal(mazes, 2);
    if (strncmp(rest, ",,,", 3) != 0)
        fail_msg("two mazes: se and interval not empty: %s", out);
    /* Usage errors. */
    static const char *const bad[] = {
        "scaling",
        "scaling wilson --sizes 16x32,32",
        "scaling wilson --sizes 16",
        "scaling wilson --sizes 16,16 --seeds 1",
        "scaling pacman --sizes 16,32",
        "scaling wilson --shape 3d --sizes 4,20000 --seeds 1..2",
        "scaling wilson --shape polar --sizes 4,2000000 --seeds 1..2",
        "scaling wilson --format json",
        "scaling nosuchgen",
        "scaling bfs",
        "scaling wilson --seeds 1 --seeds 2",
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        if (run(bad[k], out, sizeof out) != 2)
            fail_msg("'mazebench %s' did not exit 2", bad[k]);
    assert_int_equal(run("scaling --help", out, sizeof out), 0);
    assert_non_null(strstr(out, "usage: mazebench scaling"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fit_exact),
        cmocka_unit_test(test_fit_by_hand),
        cmocka_unit_test(test_cli),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
