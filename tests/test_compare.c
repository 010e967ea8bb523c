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
 *   - the exact null distribution of Wilcoxon's signed-rank statistic
 *     against brute-force enumeration of the 2^n sign patterns (n <= 14),
 *     and against the published two-sided 5% critical values (n = 6 to
 *     30); exact p-values of the signed-rank test against enumeration;
 *     the normal approximation with zeros and ties on a sample worked by
 *     hand (T+ = 25 of 7, p = 0.0733);
 *   - the Hodges-Lehmann estimate and Walsh-average interval on 0..9
 *     (worked by hand: 4.5 in [2, 7]), and that it excludes 0 exactly
 *     when the exact test rejects at 5%;
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
    /* Every value of every stratum tied: a variance of 0, the statistic
     * 0 / 0, undefined (NAN), not p = 1. */
    const double flat[] = {5, 5, 5, 5};
    sw_ab_stratum fs[2] = {{flat, flat, 4, 4}, {flat, flat, 2, 3}};
    assert_int_equal(sw_ab_van_elteren(fs, 2, &z, &p), 0);
    assert_true(isnan(z) && isnan(p));
    assert_int_equal(sw_ab_van_elteren(fs, 0, &z, &p), 0);
    assert_true(isnan(z) && isnan(p));
}

/* T+ of every sign pattern of the ranks 1..n, by bit masks. */
static void brute_sr_cdf(size_t n, double *cdf)
{
    size_t top = n * (n + 1) / 2;
    double *count = calloc(top + 1, sizeof *count);
    assert_non_null(count);
    for (uint32_t mask = 0; mask < (1u << n); mask++) {
        size_t t = 0;
        for (size_t k = 0; k < n; k++)
            if (mask & (1u << k))
                t += k + 1;
        count[t]++;
    }
    double acc = 0;
    for (size_t t = 0; t <= top; t++) {
        acc += count[t];
        cdf[t] = acc / (double)(1u << n);
    }
    free(count);
}

static void test_sr_distribution(void **state)
{
    (void)state;
    static double a[500], b[500];
    for (size_t n = 1; n <= 14; n++) {
        assert_int_equal(sw_ab_sr_cdf(n, a), 0);
        brute_sr_cdf(n, b);
        for (size_t t = 0; t <= n * (n + 1) / 2; t++) {
            char what[64];
            snprintf(what, sizeof what, "P(T+ <= %zu), n %zu", t, n);
            near(a[t], b[t], 1e-15, what);
        }
    }
    /* Two-sided 5% critical values of T (the largest t with P(T <= t) <=
     * 0.025), as tabulated in statistics textbooks (n = 5 has none). */
    static const struct {
        size_t n, crit;
    } table[] = {{6, 0},   {7, 2},   {8, 3},   {9, 5},   {10, 8},  {11, 10},
                 {12, 13}, {13, 17}, {14, 21}, {15, 25}, {16, 29}, {17, 34},
                 {18, 40}, {19, 46}, {20, 52}, {25, 89}, {30, 137}};
    for (size_t k = 0; k < sizeof table / sizeof table[0]; k++) {
        size_t n = table[k].n, c = table[k].crit;
        assert_int_equal(sw_ab_sr_cdf(n, a), 0);
        if (!(a[c] <= 0.025 && a[c + 1] > 0.025))
            fail_msg("n = %zu: P(T <= %zu) = %g, P(T <= %zu) = %g", n, c, a[c], c + 1, a[c + 1]);
    }
    assert_int_equal(sw_ab_sr_cdf(5, a), 0);
    assert_true(a[0] > 0.025); /* 1/32: no 5% test with 5 rounds */
    near(sw_ab_sr_pmin(10), 2.0 / 1024, 1e-18, "pmin 10");
    near(sw_ab_sr_pmin(0), 1, 0, "pmin 0");
    near(sw_ab_sr_pmin(1), 1, 0, "pmin 1");
    assert_true(sw_ab_sr_pmin(60) < 1e-10); /* normal: about 1.7e-11 */
}

/* A deterministic stream of numbers in [-1, 1) (a 64-bit LCG). */
static double lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005u + 1442695040888963407u;
    return (double)(*s >> 11) / 4503599627370496.0 - 1;
}

