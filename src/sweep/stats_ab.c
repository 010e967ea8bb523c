/*
 * stats_ab.c - rank tests, intervals and adjustments for A/B timings
 * (stats_ab.h, docs/compare.md).
 *
 * Ranks make the tests distribution-free: timings are skewed and carry
 * outliers (an interrupt, a page fault), which t-tests handle badly. The
 * interval goes with the test: the Hodges-Lehmann estimate of the shift
 * of log times and Moses' interval are read from the sorted pairwise
 * differences at positions given by U's null distribution, so the
 * interval excludes 0 exactly when the test rejects at 5% (up to the
 * discreteness of U). Wilcoxon's signed-rank test and the Walsh-average
 * interval do the same for paired differences (one per round).
 */
#include "stats_ab.h"
#include "mazebench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double sw_ab_median(double *x, size_t n)
{
    qsort(x, n, sizeof *x, cmp_double);
    return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}

int sw_ab_u_cdf(size_t m, size_t n, double *cdf)
{
    /* f(i, j, u): arrangements of i values of one sample and j of the
     * other with U = u (pairs where the first sample's value is larger).
     * The largest value belongs to one of them: f(i, j, u) = f(i - 1, j,
     * u - j) + f(i, j - 1, u). Kept for every i and the current j only;
     * counts, all additions, so no cancellation. */
    size_t mn = m * n, w = mn + 1;
    double *f = calloc((m + 1) * w, sizeof *f);
    if (!f)
        return -1;
    for (size_t i = 0; i <= m; i++)
        f[i * w] = 1; /* j = 0: U = 0 */
    for (size_t j = 1; j <= n; j++)
        for (size_t i = 1; i <= m; i++) {
            double *cur = f + i * w; /* f(i, j - 1) becoming f(i, j) */
            const double *prev = f + (i - 1) * w; /* f(i - 1, j), done */
            for (size_t u = i * j + 1; u-- > j;)
                cur[u] += prev[u - j];
        }
    const double *row = f + m * w;
    double total = 0;
    for (size_t u = 0; u <= mn; u++)
        total += row[u];
    double acc = 0;
    for (size_t u = 0; u <= mn; u++) {
        acc += row[u];
        cdf[u] = acc / total;
    }
    cdf[mn] = 1;
    free(f);
    return 0;
}

struct tagged {
    double v;
    int side; /* 0 base, 1 new */
};

static int cmp_tagged(const void *a, const void *b)
{
    const struct tagged *x = a, *y = b;
    if (x->v != y->v)
        return (x->v > y->v) - (x->v < y->v);
    return x->side - y->side;
}

/* U of new over base, and the tie term sum (t^3 - t) of the pooled sample. */
static int u_stat(const double *base, size_t m, const double *new_, size_t n, double *u,
                  double *ties)
{
    size_t N = m + n;
    struct tagged *t = malloc(N * sizeof *t);
    if (!t)
        return -1;
    for (size_t k = 0; k < m; k++)
        t[k] = (struct tagged){base[k], 0};
    for (size_t k = 0; k < n; k++)
        t[m + k] = (struct tagged){new_[k], 1};
    qsort(t, N, sizeof *t, cmp_tagged);
    double w = 0, tie = 0;
    for (size_t a = 0; a < N;) {
        size_t b = a + 1;
        while (b < N && t[b].v == t[a].v)
            b++;
        double rank = (double)(a + 1 + b) / 2; /* midrank of positions a+1 .. b */
        double g = (double)(b - a);
        tie += g * g * g - g;
        for (size_t k = a; k < b; k++)
            if (t[k].side)
                w += rank;
        a = b;
    }
    free(t);
    *u = w - (double)n * (double)(n + 1) / 2;
    *ties = tie;
    return 0;
}

/* Variance of U under the null, with the tie correction. */
static double u_var(size_t m, size_t n, double ties)
{
    double N = (double)(m + n);
    return (double)m * (double)n / 12 * ((N + 1) - (N > 1 ? ties / (N * (N - 1)) : 0));
}

