/*
 * report.c - the report of a run (report.h): its inputs recognised and
 * read, their tables built once into the table model, the renders drawn,
 * and the whole written as XHTML, markdown, LaTeX or CSV.
 */
#define _POSIX_C_SOURCE 200809L
#include "report.h"

#include "mazebench_render.h"
#include "mazebench_row.h"
#include "mazebench_stats.h"
#include "out/out.h"
#include "tools/stats_table.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *const mzr_section_id[MZR_NSEC] = {
    [MZR_SEC_RUN] = "run",         [MZR_SEC_GENERATORS] = "generators",
    [MZR_SEC_SOLVERS] = "solvers", [MZR_SEC_OUTSIDE] = "outside",
    [MZR_SEC_CHARTS] = "charts",
    [MZR_SEC_STATS] = "stats",     [MZR_SEC_SCALING] = "scaling",
    [MZR_SEC_RENDERS] = "renders", [MZR_SEC_COMPARE] = "compare",
    [MZR_SEC_CHECK] = "check",     [MZR_SEC_LEFT_OUT] = "left-out",
};

static const char *const section_title[MZR_NSEC] = {
    [MZR_SEC_RUN] = "Run",
    [MZR_SEC_GENERATORS] = "Generators",
    [MZR_SEC_SOLVERS] = "Solvers",
    [MZR_SEC_OUTSIDE] = "Outside programs",
    [MZR_SEC_CHARTS] = "Charts",
    [MZR_SEC_STATS] = "Statistics",
    [MZR_SEC_SCALING] = "Scaling",
    [MZR_SEC_RENDERS] = "Renders",
    [MZR_SEC_COMPARE] = "Compare",
    [MZR_SEC_CHECK] = "Check",
    [MZR_SEC_LEFT_OUT] = "Left out",
};

static char *dupstr(const char *s)
{
    size_t n = strlen(s ? s : "") + 1;
    char *d = malloc(n);
    return d ? memcpy(d, s ? s : "", n) : NULL;
}

static char *xprintf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

static char *xprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (!s)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

void mzr_report_init(mzr_report *r)
{
    memset(r, 0, sizeof *r);
}

/* A new table in section s, *out pointing at it (valid until the next). */
static int new_table(mzr_report *r, int s, const char *id, const char *title, const char *note,
                     mzr_table **out)
{
    mzr_section *sec = &r->sec[s];
    mzr_table *t = realloc(sec->tab, (sec->ntab + 1) * sizeof *t);
    if (!t)
        return MZO_FAIL;
    sec->tab = t;
    if (mzr_table_init(&t[sec->ntab], id, title, note) != MZO_OK) {
        mzr_table_free(&t[sec->ntab]);
        return MZO_FAIL;
    }
    *out = &t[sec->ntab++];
    return MZO_OK;
}

