/*
 * stats_table.c - a generator's figures over seeds, the published
 * dead-end shares and claims of one generator against another
 * (stats_table.h, docs/stats.md). The tests themselves are the core's
 * (mz_welch, mz_t_test_one: src/core/stats.c) and the sweep's rank tests
 * (sw_ab_u_normal, sw_ab_holm: src/sweep/stats_ab.c).
 */
#include "stats_table.h"
#include "../mazebench_stats.h"
#include "stats_ab.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const mzt_stat_name[MZT_NSTATS] = {
    "dead_ends", "inner_dead_ends", "degree_1", "degree_2", "degree_3", "degree_4", "degree_5",
    "degree_6",  "degree_7",        "degree_8", "straight", "turn",     "route",    "longest"};

const unsigned mzt_claim_stat[MZT_CLAIM_FIGURES] = {MZT_S_DEAD, MZT_S_INNER, MZT_S_ROUTE,
                                                    MZT_S_LONGEST};

bool mzt_stat_is_share(unsigned st)
{
    return st != MZT_S_ROUTE && st != MZT_S_LONGEST;
}

const char *mzt_verdict_name(mzt_verdict v)
{
    switch (v) {
    case MZT_AGREE:
        return "agree";
    case MZT_DIFFER:
        return "differ";
    case MZT_UNTESTED:
        break;
    }
    return "-";
}

const char *mzt_correction_name(mzt_correction c)
{
    return c == MZT_BONFERRONI ? "bonferroni" : "holm";
}

/* ---- one generator on one grid over seeds ---- */

void mzt_stats_table_free(mzt_stats_table *t)
{
    free(t->x);
    t->x = NULL;
}

size_t mzt_stats_values(const mzt_stats_table *t, unsigned st, double *out)
{
    size_t n = 0;
    for (size_t k = 0; k < t->seeds; k++) {
        const double v = t->x[st * t->seeds + k];
        if (!isnan(v))
            out[n++] = v;
    }
    return n;
}

char *mzt_stats_failures(const mzt_stats_table *t, char *buf, size_t len)
{
    size_t at = 0;
    if (len)
        buf[0] = '\0';
    for (size_t f = 0; f < t->nfail_kinds && at < len; f++) {
        int w = t->nfail_kinds == 1
                    ? snprintf(buf, len, "%s", t->fail_kind[f].why)
                    : snprintf(buf + at, len - at, "%s%s: %zu", f ? ", " : "",
                               t->fail_kind[f].why, t->fail_kind[f].n);
        if (w < 0)
            break;
        at += (size_t)w;
    }
    return buf;
}