int sw_ab_mann_whitney(const double *base, size_t m, const double *new_, size_t n,
                       const double *cdf, sw_ab_mw *r)
{
    memset(r, 0, sizeof *r);
    double ties;
    if (u_stat(base, m, new_, n, &r->u, &ties) != 0)
        return -1;
    r->ties = ties > 0;
    const double mn = (double)m * (double)n;
    const size_t imn = m * n;
    size_t k; /* the interval's rank from each end */
    if (cdf && !r->ties) {
        r->exact = true;
        double lo = r->u < mn - r->u ? r->u : mn - r->u;
        r->p = 2 * cdf[(size_t)lo];
        /* k: the largest with P(U <= k - 1) <= 2.5%. */
        k = 0;
        while (k < imn / 2 + 1 && cdf[k] <= 0.025 * (1 + 1e-12))
            k++;
    } else {
        double sd = sqrt(u_var(m, n, ties));
        if (sd > 0) {
            double z = (fabs(r->u - mn / 2) - 0.5) / sd;
            r->p = erfc((z > 0 ? z : 0) / sqrt(2.0));
        } else {
            r->p = 1;
        }
        double kk = floor(mn / 2 + 0.5 - SW_AB_Z975 * sd);
        k = kk >= 1 ? (size_t)kk : 0;
    }
    if (r->p > 1)
        r->p = 1;

    /* Pairwise differences of log times. */
    double *lb = malloc(m * sizeof *lb), *d = malloc(imn * sizeof *d);
    if (!lb || !d) {
        free(lb);
        free(d);
        return -1;
    }
    for (size_t j = 0; j < m; j++)
        lb[j] = log(base[j]);
    for (size_t i = 0; i < n; i++) {
        double ln = log(new_[i]);
        for (size_t j = 0; j < m; j++)
            d[i * m + j] = ln - lb[j];
    }
    r->shift = sw_ab_median(d, imn); /* sorts d */
    if (k >= 1 && k <= (imn + 1) / 2) {
        r->shift_lo = d[k - 1];
        r->shift_hi = d[imn - k];
    } else {
        r->shift_lo = r->shift_hi = NAN;
    }
    free(lb);
    free(d);
    return 0;
}

double sw_ab_mw_pmin(size_t m, size_t n, const double *cdf)
{
    double p;
    if (cdf) {
        p = 2 * cdf[0];
    } else {
        double mn = (double)m * (double)n, sd = sqrt(u_var(m, n, 0));
        double z = (mn / 2 - 0.5) / sd;
        p = erfc((z > 0 ? z : 0) / sqrt(2.0));
    }
    return p < 1 ? p : 1;
}

int sw_ab_van_elteren(const sw_ab_stratum *s, size_t ns, double *z, double *p)
{
    double num = 0, var = 0;
    for (size_t k = 0; k < ns; k++) {
        if (!s[k].m || !s[k].n)
            continue;
        double u, ties, w = 1.0 / (double)(s[k].m + s[k].n + 1);
        if (u_stat(s[k].base, s[k].m, s[k].new_, s[k].n, &u, &ties) != 0)
            return -1;
        num += w * (u - (double)s[k].m * (double)s[k].n / 2);
        var += w * w * u_var(s[k].m, s[k].n, ties);
    }
    if (var > 0) {
        *z = num / sqrt(var);
        *p = erfc(fabs(*z) / sqrt(2.0));
        if (*p > 1)
            *p = 1;
    } else {
        *z = 0;
        *p = 1;
    }
    return 0;
}