static int add_left(mzr_report *r, const char *path, bool error, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static int add_left(mzr_report *r, const char *path, bool error, const char *fmt, ...)
{
    char why[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    mzr_left *l = realloc(r->left, (r->nleft + 1) * sizeof *l);
    if (!l)
        return MZO_FAIL;
    r->left = l;
    l[r->nleft].path = dupstr(path);
    l[r->nleft].why = dupstr(why);
    l[r->nleft].error = error;
    r->nleft++;
    return l[r->nleft - 1].path && l[r->nleft - 1].why ? MZO_OK : MZO_FAIL;
}

static int add_used(mzr_report *r, const char *path)
{
    char **u = realloc(r->used, (r->nused + 1) * sizeof *u);
    if (!u)
        return MZO_FAIL;
    r->used = u;
    return (u[r->nused++] = dupstr(path)) ? MZO_OK : MZO_FAIL;
}

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
static void num(char *buf, size_t len, double v)
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
static int set_spread(mzr_table *t, size_t c, const mzt_spread *s, double scale)
{
    char m[64], sd[64];
    const int d = decimals(s->mean * scale);
    part(m, sizeof m, s->mean * scale);
    part(sd, sizeof sd, s->sd * scale);
    int rc = mzr_table_set_part(t, c, 0, m) | mzr_table_set_part(t, c, 1, sd);
    fixed(m, sizeof m, s->mean * scale, d);
    fixed(sd, sizeof sd, s->sd * scale, d);
    if (!*m)
        return rc | mzr_table_set(t, c, "%s", "");
    if (!*sd)
        return rc | mzr_table_set(t, c, "%s", m);
    return rc | mzr_table_set(t, c, "%s \xc2\xb1 %s", m, sd);
}

static const char *const SUF_CI[3] = {"", "_lo", "_hi"};
static const char *const SUF_SD[2] = {"_mean", "_sd"};

/* ---- the sweep: run, generators, solvers ---- */

static int run_table(mzr_report *r, const char *path)
{
    const mzt_summary *s = &r->sum;
    mzr_table *t;
    if (new_table(r, MZR_SEC_RUN, "run", "What was run",
                  "From the sweep's header lines; the sweep does not record its duration.",
                  &t) != MZO_OK ||
        mzr_table_col(t, "item", NULL, "item", MZR_LEFT) != MZO_OK ||
        mzr_table_col(t, "value", NULL, "value", MZR_LEFT) != MZO_OK)
        return MZO_FAIL;
    static const char *const keys[][2] = {
        {"title", "program"}, {"command", "command"}, {"commit", "commit"},
        {"compiler", "compiler"}, {"cflags", "flags"}, {"cpu", "machine"},
        {"date", "date"}, {"jobs", "jobs"}, {"shard", "shard"}, {"registry", "registry"},
    };
    int rc = MZO_OK;
    rc |= mzr_table_row(t) | mzr_table_set(t, 0, "file") | mzr_table_set(t, 1, "%s", path);
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
        const char *v = mzt_summary_meta(s, keys[k][0]);
        if (v)
            rc |= mzr_table_row(t) | mzr_table_set(t, 0, "%s", keys[k][1]) |
                  mzr_table_set(t, 1, "%s", v);
    }
    /* the plan and the source notes, one line a row */
    for (size_t k = 0; k < s->nmeta; k++)
        if (!strcmp(s->meta[k].key, "plan") || !strcmp(s->meta[k].key, "rng"))
            rc |= mzr_table_row(t) | mzr_table_set(t, 0, "%s", s->meta[k].key) |
                  mzr_table_set(t, 1, "%s", s->meta[k].value);
    rc |= mzr_table_row(t) | mzr_table_set(t, 0, "rows") | mzr_table_set(t, 1, "%zu", s->rows);
    rc |= mzr_table_row(t) | mzr_table_set(t, 0, "groups") |
          mzr_table_set(t, 1, "%zu generator, %zu solver", s->ngen, s->nsolve);
    return rc ? MZO_FAIL : MZO_OK;
}

static const char TIME_NOTE[] =
    "Time and memory a cell: the median over the samples (seeds x reps x rounds) with its "
    "distribution-free 95% interval [x(k), x(n+1-k)] from the order statistics (binomial "
    "ranks; none under 6 samples). Figures: mean \xc2\xb1 sample standard deviation over "
    "the samples.";

static int group_tables(mzr_report *r)
{
    const mzt_summary *s = &r->sum;
    for (int kind = MZT_SUM_GEN; kind <= MZT_SUM_SOLVE; kind++) {
        const bool gen = kind == MZT_SUM_GEN;
        if ((gen ? s->ngen : s->nsolve) == 0)
            continue;
        /* columns only where some group has values */
        bool time = false, mem = false, fig[MZT_FIG_N] = {false};
        for (size_t k = 0; k < s->ngrp; k++) {
            const mzt_sum_group *g = &s->grp[k];
            if (g->kind != kind)
                continue;
            time = time || g->time.n;
            mem = mem || g->memory.n;
            for (int j = 0; j < MZT_FIG_N; j++)
                fig[j] = fig[j] || g->fig[j].n;
        }
        /* A shape or a source that every row shares is said once, in the
         * note, instead of a column; so are the cells of square grids (the
         * grid says them). */
        const char *topo = NULL, *rng = NULL;
        bool one_topo = true, one_rng = true;
        for (size_t k = 0; k < s->ngrp; k++) {
            const mzt_sum_group *g = &s->grp[k];
            if (g->kind != kind)
                continue;
            one_topo = one_topo && (!topo || !strcmp(topo, g->topo));
            one_rng = one_rng && (!rng || !strcmp(rng, g->rng));
            topo = topo ? topo : g->topo;
            rng = rng ? rng : g->rng;
        }
        const bool show_cells = !one_topo || strcmp(topo, "ortho") != 0;
        char note[1024];
        snprintf(note, sizeof note, "%s%s%s%s%s%s", TIME_NOTE,
                 one_topo || one_rng ? " Every row:" : "", one_topo ? " shape " : "",
                 one_topo ? topo : "", one_topo && one_rng ? ", source " : one_rng ? " source " : "",
                 one_rng ? rng : "");
        if (one_topo || one_rng)
            strncat(note, ".", sizeof note - strlen(note) - 1);
        bool outside = false;
        for (size_t k = 0; k < r->outside.n && !outside; k++)
            outside = r->outside.p[k].kind == kind;
        if (outside)
            strncat(note,
                    gen ? " Outside generators: the time is the program's own where it reports "
                          "one, else the whole process's wall time, start-up included (the "
                          "Outside programs section says which); the built-ins' is in-process "
                          "time; a failed run has no figures."
                        : " Outside solvers: the time is the program's own where it reports "
                          "one, else the whole process's wall time, start-up included (the "
                          "Outside programs section says which); the built-ins' is in-process "
                          "time; a failed run has no figures.",
                    sizeof note - strlen(note) - 1);
        mzr_table *t;
        int rc = new_table(r, gen ? MZR_SEC_GENERATORS : MZR_SEC_SOLVERS,
                           gen ? "generators" : "solvers",
                           gen ? "Generators by size" : "Solvers by generator and size", note,
                           &t);
        if (rc != MZO_OK)
            return rc;
        if (!gen) {
            rc |= mzr_table_col(t, "solver", NULL, "solver", MZR_LEFT);
            mzr_table_col_code(t);
        }
        rc |= mzr_table_col(t, "generator", NULL, "gen", MZR_LEFT);
        mzr_table_col_code(t);
        if (!one_topo)
            rc |= mzr_table_col(t, "shape", NULL, "topology", MZR_LEFT);
        rc |= mzr_table_col(t, "grid", NULL, "grid", MZR_RIGHT);
        if (!one_rng)
            rc |= mzr_table_col(t, "source", NULL, "rng", MZR_LEFT);
        if (show_cells)
            rc |= mzr_table_col(t, "cells", NULL, "cells", MZR_RIGHT);
        rc |= mzr_table_col(t, gen ? "mazes" : "runs", NULL, "n", MZR_RIGHT);
        rc |= mzr_table_col(t, "seeds", NULL, "seeds", MZR_RIGHT);
        const size_t c_time = t->ncols;
        if (time)
            rc |= mzr_table_col(t, "time [95% CI]", "ns/cell", "ns_per_cell", MZR_RIGHT) |
                  mzr_table_col_parts(t, 3, SUF_CI);
        const size_t c_mem = t->ncols;
        if (mem)
            rc |= mzr_table_col(t, "heap peak [95% CI]", "B/cell", "bytes_per_cell", MZR_RIGHT) |
                  mzr_table_col_parts(t, 3, SUF_CI);
        size_t c_fig[MZT_FIG_N];
        for (int j = 0; j < MZT_FIG_N; j++) {
            c_fig[j] = t->ncols;
            if (mzt_fig[j].kind != kind || !fig[j])
                continue;
            char key[64];
            snprintf(key, sizeof key, "%s%s", mzt_fig[j].name, mzt_fig[j].per_cell ? "_pct" : "");
            rc |= mzr_table_col(t, mzt_fig[j].label, mzt_fig[j].per_cell ? "%" : "cells", key,
                                MZR_RIGHT) |
                  mzr_table_col_parts(t, 2, SUF_SD);
        }
        for (size_t k = 0; rc == MZO_OK && k < s->ngrp; k++) {
            const mzt_sum_group *g = &s->grp[k];
            if (g->kind != kind)
                continue;
            size_t c = 0;
            rc |= mzr_table_row(t);
            if (!gen)
                rc |= mzr_table_set(t, c++, "%s", g->solver);
            rc |= mzr_table_set(t, c++, "%s", g->gen);
            if (!one_topo)
                rc |= mzr_table_set(t, c++, "%s", g->topo);
            char grid[128];
            mzt_grid_text(g->topo, g->rows, g->cols, grid, sizeof grid);
            rc |= mzr_table_set(t, c++, "%s", grid);
            if (!one_rng)
                rc |= mzr_table_set(t, c++, "%s", g->rng);
            if (show_cells)
                rc |= mzr_table_set(t, c++, "%llu", (unsigned long long)g->cells);
            rc |= mzr_table_set(t, c++, "%zu", g->n);
            rc |= mzr_table_set(t, c++, "%zu", g->seeds);
            if (time)
                rc |= set_interval(t, c_time, g->time.med, g->time.lo, g->time.hi, 1);
            if (mem)
                rc |= set_interval(t, c_mem, g->memory.med, g->memory.lo, g->memory.hi, 1);
            for (int j = 0; j < MZT_FIG_N; j++)
                if (mzt_fig[j].kind == kind && fig[j])
                    rc |= set_spread(t, c_fig[j], &g->fig[j], mzt_fig[j].per_cell ? 100 : 1);
        }
        if (rc != MZO_OK)
            return MZO_FAIL;
    }
    return MZO_OK;
}

static int add_sweep(mzr_report *r, const char *path)
{
    if (r->have_sweep)
        return add_left(r, path, false,
                        "a second sweep: a report summarises one run ('%s'); give this one alone "
                        "for its own report",
                        r->sum.path);
    mzt_err err;
    int rc = mzt_summary_read(&r->sum, path, &err);
    if (rc == MZT_FAIL && !strcmp(err.msg, "out of memory"))
        return MZO_FAIL;
    if (rc != MZT_OK) {
        mzt_summary_free(&r->sum);
        return add_left(r, path, true, "%s", err.msg);
    }
    if (!(r->sum.path = dupstr(path)))
        return MZO_FAIL;
    r->have_sweep = true;
    char why[512];
    if (mzr_outside_read(&r->outside, path, &r->sum, why, sizeof why) != MZO_OK)
        return strcmp(why, "out of memory") ? add_left(r, path, true, "%s", why) : MZO_FAIL;
    if (run_table(r, path) != MZO_OK || group_tables(r) != MZO_OK)
        return MZO_FAIL;
    if (r->outside.n) {
        mzr_table *t;
        if (new_table(r, MZR_SEC_OUTSIDE, "outside", "", "", &t) != MZO_OK)
            return MZO_FAIL;
        mzr_table_free(t);
        if (mzr_outside_table(&r->outside, t) != MZO_OK)
            return MZO_FAIL;
    }
    return add_used(r, path);
}

/* ---- CSV files as their commands wrote them ---- */

typedef struct csvdoc {
    size_t ncols, nrows;
    char **head;
    char **cell; /* nrows x ncols */
} csvdoc;

static void csv_free(csvdoc *d)
{
    for (size_t k = 0; k < d->ncols; k++)
        free(d->head[k]);
    for (size_t k = 0; k < d->nrows * d->ncols; k++)
        free(d->cell[k]);
    free(d->head);
    free(d->cell);
    memset(d, 0, sizeof *d);
}

/* The first line that is not blank or a '#' line: the header; every later
 * such line a row of as many fields (with rows). MZO_BAD with why. */
static int csv_parse(const char *text, size_t len, bool rows, csvdoc *d, char *why, size_t wl)
{
    memset(d, 0, sizeof *d);
    size_t off = 0, line = 1, cap = 0;
    sw_csv_field f[MZ_MAX_COLS + 9];
    bool header = false;
    while (off < len) {
        if (text[off] == '#' || text[off] == '\n' || text[off] == '\r') {
            const char *nl = memchr(text + off, '\n', len - off);
            off = nl ? (size_t)(nl - text) + 1 : len;
            line++;
            continue;
        }
        size_t n, at = off;
        int got = sw_csv_read_row(text, len, &off, f, MZ_MAX_COLS + 9, &n);
        if (got < 0) {
            snprintf(why, wl, "line %zu: a record cut short (no line end or an open quote)",
                     line);
            return MZO_BAD;
        }
        if (got == 0)
            break;
        for (size_t k = at; k < off; k++) /* quoted line ends count too */
            line += text[k] == '\n';
        if (n > MZ_MAX_COLS + 8) {
            snprintf(why, wl, "line %zu: %zu fields, more than any table has", line - 1, n);
            return MZO_BAD;
        }
        if (!header) {
            header = true;
            d->ncols = n;
            if (!(d->head = calloc(n, sizeof *d->head)))
                return MZO_FAIL;
            for (size_t k = 0; k < n; k++)
                if (!(d->head[k] = mzt_field_text(&f[k])))
                    return MZO_FAIL;
            if (!rows)
                break;
            continue;
        }
        if (n != d->ncols) {
            snprintf(why, wl, "line %zu: %zu fields where the header has %zu", line - 1, n,
                     d->ncols);
            return MZO_BAD;
        }
        if (d->nrows == cap) {
            cap = cap ? 2 * cap : 64;
            char **c = realloc(d->cell, cap * d->ncols * sizeof *c);
            if (!c)
                return MZO_FAIL;
            d->cell = c;
        }
        for (size_t k = 0; k < n; k++)
            if (!(d->cell[d->nrows * d->ncols + k] = mzt_field_text(&f[k]))) {
                for (size_t j = 0; j < k; j++)
                    free(d->cell[d->nrows * d->ncols + j]);
                return MZO_FAIL;
            }
        d->nrows++;
    }
    if (!header) {
        snprintf(why, wl, "no header line");
        return MZO_BAD;
    }
    return MZO_OK;
}

static size_t csv_col(const csvdoc *d, const char *name)
{
    for (size_t k = 0; k < d->ncols; k++)
        if (!strcmp(d->head[k], name))
            return k;
    return SIZE_MAX;
}

static const char *csv_at(const csvdoc *d, size_t r, size_t c)
{
    return c == SIZE_MAX ? "" : d->cell[r * d->ncols + c];
}

/* Does the header have every name of the NULL-terminated list? */
static bool csv_has(const csvdoc *d, const char *const *names)
{
    for (; *names; names++)
        if (csv_col(d, *names) == SIZE_MAX)
            return false;
    return true;
}

/* A number of a field; NAN when empty or not a number. */
static double fnum(const char *s)
{
    if (!*s)
        return NAN;
    char *end;
    double v = strtod(s, &end);
    return *end ? NAN : v;
}

/* Set a numeric cell from a field as written, re-rounded for people. */
static int set_num(mzr_table *t, size_t c, const char *field, double scale)
{
    const double v = fnum(field);
    if (isnan(v))
        return mzr_table_set(t, c, "%s", field);
    char b[64];
    num(b, sizeof b, v * scale);
    return mzr_table_set(t, c, "%s", b);
}

/* A file's stem, for table ids: "stats-301" of ".../stats-301.csv", only
 * [a-z0-9-] kept. */
static void stem_of(const char *path, char *buf, size_t len)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t n = 0;
    for (; *b && *b != '.' && n + 1 < len; b++) {
        char ch = *b;
        if (ch >= 'A' && ch <= 'Z')
            ch = (char)(ch - 'A' + 'a');
        buf[n++] = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ? ch : '-';
    }
    buf[n] = '\0';
}