int mzt_stats_collect(const mz_spec *spec, const char *canon, const mz_dims *geo,
                      const uint64_t *seeds, size_t nseeds, uint64_t band,
                      mzt_progress_fn progress, void *pctx, mzt_stats_table *t, mzt_err *err)
{
    memset(t, 0, sizeof *t);
    snprintf(t->gen, sizeof t->gen, "%s", canon);
    t->seeds = nseeds;
    t->rng = mz_rng_name(spec->rng);
    t->longest_exact = t->route_all = true;
    t->geo = *geo;
    char grid[96];
    mz_dims_format(geo, grid, sizeof grid);
    t->x = malloc((nseeds ? nseeds : 1) * MZT_NSTATS * sizeof *t->x);
    if (!t->x)
        return mzt_fail(err, MZT_FAIL, NULL, 0, "out of memory");
    mz_grid g;
    memset(&g, 0, sizeof g);
    bool made = false;
    for (size_t k = 0; k < nseeds; k++) {
        if (progress && (k & 15) == 0)
            progress(pctx, canon, grid, k, nseeds);
        for (unsigned st = 0; st < MZT_NSTATS; st++)
            t->x[st * nseeds + k] = NAN;
        mz_extra x;
        memset(&x, 0, sizeof x);
        mz_status s = mz_generate(spec, seeds[k], geo, &g, MZ_GEN_OPTS(1, NULL, &x));
        if (s == MZ_EOUTSIDE || s == MZ_EFORMAT) {
            if (t->failed++ == 0) {
                t->fail_seed = seeds[k];
                t->fail_status = s;
            }
            const mz_value *o = mz_extra_get(&x, "outside_status");
            const char *why = o && o->type == MZ_V_TEXT && o->text ? o->text : mz_status_str(s);
            size_t f = 0;
            while (f < t->nfail_kinds && strcmp(t->fail_kind[f].why, why) != 0)
                f++;
            if (f == t->nfail_kinds && f < MZT_FAIL_KINDS)
                t->fail_kind[t->nfail_kinds++].why = why;
            t->fail_kind[f < MZT_FAIL_KINDS ? f : MZT_FAIL_KINDS - 1].n++;
            continue;
        }
        mz_maze_stats ms;
        if (s == MZ_OK)
            s = mz_maze_stats_compute(&g, band, &ms);
        if (s != MZ_OK) {
            mz_grid_free(&g);
            return mzt_fail(err, MZT_FAIL, NULL, 0, "stats: '%s' at %s seed %llu: %s", canon,
                            grid, (unsigned long long)seeds[k], mz_status_str(s));
        }
        t->geo = mz_grid_dims(&g);
        t->rows = g.rows;
        t->cols = g.cols;
        t->cells = g.cells;
        if (!made)
            t->max_degree = mz_shape_max_degree(g.shape);
        made = true;
        for (unsigned d = t->max_degree + 1; d <= 8; d++)
            if (ms.degree[d])
                t->max_degree = d; /* never hide a degree the rules should not allow */
        const double cells = ms.cells ? (double)ms.cells : 1.0;
        double v[MZT_NSTATS];
        v[MZT_S_DEAD] = (double)ms.degree[1] / cells;
        v[MZT_S_INNER] =
            ms.inner_cells ? (double)ms.inner_dead_ends / (double)ms.inner_cells : NAN;
        for (unsigned d = 1; d <= 8; d++)
            v[MZT_S_DEG1 + d - 1] = (double)ms.degree[d] / cells;
        v[MZT_S_STRAIGHT] = (double)ms.straight / cells;
        v[MZT_S_TURN] = (double)ms.turn / cells;
        /* unreachable exits are left out of the route */
        v[MZT_S_ROUTE] = ms.route < 0 ? NAN : (double)ms.route;
        v[MZT_S_LONGEST] = (double)ms.longest;
        t->longest_exact &= ms.longest_exact;
        if (ms.route < 0)
            t->route_all = false;
        for (unsigned st = 0; st < MZT_NSTATS; st++)
            t->x[st * nseeds + k] = v[st];
    }
    mz_grid_free(&g);
    if (!made)
        t->max_degree = mz_shape_max_degree(geo->shape);
    mz_dims_format(&t->geo, t->grid, sizeof t->grid);
    mz_shape_column_format(t->geo.shape, t->geo.levels, t->topo, sizeof t->topo);
    double *col = malloc((nseeds ? nseeds : 1) * sizeof *col);
    if (!col)
        return mzt_fail(err, MZT_FAIL, NULL, 0, "out of memory");
    for (unsigned st = 0; st < MZT_NSTATS; st++)
        mz_summarise(col, mzt_stats_values(t, st, col), &t->s[st]);
    free(col);
    return MZT_OK;
}

/* ---- published dead-end shares ---- */

void mzt_published_free(mzt_pub_table *t)
{
    free(t->e);
    t->e = NULL;
    t->n = 0;
}

/* The published file is read by the sweep engine's CSV reader, with its
 * rules (docs/robustness.md): '#' lines, a header with name, spec, a
 * percent (a range lo-hi) and source, then one row an entry. */
