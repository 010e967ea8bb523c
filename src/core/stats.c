/*
 * stats.c - the shape figures of one maze and sample summaries over seeds.
 * docs/stats.md.
 *
 *   1. One pass over the cells: open sides of each open cell (degree
 *      0..4), degree-2 cells split into straight (N+S or E+W open) and
 *      turning, and the same dead-end count inside a border band.
 *   2. A breadth-first sweep from the entrance: the route (the ring at
 *      which the exit is reached), the last ring's first cell u, and the
 *      component's cells and passages.
 *   3. A second sweep from u: its ring count is the longest path of the
 *      component when the component is a tree (passages = cells - 1; the
 *      classic double sweep), and a lower bound when it has loops.
 * Everything is integer counting, so the figures are the same on every
 * machine; only the summaries over seeds use floating point.
 */
#include "internal.h"
#include "../mazebench_stats.h"

#include <math.h>

static mz_status stats_sweeps(const mz_grid *g, mz_maze_stats *s);

mz_status mz_maze_stats_compute(const mz_grid *g, uint64_t band, mz_maze_stats *s)
{
    if (!g || !s)
        return MZ_EINVAL;
    if (g->shape != MZ_SHAPE_ORTHO) {
        mz_maze_cells_ports(g, band, s);
        if (g->entrance >= g->cells || g->exit >= g->cells)
            return MZ_OK;
        return stats_sweeps(g, s); /* mz_ring_sweep takes any shape */
    }
    static const uint8_t open_count[16] = {4, 3, 3, 2, 3, 2, 2, 1, 3, 2, 2, 1, 2, 1, 1, 0};
    memset(s, 0, sizeof *s);
    s->band = band;
    s->route = -1;
    const uint64_t rows = g->rows, cols = g->cols;
    for (uint64_t r = 0, i = 0; r < rows; r++) {
        const bool inner_row = r >= band && r + band < rows;
        for (uint64_t col = 0; col < cols; col++, i++) {
            const unsigned v = g->c[i];
            if (v & MZ_BLOCKED)
                continue;
            const unsigned w = v & MZ_WALLS, deg = open_count[w];
            s->cells++;
            s->degree[deg]++;
            if (deg == 2) {
                /* open N+S is walls E+W (10), open E+W is walls N+S (5) */
                if (w == 10 || w == 5)
                    s->straight++;
                else
                    s->turn++;
            }
            if (inner_row && col >= band && col + band < cols) {
                s->inner_cells++;
                s->inner_dead_ends += deg == 1;
            }
        }
    }
    if (g->entrance >= g->cells || g->exit >= g->cells || (g->c[g->entrance] & MZ_BLOCKED))
        return MZ_OK;
    return stats_sweeps(g, s);
}

/* The statistics' two sweeps from the entrance: route, longest and
 * longest_exact of s, through mz_ring_sweep (any shape). The caller checks
 * that entrance and exit are cells. MZ_ENOMEM. */
static mz_status stats_sweeps(const mz_grid *g, mz_maze_stats *s)
{
    mz_queue q;
    uint64_t *seen = mz_sweep_alloc(g->mem, g->cells, &q);
    if (!seen)
        return MZ_ENOMEM;
    /* Two ring sweeps (ring.c, as flood), the second from the last ring. */
    mz_ring_out a, b;
    mz_status st = mz_ring_sweep(g, g->entrance, seen, &q, &a);
    if (st == MZ_OK) {
        memset(seen, 0, (size_t)(g->cells / 64 + 1) * sizeof *seen);
        st = mz_ring_sweep(g, a.last_first, seen, &q, &b);
    }
    mz_queue_free(&q);
    mz_mem_free(g->mem, seen);
    if (st != MZ_OK)
        return st;
    s->route = a.exit_ring;
    s->longest = b.rings;
    s->longest_exact = a.passages + 1 == a.reached;
    return MZ_OK;
}