double sw_ab_ve_pmin(const sw_ab_stratum *s, size_t ns)
{
    double num = 0, var = 0;
    for (size_t k = 0; k < ns; k++) {
        if (!s[k].m || !s[k].n)
            continue;
        double w = 1.0 / (double)(s[k].m + s[k].n + 1);
        num += w * (double)s[k].m * (double)s[k].n / 2;
        var += w * w * u_var(s[k].m, s[k].n, 0);
    }
    if (var <= 0)
        return 1;
    double p = erfc(num / sqrt(var) / sqrt(2.0));
    return p < 1 ? p : 1;
}

int sw_ab_sr_cdf(size_t n, double *cdf)
{
    /* c(k, t): sign patterns of the ranks 1..k with T+ = t. Rank k is
     * either - or +: c(k, t) = c(k - 1, t) + c(k - 1, t - k). In place,
     * t downwards; counts, all additions. */
    size_t top = n * (n + 1) / 2;
    double *c = calloc(top + 1, sizeof *c);
    if (!c)
        return -1;
    c[0] = 1;
    for (size_t k = 1; k <= n; k++)
        for (size_t t = k * (k + 1) / 2; t >= k; t--)
            c[t] += c[t - k];
    double total = 0, acc = 0;
    for (size_t t = 0; t <= top; t++)
        total += c[t];
    for (size_t t = 0; t <= top; t++) {
        acc += c[t];
        cdf[t] = acc / total;
    }
    cdf[top] = 1;
    free(c);
    return 0;
}

/* The rank k from each end of the sorted Walsh averages of n values for a
 * 95% interval: the largest k with P(T+ <= k - 1) <= 2.5%, exact up to
 * SW_AB_SR_EXACT_MAX, else from the normal approximation; 0 when none. */
static int sr_interval_rank(size_t n, const double *cdf, size_t *k)
{
    const size_t top = n * (n + 1) / 2;
    if (n <= SW_AB_SR_EXACT_MAX) {
        double *own = NULL;
        if (!cdf) {
            if (!(own = malloc((top + 1) * sizeof *own)) || sw_ab_sr_cdf(n, own) != 0) {
                free(own);
                return -1;
            }
            cdf = own;
        }
        *k = 0;
        while (*k < top / 2 + 1 && cdf[*k] <= 0.025 * (1 + 1e-12))
            (*k)++;
        free(own);
        return 0;
    }
    double nn = (double)n, sd = sqrt(nn * (nn + 1) * (2 * nn + 1) / 24);
    double kk = floor((double)top / 2 + 0.5 - SW_AB_Z975 * sd);
    *k = kk >= 1 ? (size_t)kk : 0;
    return 0;
}

int sw_ab_signed_rank(const double *d, size_t n, sw_ab_sr *r)
{
    memset(r, 0, sizeof *r);
    r->p = 1;
    r->shift = r->shift_lo = r->shift_hi = NAN;
    if (!n)
        return 0;
    /* |d| with its sign, zeros dropped, in order. */
    struct tagged *a = malloc(n * sizeof *a);
    if (!a)
        return -1;
    size_t nz = 0;
    for (size_t k = 0; k < n; k++)
        if (d[k] != 0)
            a[nz++] = (struct tagged){fabs(d[k]), d[k] > 0};
    qsort(a, nz, sizeof *a, cmp_tagged);
    double t = 0, tie = 0;
    for (size_t i = 0; i < nz;) {
        size_t j = i + 1;
        while (j < nz && a[j].v == a[i].v)
            j++;
        double rank = (double)(i + 1 + j) / 2, g = (double)(j - i);
        tie += g * g * g - g;
        for (size_t k = i; k < j; k++)
            if (a[k].side)
                t += rank;
        i = j;
    }
    free(a);
    r->t = t;
    r->n = nz;
    r->ties = tie > 0;
    const double top = (double)nz * (double)(nz + 1) / 2;
    double *cdf = NULL; /* the exact distribution for nz, when used */
    if (nz && !r->ties && nz == n && nz <= SW_AB_SR_EXACT_MAX) {
        if (!(cdf = malloc(((size_t)top + 1) * sizeof *cdf)) || sw_ab_sr_cdf(nz, cdf) != 0) {
            free(cdf);
            return -1;
        }
        r->exact = true;
        double lo = t < top - t ? t : top - t;
        r->p = 2 * cdf[(size_t)lo];
    } else if (nz) {
        double nn = (double)nz;
        double var = nn * (nn + 1) * (2 * nn + 1) / 24 - tie / 48;
        double sd = var > 0 ? sqrt(var) : 0;
        if (sd > 0) {
            double z = (fabs(t - top / 2) - 0.5) / sd;
            r->p = erfc((z > 0 ? z : 0) / sqrt(2.0));
        }
    }
    if (r->p > 1)
        r->p = 1;

    /* The Walsh averages of all n differences: the estimate and interval
     * invert the test at shifts where no difference is 0 or tied. */
    const size_t nw = n * (n + 1) / 2;
    double *w = malloc(nw * sizeof *w);
    size_t k = 0;
    if (!w || sr_interval_rank(n, cdf, &k) != 0) {
        free(w);
        free(cdf);
        return -1;
    }
    free(cdf);
    size_t at = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i; j < n; j++)
            w[at++] = (d[i] + d[j]) / 2;
    r->shift = sw_ab_median(w, nw); /* sorts w */
    if (k >= 1 && k <= (nw + 1) / 2) {
        r->shift_lo = w[k - 1];
        r->shift_hi = w[nw - k];
    }
    free(w);
    return 0;
}

