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
#include "mazebench_stats.h"

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

/* ---- order statistics of a sorted matrix, without the matrix ----
 *
 * The Hodges-Lehmann estimates and their intervals are order statistics
 * of m x n pairwise differences or n(n+1)/2 Walsh averages. Neither is
 * written out: both are matrices whose values never go down along a row
 * or a column, once the samples are sorted (a rounded difference or sum
 * is monotone in each operand, so this holds for the computed doubles
 * too), so the values below any v are counted in O(rows + columns) by a
 * staircase walk, and the k-th smallest is found by narrowing, row by
 * row, the columns that can still hold it. Each pass takes as its pivot
 * the weighted median of the rows' middle candidates (weight: the row's
 * candidates), which drops at least a quarter of the candidates: O(log)
 * passes of O(n) (a weighted quickselect for the pivot, two staircase
 * counts). The value returned is one of the matrix's own
 * computed values, so it is bit for bit the one a sort of all of them
 * would give. */

struct smat {
    const double *a, *b; /* differences: a[i] - b[j], b descending; Walsh: (a[i] + a[j]) / 2 */
    size_t nr, nc;
    bool walsh; /* then row i holds columns i .. nc-1 */
};

static double smat_at(const struct smat *s, size_t i, size_t j)
{
    return s->walsh ? (s->a[i] + s->a[j]) / 2 : s->a[i] - s->b[j];
}

static size_t smat_lo(const struct smat *s, size_t i)
{
    return s->walsh ? i : 0;
}

/* The values below v (strict) or at most v: pos[i] gets the first column
 * of row i past them; returns their number. */
static size_t smat_count(const struct smat *s, double v, bool strict, size_t *pos)
{
    size_t total = 0, p = s->nc;
    for (size_t i = 0; i < s->nr; i++) {
        size_t lo = smat_lo(s, i);
        if (p < lo)
            p = lo;
        /* Columns from p on were past v in the row above, so here too. */
        while (p > lo && (strict ? smat_at(s, i, p - 1) >= v : smat_at(s, i, p - 1) > v))
            p--;
        pos[i] = p;
        total += p - lo;
    }
    return total;
}

struct cand {
    double v;
    size_t w;
};

static int cmp_cand(const void *a, const void *b)
{
    const struct cand *x = a, *y = b;
    return (x->v > y->v) - (x->v < y->v);
}

/* Three-way partition of c[0..n) round the value p: on return c[0..*lt)
 * are below p, c[*lt..*gt) equal to it, c[*gt..n) above. */
static void cand_partition(struct cand *c, size_t n, double p, size_t *lt, size_t *gt)
{
    size_t a = 0, i = 0, b = n;
    while (i < b) {
        if (c[i].v < p) {
            struct cand t = c[a];
            c[a++] = c[i];
            c[i++] = t;
        } else if (c[i].v > p) {
            struct cand t = c[--b];
            c[b] = c[i];
            c[i] = t;
        } else {
            i++;
        }
    }
    *lt = a;
    *gt = b;
}

/* The median of three values of c, as a pivot. */
static double cand_pivot(const struct cand *c, size_t n)
{
    double a = c[0].v, b = c[n / 2].v, d = c[n - 1].v;
    if (a > b) {
        double t = a;
        a = b;
        b = t;
    }
    return d < a ? a : d > b ? b : d;
}

/* The value at which the weights of c[0..n), in value order, first reach
 * half of W (their total): the smallest v with 2 * (weight at or below v)
 * >= W. Quickselect on the weights, O(n) expected; after 2 log2 n rounds
 * it sorts what is left, so never worse than O(n log n). Reorders c. */