/* A table id not used yet in the report: base, base-2, base-3 ... */
static void unique_id(const mzr_report *r, const char *base, char *buf, size_t len)
{
    for (unsigned k = 1;; k++) {
        if (k == 1)
            snprintf(buf, len, "%s", base);
        else
            snprintf(buf, len, "%s-%u", base, k);
        bool used = false;
        for (int s = 0; s < MZR_NSEC && !used; s++)
            for (size_t j = 0; j < r->sec[s].ntab && !used; j++)
                used = !strcmp(r->sec[s].tab[j].id, buf);
        if (!used)
            return;
    }
}

/* stats: dead ends, route and longest of each generator and grid, the dead
 * ends against the published value (mzt_published_check, as 'stats'). */
static int add_stats(mzr_report *r, const char *path, const csvdoc *d)
{
    char stem[64], id[80];
    stem_of(path, stem, sizeof stem);
    unique_id(r, stem, id, sizeof id);
    char title[512];
    snprintf(title, sizeof title, "Statistics over seeds (%s)", path);
    mzr_table *t;
    if (new_table(r, MZR_SEC_STATS, id, title,
                  "Means with their 95% t-intervals over seeds, as 'mazebench stats' wrote "
                  "them; the verdict is the one the file holds, else the stats library's "
                  "published-value check (the interval meets the published band widened by "
                  "half a percent).",
                  &t) != MZO_OK)
        return MZO_FAIL;
    int rc = MZO_OK;
    rc |= mzr_table_col(t, "generator", NULL, "gen", MZR_LEFT);
    mzr_table_col_code(t);
    rc |= mzr_table_col(t, "shape", NULL, "topology", MZR_LEFT);
    rc |= mzr_table_col(t, "grid", NULL, "grid", MZR_RIGHT);
    rc |= mzr_table_col(t, "seeds", NULL, "seeds", MZR_RIGHT);
    rc |= mzr_table_col(t, "dead ends [95% CI]", "%", "dead_ends_pct", MZR_RIGHT) |
          mzr_table_col_parts(t, 3, SUF_CI);
    rc |= mzr_table_col(t, "published", "%", "published_pct", MZR_RIGHT);
    rc |= mzr_table_col(t, "verdict", NULL, "verdict", MZR_CENTER);
    rc |= mzr_table_col(t, "source", NULL, "published_source", MZR_LEFT);
    rc |= mzr_table_col(t, "route [95% CI]", "cells", "route", MZR_RIGHT) |
          mzr_table_col_parts(t, 3, SUF_CI);
    rc |= mzr_table_col(t, "longest [95% CI]", "cells", "longest", MZR_RIGHT) |
          mzr_table_col_parts(t, 3, SUF_CI);
    const size_t c_gen = csv_col(d, "gen"), c_topo = csv_col(d, "topology"),
                 c_rows = csv_col(d, "rows"), c_cols = csv_col(d, "cols"),
                 c_seeds = csv_col(d, "seeds"), c_stat = csv_col(d, "stat"),
                 c_n = csv_col(d, "n"), c_mean = csv_col(d, "mean"), c_sd = csv_col(d, "sd"),
                 c_se = csv_col(d, "se"), c_lo = csv_col(d, "ci95_lo"),
                 c_hi = csv_col(d, "ci95_hi"), c_plo = csv_col(d, "published_lo"),
                 c_phi = csv_col(d, "published_hi"), c_src = csv_col(d, "published_source"),
                 c_rng = csv_col(d, "rng"), c_verdict = csv_col(d, "published_verdict");
    /* one row a (gen, topology, rows, cols, rng): its figures follow one
     * another in the file */
    for (size_t k = 0; rc == MZO_OK && k < d->nrows; k++) {
        const bool same =
            k > 0 && !strcmp(csv_at(d, k, c_gen), csv_at(d, k - 1, c_gen)) &&
            !strcmp(csv_at(d, k, c_topo), csv_at(d, k - 1, c_topo)) &&
            !strcmp(csv_at(d, k, c_rows), csv_at(d, k - 1, c_rows)) &&
            !strcmp(csv_at(d, k, c_cols), csv_at(d, k - 1, c_cols)) &&
            !strcmp(csv_at(d, k, c_rng), csv_at(d, k - 1, c_rng));
        if (!same) {
            rc |= mzr_table_row(t);
            rc |= mzr_table_set(t, 0, "%s", csv_at(d, k, c_gen));
            rc |= mzr_table_set(t, 1, "%s", *csv_at(d, k, c_topo) ? csv_at(d, k, c_topo) : "ortho");
            char grid[128];
            mzt_grid_text(csv_at(d, k, c_topo), csv_at(d, k, c_rows), csv_at(d, k, c_cols), grid,
                          sizeof grid);
            rc |= mzr_table_set(t, 2, "%s", grid);
            rc |= mzr_table_set(t, 3, "%s", csv_at(d, k, c_seeds));
        }
        const char *stat = csv_at(d, k, c_stat);
        const double mean = fnum(csv_at(d, k, c_mean)), lo = fnum(csv_at(d, k, c_lo)),
                     hi = fnum(csv_at(d, k, c_hi));
        if (!strcmp(stat, "dead_ends")) {
            rc |= set_interval(t, 4, mean, lo, hi, 100);
            const double plo = fnum(csv_at(d, k, c_plo)), phi = fnum(csv_at(d, k, c_phi));
            if (!isnan(plo) && !isnan(phi)) {
                char a[64], b[64];
                num(a, sizeof a, plo * 100);
                num(b, sizeof b, phi * 100);
                rc |= plo == phi ? mzr_table_set(t, 5, "%s", a)
                                 : mzr_table_set(t, 5, "%s-%s", a, b);
                mz_summary sm = {0};
                double n = fnum(csv_at(d, k, c_n));
                sm.n = isnan(n) || n < 0 ? 0 : (uint64_t)n;
                sm.mean = mean;
                sm.sd = fnum(csv_at(d, k, c_sd));
                sm.se = fnum(csv_at(d, k, c_se));
                sm.ci_lo = lo;
                sm.ci_hi = hi;
                mzt_published pub;
                memset(&pub, 0, sizeof pub);
                pub.lo = plo * 100;
                pub.hi = phi * 100;
                mzt_pub_check chk;
                mzt_published_check(&sm, &pub, &chk);
                /* the verdict 'stats' wrote, when the file has it */
                const char *v = csv_at(d, k, c_verdict);
                rc |= mzr_table_set(t, 6, "%s", *v ? v : mzt_verdict_name(chk.verdict));
                rc |= mzr_table_set(t, 7, "%s", csv_at(d, k, c_src));
            }
        } else if (!strcmp(stat, "route")) {
            rc |= set_interval(t, 8, mean, lo, hi, 1);
        } else if (!strcmp(stat, "longest")) {
            rc |= set_interval(t, 9, mean, lo, hi, 1);
        }
    }
    mzr_table_drop_empty(t);
    return rc ? MZO_FAIL : MZO_OK;
}

