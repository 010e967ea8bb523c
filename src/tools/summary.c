/*
 * summary.c - sweep summaries (summary.h): a sweep's rows grouped by
 * recipe and size, the cost a cell as medians with distribution-free
 * intervals, the maze figures spread over the samples.
 */
#define _POSIX_C_SOURCE 200809L
#include "summary.h"

#include "sweep/stats_ab.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const mzt_fig_info mzt_fig[MZT_FIG_N] = {
    [MZT_FIG_DEAD_ENDS] = {"dead_ends", "dead ends", "dead_ends", true, MZT_SUM_GEN},
    [MZT_FIG_ROUTE] = {"route", "route", "route", false, MZT_SUM_GEN},
    [MZT_FIG_LONGEST] = {"longest", "longest path", "longest", false, MZT_SUM_GEN},
    [MZT_FIG_CLOSED] = {"closed", "closed cells", "closed", true, MZT_SUM_SOLVE},
    [MZT_FIG_PATH] = {"path_cells", "path", "path_cells", false, MZT_SUM_SOLVE},
};

static int oom(mzt_err *err)
{
    return mzt_fail(err, MZT_FAIL, NULL, 0, "out of memory");
}

static char *dupstr(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    return d ? memcpy(d, s, n) : NULL;
}

/* ---- the statistics ---- */

void mzt_median_ci(double *x, size_t n, mzt_median *m)
{
    m->n = n;
    m->k = 0;
    m->lo = m->hi = m->level = NAN;
    m->outliers = 0;
    m->wide = m->noisy = false;
    if (n == 0) {
        m->med = m->min = m->max = NAN;
        return;
    }
    m->med = sw_ab_median(x, n); /* sorts x */
    m->min = x[0];
    m->max = x[n - 1];
    /* P(B <= j) for B binomial(n, 1/2), summed term by term in logs (no
     * overflow for any n): the largest k with P(B <= k - 1) <= 0.025. */
    double cdf = 0, lp = -(double)n * log(2.0); /* log P(B = 0) */
    size_t k = 0;
    double tail = 0;
    for (size_t j = 0; j < n / 2 + 1; j++) {
        cdf += exp(lp);
        if (cdf > 0.025 * (1 + 1e-12))
            break;
        k = j + 1;
        tail = cdf;
        lp += log((double)(n - j)) - log((double)(j + 1));
    }
    if (k >= 1 && k <= n / 2) {
        m->k = k;
        m->lo = x[k - 1];
        m->hi = x[n - k];
        m->level = 1 - 2 * tail;
    }
    /* noise: an interval wider than a share of the median, far outliers */
    m->outliers = 0;
    m->wide = m->k && m->med > 0 && m->hi - m->lo > MZT_NOISE_WIDTH * m->med;
    if (n >= 4) {
        const double q1 = sw_ab_median(x, n / 2), q3 = sw_ab_median(x + (n + 1) / 2, n / 2);
        const double iqr = q3 - q1, lo_f = q1 - MZT_NOISE_FENCE * iqr,
                     hi_f = q3 + MZT_NOISE_FENCE * iqr;
        for (size_t j = 0; j < n; j++)
            m->outliers += (x[j] < lo_f || x[j] > hi_f) &&
                           fabs(x[j] - m->med) > MZT_NOISE_WIDTH * fabs(m->med);
    }
    m->noisy = m->wide || m->outliers > 0;
}

void mzt_spread_of(const double *x, size_t n, mzt_spread *s)
{
    s->n = n;
    s->mean = s->sd = s->min = s->max = NAN;
    if (n == 0)
        return;
    double sum = 0, lo = x[0], hi = x[0];
    for (size_t k = 0; k < n; k++) {
        sum += x[k];
        lo = x[k] < lo ? x[k] : lo;
        hi = x[k] > hi ? x[k] : hi;
    }
    const double mean = sum / (double)n;
    s->mean = mean;
    s->min = lo;
    s->max = hi;
    if (n >= 2) {
        double ss = 0;
        for (size_t k = 0; k < n; k++)
            ss += (x[k] - mean) * (x[k] - mean);
        s->sd = sqrt(ss / (double)(n - 1));
    }
}

/* ---- grouping ---- */

/* What a group gathers while the rows are read. */
typedef struct acc {
    mzu_vec time, mem, fig[MZT_FIG_N]; /* doubles */
    mzt_map seeds;
    size_t name_order, gen_order, topo_order; /* first appearance of its spec(s), shape */
} acc;