static double weighted_median(struct cand *c, size_t n, size_t W)
{
    size_t acc = 0; /* weight below c[0..n) */
    unsigned rounds = 0, limit = 2;
    for (size_t m = n; m > 1; m /= 2)
        limit += 2;
    for (;;) {
        if (n <= 16 || ++rounds > limit) {
            qsort(c, n, sizeof *c, cmp_cand);
            size_t t = 0;
            acc += c[0].w;
            while (2 * acc < W)
                acc += c[++t].w;
            return c[t].v;
        }
        double p = cand_pivot(c, n);
        size_t lt, gt, wl = 0, we = 0;
        cand_partition(c, n, p, &lt, &gt);
        for (size_t k = 0; k < lt; k++)
            wl += c[k].w;
        for (size_t k = lt; k < gt; k++)
            we += c[k].w;
        if (2 * (acc + wl) >= W) {
            n = lt;
        } else if (2 * (acc + wl + we) >= W) {
            return p;
        } else {
            acc += wl + we;
            c += gt;
            n -= gt;
        }
    }
}

/* The k-th smallest (0-based) of x[0..n): quickselect as above, sorting
 * what is left after 2 log2 n rounds. Reorders x. */
static double kth_value(double *x, size_t n, size_t k)
{
    unsigned rounds = 0, limit = 2;
    for (size_t m = n; m > 1; m /= 2)
        limit += 2;
    for (;;) {
        if (n <= 16 || ++rounds > limit) {
            qsort(x, n, sizeof *x, cmp_double);
            return x[k];
        }
        double a = x[0], b = x[n / 2], d = x[n - 1];
        if (a > b) {
            double t = a;
            a = b;
            b = t;
        }
        const double p = d < a ? a : d > b ? b : d;
        size_t lo = 0, i = 0, hi = n;
        while (i < hi) {
            if (x[i] < p) {
                double t = x[lo];
                x[lo++] = x[i];
                x[i++] = t;
            } else if (x[i] > p) {
                double t = x[--hi];
                x[hi] = x[i];
                x[i] = t;
            } else {
                i++;
            }
        }
        if (k < lo) {
            n = lo;
        } else if (k < hi) {
            return p;
        } else {
            x += hi;
            n -= hi;
            k -= hi;
        }
    }
}

/* The k-th smallest value of s (0-based, k below its size): in *out;
 * -1 when memory runs out. Once few candidates are left (a few per row),
 * they are gathered and the k-th found among them directly: what lies
 * left of them is below the answer, and counted. */
static int smat_select(const struct smat *s, size_t k, double *out)
{
    const size_t nr = s->nr;
    size_t *L = malloc(nr * sizeof *L), *H = malloc(nr * sizeof *H);
    size_t *pos = malloc(nr * sizeof *pos);
    struct cand *c = malloc(nr * sizeof *c);
    double *all = NULL;
    const size_t few = 4 * nr + 64;
    int rc = -1;
    if (!L || !H || !pos || !c)
        goto out;
    for (size_t i = 0; i < nr; i++) {
        L[i] = smat_lo(s, i);
        H[i] = s->nc;
    }
    for (;;) {
        /* Candidates of row i: columns L[i] .. H[i]-1. The k-th smallest
         * is among them: what lies left of L is below it, what lies from
         * H on above it. */
        size_t nc = 0, W = 0;
        for (size_t i = 0; i < nr; i++)
            if (L[i] < H[i]) {
                size_t w = H[i] - L[i];
                c[nc++] = (struct cand){smat_at(s, i, L[i] + (w - 1) / 2), w};
                W += w;
            }
        if (!nc) /* cannot happen for k below the size */
            goto out;
        if (W <= few) {
            size_t below = 0, at = 0;
            if (!(all = malloc(W * sizeof *all)))
                goto out;
            for (size_t i = 0; i < nr; i++) {
                below += L[i] - smat_lo(s, i);
                for (size_t j = L[i]; j < H[i]; j++)
                    all[at++] = smat_at(s, i, j);
            }
            *out = kth_value(all, W, k - below);
            rc = 0;
            goto out;
        }
        const double v = weighted_median(c, nc, W);
        size_t lt = smat_count(s, v, true, pos);
        if (k < lt) { /* below v: columns from pos on go */
            for (size_t i = 0; i < nr; i++)
                if (pos[i] < H[i])
                    H[i] = pos[i];
            continue;
        }
        size_t le = smat_count(s, v, false, pos);
        if (k < le) {
            *out = v;
            rc = 0;
            goto out;
        }
        for (size_t i = 0; i < nr; i++) /* above v: columns before pos go */
            if (pos[i] > L[i])
                L[i] = pos[i];
    }
out:
    free(L);
    free(H);
    free(pos);
    free(c);
    free(all);
    return rc;
}