static int add_fits(mzr_report *r, const char *path, const csvdoc *d)
{
    char id[80];
    unique_id(r, "scaling-fits", id, sizeof id);
    char title[512];
    snprintf(title, sizeof title, "Route length against size: power-law fits (%s)", path);
    mzr_table *t;
    if (new_table(r, MZR_SEC_SCALING, id, title,
                  "route ~ n^exponent fitted by 'mazebench scaling' (mz_powfit) on log-log "
                  "axes, with the exponent's 95% interval, as fits.csv holds them.",
                  &t) != MZO_OK)
        return MZO_FAIL;
    int rc = MZO_OK;
    rc |= mzr_table_col(t, "generator", NULL, "gen", MZR_LEFT);
    mzr_table_col_code(t);
    rc |= mzr_table_col(t, "shape", NULL, "topology", MZR_LEFT);
    rc |= mzr_table_col(t, "sizes", NULL, "sizes", MZR_RIGHT);
    rc |= mzr_table_col(t, "seeds", NULL, "seeds", MZR_RIGHT);
    rc |= mzr_table_col(t, "n", NULL, "n_range", MZR_RIGHT);
    rc |= mzr_table_col(t, "exponent [95% CI]", NULL, "exponent", MZR_RIGHT) |
          mzr_table_col_parts(t, 3, SUF_CI);
    rc |= mzr_table_col(t, "R\xc2\xb2", NULL, "r2", MZR_RIGHT);
    rc |= mzr_table_col(t, "local slope", NULL, "local_slope", MZR_RIGHT);
    rc |= mzr_table_col(t, "published", NULL, "published", MZR_RIGHT);
    rc |= mzr_table_col(t, "inside", NULL, "published_inside", MZR_CENTER);
    const size_t c[] = {csv_col(d, "gen"),       csv_col(d, "topology"), csv_col(d, "sizes"),
                        csv_col(d, "seeds"),     csv_col(d, "n_min"),    csv_col(d, "n_max"),
                        csv_col(d, "exponent"),  csv_col(d, "ci95_lo"),  csv_col(d, "ci95_hi"),
                        csv_col(d, "r2"),        csv_col(d, "local_slope"),
                        csv_col(d, "published"), csv_col(d, "published_inside")};
    for (size_t k = 0; rc == MZO_OK && k < d->nrows; k++) {
        rc |= mzr_table_row(t);
        rc |= mzr_table_set(t, 0, "%s", csv_at(d, k, c[0]));
        rc |= mzr_table_set(t, 1, "%s", csv_at(d, k, c[1]));
        rc |= mzr_table_set(t, 2, "%s", csv_at(d, k, c[2]));
        rc |= mzr_table_set(t, 3, "%s", csv_at(d, k, c[3]));
        rc |= mzr_table_set(t, 4, "%s-%s", csv_at(d, k, c[4]), csv_at(d, k, c[5]));
        rc |= mzr_table_set_part(t, 5, 0, csv_at(d, k, c[6])) |
              mzr_table_set_part(t, 5, 1, csv_at(d, k, c[7])) |
              mzr_table_set_part(t, 5, 2, csv_at(d, k, c[8]));
        rc |= *csv_at(d, k, c[7])
                  ? mzr_table_set(t, 5, "%s [%s, %s]", csv_at(d, k, c[6]), csv_at(d, k, c[7]),
                                  csv_at(d, k, c[8]))
                  : mzr_table_set(t, 5, "%s", csv_at(d, k, c[6]));
        for (size_t j = 9; j < 13; j++)
            rc |= mzr_table_set(t, j - 3, "%s", csv_at(d, k, c[j]));
    }
    mzr_table_drop_empty(t);
    return rc ? MZO_FAIL : MZO_OK;
}

static int add_points(mzr_report *r, const char *path, const csvdoc *d)
{
    char id[80];
    unique_id(r, "scaling-points", id, sizeof id);
    char title[512];
    snprintf(title, sizeof title, "Route length by size (%s)", path);
    mzr_table *t;
    if (new_table(r, MZR_SEC_SCALING, id, title,
                  "The points behind the fits: the route's mean and sd over seeds, the fit's "
                  "and the theory's value at n, as points.csv holds them.",
                  &t) != MZO_OK)
        return MZO_FAIL;
    int rc = MZO_OK;
    rc |= mzr_table_col(t, "generator", NULL, "gen", MZR_LEFT);
    mzr_table_col_code(t);
    rc |= mzr_table_col(t, "shape", NULL, "topology", MZR_LEFT);
    rc |= mzr_table_col(t, "n", NULL, "n", MZR_RIGHT);
    rc |= mzr_table_col(t, "seeds", NULL, "seeds", MZR_RIGHT);
    rc |= mzr_table_col(t, "route", "cells", "route", MZR_RIGHT) |
          mzr_table_col_parts(t, 2, SUF_SD);
    rc |= mzr_table_col(t, "fit", "cells", "fit_route", MZR_RIGHT);
    rc |= mzr_table_col(t, "theory", "cells", "theory_route", MZR_RIGHT);
    rc |= mzr_table_col(t, "local slope", NULL, "local_slope", MZR_RIGHT);
    const size_t c[] = {csv_col(d, "gen"),          csv_col(d, "topology"),
                        csv_col(d, "n"),            csv_col(d, "seeds"),
                        csv_col(d, "route_mean"),   csv_col(d, "route_sd"),
                        csv_col(d, "fit_route"),    csv_col(d, "theory_route"),
                        csv_col(d, "local_slope")};
    for (size_t k = 0; rc == MZO_OK && k < d->nrows; k++) {
        rc |= mzr_table_row(t);
        for (size_t j = 0; j < 4; j++)
            rc |= mzr_table_set(t, j, "%s", csv_at(d, k, c[j]));
        mzt_spread sp = {1, fnum(csv_at(d, k, c[4])), fnum(csv_at(d, k, c[5])), NAN, NAN};
        rc |= set_spread(t, 4, &sp, 1);
        rc |= set_num(t, 5, csv_at(d, k, c[6]), 1);
        rc |= set_num(t, 6, csv_at(d, k, c[7]), 1);
        rc |= set_num(t, 7, csv_at(d, k, c[8]), 1);
    }
    mzr_table_drop_empty(t);
    return rc ? MZO_FAIL : MZO_OK;
}

static int add_scale(mzr_report *r, const char *path, const csvdoc *d)
{
    char stem[64], id[80];
    stem_of(path, stem, sizeof stem);
    unique_id(r, stem, id, sizeof id);
    char title[512];
    snprintf(title, sizeof title, "Cost a cell as the maze grows (%s)", path);
    mzr_table *t;
    if (new_table(r, MZR_SEC_SCALING, id, title,
                  "As 'mazebench scale' wrote them: the median time a cell over the reps, "
                  "the fastest rep, and the heap peak a cell.",
                  &t) != MZO_OK)
        return MZO_FAIL;
    static const char *const cols[][5] = {
        /* CSV column, head, unit, key, left? */
        {"gen", "generator", "", "gen", "l"},
        {"solver", "solver", "", "solver", "l"},
        {"seed", "seed", "", "seed", "r"},
        {"reps", "reps", "", "reps", "r"},
        {"cells", "cells", "", "cells", "r"},
        {"gen_ns_per_cell", "generate", "ns/cell", "gen_ns_per_cell", "r"},
        {"gen_min_ns_per_cell", "generate, fastest", "ns/cell", "gen_min_ns_per_cell", "r"},
        {"gen_heap_bytes_per_cell", "generate heap", "B/cell", "gen_heap_bytes_per_cell", "r"},
        {"solve_ns_per_cell", "solve", "ns/cell", "solve_ns_per_cell", "r"},
        {"solve_min_ns_per_cell", "solve, fastest", "ns/cell", "solve_min_ns_per_cell", "r"},
        {"solve_heap_bytes_per_cell", "solve heap", "B/cell", "solve_heap_bytes_per_cell", "r"},
        {"peak_rss_kb", "peak RSS", "KiB", "peak_rss_kb", "r"},
    };
    const size_t nc = sizeof cols / sizeof *cols;
    size_t at[sizeof cols / sizeof *cols];
    int rc = MZO_OK;
    for (size_t j = 0; j < nc; j++) {
        at[j] = csv_col(d, cols[j][0]);
        rc |= mzr_table_col(t, cols[j][1], cols[j][2], cols[j][3],
                            cols[j][4][0] == 'l' ? MZR_LEFT : MZR_RIGHT);
        if (j < 2)
            mzr_table_col_code(t);
    }
    for (size_t k = 0; rc == MZO_OK && k < d->nrows; k++) {
        rc |= mzr_table_row(t);
        for (size_t j = 0; j < nc; j++)
            rc |= j < 5 ? mzr_table_set(t, j, "%s", csv_at(d, k, at[j]))
                        : set_num(t, j, csv_at(d, k, at[j]), 1);
    }
    mzr_table_drop_empty(t);
    return rc ? MZO_FAIL : MZO_OK;
}