double sw_ab_sr_pmin(size_t n)
{
    if (!n)
        return 1;
    double p;
    if (n <= SW_AB_SR_EXACT_MAX) {
        p = ldexp(2.0, -(int)n);
    } else {
        double nn = (double)n, top = nn * (nn + 1) / 2;
        double sd = sqrt(nn * (nn + 1) * (2 * nn + 1) / 24);
        double z = (top / 2 - 0.5) / sd;
        p = erfc((z > 0 ? z : 0) / sqrt(2.0));
    }
    return p < 1 ? p : 1;
}

struct ranked {
    double p;
    size_t i;
};

static int cmp_ranked(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    if (x->p != y->p)
        return (x->p > y->p) - (x->p < y->p);
    return (x->i > y->i) - (x->i < y->i);
}

int sw_ab_holm(const double *p, size_t n, double *adj)
{
    if (!n)
        return 0;
    struct ranked *r = malloc(n * sizeof *r);
    if (!r)
        return -1;
    for (size_t k = 0; k < n; k++)
        r[k] = (struct ranked){p[k], k};
    qsort(r, n, sizeof *r, cmp_ranked);
    double run = 0;
    for (size_t k = 0; k < n; k++) {
        double a = (double)(n - k) * r[k].p;
        if (a > 1)
            a = 1;
        if (a > run)
            run = a;
        adj[r[k].i] = run;
    }
    free(r);
    return 0;
}

void sw_ab_geomean(const double *x, size_t n, double *gm, double *lo, double *hi)
{
    *gm = *lo = *hi = NAN;
    if (!n)
        return;
    double sum = 0;
    double *l = malloc(n * sizeof *l);
    for (size_t k = 0; k < n; k++) {
        double v = log(x[k]);
        sum += v;
        if (l)
            l[k] = v;
    }
    *gm = exp(sum / (double)n);
    if (n >= 2 && l) {
        mz_summary s;
        mz_summarise(l, n, &s);
        *lo = exp(s.ci_lo);
        *hi = exp(s.ci_hi);
    }
    free(l);
}

int sw_ab_verdict(double ratio, double p_adj, double alpha, double threshold)
{
    if (!(p_adj < alpha))
        return SW_AB_UNCHANGED;
    if (ratio > 1 + threshold)
        return SW_AB_SLOWER;
    if (ratio < 1 / (1 + threshold))
        return SW_AB_FASTER;
    return SW_AB_UNCHANGED;
}
