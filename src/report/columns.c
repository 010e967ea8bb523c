/*
 * columns.c - numbers as text, and the column specs every table builder
 * of the report shares (rooms.h): a column's CSV name, header, unit,
 * alignment, the statistic it shows and how its cell is made from its
 * sources (a field as written, a number re-rounded, a middle with its
 * interval, a mean with its sd, a grid).
 */
#define _POSIX_C_SOURCE 200809L
#include "rooms.h"

#include "out/out.h"
#include "tools/tools.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const SUF_CI[3] = {"", "_lo", "_hi"};
static const char *const SUF_SD[2] = {"_mean", "_sd"};

/* ---- numbers as text ---- */

/* Decimals that show about three significant figures of v (-1: %.3g, for
 * values under 0.1 and 0). */
static int decimals(double v)
{
    const double a = fabs(v);
    return a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : a >= 0.1 ? 3 : -1;
}

/* v with d decimals (decimals()); "" for NAN. */
static void fixed(char *buf, size_t len, double v, int d)
{
    if (isnan(v))
        snprintf(buf, len, "%s", "");
    else if (d < 0)
        snprintf(buf, len, "%.3g", v);
    else
        snprintf(buf, len, "%.*f", d, v);
}

/* v for people: about three significant figures, no exponent past 0.1. */
void mzr_num(char *buf, size_t len, double v)
{
    fixed(buf, len, v, decimals(v));
}

/* v for a CSV part: six significant figures; "" for NAN. */
static void part(char *buf, size_t len, double v)
{
    if (isnan(v))
        snprintf(buf, len, "%s", "");
    else
        snprintf(buf, len, "%.6g", v);
}

/* Set cell c of t's last row to a median (or mean) and its interval, the
 * interval with the middle's decimals: "55.0 [20.0, 90.0]"; "55.0" without
 * an interval. The parts (the CSV's) keep six figures. */
static int set_interval(mzr_table *t, size_t c, double mid, double lo, double hi, double scale)
{
    char m[64], l[64], h[64];
    const int d = decimals(mid * scale);
    part(m, sizeof m, mid * scale);
    part(l, sizeof l, lo * scale);
    part(h, sizeof h, hi * scale);
    int rc = mzr_table_set_part(t, c, 0, m) | mzr_table_set_part(t, c, 1, l) |
             mzr_table_set_part(t, c, 2, h);
    fixed(m, sizeof m, mid * scale, d);
    fixed(l, sizeof l, lo * scale, d);
    fixed(h, sizeof h, hi * scale, d);
    if (!*m)
        return rc | mzr_table_set(t, c, "%s", "");
    if (!*l || !*h)
        return rc | mzr_table_set(t, c, "%s", m);
    return rc | mzr_table_set(t, c, "%s [%s, %s]", m, l, h);
}

/* A mean with its sample standard deviation, the sd with the mean's
 * decimals: "14.5 ± 3.0". */
static int set_spread(mzr_table *t, size_t c, double mean, double sdv, double scale)
{
    char m[64], sd[64];
    const int d = decimals(mean * scale);
    part(m, sizeof m, mean * scale);
    part(sd, sizeof sd, sdv * scale);
    int rc = mzr_table_set_part(t, c, 0, m) | mzr_table_set_part(t, c, 1, sd);
    fixed(m, sizeof m, mean * scale, d);
    fixed(sd, sizeof sd, sdv * scale, d);
    if (!*m)
        return rc | mzr_table_set(t, c, "%s", "");
    if (!*sd)
        return rc | mzr_table_set(t, c, "%s", m);
    return rc | mzr_table_set(t, c, "%s \xc2\xb1 %s", m, sd);
}


/* A number of a field as written, re-rounded for people (a text that is
 * not a number as it is). */
static int set_num(mzr_table *t, size_t c, const char *field, double scale)
{
    const double v = mzr_fnum(field);
    if (isnan(v))
        return mzr_table_set(t, c, "%s", field);
    char b[64];
    mzr_num(b, sizeof b, v * scale);
    return mzr_table_set(t, c, "%s", b);
}

static double scale_of(const mzr_colspec *spec)
{
    return spec->scale != 0 ? spec->scale : 1;
}

int mzr_spec_col(mzr_table *t, const mzr_colspec *spec)
{
    int rc = mzr_table_col(t, spec->head, spec->unit, spec->key, spec->align);
    if (rc == MZO_OK && spec->stat)
        rc = mzr_table_col_stat(t, spec->stat);
    if (rc != MZO_OK)
        return rc;
    if (spec->fmt == MZR_FMT_CODE)
        mzr_table_col_code(t);
    else if (spec->fmt == MZR_FMT_CI || spec->fmt == MZR_FMT_CI_ASIS)
        rc = mzr_table_col_parts(t, 3, SUF_CI);
    else if (spec->fmt == MZR_FMT_SD)
        rc = mzr_table_col_parts(t, 2, SUF_SD);
    return rc;
}

int mzr_spec_cols(mzr_table *t, const mzr_colspec *specs, size_t n)
{
    int rc = MZO_OK;
    for (size_t k = 0; k < n; k++)
        rc |= mzr_spec_col(t, &specs[k]);
    return rc ? MZO_FAIL : MZO_OK;
}

int mzr_spec_set_num(mzr_table *t, size_t c, const mzr_colspec *spec, const double *v)
{
    const double sc = scale_of(spec);
    if (spec->fmt == MZR_FMT_CI || spec->fmt == MZR_FMT_CI_ASIS)
        return set_interval(t, c, v[0], v[1], v[2], sc);
    if (spec->fmt == MZR_FMT_SD)
        return set_spread(t, c, v[0], v[1], sc);
    char b[64];
    mzr_num(b, sizeof b, v[0] * sc);
    return mzr_table_set(t, c, "%s", b);
}

