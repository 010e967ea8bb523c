/*
 * test_compare.c - the A/B statistics of 'mazebench compare'
 * (src/sweep/stats_ab.c) against values found independently:
 *
 *   - the exact null distribution of Mann-Whitney's U against brute-force
 *     enumeration of every arrangement (m, n <= 7), and against the
 *     published two-sided 5% critical values for equal samples (5 to 20
 *     a side: 2, 5, 8, 13, 17, 23 and 127);
 *   - exact p-values worked by hand ({1,2,3} against {4,5,6}: U = 9,
 *     p = 2/20; interleaved: U = 6, p = 14/20);
 *   - the normal approximation with ties and continuity correction on a
 *     sample worked by hand (U = 13.5, tie term 30, p = 0.1367);
 *   - the Hodges-Lehmann estimate and Moses interval on samples whose
 *     pairwise differences are known in closed form;
 *   - van Elteren: one stratum is Mann-Whitney's z without continuity
 *     correction; two equal strata multiply z by sqrt(2); a shift hidden
 *     by seed-to-seed differences is found by the stratified test and not
 *     by the pooled one;
 *   - Holm on a four-test example worked by hand;
 *   - the geometric mean and its t-interval; the smallest attainable
 *     p-values; the verdict's boundaries.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats_ab.h"

static void near(double got, double want, double tol, const char *what)
{
    if (!(fabs(got - want) <= tol))
        fail_msg("%s: got %.12g, want %.12g (tolerance %g)", what, got, want, tol);
}

/* U of every way of placing m values of X among m + n, by bit masks. */
static void brute_cdf(size_t m, size_t n, double *cdf)
{
    size_t N = m + n, mn = m * n;
    double *count = calloc(mn + 1, sizeof *count), total = 0;
    assert_non_null(count);
    for (uint32_t mask = 0; mask < (1u << N); mask++) {
        if ((size_t)__builtin_popcount(mask) != m)
            continue;
        size_t u = 0, below = 0; /* Y values below the current position */
        for (size_t pos = 0; pos < N; pos++) {
            if (mask & (1u << pos))
                u += below;
            else
                below++;
        }
        count[u]++;
        total++;
    }
    double acc = 0;
    for (size_t u = 0; u <= mn; u++) {
        acc += count[u];
        cdf[u] = acc / total;
    }
    free(count);
}

static void test_u_distribution_brute_force(void **state)
{
    (void)state;
    double a[64], b[64];
    for (size_t m = 1; m <= 7; m++)
        for (size_t n = 1; n <= 7; n++) {
            assert_int_equal(sw_ab_u_cdf(m, n, a), 0);
            brute_cdf(m, n, b);
            for (size_t u = 0; u <= m * n; u++) {
                char what[64];
                snprintf(what, sizeof what, "P(U <= %zu), m %zu, n %zu", u, m, n);
                near(a[u], b[u], 1e-12, what);
            }
        }
}

static void test_u_distribution_published_table(void **state)
{
    (void)state;
    /* Two-sided 5% critical values of U for n1 = n2 (the largest u with
     * P(U <= u) <= 0.025), as tabulated in statistics textbooks. */
    static const struct {
        size_t n, crit;
    } table[] = {{5, 2}, {6, 5}, {7, 8}, {8, 13}, {9, 17}, {10, 23}, {20, 127}};
    static double cdf[401];
    for (size_t k = 0; k < sizeof table / sizeof table[0]; k++) {
        size_t n = table[k].n, c = table[k].crit;
        assert_int_equal(sw_ab_u_cdf(n, n, cdf), 0);
        if (!(cdf[c] <= 0.025 && cdf[c + 1] > 0.025))
            fail_msg("n = %zu: P(U <= %zu) = %g, P(U <= %zu) = %g", n, c, cdf[c], c + 1,
                     cdf[c + 1]);
    }
    /* The smallest p-values: 2 / C(2n, n). */
    assert_int_equal(sw_ab_u_cdf(2, 2, cdf), 0);
    near(sw_ab_mw_pmin(2, 2, cdf), 2.0 / 6, 1e-15, "pmin 2x2");
    assert_int_equal(sw_ab_u_cdf(4, 4, cdf), 0);
    near(sw_ab_mw_pmin(4, 4, cdf), 2.0 / 70, 1e-15, "pmin 4x4");
    assert_true(sw_ab_mw_pmin(60, 60, NULL) < 1e-15);
}

static void test_mann_whitney_exact(void **state)
{
    (void)state;
    double cdf[10];
    assert_int_equal(sw_ab_u_cdf(3, 3, cdf), 0);
    const double lo[] = {1, 2, 3}, hi[] = {4, 5, 6}, odd[] = {1, 3, 5}, even[] = {2, 4, 6};
    sw_ab_mw r;
    assert_int_equal(sw_ab_mann_whitney(lo, 3, hi, 3, cdf, &r), 0);
    assert_true(r.exact);
    near(r.u, 9, 0, "U, new all above");
    near(r.p, 2.0 / 20, 1e-15, "p, new all above");
    assert_int_equal(sw_ab_mann_whitney(hi, 3, lo, 3, cdf, &r), 0);
    near(r.u, 0, 0, "U, new all below");
    near(r.p, 2.0 / 20, 1e-15, "p, new all below");
    /* U = 1 + 2 + 3 = 6; P(U >= 6) = P(U <= 3) = (1 + 1 + 2 + 3) / 20. */
    assert_int_equal(sw_ab_mann_whitney(odd, 3, even, 3, cdf, &r), 0);
    near(r.u, 6, 0, "U, interleaved");
    near(r.p, 14.0 / 20, 1e-15, "p, interleaved");
    /* 3 a side is too few for a 95% interval. */
    assert_true(isnan(r.shift_lo) && isnan(r.shift_hi));
}