/* The median of the values of s (the mean of the middle two for an even
 * count, as sw_ab_median) and, when 1 <= k <= (size + 1) / 2, its k-th
 * smallest and k-th largest in *lo and *hi (NAN otherwise). */
static int smat_hl(const struct smat *s, size_t size, size_t k, double *mid, double *lo,
                   double *hi)
{
    double a, b;
    if (size % 2) {
        if (smat_select(s, size / 2, &a) != 0)
            return -1;
        *mid = a;
    } else {
        if (smat_select(s, size / 2 - 1, &a) != 0 || smat_select(s, size / 2, &b) != 0)
            return -1;
        *mid = (a + b) / 2;
    }
    *lo = *hi = NAN;
    if (k >= 1 && k <= (size + 1) / 2)
        if (smat_select(s, k - 1, lo) != 0 || smat_select(s, size - k, hi) != 0)
            return -1;
    return 0;
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

    /* The m x n differences log(new_i) - log(base_j): new ascending down
     * the rows, base descending along them. */
    double *x = malloc((n ? n : 1) * sizeof *x), *y = malloc((m ? m : 1) * sizeof *y);
    int rc = -1;
    if (x && y) {
        for (size_t i = 0; i < n; i++)
            x[i] = log(new_[i]);
        for (size_t j = 0; j < m; j++)
            y[j] = log(base[j]);
        qsort(x, n, sizeof *x, cmp_double);
        qsort(y, m, sizeof *y, cmp_double);
        for (size_t j = 0; j < m / 2; j++) {
            double t = y[j];
            y[j] = y[m - 1 - j];
            y[m - 1 - j] = t;
        }
        const struct smat s = {x, y, n, m, false};
        r->k = k;
        rc = smat_hl(&s, imn, k, &r->shift, &r->shift_lo, &r->shift_hi);
    }
    free(x);
    free(y);
    return rc;
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

int sw_ab_u_normal(const double *base, size_t m, const double *new_, size_t n, double *u,
                   double *z, double *p)
{
    double ties;
    if (u_stat(base, m, new_, n, u, &ties) != 0)
        return -1;
    const double centre = (double)m * (double)n / 2, sd = sqrt(u_var(m, n, ties));
    *z = 0;
    *p = 1;
    if (sd > 0) {
        const double d = fabs(*u - centre) - 0.5;
        *z = (d > 0 ? d : 0) / sd * (*u < centre ? -1 : 1);
        *p = erfc(fabs(*z) / sqrt(2.0));
        if (*p > 1)
            *p = 1;
    }
    return 0;
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
    } else { /* no stratum with a spread: the statistic is 0 / 0 */
        *z = NAN;
        *p = NAN;
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
    double *w = malloc(n * sizeof *w);
    size_t k = 0;
    if (!w || sr_interval_rank(n, cdf, &k) != 0) {
        free(w);
        free(cdf);
        return -1;
    }
    free(cdf);
    memcpy(w, d, n * sizeof *w);
    qsort(w, n, sizeof *w, cmp_double);
    const struct smat s = {w, NULL, n, n, true};
    r->k = k;
    int rc = smat_hl(&s, nw, k, &r->shift, &r->shift_lo, &r->shift_hi);
    free(w);
    return rc;
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

int sw_ab_geomean(const double *x, size_t n, double *gm, double *lo, double *hi)
{
    *gm = *lo = *hi = NAN;
    if (!n)
        return 0;
    double sum = 0;
    double *l = malloc(n * sizeof *l);
    if (!l)
        return -1;
    for (size_t k = 0; k < n; k++) {
        double v = log(x[k]);
        sum += v;
        l[k] = v;
    }
    *gm = exp(sum / (double)n);
    if (n >= 2) {
        mz_summary s;
        mz_summarise(l, n, &s);
        *lo = exp(s.ci_lo);
        *hi = exp(s.ci_hi);
    }
    free(l);
    return 0;
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
