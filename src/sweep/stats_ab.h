/*
 * stats_ab.h - statistics for comparing two sets of timings (A/B): the
 * Mann-Whitney rank test with the Hodges-Lehmann (Moses) interval of the
 * shift of log times, van Elteren's stratified rank test, Wilcoxon's
 * signed-rank test of paired differences with its Walsh-average interval,
 * Holm's adjustment for many tests, and geometric means (docs/compare.md).
 *
 * Pure functions of their inputs: no printing, no clock, no randomness.
 * A function that allocates returns -1 when memory runs out, 0 otherwise.
 * Times are positive numbers (nanoseconds); "base" is the old build and
 * "new" the new one, so a ratio above 1 means the new build is slower.
 */
#ifndef MZ_SWEEP_STATS_AB_H
#define MZ_SWEEP_STATS_AB_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Samples a side up to which the exact null distribution of U is used
 * (when there are no ties): beyond it the normal approximation is within
 * a few per cent of the exact p-value. */
#define SW_AB_EXACT_MAX 50

/* The two-sided 97.5% normal quantile: 95% intervals. */
#define SW_AB_Z975 1.959963984540054

/* Median of x[0..n) (n > 0); sorts x. */
double sw_ab_median(double *x, size_t n);

/* The exact null distribution of the Mann-Whitney U of samples of m and n
 * values without ties: cdf[u] = P(U <= u) for u = 0 .. m*n (m*n + 1
 * entries). m, n >= 1. */
int sw_ab_u_cdf(size_t m, size_t n, double *cdf);

typedef struct sw_ab_mw {
    double u;        /* pairs (new, base) with new > base, a tie counting one half */
    double p;        /* two-sided p-value */
    bool exact;      /* p from the exact distribution (no ties, cdf given) */
    bool ties;       /* the pooled sample has tied values */
    /* Hodges-Lehmann estimate of the shift of log(new) - log(base), and the
     * distribution-free 95% interval (Moses) that goes with the test: the
     * k-th smallest and k-th largest of the m*n differences, k from U's
     * distribution. lo and hi are NAN when the samples are too small for a
     * 95% interval (k < 1). Found in O((m + n) log^2 (m + n)) time and
     * O(m + n) memory, without the m*n differences: the same values a sort
     * of all of them would give. */
    double shift, shift_lo, shift_hi;
    size_t k; /* the interval's rank from each end (0: no interval) */
} sw_ab_mw;

/* Mann-Whitney U test of new[0..n) against base[0..m) (m, n >= 1, values
 * > 0). cdf: sw_ab_u_cdf(m, n) or NULL; with it and no ties the p-value
 * and the interval are exact, otherwise the normal approximation with tie
 * and continuity correction. */
int sw_ab_mann_whitney(const double *base, size_t m, const double *new_, size_t n,
                       const double *cdf, sw_ab_mw *r);

/* The smallest two-sided p-value the test can give for m and n values
 * without ties (the samples wholly apart): exact with cdf, otherwise the
 * normal approximation. */
double sw_ab_mw_pmin(size_t m, size_t n, const double *cdf);

/* The Mann-Whitney test alone, for values of any sign (sw_ab_mann_whitney
 * adds the interval of log values): U of new[0..n) over base[0..m) (pairs
 * with new larger, a tie counting one half), its standardised z (> 0 when
 * new is larger; with the tie correction of the variance and a continuity
 * correction of 1/2 towards 0) and the two-sided p of the normal
 * approximation. z is 0 and p 1 when every value is tied. m, n >= 1. */
int sw_ab_u_normal(const double *base, size_t m, const double *new_, size_t n, double *u,
                   double *z, double *p);

/* One stratum (one seed) of a stratified test. */
typedef struct sw_ab_stratum {
    const double *base, *new_;
    size_t m, n; /* values of base and new */
} sw_ab_stratum;

/* van Elteren's stratified rank test: the Mann-Whitney statistics of the
 * strata summed with weights 1/(N_s + 1) (N_s the stratum's values), the
 * locally most powerful combination when the shift is the same in every
 * stratum; two-sided p from the normal approximation with each stratum's
 * tie correction. Strata with m or n of 0 are skipped. *z gets the
 * standardized statistic (> 0 when new is larger); z and p are NAN when it
 * is undefined: no stratum counts, or none has any spread (every value of
 * every stratum tied, a variance of 0). */