static void test_signed_rank_exact(void **state)
{
    (void)state;
    sw_ab_sr r;
    /* Every sign +: T+ = 15 of n = 5, p = 2 / 32. */
    const double up[] = {0.1, 0.2, 0.3, 0.4, 0.5};
    assert_int_equal(sw_ab_signed_rank(up, 5, &r), 0);
    assert_true(r.exact);
    near(r.t, 15, 0, "T+, all up");
    near(r.p, 2.0 / 32, 1e-15, "p, all up");
    assert_true(isnan(r.shift_lo)); /* 5 are too few for a 95% interval */
    /* The smallest |d| down: T+ = 20 of 21, P(T >= 20) = P(T <= 1) = 2/64. */
    const double one[] = {-0.1, 0.2, 0.3, 0.4, 0.5, 0.6};
    assert_int_equal(sw_ab_signed_rank(one, 6, &r), 0);
    near(r.t, 20, 0, "T+, one down");
    near(r.p, 4.0 / 64, 1e-15, "p, one down");

    /* Against enumeration of the 2^n sign patterns, on made-up
     * differences: p = 2 min(P(T <= t), P(T >= t)), capped at 1. And the
     * interval excludes 0 exactly when p <= 5% (the test and the interval
     * agree), and T+ is the count of positive Walsh averages. */
    uint64_t seed = 12345;
    static double cdf[200];
    for (int trial = 0; trial < 300; trial++) {
        size_t n = 6 + (size_t)trial % 9; /* 6 .. 14 */
        double d[14];
        for (size_t k = 0; k < n; k++)
            d[k] = lcg(&seed) + (trial % 3) * 0.4; /* some shifted up */
        assert_int_equal(sw_ab_signed_rank(d, n, &r), 0);
        assert_true(r.exact);
        brute_sr_cdf(n, cdf);
        size_t t = (size_t)r.t, top = n * (n + 1) / 2;
        double lo = cdf[t], hi = 1 - (t ? cdf[t - 1] : 0), want = 2 * (lo < hi ? lo : hi);
        near(r.p, want < 1 ? want : 1, 1e-12, "exact p against enumeration");
        size_t pos = 0;
        for (size_t i = 0; i < n; i++)
            for (size_t j = i; j < n; j++)
                pos += d[i] + d[j] > 0;
        assert_int_equal(pos, t);
        bool excludes = r.shift_lo > 0 || r.shift_hi < 0;
        if (excludes != (r.p <= 0.05 * (1 + 1e-12)))
            fail_msg("n %zu, T+ %zu of %zu: p %g but interval [%g, %g]", n, t, top, r.p,
                     r.shift_lo, r.shift_hi);
        assert_true(r.shift_lo <= r.shift && r.shift <= r.shift_hi);
    }
}