int mzr_spec_set_csv(mzr_table *t, size_t c, const mzr_colspec *spec, const mzr_csvdoc *d,
                     size_t k)
{
    const char *f[3];
    for (int j = 0; j < 3; j++)
        f[j] = spec->src[j] ? mzr_csv_at(d, k, mzr_csv_col(d, spec->src[j])) : "";
    switch (spec->fmt) {
    case MZR_FMT_TEXT:
        return mzr_table_set(t, c, "%s", !*f[0] && spec->empty ? spec->empty : f[0]);
    case MZR_FMT_CODE: return mzr_table_set(t, c, "%s", f[0]);
    case MZR_FMT_NUM: return set_num(t, c, f[0], scale_of(spec));
    case MZR_FMT_CI: {
        const double v[3] = {mzr_fnum(f[0]), mzr_fnum(f[1]), mzr_fnum(f[2])};
        return set_interval(t, c, v[0], v[1], v[2], scale_of(spec));
    }
    case MZR_FMT_CI_ASIS: {
        int rc = mzr_table_set_part(t, c, 0, f[0]) | mzr_table_set_part(t, c, 1, f[1]) |
                 mzr_table_set_part(t, c, 2, f[2]);
        return rc | (*f[1] ? mzr_table_set(t, c, "%s [%s, %s]", f[0], f[1], f[2])
                           : mzr_table_set(t, c, "%s", f[0]));
    }
    case MZR_FMT_SD:
        return set_spread(t, c, mzr_fnum(f[0]), mzr_fnum(f[1]), scale_of(spec));
    case MZR_FMT_JOIN:
        return mzr_table_set(t, c, "%s%s%s", f[0], spec->sep ? spec->sep : "", f[1]);
    case MZR_FMT_GRID: {
        char grid[128];
        mzt_grid_text(f[0], f[1], f[2], grid, sizeof grid);
        return mzr_table_set(t, c, "%s", grid);
    }
    }
    return MZO_FAIL;
}

int mzr_spec_fill_csv(mzr_table *t, const mzr_colspec *specs, size_t n, const mzr_csvdoc *d)
{
    int rc = mzr_spec_cols(t, specs, n);
    for (size_t k = 0; rc == MZO_OK && k < d->nrows; k++) {
        rc |= mzr_table_row(t);
        for (size_t j = 0; j < n; j++)
            rc |= mzr_spec_set_csv(t, j, &specs[j], d, k);
    }
    mzr_table_drop_empty(t);
    return rc == MZO_OK ? mzr_table_state(t, NULL) : MZO_FAIL;
}

int mzr_table_state(mzr_table *t, const char *plain)
{
    char buf[2048] = "";
    size_t at = 0;
    /* each statistic once, in column order; with its columns when more
     * than one is shown */
    size_t nstat = 0;
    for (size_t c = 0; c < t->ncols; c++) {
        bool seen = !*t->col[c].stat;
        for (size_t j = 0; j < c && !seen; j++)
            seen = !strcmp(t->col[j].stat, t->col[c].stat);
        nstat += !seen;
    }
    for (size_t c = 0; c < t->ncols && at < sizeof buf; c++) {
        bool seen = !*t->col[c].stat;
        for (size_t j = 0; j < c && !seen; j++)
            seen = !strcmp(t->col[j].stat, t->col[c].stat);
        if (seen)
            continue;
        at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%s", at ? "; " : "",
                               t->col[c].stat);
        if (nstat > 1) { /* "median over the reps: generate, solve" */
            size_t m = 0;
            for (size_t j = c; j < t->ncols && at < sizeof buf; j++)
                if (!strcmp(t->col[j].stat, t->col[c].stat))
                    at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%s", m++ ? ", " : ": ",
                                           t->col[j].head);
        }
    }
    if (!at && plain)
        at = (size_t)snprintf(buf, sizeof buf, "%s", plain);
    /* interval columns whose cells lack their interval: said in words,
     * once: "too few samples for an interval (a median's needs 6) in 6 of
     * 6 cells of time, 6 of 6 of heap peak: the median alone" */
    bool first = true;
    const char *what = "figure";
    for (size_t c = 0; c < t->ncols && at < sizeof buf; c++) {
        const mzr_col *col = &t->col[c];
        if (col->nparts != 3 || strcmp(col->part_suffix[1], "_lo") != 0)
            continue;
        size_t filled = 0, bare = 0;
        for (size_t r = 0; r < t->nrows; r++) {
            const mzr_cell *x = mzr_table_at(t, r, c);
            if (!x->part[0] || !*x->part[0])
                continue;
            filled++;
            bare += !x->part[1] || !*x->part[1];
        }
        if (!bare)
            continue;
        if (first)
            what = !strncmp(col->stat, "median", 6) ? "median"
                   : !strncmp(col->stat, "mean", 4) ? "mean"
                                                    : "figure";
        at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%zu of %zu cells%s%s",
                               first ? "; too few samples for an interval in " : ", ", bare,
                               filled, t->ncols > 1 ? " of " : "", col->head);
        first = false;
    }
    if (!first && at < sizeof buf)
        at += (size_t)snprintf(buf + at, sizeof buf - at, " (%s): the %s alone",
                               !strcmp(what, "median") ? "a median's needs 6"
                               : !strcmp(what, "mean") ? "a mean's needs 2"
                                                       : "too few",
                               what);
    return mzr_table_set_stat(t, buf);
}
