/*
 * powfit.c - a power law fitted on logarithms, for the scaling laws of
 * docs/scaling.md: ordinary least squares of ln y on ln x, the slope's
 * standard error from the residuals (n - 2 degrees of freedom) and a 95%
 * interval with Student's t (mz_t95). Sums are taken in the order given, so
 * the figures are the same on every machine for the same points. Two points
 * fix the line exactly: their slope has no standard error and no interval
 * (NAN).
 */
#include "internal.h"
#include "../mazebench_stats.h"

#include <math.h>

mz_status mz_powfit_compute(const double *x, const double *y, uint64_t n, mz_powfit *out)
{
    if (!out)
        return MZ_EINVAL;
    memset(out, 0, sizeof *out);
    if (!x || !y)
        return MZ_EINVAL;
    if (n < 2)
        return MZ_EINVAL;
    double sx = 0, sy = 0;
    for (uint64_t k = 0; k < n; k++) {
        if (!(x[k] > 0) || !(y[k] > 0))
            return MZ_EINVAL;
        sx += log(x[k]);
        sy += log(y[k]);
    }
    const double mx = sx / (double)n, my = sy / (double)n;
    double sxx = 0, sxy = 0, syy = 0;
    for (uint64_t k = 0; k < n; k++) {
        const double dx = log(x[k]) - mx, dy = log(y[k]) - my;
        sxx += dx * dx;
        sxy += dx * dy;
        syy += dy * dy;
    }
    if (!(sxx > 1e-12))
        return MZ_EINVAL; /* one x only */
    const double b = sxy / sxx, a = my - b * mx;
    double ssr = syy - b * sxy;
    if (ssr < 0)
        ssr = 0;
    out->n = n;
    out->exponent = b;
    out->coef = exp(a);
    out->r2 = syy > 0 ? 1 - ssr / syy : 1;
    if (n == 2) {
        /* Two points: the line goes through both, no degree of freedom is
         * left for its error. */
        out->se = out->ci_lo = out->ci_hi = NAN;
        return MZ_OK;
    }
    out->se = sqrt(ssr / (double)(n - 2) / sxx);
    const double half = mz_t95(n - 2) * out->se;
    out->ci_lo = b - half;
    out->ci_hi = b + half;
    return MZ_OK;
}