double mz_t95(uint64_t df)
{
    static const double t[31] = {0,      12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365,
                                 2.306,  2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
                                 2.120,  2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
                                 2.064,  2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
    if (df <= 30)
        return t[df];
    /* Between table points take the larger (the lower df): a slightly wide
     * interval rather than a narrow one. */
    if (df < 40)
        return 2.042;
    if (df < 60)
        return 2.021;
    if (df < 120)
        return 2.000;
    if (df < 1000)
        return 1.980;
    return 1.960;
}

void mz_summarise(const double *x, uint64_t n, mz_summary *out)
{
    if (!out)
        return;
    memset(out, 0, sizeof *out);
    if (!x)
        return;
    out->n = n;
    if (n == 0)
        return;
    double sum = 0;
    for (uint64_t k = 0; k < n; k++)
        sum += x[k];
    const double mean = sum / (double)n;
    double ss = 0;
    for (uint64_t k = 0; k < n; k++)
        ss += (x[k] - mean) * (x[k] - mean);
    out->mean = mean;
    out->sd = n > 1 ? sqrt(ss / (double)(n - 1)) : 0;
    out->se = out->sd / sqrt((double)n);
    const double half = mz_t95(n - 1) * out->se;
    out->ci_lo = mean - half;
    out->ci_hi = mean + half;
}

/* ---- distributions and tests for comparing samples ----
 *
 * Student's t distribution through the regularised incomplete beta
 * function (a continued fraction, Lentz's method), quantiles by bisection:
 * plain iterations of fixed form, so every machine with an IEEE libm gives
 * the same digits to far more places than are printed. */

double mz_normal_cdf(double z)
{
    return 0.5 * erfc(-z / sqrt(2.0));
}

double mz_normal_quantile(double p)
{
    if (!(p > 0))
        return -INFINITY;
    if (!(p < 1))
        return INFINITY;
    double lo = -40, hi = 40;
    for (int k = 0; k < 200 && lo < hi; k++) {
        const double mid = (lo + hi) / 2;
        if (mid == lo || mid == hi)
            break;
        if (mz_normal_cdf(mid) < p)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

/* The continued fraction of I_x(a, b) (modified Lentz). */
static double beta_cf(double a, double b, double x)
{
    const double tiny = 1e-300, eps = 1e-16;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    if (fabs(d) < tiny)
        d = tiny;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 2000; m++) {
        const double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
        d = 1 + aa * d;
        if (fabs(d) < tiny)
            d = tiny;
        c = 1 + aa / c;
        if (fabs(c) < tiny)
            c = tiny;
        d = 1 / d;
        h *= d * c;
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
        d = 1 + aa * d;
        if (fabs(d) < tiny)
            d = tiny;
        c = 1 + aa / c;
        if (fabs(c) < tiny)
            c = tiny;
        d = 1 / d;
        const double del = d * c;
        h *= del;
        if (fabs(del - 1) < eps)
            break;
    }
    return h;
}

double mz_beta_inc(double a, double b, double x)
{
    if (!(x > 0))
        return 0;
    if (!(x < 1))
        return 1;
    const double front =
        exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    if (x < (a + 1) / (a + b + 2))
        return front * beta_cf(a, b, x) / a;
    return 1 - front * beta_cf(b, a, 1 - x) / b;
}

double mz_t_cdf(double t, double df)
{
    if (isnan(t) || !(df > 0))
        return NAN;
    if (isinf(t))
        return t > 0 ? 1 : 0;
    if (df > 1e7)
        return mz_normal_cdf(t);
    /* P(|T| > |t|) = I_{df / (df + t^2)}(df / 2, 1 / 2) */
    const double tail = 0.5 * mz_beta_inc(df / 2, 0.5, df / (df + t * t));
    return t > 0 ? 1 - tail : tail;
}

double mz_t_p2(double t, double df)
{
    if (isnan(t) || !(df > 0))
        return NAN;
    if (isinf(t))
        return 0;
    if (df > 1e7)
        return erfc(fabs(t) / sqrt(2.0));
    const double p = mz_beta_inc(df / 2, 0.5, df / (df + t * t));
    return p < 1 ? p : 1;
}

double mz_t_quantile(double p, double df)
{
    if (isnan(p) || !(df > 0))
        return NAN;
    if (!(p > 0))
        return -INFINITY;
    if (!(p < 1))
        return INFINITY;
    if (p < 0.5)
        return -mz_t_quantile(1 - p, df);
    double lo = 0, hi = 1;
    while (mz_t_cdf(hi, df) < p && hi < 1e300)
        hi *= 2;
    for (int k = 0; k < 400; k++) {
        const double mid = (lo + hi) / 2;
        if (mid == lo || mid == hi)
            break;
        if (mz_t_cdf(mid, df) < p)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

mz_status mz_welch(const mz_summary *a, const mz_summary *b, mz_welch_test *w)
{
    if (!w)
        return MZ_EINVAL;
    memset(w, 0, sizeof *w);
    if (!a || !b)
        return MZ_EINVAL;
    if (a->n < 2 || b->n < 2)
        return MZ_EINVAL;
    const double va = a->sd * a->sd / (double)a->n, vb = b->sd * b->sd / (double)b->n;
    w->diff = a->mean - b->mean;
    w->se = sqrt(va + vb);
    if (va + vb > 0)
        w->df = (va + vb) * (va + vb) /
                (va * va / (double)(a->n - 1) + vb * vb / (double)(b->n - 1));
    else
        w->df = (double)(a->n + b->n - 2); /* no spread on either side */
    if (w->se > 0) {
        w->t = w->diff / w->se;
        w->p = mz_t_p2(w->t, w->df);
    } else {
        w->t = w->diff == 0 ? 0 : w->diff > 0 ? INFINITY : -INFINITY;
        w->p = w->diff == 0 ? 1 : 0;
    }
    const double half = mz_t_quantile(0.975, w->df) * w->se;
    w->ci_lo = w->diff - half;
    w->ci_hi = w->diff + half;
    return MZ_OK;
}

mz_status mz_t_test_one(const mz_summary *s, double lo, double hi, double *t, double *p)
{
    if (!t || !p)
        return MZ_EINVAL;
    *t = *p = NAN;
    if (!s)
        return MZ_EINVAL;
    if (s->n < 2 || !(lo <= hi))
        return MZ_EINVAL;
    const double at = s->mean < lo ? lo : s->mean > hi ? hi : s->mean;
    const double d = s->mean - at;
    if (d == 0) {
        *t = 0;
        *p = 1;
    } else if (s->se > 0) {
        *t = d / s->se;
        *p = mz_t_p2(*t, (double)(s->n - 1));
    } else {
        *t = d > 0 ? INFINITY : -INFINITY;
        *p = 0;
    }
    return MZ_OK;
}