static void test_mann_whitney_normal_ties(void **state)
{
    (void)state;
    /* Pooled: 1b 2b 2b 2n 3b 3n 4n 5n; midranks 1, 3, 3, 3, 5.5, 5.5, 7, 8.
     * W(new) = 3 + 5.5 + 7 + 8 = 23.5, U = 23.5 - 10 = 13.5. Ties: a
     * triple and a pair, 24 + 6 = 30. var = 16/12 (9 - 30/56) = 11.2857;
     * z = (13.5 - 8 - 0.5) / 3.35942 = 1.48835; p = 0.13666. */
    const double base[] = {1, 2, 2, 3}, new_[] = {2, 3, 4, 5};
    double cdf[17];
    assert_int_equal(sw_ab_u_cdf(4, 4, cdf), 0);
    sw_ab_mw r;
    assert_int_equal(sw_ab_mann_whitney(base, 4, new_, 4, cdf, &r), 0);
    assert_false(r.exact); /* ties: never the exact table */
    assert_true(r.ties);
    near(r.u, 13.5, 0, "U with ties");
    near(r.p, 0.13666, 5e-5, "p with ties");
    /* All equal: no evidence at all. */
    const double same[] = {7, 7, 7};
    assert_int_equal(sw_ab_mann_whitney(same, 3, same, 3, NULL, &r), 0);
    near(r.p, 1, 0, "p, all equal");
}

static void test_hodges_lehmann_moses(void **state)
{
    (void)state;
    /* log(new) - log(base) = s + i - j for i, j in 0..4: the 25
     * differences s-4 .. s+4 with multiplicities 1 2 3 4 5 4 3 2 1. The
     * exact 5x5 table gives k = 3 (P(U <= 2) = 4/252 <= 0.025 < P(U <= 3)
     * = 7/252): the interval is the 3rd smallest and 3rd largest, s - 3
     * and s + 3; the estimate is the median, s. */
    const double s = 0.25;
    double base[5], new_[5], cdf[26];
    for (int k = 0; k < 5; k++) {
        base[k] = 1000 * exp(k);
        new_[k] = 1000 * exp(s + k);
    }
    assert_int_equal(sw_ab_u_cdf(5, 5, cdf), 0);
    sw_ab_mw r;
    assert_int_equal(sw_ab_mann_whitney(base, 5, new_, 5, cdf, &r), 0);
    near(r.shift, s, 1e-12, "HL estimate");
    near(r.shift_lo, s - 3, 1e-12, "Moses lower bound");
    near(r.shift_hi, s + 3, 1e-12, "Moses upper bound");

    /* Beyond the exact limit: 60 a side, new = base * 1.1 exactly; the
     * estimate is log 1.1 and the interval holds it. */
    double b[60], n[60];
    for (int k = 0; k < 60; k++) {
        b[k] = 1000 + 37 * ((k * 7) % 60);
        n[k] = b[k] * 1.1;
    }
    assert_int_equal(sw_ab_mann_whitney(b, 60, n, 60, NULL, &r), 0);
    near(r.shift, log(1.1), 1e-12, "HL estimate, 60 a side");
    assert_true(r.shift_lo < log(1.1) && r.shift_hi > log(1.1));
    assert_false(r.exact);
}