/* The value of a numeric field: NAN when empty; *bad when not a number. */
static double num(const char *t, bool *bad)
{
    if (!*t)
        return NAN;
    char *end;
    double v = strtod(t, &end);
    if (*end || !isfinite(v)) {
        *bad = true;
        return NAN;
    }
    return v;
}

static int push(mzu_vec *v, double x)
{
    if (isnan(x))
        return 0;
    return mzu_vec_append(v, &x) == MZ_OK ? 0 : -1;
}

/* The order a name first appeared in (added when new). */
static int order_of(mzt_map *m, const char *name, size_t *out)
{
    return mzt_map_get(m, name, true, m->n, out);
}

enum { F_GEN, F_SEED, F_ROWS, F_COLS, F_SOLVER, F_REP, F_TOPO, F_RNG, F_CELLS, F_GNS, F_SNS,
       F_GMEM, F_SMEM, F_FIG0, F_N = F_FIG0 + MZT_FIG_N };

static const char *const col_name[F_FIG0] = {
    "gen", "seed", "rows", "cols", "solver", "rep", "topology", "rng",
    "cells", "gen_ns", "solve_ns", "gen_peak_bytes", "solve_peak_bytes"};

typedef struct builder {
    mzt_summary *s;
    mzu_vec accv; /* acc, parallel to s->grpv */
    mzt_map gmap, names, gens, topos;
} builder;

static int group_of(builder *b, int kind, char *const *t, uint64_t cells, size_t index,
                    size_t *out)
{
    char key[4096];
    snprintf(key, sizeof key, "%d\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s", kind,
             kind == MZT_SUM_SOLVE ? t[F_SOLVER] : "", t[F_GEN], t[F_TOPO], t[F_ROWS], t[F_COLS],
             t[F_RNG]);
    mzt_summary *s = b->s;
    size_t idx;
    if (mzt_map_get(&b->gmap, key, true, s->grpv.len, &idx) != 0)
        return -1;
    if (idx < s->grpv.len) {
        *out = idx;
        return 0;
    }
    mzt_sum_group *g = mzu_vec_push(&s->grpv);
    if (!g)
        return -1;
    memset(g, 0, sizeof *g);
    acc *a = mzu_vec_push(&b->accv);
    if (!a) {
        s->grpv.len--;
        return -1;
    }
    memset(a, 0, sizeof *a);
    mzu_vec_init(&a->time, sizeof(double), NULL);
    mzu_vec_init(&a->mem, sizeof(double), NULL);
    for (int k = 0; k < MZT_FIG_N; k++)
        mzu_vec_init(&a->fig[k], sizeof(double), NULL);
    g->kind = kind;
    g->cells = cells;
    g->first_row = index;
    g->gen = dupstr(t[F_GEN]);
    g->solver = dupstr(kind == MZT_SUM_SOLVE ? t[F_SOLVER] : "");
    g->topo = dupstr(t[F_TOPO]);
    g->rows = dupstr(t[F_ROWS]);
    g->cols = dupstr(t[F_COLS]);
    g->rng = dupstr(t[F_RNG]);
    if (!g->gen || !g->solver || !g->topo || !g->rows || !g->cols || !g->rng)
        return -1;
    if (order_of(&b->gens, t[F_GEN], &a->gen_order) != 0 ||
        order_of(&b->topos, t[F_TOPO], &a->topo_order) != 0 ||
        order_of(&b->names, kind == MZT_SUM_SOLVE ? t[F_SOLVER] : t[F_GEN], &a->name_order) != 0)
        return -1;
    *out = s->grpv.len - 1;
    return 0;
}

/* One sample of group gi from a row's fields. */
static int add_sample(builder *b, size_t gi, char *const *t, const double *v, uint64_t cells)
{
    acc *a = &MZU_AT(&b->accv, acc, gi);
    mzt_sum_group *g = &MZU_AT(&b->s->grpv, mzt_sum_group, gi);
    const int kind = g->kind;
    const double c = (double)cells;
    size_t dummy;
    g->n++;
    if (mzt_map_get(&a->seeds, t[F_SEED], true, a->seeds.n, &dummy) != 0)
        return -1;
    if (push(&a->time, v[kind == MZT_SUM_GEN ? F_GNS : F_SNS] / c) != 0 ||
        push(&a->mem, v[kind == MZT_SUM_GEN ? F_GMEM : F_SMEM] / c) != 0)
        return -1;
    for (int k = 0; k < MZT_FIG_N; k++)
        if (mzt_fig[k].kind == kind &&
            push(&a->fig[k], mzt_fig[k].per_cell ? v[F_FIG0 + k] / c : v[F_FIG0 + k]) != 0)
            return -1;
    return 0;
}