static int add_compare(mzr_report *r, const char *path, const csvdoc *d)
{
    const size_t c_level = csv_col(d, "level"), c_kind = csv_col(d, "kind"),
                 c_gen = csv_col(d, "gen"), c_seed = csv_col(d, "seed"),
                 c_topo = csv_col(d, "topology"), c_rows = csv_col(d, "rows"),
                 c_cols = csv_col(d, "cols"), c_solver = csv_col(d, "solver"),
                 c_nb = csv_col(d, "n_base"), c_nn = csv_col(d, "n_new"),
                 c_ratio = csv_col(d, "ratio"), c_lo = csv_col(d, "ci_lo"),
                 c_hi = csv_col(d, "ci_hi"), c_padj = csv_col(d, "p_adj"),
                 c_test = csv_col(d, "test"), c_verdict = csv_col(d, "verdict"),
                 c_note = csv_col(d, "note"), c_rng = csv_col(d, "rng");
    int rc = MZO_OK;
    /* the tally of the verdicts at each level */
    size_t count[2][3] = {{0}};
    static const char *const vname[3] = {"slower", "faster", "unchanged"};
    for (size_t k = 0; k < d->nrows; k++) {
        const int lv = !strcmp(csv_at(d, k, c_level), "algorithm");
        for (int v = 0; v < 3; v++)
            count[lv][v] += !strcmp(csv_at(d, k, c_verdict), vname[v]);
    }
    for (int pass = 0; pass < 2; pass++) {
        /* pass 0: algorithms (every one); pass 1: recipes that changed */
        char id[80], title[512];
        unique_id(r, pass ? "compare-recipes" : "compare", id, sizeof id);
        if (pass)
            snprintf(title, sizeof title,
                     "Recipes that changed: %zu slower, %zu faster, %zu unchanged (%s)",
                     count[0][0], count[0][1], count[0][2], path);
        else
            snprintf(title, sizeof title,
                     "A/B verdicts by algorithm: %zu slower, %zu faster, %zu unchanged (%s)",
                     count[1][0], count[1][1], count[1][2], path);
        if (pass && count[0][0] + count[0][1] == 0)
            break;
        mzr_table *t;
        if (new_table(r, MZR_SEC_COMPARE, id, title,
                      "As 'mazebench compare --format csv' wrote them: the ratio of the new "
                      "median time to the base's with its 95% interval, Holm-adjusted p, the "
                      "test and the verdict (docs/compare.md).",
                      &t) != MZO_OK)
            return MZO_FAIL;
        rc |= mzr_table_col(t, "kind", NULL, "kind", MZR_LEFT);
        rc |= mzr_table_col(t, "generator", NULL, "gen", MZR_LEFT);
        mzr_table_col_code(t);
        if (pass)
            rc |= mzr_table_col(t, "seed", NULL, "seed", MZR_RIGHT);
        rc |= mzr_table_col(t, "solver", NULL, "solver", MZR_LEFT);
        mzr_table_col_code(t);
        rc |= mzr_table_col(t, "grid", NULL, "grid", MZR_RIGHT);
        rc |= mzr_table_col(t, "source", NULL, "rng", MZR_LEFT);
        rc |= mzr_table_col(t, "n base/new", NULL, "n", MZR_RIGHT);
        const size_t c_r = t->ncols;
        rc |= mzr_table_col(t, "ratio [95% CI]", NULL, "ratio", MZR_RIGHT) |
              mzr_table_col_parts(t, 3, SUF_CI);
        rc |= mzr_table_col(t, "p adj", NULL, "p_adj", MZR_RIGHT);
        rc |= mzr_table_col(t, "test", NULL, "test", MZR_LEFT);
        rc |= mzr_table_col(t, "verdict", NULL, "verdict", MZR_CENTER);
        rc |= mzr_table_col(t, "note", NULL, "note", MZR_LEFT);
        for (size_t k = 0; rc == MZO_OK && k < d->nrows; k++) {
            const bool algo = !strcmp(csv_at(d, k, c_level), "algorithm");
            const char *v = csv_at(d, k, c_verdict);
            if (pass ? algo || !strcmp(v, "unchanged") : !algo)
                continue;
            size_t c = 0;
            rc |= mzr_table_row(t);
            rc |= mzr_table_set(t, c++, "%s", csv_at(d, k, c_kind));
            rc |= mzr_table_set(t, c++, "%s", csv_at(d, k, c_gen));
            if (pass)
                rc |= mzr_table_set(t, c++, "%s", csv_at(d, k, c_seed));
            rc |= mzr_table_set(t, c++, "%s", csv_at(d, k, c_solver));
            char grid[128];
            mzt_grid_text(csv_at(d, k, c_topo), csv_at(d, k, c_rows), csv_at(d, k, c_cols), grid,
                          sizeof grid);
            rc |= mzr_table_set(t, c++, "%s", grid);
            rc |= mzr_table_set(t, c++, "%s", csv_at(d, k, c_rng));
            rc |= mzr_table_set(t, c++, "%s/%s", csv_at(d, k, c_nb), csv_at(d, k, c_nn));
            rc |= set_interval(t, c_r, fnum(csv_at(d, k, c_ratio)), fnum(csv_at(d, k, c_lo)),
                               fnum(csv_at(d, k, c_hi)), 1);
            c = c_r + 1;
            rc |= set_num(t, c++, csv_at(d, k, c_padj), 1);
            rc |= mzr_table_set(t, c++, "%s", csv_at(d, k, c_test));
            rc |= mzr_table_set(t, c++, "%s", v);
            rc |= mzr_table_set(t, c++, "%s", csv_at(d, k, c_note));
        }
        mzr_table_drop_empty(t);
    }
    return rc ? MZO_FAIL : MZO_OK;
}

/* ---- check's JUnit XML ---- */

/* The value of attribute name in the tag starting at tag (up to its '>'),
 * entities decoded, into buf; false when absent. */
static bool xml_attr(const char *tag, const char *name, char *buf, size_t len)
{
    const char *end = strchr(tag, '>');
    char pat[64];
    snprintf(pat, sizeof pat, " %s=\"", name);
    const char *a = strstr(tag, pat);
    if (!a || (end && a > end))
        return false;
    a += strlen(pat);
    size_t n = 0;
    for (; *a && *a != '"' && n + 1 < len; a++) {
        if (*a == '&') {
            static const char *const ent[][2] = {{"&amp;", "&"},  {"&lt;", "<"},
                                                 {"&gt;", ">"},   {"&quot;", "\""},
                                                 {"&apos;", "'"}, {"&#9;", " "},
                                                 {"&#10;", " "},  {"&#13;", " "}};
            bool done = false;
            for (size_t k = 0; k < sizeof ent / sizeof *ent && !done; k++)
                if (!strncmp(a, ent[k][0], strlen(ent[k][0]))) {
                    buf[n++] = ent[k][1][0];
                    a += strlen(ent[k][0]) - 1;
                    done = true;
                }
            if (done)
                continue;
        }
        buf[n++] = *a;
    }
    buf[n] = '\0';
    return true;
}

static int add_check(mzr_report *r, const char *path, const char *text)
{
    const char *suite = strstr(text, "<testsuites");
    char tests[32], failures[32], skipped[32];
    if (!suite || !xml_attr(suite, "tests", tests, sizeof tests) ||
        !xml_attr(suite, "failures", failures, sizeof failures) ||
        !xml_attr(suite, "skipped", skipped, sizeof skipped))
        return add_left(r, path, true, "'%s': a JUnit report without its counts", path);
    char id[80], title[512];
    unique_id(r, "check", id, sizeof id);
    snprintf(title, sizeof title, "Check: %s cases, %s failed, %s skipped (%s)", tests, failures,
             skipped, path);
    mzr_table *t;
    if (new_table(r, MZR_SEC_CHECK, id, title,
                  "From 'mazebench check --junit': each row of the checked file re-run and "
                  "compared; listed here, the cases that failed or were skipped.",
                  &t) != MZO_OK)
        return MZO_FAIL;
    int rc = mzr_table_col(t, "case", NULL, "case", MZR_LEFT) |
             mzr_table_col(t, "result", NULL, "result", MZR_CENTER) |
             mzr_table_col(t, "message", NULL, "message", MZR_LEFT);
    size_t passed = 0;
    for (const char *p = strstr(text, "<testcase "); rc == MZO_OK && p;
         p = strstr(p + 1, "<testcase ")) {
        const char *gt = strchr(p, '>');
        if (!gt)
            break;
        if (gt[-1] == '/') {
            passed++;
            continue;
        }
        const char *next = strstr(gt, "</testcase>");
        const char *fail = strstr(gt, "<failure");
        const char *skip = strstr(gt, "<skipped");
        const char *what = fail && (!next || fail < next) ? fail
                           : skip && (!next || skip < next) ? skip
                                                            : NULL;
        if (!what) {
            passed++;
            continue;
        }
        char name[1024], msg[2048];
        if (!xml_attr(p, "name", name, sizeof name))
            snprintf(name, sizeof name, "%s", "");
        if (!xml_attr(what, "message", msg, sizeof msg))
            snprintf(msg, sizeof msg, "%s", "");
        rc |= mzr_table_row(t) | mzr_table_set(t, 0, "%s", name) |
              mzr_table_set(t, 1, "%s", what == fail ? "failed" : "skipped") |
              mzr_table_set(t, 2, "%s", msg);
    }
    if (rc == MZO_OK && t->nrows == 0)
        rc |= mzr_table_row(t) | mzr_table_set(t, 0, "every case") |
              mzr_table_set(t, 1, "passed") | mzr_table_set(t, 2, "%zu cases passed", passed);
    return rc ? MZO_FAIL : MZO_OK;
}