int sw_ab_van_elteren(const sw_ab_stratum *s, size_t ns, double *z, double *p);

/* The smallest p-value van Elteren's test can give for these stratum
 * sizes (every stratum wholly apart, no ties). */
double sw_ab_ve_pmin(const sw_ab_stratum *s, size_t ns);

/* Differences up to which the exact null distribution of the signed-rank
 * statistic is used (when no |d| is tied and none is 0). */
#define SW_AB_SR_EXACT_MAX 50

/* The exact null distribution of Wilcoxon's signed-rank statistic T+ (the
 * sum of the ranks 1..n that carry a + sign, each sign + or - with
 * probability 1/2): cdf[t] = P(T+ <= t) for t = 0 .. n(n+1)/2 (that many
 * + 1 entries). n >= 1; counts are exact up to n = 50 (2^50 < 2^53). */
int sw_ab_sr_cdf(size_t n, double *cdf);

typedef struct sw_ab_sr {
    double t;    /* T+: the ranks of |d| (midranks when tied) of the positive d */
    size_t n;    /* differences tested: those that are not 0 */
    double p;    /* two-sided p-value; 1 when every d is 0 */
    bool exact;  /* p from the exact distribution (n <= SW_AB_SR_EXACT_MAX, no ties or 0s) */
    bool ties;   /* some |d| are equal (zeros aside) */
    /* The Hodges-Lehmann estimate of the centre of the d (the median of
     * the Walsh averages (d_i + d_j) / 2, i <= j, of all d, zeros
     * included) and the 95% interval that goes with the test: the k-th
     * smallest and k-th largest Walsh average, k from T+'s distribution
     * for all the d (exact up to SW_AB_SR_EXACT_MAX, normal beyond). lo
     * and hi are NAN when there are too few d for a 95% interval (n < 6).
     * Found in O(n log^2 n) time and O(n) memory, without the n(n+1)/2
     * averages: the same values a sort of all of them would give. */
    double shift, shift_lo, shift_hi;
    size_t k; /* the interval's rank from each end (0: no interval) */
} sw_ab_sr;

/* Wilcoxon's signed-rank test of d[0..n) (n >= 1) against a centre of 0,
 * two-sided. Zeros are dropped from the test (Wilcoxon's way); the p-value
 * is exact when no |d| is tied and none was 0 and at most
 * SW_AB_SR_EXACT_MAX remain, otherwise the normal approximation with the
 * tie correction of the variance and a continuity correction of 1/2. */
int sw_ab_signed_rank(const double *d, size_t n, sw_ab_sr *r);

/* The smallest two-sided p-value the signed-rank test can give for n
 * differences: 2 / 2^n (every sign the same), or the normal approximation
 * beyond SW_AB_SR_EXACT_MAX. 1 for n = 0. */
double sw_ab_sr_pmin(size_t n);

/* Holm's step-down adjustment of p[0..n) into adj[0..n) (may be p): the
 * k-th smallest p-value times (n - k + 1), made monotone, capped at 1.
 * Controls the family-wise error rate at any dependence between tests. */
int sw_ab_holm(const double *p, size_t n, double *adj);

/* Geometric mean of x[0..n) (values > 0) and a 95% t-interval of it (the
 * mean of the logs +- t * SE, exponentiated). lo and hi are NAN when n < 2;
 * when every x is the same they are equal (the caller says the interval
 * is undefined). -1 when memory runs out. */
int sw_ab_geomean(const double *x, size_t n, double *gm, double *lo, double *hi);

enum { SW_AB_UNCHANGED = 0, SW_AB_SLOWER = 1, SW_AB_FASTER = 2 };

/* slower: adjusted p < alpha and ratio > 1 + threshold; faster: adjusted
 * p < alpha and ratio < 1 / (1 + threshold); unchanged otherwise. */
int sw_ab_verdict(double ratio, double p_adj, double alpha, double threshold);

#ifdef __cplusplus
}
#endif

#endif /* MZ_SWEEP_STATS_AB_H */