/* A group with its sort keys. */
typedef struct sort_item {
    const mzt_sum_group *g;
    size_t idx, name_order, gen_order, topo_order;
} sort_item;

static int cmp_group(const void *pa, const void *pb)
{
    const sort_item *a = pa, *b = pb;
    const mzt_sum_group *ga = a->g, *gb = b->g;
    if (ga->kind != gb->kind)
        return ga->kind < gb->kind ? -1 : 1;
    if (a->name_order != b->name_order)
        return a->name_order < b->name_order ? -1 : 1;
    if (a->gen_order != b->gen_order)
        return a->gen_order < b->gen_order ? -1 : 1;
    if (a->topo_order != b->topo_order)
        return a->topo_order < b->topo_order ? -1 : 1;
    if (ga->cells != gb->cells)
        return ga->cells < gb->cells ? -1 : 1;
    int c = strcmp(ga->topo, gb->topo);
    if (!c)
        c = strcmp(ga->rng, gb->rng);
    if (!c)
        c = strcmp(ga->rows, gb->rows);
    return c ? c : (a->idx > b->idx) - (a->idx < b->idx);
}

static void acc_free(acc *a)
{
    mzu_vec_free(&a->time);
    mzu_vec_free(&a->mem);
    for (int k = 0; k < MZT_FIG_N; k++)
        mzu_vec_free(&a->fig[k]);
    mzt_map_free(&a->seeds);
}

static void group_free(mzt_sum_group *g)
{
    free(g->gen);
    free(g->solver);
    free(g->topo);
    free(g->rows);
    free(g->cols);
    free(g->rng);
}