/* ---- inputs ---- */

static int not_regular(const struct stat *st, char *why, size_t wl)
{
    snprintf(why, wl, "not a regular file but %s: the report reads regular files only",
             S_ISDIR(st->st_mode)    ? "a folder"
             : S_ISFIFO(st->st_mode) ? "a pipe"
             : S_ISCHR(st->st_mode)  ? "a character device"
             : S_ISBLK(st->st_mode)  ? "a block device"
             : S_ISSOCK(st->st_mode) ? "a socket"
                                     : "something else");
    return MZO_BAD;
}

/* The whole of an input, or why not. Only a regular file of at most
 * MZR_INPUT_MAX bytes is read: it is opened without blocking (a FIFO with
 * no writer, a device), looked at (fstat) before a byte is read, and left
 * out at once when it is anything else or larger; a file that grows past
 * the cap while it is read is left out too. */
static int read_all(const char *path, char **text, size_t *len, char *why, size_t wl)
{
    *text = NULL;
    *len = 0;
    struct stat st;
    /* looked at by name first (a device is not even opened), then again on
     * what was opened (it may have been replaced in between) */
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return not_regular(&st, why, wl);
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        snprintf(why, wl, "cannot read it: %s", strerror(errno));
        return MZO_BAD;
    }
    if (fstat(fd, &st) != 0) {
        snprintf(why, wl, "cannot read it: %s", strerror(errno));
        close(fd);
        return MZO_BAD;
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return not_regular(&st, why, wl);
    }
    if ((uintmax_t)st.st_size > MZR_INPUT_MAX) {
        snprintf(why, wl, "%jd bytes, more than the %u MiB the report reads of an input",
                 (intmax_t)st.st_size, (unsigned)(MZR_INPUT_MAX >> 20));
        close(fd);
        return MZO_BAD;
    }
    /* a regular file: blocking reads from here */
    const int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    size_t cap = (size_t)st.st_size + 1, n = 0; /* one more: growth shows */
    char *b = malloc(cap + 1);
    if (!b) {
        close(fd);
        snprintf(why, wl, "out of memory");
        return MZO_FAIL;
    }
    for (;;) {
        if (n == cap) {
            if (cap > MZR_INPUT_MAX) {
                free(b);
                close(fd);
                snprintf(why, wl, "grew past the %u MiB the report reads of an input while "
                         "it was read", (unsigned)(MZR_INPUT_MAX >> 20));
                return MZO_BAD;
            }
            size_t ncap = cap < 65536 ? 65536 : 2 * cap;
            ncap = ncap > (size_t)MZR_INPUT_MAX + 1 ? (size_t)MZR_INPUT_MAX + 1 : ncap;
            char *nb = realloc(b, ncap + 1);
            if (!nb) {
                free(b);
                close(fd);
                snprintf(why, wl, "out of memory");
                return MZO_FAIL;
            }
            b = nb;
            cap = ncap;
        }
        const ssize_t got = read(fd, b + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            snprintf(why, wl, "a read error: %s", strerror(errno));
            free(b);
            close(fd);
            return MZO_BAD;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    close(fd);
    if (n > MZR_INPUT_MAX) {
        free(b);
        snprintf(why, wl, "grew past the %u MiB the report reads of an input while it was read",
                 (unsigned)(MZR_INPUT_MAX >> 20));
        return MZO_BAD;
    }
    b[n] = '\0';
    *text = b;
    *len = n;
    return MZO_OK;
}

/* Add one file, recognised by its first line. named: given by name (an
 * unknown file is an error) rather than found in a folder. */
static int add_file(mzr_report *r, const char *path, bool named)
{
    char why[1024];
    char *text;
    size_t len;
    int rc = read_all(path, &text, &len, why, sizeof why);
    if (rc == MZO_FAIL)
        return rc;
    if (rc != MZO_OK)
        return add_left(r, path, true, "%s", why);
    if (memchr(text, '\0', len)) {
        free(text);
        return add_left(r, path, named, "not a text file");
    }
    const char *p = text;
    if (len >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
        p += 3;
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
        p++;
    if (*p == '<') {
        if (strstr(p, "<testsuites name=\"mazebench check\"")) {
            const size_t nleft = r->nleft;
            rc = add_check(r, path, p);
            if (rc == MZO_OK && r->nleft == nleft)
                rc = add_used(r, path);
        } else {
            rc = add_left(r, path, named,
                          "an XML file that is not a 'mazebench check --junit' report");
        }
        free(text);
        return rc;
    }
    /* the header first: a sweep is read by the sweep summary, the other
     * tables here */
    csvdoc d;
    rc = csv_parse(text, len, false, &d, why, sizeof why);
    static const char *const sweep[] = {"gen", "seed", "rows", "cols", NULL};
    static const char *const scale[] = {"gen", "gen_ns_per_cell", "solve_ns_per_cell", NULL};
    static const char *const stats[] = {"gen",     "stat",    "n",       "mean",
                                        "ci95_lo", "ci95_hi", "seeds",   NULL};
    static const char *const fits[] = {"gen", "exponent", "ci95_lo", "ci95_hi", NULL};
    static const char *const points[] = {"gen", "n", "route_mean", "fit_route", NULL};
    static const char *const cmp[] = {"level", "kind", "ratio", "verdict", NULL};
    const bool table = rc == MZO_OK && (csv_has(&d, scale) || csv_has(&d, stats) ||
                                        csv_has(&d, fits) || csv_has(&d, points) ||
                                        csv_has(&d, cmp));
    if (rc == MZO_OK && !table && csv_has(&d, sweep)) {
        free(text);
        csv_free(&d);
        return add_sweep(r, path);
    }
    if (rc == MZO_OK && table) {
        csv_free(&d);
        rc = csv_parse(text, len, true, &d, why, sizeof why);
    }
    free(text);
    if (rc == MZO_FAIL) {
        csv_free(&d);
        return rc;
    }
    if (rc != MZO_OK) {
        csv_free(&d);
        return add_left(r, path, true, "%s", why);
    }
    if (table && d.nrows == 0) {
        csv_free(&d);
        return add_left(r, path, true, "a header without rows");
    }
    if (csv_has(&d, scale))
        rc = add_scale(r, path, &d);
    else if (csv_has(&d, stats))
        rc = add_stats(r, path, &d);
    else if (csv_has(&d, fits))
        rc = add_fits(r, path, &d);
    else if (csv_has(&d, points))
        rc = add_points(r, path, &d);
    else if (csv_has(&d, cmp))
        rc = add_compare(r, path, &d);
    else {
        char head[256];
        snprintf(head, sizeof head, "%s%s%s%s", d.ncols ? d.head[0] : "",
                 d.ncols > 1 ? "," : "", d.ncols > 1 ? d.head[1] : "", d.ncols > 2 ? ",..." : "");
        csv_free(&d);
        return add_left(r, path, named, "not a table the report knows (its header: %s)", head);
    }
    csv_free(&d);
    return rc == MZO_OK ? add_used(r, path) : rc;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The *.csv and *.xml files of dir, in name order; then those of its
 * stats/ and scaling/ folders. */
static int add_dir(mzr_report *r, const char *dir, int depth)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return depth ? MZO_OK : add_left(r, dir, true, "cannot read the folder: %s", strerror(errno));
    char **names = NULL;
    size_t n = 0;
    int rc = MZO_OK;
    for (struct dirent *e; rc == MZO_OK && (e = readdir(dp));) {
        const char *nm = e->d_name;
        size_t l = strlen(nm);
        if (nm[0] == '.' || l < 5 || (strcmp(nm + l - 4, ".csv") && strcmp(nm + l - 4, ".xml")))
            continue;
        char **nn = realloc(names, (n + 1) * sizeof *nn);
        if (!nn || !(nn[n] = xprintf("%s/%s", dir, nm))) {
            names = nn ? nn : names;
            rc = MZO_FAIL;
            break;
        }
        names = nn;
        n++;
    }
    closedir(dp);
    if (n)
        qsort(names, n, sizeof *names, cmp_str);
    /* the sweep first, so that a folder's own sweep is the run */
    for (int pass = 0; pass < 2; pass++)
        for (size_t k = 0; rc == MZO_OK && k < n; k++) {
            const char *b = strrchr(names[k], '/') + 1;
            const bool first = !strncmp(b, "sweep", 5);
            if (first == (pass == 0))
                rc = add_file(r, names[k], false); /* not a regular file: left out */
        }
    for (size_t k = 0; k < n; k++)
        free(names[k]);
    free(names);
    if (rc == MZO_OK && depth == 0) {
        static const char *const sub[] = {"stats", "scaling"};
        for (size_t k = 0; rc == MZO_OK && k < 2; k++) {
            char *p = xprintf("%s/%s", dir, sub[k]);
            if (!p)
                return MZO_FAIL;
            rc = add_dir(r, p, 1);
            free(p);
        }
    }
    return rc;
}

int mzr_report_add(mzr_report *r, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return add_left(r, path, true, "cannot read it: %s", strerror(errno));
    if (S_ISDIR(st.st_mode))
        return add_dir(r, path, 0);
    return add_file(r, path, true);
}

/* ---- renders ---- */

typedef struct membuf {
    unsigned char *p;
    size_t n, cap;
} membuf;

static int mem_write(void *user, uint64_t part, const unsigned char *data, size_t len)
{
    (void)part;
    membuf *m = user;
    if (m->n + len > m->cap) {
        size_t cap = m->cap ? m->cap : 4096;
        while (cap < m->n + len)
            cap *= 2;
        unsigned char *np = realloc(m->p, cap);
        if (!np)
            return -1;
        m->p = np;
        m->cap = cap;
    }
    memcpy(m->p + m->n, data, len);
    m->n += len;
    return 0;
}

static void base64(FILE *f, const unsigned char *p, size_t n)
{
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t k = 0; k < n; k += 3) {
        const unsigned v = (unsigned)p[k] << 16 | (k + 1 < n ? (unsigned)p[k + 1] << 8 : 0) |
                           (k + 2 < n ? p[k + 2] : 0);
        fputc(b64[v >> 18 & 63], f);
        fputc(b64[v >> 12 & 63], f);
        fputc(k + 1 < n ? b64[v >> 6 & 63] : '=', f);
        fputc(k + 2 < n ? b64[v & 63] : '=', f);
    }
}

/* The render size of a shape: about 15 cells a side. */
static bool render_dims(const char *topo, mz_dims *geo)
{
    mz_shape shape;
    uint64_t levels;
    if (mz_shape_column_parse(topo, &shape, &levels) != MZ_OK)
        return false;
    char text[64];
    switch (shape) {
    case MZ_SHAPE_ORTHO: snprintf(text, sizeof text, "15x15"); break;
    case MZ_SHAPE_POLAR: snprintf(text, sizeof text, "polar:8"); break;
    case MZ_SHAPE_CUBE:
        snprintf(text, sizeof text, "3d:%llux8x8", (unsigned long long)(levels > 3 ? 3 : levels));
        break;
    case MZ_SHAPE_HEX:
    case MZ_SHAPE_TRI:
    case MZ_SHAPE_WEAVE:
    case MZ_SHAPE_TORUS:
        snprintf(text, sizeof text, "%s:16x16", mz_shape_name(shape));
        break;
    case MZ_SHAPE_COUNT:
        return false;
    }
    return mz_dims_parse(text, geo) == MZ_OK;
}

static int renders(mzr_report *r)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return MZO_FAIL;
    const mzt_summary *s = &r->sum;
    const bool png = mz_pic_supported(MZ_PIC_PNG);
    int rc = MZO_OK;
    for (size_t k = 0; k < s->ngen && rc == MZO_OK; k++) {
        const mzt_sum_group *g = &s->grp[k];
        bool seen = false; /* one a generator and shape */
        for (size_t j = 0; j < k && !seen; j++)
            seen = !strcmp(s->grp[j].gen, g->gen) && !strcmp(s->grp[j].topo, g->topo);
        if (seen)
            continue;
        char err[600] = "", why[512] = "", gname[96] = "";
        mz_spec spec;
        mz_dims geo;
        mz_grid grid;
        memset(&grid, 0, sizeof grid);
        membuf m = {0};
        mz_status st = MZ_OK;
        if (!png)
            snprintf(err, sizeof err, "not drawn: pictures need cairo (%s)",
                     mz_pic_package(MZ_PIC_PNG));
        else if (mz_spec_parse(g->gen, &spec, why, sizeof why) != MZ_OK)
            snprintf(err, sizeof err, "not drawn: %s", why);
        else if (!render_dims(g->topo, &geo))
            snprintf(err, sizeof err, "not drawn: unknown shape '%s'", g->topo);
        else if ((st = mz_generate(&spec, 1, &geo, &grid, NULL)) != MZ_OK)
            snprintf(err, sizeof err, "not drawn: %s", mz_status_str(st));
        else {
            mz_pic_opts o;
            mz_pic_defaults(&o);
            o.cell_px = 8;
            o.legend = false;
            mz_dims gg = mz_grid_dims(&grid);
            mz_dims_format(&gg, gname, sizeof gname);
            st = mz_pic_render(&grid, &o, MZ_PIC_PNG, mem_write, &m);
            if (st != MZ_OK)
                snprintf(err, sizeof err, "not drawn: %s", mz_status_str(st));
        }
        mz_grid_free(&grid);
        fputs("<figure class=\"render\">", f);
        if (!*err) {
            fputs("<img alt=\"", f);
            mzo_xml_text(f, g->gen);
            fputs(" maze\" src=\"data:image/png;base64,", f);
            base64(f, m.p, m.n);
            fputs("\"/>", f);
            r->nrenders++;
        }
        fputs("<figcaption><code>", f);
        mzo_xml_text(f, g->gen);
        fputs("</code> ", f);
        mzo_xml_text(f, *err ? err : gname);
        fputs("</figcaption></figure>\n", f);
        free(m.p);
    }
    if (fclose(f) != 0 || !buf)
        rc = MZO_FAIL;
    if (rc == MZO_OK && len)
        r->renders_html = buf;
    else
        free(buf);
    return rc;
}