static void test_signed_rank_normal_walsh(void **state)
{
    (void)state;
    sw_ab_sr r;
    /* Zeros dropped: |d| 1 1 2 3 3 3 4 with midranks 1.5 1.5 3 5 5 5 7;
     * T+ = 25 (all but the -2). n = 7, mean 14; var = 7 8 15 / 24 - (6 +
     * 24) / 48 = 34.375; z = (25 - 14 - 0.5) / 5.86302 = 1.79089, p =
     * 0.073312 (R: wilcox.test(d) gives V = 25, p-value = 0.07331). */
    const double d[] = {0, 1, 1, -2, 3, 3, 3, 4};
    assert_int_equal(sw_ab_signed_rank(d, 8, &r), 0);
    assert_false(r.exact);
    assert_true(r.ties);
    assert_int_equal(r.n, 7);
    near(r.t, 25, 0, "T+ with ties and a zero");
    near(r.p, 0.0733116, 1e-6, "p with ties and a zero");
    /* Every d 0: no evidence, no shift. */
    const double zero[] = {0, 0, 0, 0, 0, 0, 0};
    assert_int_equal(sw_ab_signed_rank(zero, 7, &r), 0);
    near(r.p, 1, 0, "p, all zero");
    near(r.shift, 0, 0, "shift, all zero");
    near(r.shift_lo, 0, 0, "lo, all zero");
    near(r.shift_hi, 0, 0, "hi, all zero");

    /* d = s + 0..9: the 55 Walsh averages are s + (i + j) / 2, i <= j.
     * n = 10: P(T <= 8) = 25/1024 <= 0.025 < P(T <= 9), k = 9. The
     * averages 0, 0.5, 1, 1, 1.5, 1.5, 2, 2, 2 are the 9 smallest: the
     * interval is [s + 2, s + 7]; the median of the 55 is s + 4.5. */
    const double s = -0.125;
    double e[10];
    for (int k = 0; k < 10; k++)
        e[9 - k] = s + k; /* any order */
    assert_int_equal(sw_ab_signed_rank(e, 10, &r), 0);
    near(r.shift, s + 4.5, 1e-12, "HL estimate");
    near(r.shift_lo, s + 2, 1e-12, "Walsh lower bound");
    near(r.shift_hi, s + 7, 1e-12, "Walsh upper bound");

    /* Beyond the exact limit: 80 rounds all shifted by log 1.1 give p
     * tiny and an interval round it; the normal approximation is used. */
    double f[80];
    uint64_t seed = 7;
    for (int k = 0; k < 80; k++)
        f[k] = log(1.1) + 0.01 * lcg(&seed);
    assert_int_equal(sw_ab_signed_rank(f, 80, &r), 0);
    assert_false(r.exact);
    assert_true(r.p < 1e-12);
    assert_true(r.shift_lo < log(1.1) && log(1.1) < r.shift_hi);
    assert_true(r.shift_hi - r.shift_lo < 0.01);
}


/* ---- the quadratic reference ----
 *
 * The Hodges-Lehmann estimates and intervals as they were first written:
 * every pairwise difference or Walsh average written out and sorted
 * (memory and time quadratic in the samples), its median and its k-th
 * value from each end, k the interval's rank the statistic reports.
 * stats_ab.c finds the same order statistics without the matrix;
 * test_hl_matches_quadratic asserts that they are equal, bit for bit, on
 * many random samples. */

static int ref_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* v[0..nv) sorted: out = {median, k-th smallest, k-th largest}, the two
 * bounds NAN without a rank k in 1..(nv + 1) / 2. Frees v. */
static void ref_hl(double *v, size_t nv, size_t k, double out[3])
{
    qsort(v, nv, sizeof *v, ref_cmp_double);
    out[0] = nv % 2 ? v[nv / 2] : (v[nv / 2 - 1] + v[nv / 2]) / 2;
    out[1] = out[2] = NAN;
    if (k >= 1 && k <= (nv + 1) / 2) {
        out[1] = v[k - 1];
        out[2] = v[nv - k];
    }
    free(v);
}

/* Unpaired: the m x n differences log(new_i) - log(base_j). */
static void ref_moses(const double *base, size_t m, const double *new_, size_t n, size_t k,
                      double out[3])
{
    double *d = malloc(m * n * sizeof *d);
    assert_non_null(d);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < m; j++)
            d[i * m + j] = log(new_[i]) - log(base[j]);
    ref_hl(d, m * n, k, out);
}

/* Paired: the Walsh averages (d_i + d_j) / 2, i <= j, of all n d. */
static void ref_walsh(const double *d, size_t n, size_t k, double out[3])
{
    const size_t nw = n * (n + 1) / 2;
    double *w = malloc(nw * sizeof *w);
    assert_non_null(w);
    size_t at = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i; j < n; j++)
            w[at++] = (d[i] + d[j]) / 2;
    ref_hl(w, nw, k, out);
}


/* Samples with many ties (a few distinct values) or none, sizes 1 to a
 * few hundred: the O(n log n) selection gives exactly the quadratic
 * reference's figures, paired and unpaired. */
static double draw(uint64_t *seed, int kind)
{
    double u = lcg(seed) + 1; /* [0, 2) */
    switch (kind) {
    case 0:
        return 1000 * exp(u);                     /* no ties */
    case 1:
        return 1000 + floor(u * 3);               /* three values */
    case 2:
        return 1 + floor(u * 40) * 0.25;          /* many ties, near 1 */
    default:
        return 50000 * (1 + 0.01 * floor(u * 200)); /* a timer's grid */
    }
}