static void test_van_elteren(void **state)
{
    (void)state;
    const double base[] = {10, 12, 13, 15, 16, 18}, new_[] = {11, 14, 17, 19, 20, 21};
    sw_ab_mw r;
    assert_int_equal(sw_ab_mann_whitney(base, 6, new_, 6, NULL, &r), 0);
    double sd = sqrt(6.0 * 6 * 13 / 12), zmw = (r.u - 18) / sd;
    sw_ab_stratum one = {base, new_, 6, 6};
    double z, p;
    assert_int_equal(sw_ab_van_elteren(&one, 1, &z, &p), 0);
    near(z, zmw, 1e-12, "one stratum: Mann-Whitney's z");
    near(p, erfc(fabs(zmw) / sqrt(2.0)), 1e-12, "one stratum: p");
    sw_ab_stratum two[] = {one, one};
    double z2, p2;
    assert_int_equal(sw_ab_van_elteren(two, 2, &z2, &p2), 0);
    near(z2, zmw * sqrt(2.0), 1e-12, "two equal strata: z times sqrt 2");

    /* Three seeds 100x apart in time; within each, the 16 values in
     * order hold base at places 1 2 3 4 6 7 9 12 and new at 5 8 10 11 13
     * 14 15 16, so U = 4 + 6 + 7 + 7 + 4 * 8 = 56 of 64 in every seed.
     * Stratified: z = 3 (56 - 32) / sqrt(3 * 64 * 17 / 12) = 4.37, p about
     * 1e-5. Pooled, the seeds' levels swamp it: U = 3 * 56 + 3 * 64 = 360
     * against a mean of 288 and sd sqrt(24 * 24 * 49 / 12) = 48.5, z =
     * 1.47, p = 0.14. */
    static const int bpos[] = {1, 2, 3, 4, 6, 7, 9, 12}, npos[] = {5, 8, 10, 11, 13, 14, 15, 16};
    double sb[3][8], sn[3][8], pb[24], pn[24];
    sw_ab_stratum st[3];
    for (int s = 0; s < 3; s++) {
        double level = pow(100, s);
        for (int k = 0; k < 8; k++) {
            sb[s][k] = pb[8 * s + k] = level * (1 + bpos[k] / 100.0);
            sn[s][k] = pn[8 * s + k] = level * (1 + npos[k] / 100.0);
        }
        st[s] = (sw_ab_stratum){sb[s], sn[s], 8, 8};
    }
    assert_int_equal(sw_ab_van_elteren(st, 3, &z, &p), 0);
    near(z, 72 / sqrt(3 * 64 * 17 / 12.0), 1e-12, "stratified z");
    assert_int_equal(sw_ab_mann_whitney(pb, 24, pn, 24, NULL, &r), 0);
    near(r.u, 360, 0, "pooled U");
    if (!(p < 0.001 && r.p > 0.05))
        fail_msg("stratified p %g (want < 0.001), pooled p %g (want > 0.05)", p, r.p);
    assert_true(z > 0);
    /* Its smallest p: every stratum apart. */
    assert_true(sw_ab_ve_pmin(st, 3) < p);
}

static void test_holm(void **state)
{
    (void)state;
    /* Sorted: 0.005 0.01 0.03 0.04, times 4 3 2 1: 0.02 0.03 0.06 0.04,
     * made monotone: 0.02 0.03 0.06 0.06; back in the original order. */
    const double p[] = {0.01, 0.04, 0.03, 0.005};
    const double want[] = {0.03, 0.06, 0.06, 0.02};
    double adj[4];
    assert_int_equal(sw_ab_holm(p, 4, adj), 0);
    for (int k = 0; k < 4; k++)
        near(adj[k], want[k], 1e-15, "Holm");
    /* Capped at 1; in place. */
    double q[] = {0.5, 0.6, 0.001};
    assert_int_equal(sw_ab_holm(q, 3, q), 0);
    near(q[0], 1, 0, "Holm cap");
    near(q[1], 1, 0, "Holm cap");
    near(q[2], 0.003, 1e-15, "Holm smallest");
}

static void test_geomean_median_verdict(void **state)
{
    (void)state;
    const double x[] = {2, 8};
    double gm, lo, hi;
    sw_ab_geomean(x, 2, &gm, &lo, &hi);
    /* logs ln2, ln8: mean ln4, se = ln2; t(1) = 12.706. */
    near(gm, 4, 1e-12, "geomean");
    near(lo, 4 * pow(2, -12.706), 1e-12, "geomean lower");
    near(hi, 4 * pow(2, 12.706), 1e-6, "geomean upper");
    sw_ab_geomean(x, 1, &gm, &lo, &hi);
    near(gm, 2, 1e-12, "geomean of one");
    assert_true(isnan(lo) && isnan(hi));

    double m[] = {5, 1, 4, 2, 3};
    near(sw_ab_median(m, 5), 3, 0, "median odd");
    double e[] = {4, 1, 3, 2};
    near(sw_ab_median(e, 4), 2.5, 0, "median even");

    assert_int_equal(sw_ab_verdict(1.2, 0.01, 0.05, 0.05), SW_AB_SLOWER);
    assert_int_equal(sw_ab_verdict(1.2, 0.05, 0.05, 0.05), SW_AB_UNCHANGED); /* p not < alpha */
    assert_int_equal(sw_ab_verdict(1.04, 0.001, 0.05, 0.05), SW_AB_UNCHANGED); /* too small */
    assert_int_equal(sw_ab_verdict(1 / 1.06, 0.001, 0.05, 0.05), SW_AB_FASTER);
    assert_int_equal(sw_ab_verdict(1 / 1.04, 0.001, 0.05, 0.05), SW_AB_UNCHANGED);
    assert_int_equal(sw_ab_verdict(NAN, 0.001, 0.05, 0.05), SW_AB_UNCHANGED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_u_distribution_brute_force),
        cmocka_unit_test(test_u_distribution_published_table),
        cmocka_unit_test(test_mann_whitney_exact),
        cmocka_unit_test(test_mann_whitney_normal_ties),
        cmocka_unit_test(test_hodges_lehmann_moses),
        cmocka_unit_test(test_van_elteren),
        cmocka_unit_test(test_holm),
        cmocka_unit_test(test_geomean_median_verdict),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