int mzt_published_read(const char *path, bool required, mzt_pub_table *t, mzt_err *err)
{
    memset(t, 0, sizeof *t);
    sw_file f;
    char msg[1024];
    int r = sw_file_read(path, &f, msg, sizeof msg);
    if (r < 0) {
        if (required)
            return mzt_fail(err, MZT_BAD, path, 0, "cannot read the published file '%s': %s",
                            path, strerror(ENOENT));
        return MZT_OK;
    }
    if (r != SW_OK)
        return mzt_fail(err, MZT_BAD, path, 0, "published file: %s", msg);
    static const char *const need[] = {"name", "spec"};
    if (sw_file_need(&f, need, 2, msg, sizeof msg) != SW_OK) {
        sw_file_free(&f);
        return mzt_fail(err, MZT_BAD, path, 0, "published file '%s': %s", path, msg);
    }
    size_t cname = sw_file_column(&f, "name"), cspec = sw_file_column(&f, "spec"),
           csrc = sw_file_column(&f, "source");
    /* The percent column: published_pct (or the older 'percent'). */
    size_t cpct = SIZE_MAX;
    if (f.ncols) {
        cpct = sw_file_column(&f, "published_pct");
        if (cpct == SIZE_MAX)
            cpct = sw_file_column(&f, "percent");
    }
    if (cpct == SIZE_MAX) {
        sw_file_free(&f);
        return mzt_fail(err, MZT_BAD, path, 0,
                        "published file '%s': the header has no 'published_pct' column", path);
    }
    size_t end = f.nrows ? f.row_end[f.nrows - 1] : f.rows_at;
    if (end != f.len) {
        size_t row = f.nrows + 1;
        sw_file_free(&f);
        return mzt_fail(err, MZT_BAD, path, row,
                        "published file '%s' row %zu is not name,spec,percent,source", path,
                        row);
    }
    t->e = calloc(f.nrows ? f.nrows : 1, sizeof *t->e);
    if (!t->e) {
        sw_file_free(&f);
        return mzt_fail(err, MZT_FAIL, path, 0, "out of memory reading '%s'", path);
    }
    size_t off = f.rows_at;
    for (size_t k = 0; k < f.nrows; k++) {
        sw_csv_field fld[16];
        size_t n;
        sw_csv_read_row(f.text, f.len, &off, fld, 16, &n);
        mzt_published *p = &t->e[t->n];
        char pct[64], *e1, *e2;
        if (cname < 16)
            sw_csv_value(&fld[cname], p->name, sizeof p->name);
        if (cspec < 16)
            sw_csv_value(&fld[cspec], p->spec, sizeof p->spec);
        if (csrc < 16)
            sw_csv_value(&fld[csrc], p->source, sizeof p->source);
        if (cpct < 16)
            sw_csv_value(&fld[cpct], pct, sizeof pct);
        p->lo = strtod(pct, &e1);
        p->hi = *e1 == '-' ? strtod(e1 + 1, &e2) : p->lo;
        if (cpct >= 16 || e1 == pct || (*e1 == '-' ? *e2 != '\0' : *e1 != '\0') ||
            !(p->lo >= 0 && p->hi >= p->lo && p->hi <= 100)) {
            mzt_fail(err, MZT_BAD, path, k + 1,
                     "published file '%s' row %zu: percent '%s' is not a number or a range "
                     "lo-hi in 0..100",
                     path, k + 1, cpct < 16 ? pct : "");
            mzt_published_free(t);
            sw_file_free(&f);
            return MZT_BAD;
        }
        t->n++;
    }
    sw_file_free(&f);
    return MZT_OK;
}

const mzt_published *mzt_published_find(const mzt_pub_table *t, const char *canon)
{
    for (size_t k = 0; k < t->n; k++) {
        mz_spec sp;
        char err[256], buf[256];
        if (mz_spec_parse(t->e[k].spec, &sp, err, sizeof err) != MZ_OK)
            continue;
        mz_spec_format(&sp, buf, sizeof buf);
        if (strcmp(buf, canon) == 0)
            return &t->e[k];
    }
    return NULL;
}

void mzt_published_check(const mz_summary *dead, const mzt_published *p, mzt_pub_check *c)
{
    memset(c, 0, sizeof *c);
    c->lo = (p->lo - 0.5) / 100;
    c->hi = (p->hi + 0.5) / 100;
    if (c->lo < 0)
        c->lo = 0;
    if (c->hi > 1)
        c->hi = 1;
    c->t = c->p = NAN;
    if (mz_t_test_one(dead, c->lo, c->hi, &c->t, &c->p) != MZ_OK) {
        c->verdict = MZT_UNTESTED;
        return;
    }
    c->verdict = dead->ci_hi >= c->lo && dead->ci_lo <= c->hi ? MZT_AGREE : MZT_DIFFER;
}

/* ---- claims ---- */

double mzt_detectable(double se, double alpha, double power)
{
    return (mz_normal_quantile(1 - alpha / 2) + mz_normal_quantile(power)) * se;
}

uint64_t mzt_seeds_needed(double sd, double delta, double alpha, double power)
{
    if (!(delta > 0) || !(sd >= 0))
        return 0;
    const double z = mz_normal_quantile(1 - alpha / 2) + mz_normal_quantile(power);
    const double n = ceil(2 * z * z * sd * sd / (delta * delta));
    return n < 2 ? 2 : n > 1e18 ? UINT64_C(1000000000000000000) : (uint64_t)n;
}

/* Correct p[0..n) over the family into adj. */
static int correct(const double *p, size_t n, mzt_correction c, double *adj)
{
    if (c == MZT_HOLM)
        return sw_ab_holm(p, n, adj);
    for (size_t k = 0; k < n; k++)
        adj[k] = p[k] * (double)n < 1 ? p[k] * (double)n : 1;
    return 0;
}