static int left_table(const mzr_report *r, mzr_table *t);

int mzr_report_finish(mzr_report *r, char *err, size_t errlen)
{
    if (r->nleft) {
        mzr_section *sec = &r->sec[MZR_SEC_LEFT_OUT];
        mzr_table *t = realloc(sec->tab, (sec->ntab + 1) * sizeof *t);
        if (!t) {
            snprintf(err, errlen, "out of memory");
            return MZO_FAIL;
        }
        sec->tab = t;
        int rc = left_table(r, &t[sec->ntab]);
        sec->ntab++;
        if (rc != MZO_OK) {
            snprintf(err, errlen, "out of memory");
            return MZO_FAIL;
        }
    }
    if (!r->have_sweep)
        return MZO_OK;
    if (mzr_charts_pick(&r->sum, r->outside.mark, r->outside.n, &r->chart, &r->nchart, err,
                        errlen) != MZO_OK)
        return MZO_FAIL;
    if (renders(r) != MZO_OK) {
        snprintf(err, errlen, "out of memory drawing the renders");
        return MZO_FAIL;
    }
    return MZO_OK;
}

bool mzr_report_has(const mzr_report *r, int s)
{
    switch (s) {
    case MZR_SEC_CHARTS: return r->nchart > 0;
    case MZR_SEC_RENDERS: return r->renders_html != NULL;
    default: return r->sec[s].ntab > 0;
    }
}

void mzr_report_free(mzr_report *r)
{
    for (int s = 0; s < MZR_NSEC; s++) {
        for (size_t k = 0; k < r->sec[s].ntab; k++)
            mzr_table_free(&r->sec[s].tab[k]);
        free(r->sec[s].tab);
        free(r->sec[s].intro);
    }
    for (size_t k = 0; k < r->nleft; k++) {
        free(r->left[k].path);
        free(r->left[k].why);
    }
    free(r->left);
    for (size_t k = 0; k < r->nused; k++)
        free(r->used[k]);
    free(r->used);
    if (r->have_sweep) {
        free((char *)r->sum.path);
        mzt_summary_free(&r->sum);
        mzr_outside_free(&r->outside);
    }
    if (r->chart)
        mzr_charts_free(r->chart, r->nchart);
    free(r->renders_html);
    memset(r, 0, sizeof *r);
}