/* The '# key: value' lines before the first header. */
static int read_meta(mzt_summary *s, const mzt_sweep *f)
{
    const char *p = f->raw, *end = f->raw + f->rawlen;
    if (end - p >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
        p += 3;
    while (p < end && *p == '#') {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        const char *q = p + 1;
        while (q < le && *q == ' ')
            q++;
        const char *colon = q < le ? memchr(q, ':', (size_t)(le - q)) : NULL;
        const char *ve = le > q && le[-1] == '\r' ? le - 1 : le;
        bool word = colon && colon > q && colon - q <= 32;
        for (const char *w = q; word && w < colon; w++)
            word = (*w >= 'a' && *w <= 'z') || (*w >= '0' && *w <= '9') || *w == ' ' ||
                   *w == '_' || *w == '-';
        if (word && colon < ve) {
            const char *v = colon + 1;
            while (v < ve && *v == ' ')
                v++;
            mzt_sum_meta *m = mzu_vec_push(&s->metav);
            if (!m)
                return -1;
            m->key = strndup(q, (size_t)(colon - q));
            m->value = strndup(v, (size_t)(ve - v));
            if (!m->key || !m->value)
                return -1;
        } else if (s->metav.len == 0 && ve - q > 10 && !memcmp(q, "mazebench ", 10)) {
            /* "# mazebench 0.1.0 sweep": the title line */
            mzt_sum_meta *m = mzu_vec_push(&s->metav);
            if (!m)
                return -1;
            m->key = dupstr("title");
            m->value = strndup(q, (size_t)(ve - q));
            if (!m->key || !m->value)
                return -1;
        }
        p = nl ? nl + 1 : end;
    }
    s->meta = s->metav.data;
    s->nmeta = s->metav.len;
    return 0;
}

int mzt_summary_build(mzt_summary *s, const mzt_sweep *f, mzt_err *err)
{
    memset(s, 0, sizeof *s);
    s->path = f->path;
    mzu_vec_init(&s->grpv, sizeof(mzt_sum_group), NULL);
    mzu_vec_init(&s->metav, sizeof(mzt_sum_meta), NULL);
    if (read_meta(s, f) != 0)
        return oom(err);
    size_t at[F_N];
    for (int k = 0; k < F_FIG0; k++)
        at[k] = mzt_sweep_col(f, col_name[k]);
    for (int k = 0; k < MZT_FIG_N; k++)
        at[F_FIG0 + k] = mzt_sweep_col(f, mzt_fig[k].column);
    static const int need[] = {F_GEN, F_SEED, F_ROWS, F_COLS};
    for (size_t k = 0; k < sizeof need / sizeof *need; k++)
        if (at[need[k]] == SIZE_MAX)
            return mzt_fail(err, MZT_BAD, f->path, 0, "'%s': no column '%s': not a sweep file",
                            f->path, col_name[need[k]]);

    builder b = {.s = s};
    mzu_vec_init(&b.accv, sizeof(acc), NULL);
    mzt_rows it;
    mzt_rows_begin(&it, f);
    mzt_row *row = malloc(sizeof *row);
    int rc = row ? MZT_OK : oom(err);
    char *occ[6] = {NULL}; /* gen, seed, rows, cols, rep, rng of this maze */
    mzt_map solv = {0};    /* the solvers met on this maze */
    while (rc == MZT_OK) {
        bool got;
        rc = mzt_rows_next(&it, row, &got, err);
        if (rc != MZT_OK || !got)
            break;
        s->rows++;
        char *t[F_N] = {NULL};
        bool mem = true;
        for (int k = 0; k < F_N; k++) {
            t[k] = at[k] == SIZE_MAX || at[k] >= row->n ? dupstr("") : mzt_field_text(&row->f[at[k]]);
            mem = mem && t[k];
        }
        if (mem && !*t[F_TOPO]) {
            free(t[F_TOPO]);
            mem = (t[F_TOPO] = dupstr("ortho")) != NULL;
        }
        if (mem && !*t[F_RNG]) {
            free(t[F_RNG]);
            mem = (t[F_RNG] = dupstr("mulberry32")) != NULL;
        }
        double v[F_N];
        bool bad = false;
        uint64_t cells = 0;
        if (!mem) {
            rc = oom(err);
        } else {
            for (int k = F_GNS; k < F_N; k++)
                v[k] = num(t[k], &bad);
            if (*t[F_CELLS]) {
                if (mzu_parse_u64(t[F_CELLS], 1, UINT64_MAX, 0, &cells) != MZU_INT_OK)
                    rc = mzt_fail(err, MZT_BAD, f->path, row->line,
                                  "'%s' line %zu: cells '%s' is not a positive integer", f->path,
                                  row->line, t[F_CELLS]);
            } else {
                uint64_t r, c;
                if (mzu_parse_u64(t[F_ROWS], 1, UINT64_MAX, 0, &r) != MZU_INT_OK ||
                    mzu_parse_u64(t[F_COLS], 1, UINT64_MAX, 0, &c) != MZU_INT_OK ||
                    r > UINT64_MAX / c)
                    rc = mzt_fail(err, MZT_BAD, f->path, row->line,
                                  "'%s' line %zu: no cells column and rows '%s', cols '%s' "
                                  "are not a size",
                                  f->path, row->line, t[F_ROWS], t[F_COLS]);
                else
                    cells = r * c;
            }
            if (rc == MZT_OK && bad)
                rc = mzt_fail(err, MZT_BAD, f->path, row->line,
                              "'%s' line %zu: a timing, memory or figure that is not a number",
                              f->path, row->line);
        }
        if (rc == MZT_OK) {
            /* A new maze: another gen, seed, size, rep or source, a new
             * round, or a solver met again (compare's pairing). */
            static const int oc[6] = {F_GEN, F_SEED, F_ROWS, F_COLS, F_REP, F_RNG};
            bool same = occ[0] != NULL && !row->new_round;
            for (int k = 0; same && k < 6; k++)
                same = !strcmp(occ[k], t[oc[k]]);
            size_t seen = SIZE_MAX;
            if (same && *t[F_SOLVER] && mzt_map_get(&solv, t[F_SOLVER], false, 0, &seen) != 0)
                rc = oom(err);
            same = same && seen == SIZE_MAX;
            size_t gi;
            if (rc == MZT_OK && !same) {
                mzt_map_free(&solv);
                memset(&solv, 0, sizeof solv);
                for (int k = 0; k < 6; k++) {
                    free(occ[k]);
                    occ[k] = dupstr(t[oc[k]]);
                    if (!occ[k])
                        rc = oom(err);
                }
                if (rc == MZT_OK && (group_of(&b, MZT_SUM_GEN, t, cells, row->index, &gi) != 0 ||
                                     add_sample(&b, gi, t, v, cells) != 0))
                    rc = oom(err);
            }
            if (rc == MZT_OK && *t[F_SOLVER]) {
                if (mzt_map_get(&solv, t[F_SOLVER], true, 0, &seen) != 0 ||
                    group_of(&b, MZT_SUM_SOLVE, t, cells, row->index, &gi) != 0 ||
                    add_sample(&b, gi, t, v, cells) != 0)
                    rc = oom(err);
            }
        }
        for (int k = 0; k < F_N; k++)
            free(t[k]);
    }
    mzt_rows_end(&it);
    free(row);
    for (int k = 0; k < 6; k++)
        free(occ[k]);
    mzt_map_free(&solv);

    const size_t n = s->grpv.len;
    sort_item *order = rc == MZT_OK ? malloc((n ? n : 1) * sizeof *order) : NULL;
    mzu_vec sorted;
    mzu_vec_init(&sorted, sizeof(mzt_sum_group), NULL);
    if (rc == MZT_OK && (!order || mzu_vec_reserve(&sorted, n ? n : 1) != MZ_OK))
        rc = oom(err);
    if (rc == MZT_OK) {
        for (size_t k = 0; k < n; k++) {
            mzt_sum_group *g = &MZU_AT(&s->grpv, mzt_sum_group, k);
            acc *a = &MZU_AT(&b.accv, acc, k);
            g->seeds = a->seeds.n;
            mzt_median_ci(mzt_doubles(&a->time), a->time.len, &g->time);
            mzt_median_ci(mzt_doubles(&a->mem), a->mem.len, &g->memory);
            for (int j = 0; j < MZT_FIG_N; j++)
                mzt_spread_of(mzt_doubles(&a->fig[j]), a->fig[j].len, &g->fig[j]);
            order[k] = (sort_item){g, k, a->name_order, a->gen_order, a->topo_order};
        }
        qsort(order, n, sizeof *order, cmp_group);
        for (size_t k = 0; k < n; k++) {
            MZU_AT(&sorted, mzt_sum_group, k) = *order[k].g;
            const int kind = MZU_AT(&sorted, mzt_sum_group, k).kind;
            s->ngen += kind == MZT_SUM_GEN;
            s->nsolve += kind == MZT_SUM_SOLVE;
        }
        sorted.len = n;
        mzu_vec_free(&s->grpv);
        s->grpv = sorted;
    } else {
        mzu_vec_free(&sorted);
    }
    free(order);
    for (size_t k = 0; k < b.accv.len; k++)
        acc_free(&MZU_AT(&b.accv, acc, k));
    mzu_vec_free(&b.accv);
    mzt_map_free(&b.gmap);
    mzt_map_free(&b.names);
    mzt_map_free(&b.gens);
    mzt_map_free(&b.topos);
    s->grp = s->grpv.data;
    s->ngrp = s->grpv.len;
    if (rc != MZT_OK) {
        mzt_summary_free(s);
        return rc;
    }
    return MZT_OK;
}

int mzt_summary_read(mzt_summary *s, const char *path, mzt_err *err)
{
    memset(s, 0, sizeof *s);
    mzt_sweep f;
    int rc = mzt_sweep_read(&f, path, true, err);
    if (rc == MZT_OK)
        rc = mzt_summary_build(s, &f, err);
    mzt_sweep_free(&f);
    s->path = path;
    return rc;
}

const char *mzt_summary_meta(const mzt_summary *s, const char *key)
{
    for (size_t k = 0; k < s->nmeta; k++)
        if (!strcmp(s->meta[k].key, key))
            return s->meta[k].value;
    return NULL;
}

void mzt_summary_free(mzt_summary *s)
{
    for (size_t k = 0; k < s->grpv.len; k++)
        group_free(&MZU_AT(&s->grpv, mzt_sum_group, k));
    mzu_vec_free(&s->grpv);
    for (size_t k = 0; k < s->metav.len; k++) {
        free(MZU_AT(&s->metav, mzt_sum_meta, k).key);
        free(MZU_AT(&s->metav, mzt_sum_meta, k).value);
    }
    mzu_vec_free(&s->metav);
    const char *path = s->path;
    memset(s, 0, sizeof *s);
    s->path = path;
}