static void same(double got, double want, const char *what, size_t m, size_t n, int kind)
{
    if (!(got == want || (isnan(got) && isnan(want))))
        fail_msg("%s (m %zu, n %zu, kind %d): got %.17g, quadratic %.17g", what, m, n, kind, got,
                 want);
}

static void test_hl_matches_quadratic(void **state)
{
    (void)state;
    uint64_t seed = 464;
    double *a = malloc(400 * sizeof *a), *b = malloc(400 * sizeof *b);
    double *cdf = malloc((50 * 50 + 1) * sizeof *cdf);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(cdf);
    size_t trials = 0;
    for (size_t m = 1; m <= 400; m += m < 12 ? 1 : m < 60 ? 7 : 97) {
        for (size_t n = 1; n <= 400; n += n < 12 ? 1 : n < 60 ? 11 : 89) {
            for (int kind = 0; kind < 4; kind++) {
                for (size_t k = 0; k < m; k++)
                    a[k] = draw(&seed, kind);
                for (size_t k = 0; k < n; k++)
                    b[k] = draw(&seed, kind) * (1 + 0.05 * (double)(kind & 1));
                const double *c = NULL;
                if (m <= 50 && n <= 50) {
                    assert_int_equal(sw_ab_u_cdf(m, n, cdf), 0);
                    c = cdf;
                }
                sw_ab_mw got;
                double want[3];
                assert_int_equal(sw_ab_mann_whitney(a, m, b, n, c, &got), 0);
                ref_moses(a, m, b, n, got.k, want);
                same(got.shift, want[0], "Moses shift", m, n, kind);
                same(got.shift_lo, want[1], "Moses lower", m, n, kind);
                same(got.shift_hi, want[2], "Moses upper", m, n, kind);

                /* Paired: the log ratios, zeros and ties included. */
                if (n == m || n == 1) {
                    double *d = malloc(m * sizeof *d);
                    assert_non_null(d);
                    for (size_t k = 0; k < m; k++)
                        d[k] = kind == 0 ? log(b[k % n]) - log(a[k]) : floor(log(a[k]) * 4) - 27;
                    sw_ab_sr sg;
                    double sw[3];
                    assert_int_equal(sw_ab_signed_rank(d, m, &sg), 0);
                    ref_walsh(d, m, sg.k, sw);
                    same(sg.shift, sw[0], "Walsh shift", m, m, kind);
                    same(sg.shift_lo, sw[1], "Walsh lower", m, m, kind);
                    same(sg.shift_hi, sw[2], "Walsh upper", m, m, kind);
                    free(d);
                }
                trials++;
            }
        }
    }
    assert_true(trials > 400);

    /* Paired alone, every n up to 60 and then every 13th to 400: log
     * ratios with no ties, rounded ones (ties and zeros), and a constant
     * (every d the same, or every d 0). */
    size_t ptrials = 0;
    for (size_t n = 1; n <= 400; n += n < 60 ? 1 : 13) {
        for (int kind = 0; kind < 5; kind++) {
            for (size_t k = 0; k < n; k++) {
                double u = lcg(&seed);
                a[k] = kind == 0   ? u
                       : kind == 1 ? round(u * 8) / 8
                       : kind == 2 ? round(u * 3) * 0.01
                       : kind == 3 ? 0.25
                                   : 0;
            }
            sw_ab_sr sg;
            double sw[3];
            assert_int_equal(sw_ab_signed_rank(a, n, &sg), 0);
            ref_walsh(a, n, sg.k, sw);
            same(sg.shift, sw[0], "paired Walsh shift", n, n, kind);
            same(sg.shift_lo, sw[1], "paired Walsh lower", n, n, kind);
            same(sg.shift_hi, sw[2], "paired Walsh upper", n, n, kind);
            ptrials++;
        }
    }
    assert_true(ptrials > 400);
    free(a);
    free(b);
    free(cdf);
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
        cmocka_unit_test(test_sr_distribution),
        cmocka_unit_test(test_signed_rank_exact),
        cmocka_unit_test(test_signed_rank_normal_walsh),
        cmocka_unit_test(test_hl_matches_quadratic),
        cmocka_unit_test(test_holm),
        cmocka_unit_test(test_geomean_median_verdict),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