/* ---- the left-out list as a table (for every writer) ---- */

static int left_table(const mzr_report *r, mzr_table *t)
{
    int rc = mzr_table_init(t, "left-out", "Inputs left out", "");
    rc |= mzr_table_col(t, "input", NULL, "input", MZR_LEFT);
    rc |= mzr_table_col(t, "why", NULL, "why", MZR_LEFT);
    for (size_t k = 0; rc == MZO_OK && k < r->nleft; k++)
        rc |= mzr_table_row(t) | mzr_table_set(t, 0, "%s", r->left[k].path) |
              mzr_table_set(t, 1, "%s", r->left[k].why);
    return rc;
}

/* ---- HTML ---- */

static const char CSS[] =
    ":root{color-scheme:light;--fg:#1a1a1a;--mute:#5a5a5a;--line:#d0d0d0;--band:#f4f4f4;"
    "--mono:ui-monospace,'SFMono-Regular',Menlo,Consolas,'Liberation Mono',monospace}"
    "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,"
    "sans-serif;color:var(--fg);margin:0 auto;max-width:72rem;padding:1rem 1.5rem;"
    "line-height:1.45}"
    "h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.25rem;border-bottom:1px solid "
    "var(--line);padding-bottom:.2rem;margin-top:2rem}"
    "nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.4rem 1rem}"
    "code{font-family:var(--mono);font-size:.9em}"
    ".wrap{overflow-x:auto}"
    "table.mz{border-collapse:collapse;margin:.5rem 0;font-size:.85rem;"
    "font-variant-numeric:tabular-nums}"
    "table.mz caption{text-align:left;font-weight:600;padding:.3rem 0}"
    "table.mz th,table.mz td{padding:.2rem .5rem;border-bottom:1px solid var(--line);"
    "vertical-align:top}"
    "table.mz thead th{border-bottom:2px solid var(--fg);white-space:nowrap}"
    "table.mz tbody tr:nth-child(even){background:var(--band)}"
    ".l{text-align:left}.r{text-align:right}.c{text-align:center}"
    "p.note,.meta{color:var(--mute);font-size:.85rem}"
    "figure{margin:.5rem}figure.render{display:inline-block;text-align:center;"
    "vertical-align:top}"
    "figure.render img{image-rendering:pixelated;max-width:12rem}"
    "figure.chart svg{max-width:100%;height:auto}"
    "figcaption{font-size:.8rem;color:var(--mute)}"
    "th.sortable{cursor:pointer}"
    "@media print{body{max-width:none;padding:0;font-size:10pt}nav,script{display:none}"
    "section{break-inside:auto}table.mz,figure{break-inside:avoid}"
    "h2{break-after:avoid}a{color:inherit;text-decoration:none}"
    "table.mz tbody tr:nth-child(even){background:none}}";

/* Sorting a table by a header click; the page reads the same without it.
 * Kept free of '<' and '&' so that it reads as XML text as well. */
static const char SCRIPT[] =
    "(function(){\n"
    "function key(t){var s=t.replace(/[^0-9eE.+-].*$/,'');var v=parseFloat(s);"
    "return isNaN(v)?null:v;}\n"
    "document.querySelectorAll('table.mz').forEach(function(tb){\n"
    "tb.querySelectorAll('thead th').forEach(function(th,i){\n"
    "th.className+=' sortable';var up=true;\n"
    "th.addEventListener('click',function(){\n"
    "var body=tb.tBodies[0];var rows=Array.prototype.slice.call(body.rows);\n"
    "rows.sort(function(a,b){var x=a.cells[i].textContent,y=b.cells[i].textContent;\n"
    "var p=key(x),q=key(y);var c=(p!==null)?((q!==null)?p-q:-1):((q!==null)?1:"
    "x.localeCompare(y));return up?c:-c;});\n"
    "up=!up;rows.forEach(function(r){body.appendChild(r);});});});});\n"
    "})();\n";

static void html_text(FILE *f, const char *s)
{
    mzo_xml_text(f, s);
}

/* The page's order: the outside programs' statuses and the charts first
 * after the run, then the tables (the solvers' table, the longest, after
 * the shorter ones). */
static const int page_order[MZR_NSEC] = {
    MZR_SEC_RUN,     MZR_SEC_OUTSIDE, MZR_SEC_CHARTS,  MZR_SEC_GENERATORS,
    MZR_SEC_STATS,   MZR_SEC_SCALING, MZR_SEC_RENDERS, MZR_SEC_SOLVERS,
    MZR_SEC_COMPARE, MZR_SEC_CHECK,   MZR_SEC_LEFT_OUT,
};

void mzr_report_html(FILE *f, const mzr_report *r, double chart_w, double chart_h)
{
    fputs("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\" "
          "xml:lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
          "<meta name=\"generator\" content=\"mazebench report\"/>\n<title>mazebench report",
          f);
    if (r->have_sweep) {
        const char *d = mzt_summary_meta(&r->sum, "date");
        if (d) {
            fputs(" \xe2\x80\x94 ", f);
            html_text(f, d);
        }
    }
    fputs("</title>\n<style>", f);
    fputs(CSS, f);
    for (int s = 0; s < MZR_NSEC; s++)
        for (size_t k = 0; k < r->sec[s].ntab; k++)
            mzr_table_css(f, &r->sec[s].tab[k]);
    fputs("</style>\n</head>\n<body>\n<header>\n<h1>mazebench report</h1>\n<p class=\"meta\">"
          "Made by <code>mazebench report</code> from ",
          f);
    if (!r->nused)
        fputs("no usable input", f);
    for (size_t k = 0; k < r->nused; k++) {
        if (k)
            fputs(", ", f);
        fputs("<code>", f);
        html_text(f, r->used[k]);
        fputs("</code>", f);
    }
    fputs(".</p>\n<nav><ul>", f);
    for (int k = 0; k < MZR_NSEC; k++) {
        int s = page_order[k];
        if (mzr_report_has(r, s))
            fprintf(f, "<li><a href=\"#%s\">%s</a></li>", mzr_section_id[s], section_title[s]);
    }
    fputs("</ul></nav>\n</header>\n<main>\n", f);
    for (int k = 0; k < MZR_NSEC; k++) {
        int s = page_order[k];
        if (!mzr_report_has(r, s))
            continue;
        fprintf(f, "<section id=\"%s\" data-section=\"%s\">\n<h2>%s</h2>\n", mzr_section_id[s],
                mzr_section_id[s], section_title[s]);
        if (r->sec[s].intro) {
            fputs("<p>", f);
            html_text(f, r->sec[s].intro);
            fputs("</p>\n", f);
        }
        switch (s) {
        case MZR_SEC_CHARTS:
            for (size_t k = 0; k < r->nchart; k++) {
                fputs("<figure class=\"chart\" id=\"chart-", f);
                html_text(f, r->chart[k].name);
                fputs("\">\n", f);
                /* the chart carries its title, question and note itself */
                mzr_chart_svg(f, &r->chart[k], chart_w, chart_h);
                fputs("</figure>\n", f);
            }
            break;
        case MZR_SEC_RENDERS:
            fputs("<p class=\"note\">One small maze of each generator and shape of the run "
                  "(seed 1), drawn by the render library.</p>\n<div>\n",
                  f);
            fputs(r->renders_html, f);
            fputs("</div>\n", f);
            break;
        default:
            break;
        }
        for (size_t k = 0; k < r->sec[s].ntab; k++) {
            fputs("<div class=\"wrap\">\n", f);
            mzr_table_html(f, &r->sec[s].tab[k]);
            fputs("</div>\n", f);
        }
        fputs("</section>\n", f);
    }
    fputs("</main>\n<script>//<![CDATA[\n", f);
    fputs(SCRIPT, f);
    fputs("//]]></script>\n</body>\n</html>\n", f);
}

/* ---- markdown and LaTeX ---- */

void mzr_report_md(FILE *f, const mzr_report *r)
{
    fputs("# mazebench report\n\n", f);
    for (int s = 0; s < MZR_NSEC; s++) {
        if (!r->sec[s].ntab)
            continue;
        fprintf(f, "## %s\n\n", section_title[s]);
        for (size_t k = 0; k < r->sec[s].ntab; k++)
            mzr_table_md(f, &r->sec[s].tab[k]);
    }
}

void mzr_report_tex(FILE *f, const mzr_report *r)
{
    fputs("% mazebench report: tables for \\input{}; needs \\usepackage{booktabs}\n", f);
    for (int s = 0; s < MZR_NSEC; s++) {
        if (!r->sec[s].ntab)
            continue;
        fprintf(f, "\n%% ---- %s ----\n", section_title[s]);
        for (size_t k = 0; k < r->sec[s].ntab; k++)
            mzr_table_tex(f, &r->sec[s].tab[k]);
    }
}
