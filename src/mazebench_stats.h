/*
 * mazebench_stats.h - part of the public C API of the mazebench library:
 * the statistics kit (docs/stats.md): a sample's summary and confidence
 * interval, Student's t and the normal distribution, the regularised
 * incomplete beta function, Welch's test, the one-sample t-test and power
 * law fits. Includes mazebench.h.
 */
#ifndef MAZEBENCH_STATS_H
#define MAZEBENCH_STATS_H

#include "mazebench.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Samples, distributions and tests (docs/stats.md)                   */
/* ------------------------------------------------------------------ */

/* A sample summary: mean, standard deviation (n - 1), standard error and
 * a 95% confidence interval for the mean (Student's t, n - 1 degrees of
 * freedom; n = 1 gives sd = se = 0 and the interval [mean, mean]). */
typedef struct mz_summary {
    uint64_t n;
    double mean, sd, se, ci_lo, ci_hi;
} mz_summary;

/* Summarise x[0..n). n = 0 gives zeros. Cannot fail. */
MZ_API void mz_summarise(const double *x, uint64_t n, mz_summary *out);

/* The two-sided 95% quantile of Student's t with df degrees of freedom
 * (a table to 30, then 40, 60, 120 and the normal 1.96). df 0 gives 0. */
MZ_API double mz_t95(uint64_t df);

/* Distributions for tests between samples (docs/stats.md, "Claims"). The
 * standard normal's CDF and quantile (p outside (0, 1): -+infinity); the
 * regularised incomplete beta function I_x(a, b); Student's t with df
 * degrees of freedom (df > 0, not necessarily whole): its CDF, the
 * two-sided tail P(|T| >= |t|) and the quantile (NAN for df <= 0). */
MZ_API double mz_normal_cdf(double z);
MZ_API double mz_normal_quantile(double p);
MZ_API double mz_beta_inc(double a, double b, double x);
MZ_API double mz_t_cdf(double t, double df);
MZ_API double mz_t_p2(double t, double df);
MZ_API double mz_t_quantile(double p, double df);

/* Welch's test of two means: diff = a - b, its standard error
 * sqrt(sd_a^2/n_a + sd_b^2/n_b), the Welch-Satterthwaite degrees of
 * freedom, t = diff / se, the two-sided p and the 95% interval of diff
 * (diff +- t_0.975(df) se). MZ_EINVAL when a side has under two values. */
typedef struct mz_welch_test {
    double diff, se, df, t, p, ci_lo, ci_hi;
} mz_welch_test;
MZ_API mz_status mz_welch(const mz_summary *a, const mz_summary *b, mz_welch_test *w);

/* One-sample t-test of the mean of s against the values lo..hi (a point
 * when lo = hi; a band such as a published figure's rounding): t from the
 * nearest point of the band (0 inside it) and the two-sided p (n - 1
 * degrees of freedom). MZ_EINVAL when s has under two values. */
MZ_API mz_status mz_t_test_one(const mz_summary *s, double lo, double hi, double *t, double *p);

/* A power law y = c * x^b fitted by least squares on logarithms: ln y on
 * ln x over the points given (each a maze: the per-maze fit, not of means),
 * b with its standard error and a 95% confidence interval (Student's t,
 * n - 2 degrees of freedom), c = exp(intercept) and R^2 of the log fit.
 * MZ_EINVAL for fewer than 2 points, a point <= 0 or fewer than two
 * distinct x. With 2 points (no degree of freedom left) se, ci_lo and
 * ci_hi are NAN: undefined. docs/scaling.md. */
typedef struct mz_powfit {
    uint64_t n;
    double exponent, se, ci_lo, ci_hi;
    double coef, r2;
} mz_powfit;

MZ_API mz_status mz_powfit_compute(const double *x, const double *y, uint64_t n, mz_powfit *out);

#ifdef __cplusplus
}
#endif

#endif /* MAZEBENCH_STATS_H */