int mzt_stats_claim(const mzt_stats_table *a, const mzt_stats_table *b, double alpha,
                    mzt_correction correction, mzt_claim *c, mzt_err *err)
{
    memset(c, 0, sizeof *c);
    c->alpha = alpha;
    c->correction = correction;
    size_t na = a->seeds ? a->seeds : 1, nb = b->seeds ? b->seeds : 1;
    double *xa = malloc(na * sizeof *xa), *xb = malloc(nb * sizeof *xb);
    if (!xa || !xb) {
        free(xa);
        free(xb);
        return mzt_fail(err, MZT_FAIL, NULL, 0, "out of memory");
    }
    double pw[MZT_CLAIM_FIGURES], pm[MZT_CLAIM_FIGURES];
    size_t at[MZT_CLAIM_FIGURES];
    int rc = MZT_OK;
    for (unsigned f = 0; f < MZT_CLAIM_FIGURES && rc == MZT_OK; f++) {
        mzt_claim_row *r = &c->row[f];
        r->stat = mzt_claim_stat[f];
        r->a = a->s[r->stat];
        r->b = b->s[r->stat];
        r->mw_u = r->mw_z = r->mw_p = r->mw_p_adj = r->welch_p_adj = r->detectable = NAN;
        if (mz_welch(&r->a, &r->b, &r->welch) != MZ_OK)
            continue; /* under two values on a side */
        const size_t m = mzt_stats_values(a, r->stat, xa), n = mzt_stats_values(b, r->stat, xb);
        /* U of a over b: a is the "new" side */
        if (sw_ab_u_normal(xb, n, xa, m, &r->mw_u, &r->mw_z, &r->mw_p) != 0) {
            rc = mzt_fail(err, MZT_FAIL, NULL, 0, "out of memory");
            break;
        }
        r->tested = true;
        at[c->ntested] = f;
        pw[c->ntested] = r->welch.p;
        pm[c->ntested] = r->mw_p;
        c->ntested++;
    }
    free(xa);
    free(xb);
    if (rc != MZT_OK)
        return rc;
    double aw[MZT_CLAIM_FIGURES], am[MZT_CLAIM_FIGURES];
    if (correct(pw, c->ntested, correction, aw) != 0 ||
        correct(pm, c->ntested, correction, am) != 0)
        return mzt_fail(err, MZT_FAIL, NULL, 0, "out of memory");
    for (size_t k = 0; k < c->ntested; k++) {
        mzt_claim_row *r = &c->row[at[k]];
        r->welch_p_adj = aw[k];
        r->mw_p_adj = am[k];
        r->verdict = aw[k] < alpha ? MZT_DIFFER : MZT_AGREE;
        r->rank_verdict = am[k] < alpha ? MZT_DIFFER : MZT_AGREE;
        r->detectable = mzt_detectable(r->welch.se, alpha / (double)c->ntested, 0.8);
        if (r->verdict == MZT_DIFFER)
            c->verdict = MZT_DIFFER;
        else if (c->verdict == MZT_UNTESTED)
            c->verdict = MZT_AGREE;
    }
    return MZT_OK;
}

int mzt_stats_specs(const char *const *gens, size_t ngens, const mzt_pub_table *pubs,
                    mz_spec *specs, char (*canon)[256], bool *named, size_t max, size_t *n,
                    mzt_err *err)
{
    size_t nspecs = 0;
    for (size_t k = 0; k < ngens; k++) {
        if (strcmp(gens[k], "all") == 0) {
            for (const mz_algo *const *a = mz_registry; *a && nspecs < max; a++) {
                if ((*a)->kind != MZ_GEN)
                    continue;
                memset(&specs[nspecs], 0, sizeof specs[nspecs]);
                specs[nspecs].n = 1;
                specs[nspecs].stage[0].algo = *a;
                mz_args_default(*a, &specs[nspecs].stage[0].args);
                named[nspecs] = false;
                nspecs++;
            }
            for (size_t p = 0; p < pubs->n && nspecs < max; p++) {
                char msg[256];
                if (mz_spec_parse(pubs->e[p].spec, &specs[nspecs], msg, sizeof msg) == MZ_OK)
                    named[nspecs++] = false; /* duplicates are dropped below */
            }
            continue;
        }
        char msg[1024];
        if (nspecs == max)
            return mzt_fail(err, MZT_BAD, NULL, 0, "more than %zu generators", max);
        if (mz_spec_parse(gens[k], &specs[nspecs], msg, sizeof msg) != MZ_OK)
            return mzt_fail(err, MZT_BAD, NULL, 0, "%s", msg);
        named[nspecs++] = true;
    }
    size_t kept = 0;
    for (size_t k = 0; k < nspecs; k++) {
        mz_spec_format(&specs[k], canon[kept], sizeof canon[kept]);
        bool dup = false;
        for (size_t j = 0; j < kept && !dup; j++)
            if (strcmp(canon[j], canon[kept]) == 0) {
                dup = true;
                named[j] |= named[k];
            }
        if (!dup) {
            named[kept] = named[k];
            specs[kept++] = specs[k];
        }
    }
    *n = kept;
    return MZT_OK;
}
