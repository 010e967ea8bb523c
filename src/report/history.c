/*
 * history.c - several runs read together: the runs found and put in commit
 * order, each consecutive pair tested by compare's library, the history
 * tables and the trend charts (history.h, docs/report.md "History").
 */
#define _POSIX_C_SOURCE 200809L
#include "history.h"

#include "rooms.h"
#include "style.h"

#include "out/out.h"
#include "sweep/stats_ab.h"
#include "tools/tools.h"

#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- finding the runs ---- */

/* Does the file's header (its first line that is not blank or '#') have a
 * sweep's gen, seed, rows, cols, rep and cells (a compare CSV has the
 * first four too)? Reads at most 64 KiB. */
static bool looks_like_sweep(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    static char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *p = buf;
    if (n >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
        p += 3;
    while (*p == '#' || *p == '\n' || *p == '\r') {
        char *nl = strchr(p, '\n');
        if (!nl)
            return false;
        p = nl + 1;
    }
    char *nl = strchr(p, '\n');
    if (!nl)
        return false;
    *nl = '\0';
    static const char *const need[] = {"gen", "seed", "rows", "cols", "rep", "cells"};
    for (size_t k = 0; k < sizeof need / sizeof *need; k++) {
        bool found = false;
        for (char *q = p; *q && !found;) {
            size_t l = strcspn(q, ",\r");
            found = l == strlen(need[k]) && !strncmp(q, need[k], l);
            q += l;
            if (*q)
                q++;
        }
        if (!found)
            return false;
    }
    return true;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in dir (files or folders), sorted; NULL on memory. */
static char **list_dir(const char *dir, bool folders, size_t *n)
{
    *n = 0;
    char **names = malloc(sizeof *names);
    if (!names)
        return NULL;
    DIR *dp = opendir(dir);
    if (!dp)
        return names;
    for (struct dirent *e; (e = readdir(dp));) {
        if (e->d_name[0] == '.')
            continue;
        char *p = mzr_xprintf("%s/%s", dir, e->d_name);
        struct stat st;
        if (!p)
            continue;
        if (stat(p, &st) != 0 || (folders ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode))) {
            free(p);
            continue;
        }
        char **nn = realloc(names, (*n + 2) * sizeof *nn);
        if (!nn) {
            free(p);
            break;
        }
        names = nn;
        names[(*n)++] = p;
    }
    closedir(dp);
    qsort(names, *n, sizeof *names, cmp_str);
    return names;
}

static void free_list(char **l, size_t n)
{
    for (size_t k = 0; k < n; k++)
        free(l[k]);
    free(l);
}

/* The sweep of a run folder: its first sweep*.csv that is one, else its
 * first *.csv that is one; NULL when none (or on memory). */
static char *folder_sweep(const char *dir)
{
    size_t n;
    char **f = list_dir(dir, false, &n);
    if (!f)
        return NULL;
    char *found = NULL;
    for (int pass = 0; pass < 2 && !found; pass++)
        for (size_t k = 0; k < n && !found; k++) {
            const char *b = strrchr(f[k], '/') + 1;
            size_t l = strlen(b);
            if (l < 5 || strcmp(b + l - 4, ".csv") != 0)
                continue;
            if ((pass == 0) != !strncmp(b, "sweep", 5))
                continue;
            if (looks_like_sweep(f[k]))
                found = mzr_dupstr(f[k]);
        }
    free_list(f, n);
    return found;
}

/* A candidate run: where (as given) and its sweep. */
typedef struct cand {
    char *where, *sweep;
    size_t input; /* the input it came from */
} cand;

static int cand_add(cand **c, size_t *n, const char *where, char *sweep, size_t input)
{
    cand *nc = realloc(*c, (*n + 1) * sizeof *nc);
    if (!nc) {
        free(sweep);
        return MZO_FAIL;
    }
    *c = nc;
    nc[*n].where = mzr_dupstr(where);
    nc[*n].sweep = sweep;
    nc[*n].input = input;
    if (!nc[*n].where) {
        free(sweep);
        return MZO_FAIL;
    }
    (*n)++;
    return MZO_OK;
}

/* Is run a before run b: commit dates when both have them and differ,
 * else start times, else the names? */
static bool run_before(const mzr_hrun *a, const mzr_hrun *b)
{
    double ca = a->ctx.commit_time, cb = b->ctx.commit_time;
    if (isfinite(ca) && isfinite(cb) && ca != cb)
        return ca < cb;
    double sa = a->ctx.t_start, sb = b->ctx.t_start;
    if (isfinite(sa) && isfinite(sb) && sa != sb)
        return sa < sb;
    return strcmp(a->where, b->where) < 0;
}

int mzr_report_add_inputs(mzr_report *r, const char *const *paths, size_t n)
{
    cand *c = NULL;
    size_t nc = 0;
    bool *is_runs = calloc(n ? n : 1, sizeof *is_runs); /* an input that is a run or runs */
    int rc = is_runs ? MZO_OK : MZO_FAIL;
    for (size_t k = 0; k < n && rc == MZO_OK; k++) {
        struct stat st;
        if (stat(paths[k], &st) != 0)
            continue;
        if (S_ISREG(st.st_mode)) {
            if (looks_like_sweep(paths[k])) {
                char *sw = mzr_dupstr(paths[k]);
                rc = sw ? cand_add(&c, &nc, paths[k], sw, k) : MZO_FAIL;
                is_runs[k] = true;
            }
            continue;
        }
        if (!S_ISDIR(st.st_mode))
            continue;
        char *sw = folder_sweep(paths[k]);
        if (sw) {
            rc = cand_add(&c, &nc, paths[k], sw, k);
            is_runs[k] = true;
            continue;
        }
        /* a folder of run folders */
        size_t nd;
        char **d = list_dir(paths[k], true, &nd);
        if (!d) {
            rc = MZO_FAIL;
            break;
        }
        for (size_t j = 0; j < nd && rc == MZO_OK; j++) {
            char *s2 = folder_sweep(d[j]);
            if (s2) {
                rc = cand_add(&c, &nc, d[j], s2, k);
                is_runs[k] = true;
            }
        }
        free_list(d, nd);
    }
    mzr_history *h = &r->hist;
    if (rc == MZO_OK && nc >= 2) {
        /* read every run; one that does not read is left out */
        h->run = calloc(nc, sizeof *h->run);
        rc = h->run ? MZO_OK : MZO_FAIL;
        for (size_t k = 0; k < nc && rc == MZO_OK; k++) {
            mzr_hrun *u = &h->run[h->n];
            mzt_err err;
            int got = mzt_summary_read(&u->sum, c[k].sweep, &err);
            if (got != MZT_OK) {
                mzt_summary_free(&u->sum);
                if (got == MZT_FAIL && !strcmp(err.msg, "out of memory"))
                    rc = MZO_FAIL;
                else
                    rc = mzr_add_left(r, c[k].sweep, true, "%s", err.msg);
                continue;
            }
            u->path = c[k].sweep;
            u->where = c[k].where;
            c[k].sweep = c[k].where = NULL;
            mzr_context_of(&u->sum, &u->ctx);
            h->n++;
        }
        /* commit order (insertion sort: a few runs) */
        for (size_t i = 1; i < h->n; i++)
            for (size_t j = i; j > 0 && run_before(&h->run[j], &h->run[j - 1]); j--) {
                mzr_hrun t = h->run[j];
                h->run[j] = h->run[j - 1];
                h->run[j - 1] = t;
            }
    }
    if (rc == MZO_OK && h->n >= 2) {
        /* the newest run is the report's run; the others are used here */
        rc = mzr_report_add(r, h->run[h->n - 1].where);
        for (size_t k = 0; k + 1 < h->n && rc == MZO_OK; k++)
            rc = mzr_add_used(r, h->run[k].path);
        for (size_t k = 0; k < n && rc == MZO_OK; k++)
            if (!is_runs[k])
                rc = mzr_report_add(r, paths[k]);
    } else {
        for (size_t k = 0; k < n && rc == MZO_OK; k++)
            rc = mzr_report_add(r, paths[k]);
    }
    for (size_t k = 0; k < nc; k++) {
        free(c[k].where);
        free(c[k].sweep);
    }
    free(c);
    free(is_runs);
    return rc;
}

/* ---- the rows: a group of any run ---- */

typedef struct hrow {
    const mzt_sum_group *g; /* its first run's group (its names) */
    double *v;              /* a median a run (NAN: none) */
    bool *noisy;            /* the run's value is noisy */
    int *verdict;           /* against the run before: -1 untested, SW_AB_* */
    double *ratio;          /* its compare ratio */
    bool changed;           /* slower or faster somewhere */
} hrow;

static bool same_group(const mzt_sum_group *a, const mzt_sum_group *b)
{
    return a->kind == b->kind && !strcmp(a->gen, b->gen) && !strcmp(a->solver, b->solver) &&
           !strcmp(a->topo, b->topo) && !strcmp(a->rows, b->rows) && !strcmp(a->cols, b->cols) &&
           !strcmp(a->rng, b->rng);
}

static void rows_free(hrow *rows, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        free(rows[k].v);
        free(rows[k].noisy);
        free(rows[k].verdict);
        free(rows[k].ratio);
    }
    free(rows);
}

static int rows_make(const mzr_history *h, hrow **out, size_t *nout)
{
    size_t cap = 0, n = 0;
    for (size_t i = 0; i < h->n; i++)
        cap += h->run[i].sum.ngrp;
    hrow *rows = calloc(cap ? cap : 1, sizeof *rows);
    if (!rows)
        return MZO_FAIL;
    for (size_t i = 0; i < h->n; i++) {
        const mzt_summary *s = &h->run[i].sum;
        for (size_t k = 0; k < s->ngrp; k++) {
            const mzt_sum_group *g = &s->grp[k];
            size_t j = 0;
            while (j < n && !same_group(rows[j].g, g))
                j++;
            if (j == n) {
                hrow *w = &rows[n++];
                w->g = g;
                w->v = malloc(h->n * sizeof *w->v);
                w->noisy = calloc(h->n, sizeof *w->noisy);
                w->verdict = malloc(h->n * sizeof *w->verdict);
                w->ratio = malloc(h->n * sizeof *w->ratio);
                if (!w->v || !w->noisy || !w->verdict || !w->ratio) {
                    rows_free(rows, n);
                    return MZO_FAIL;
                }
                for (size_t q = 0; q < h->n; q++) {
                    w->v[q] = w->ratio[q] = NAN;
                    w->verdict[q] = -1;
                }
            }
            rows[j].v[i] = g->time.n ? g->time.med : NAN;
            rows[j].noisy[i] = g->time.noisy;
        }
    }
    /* generators first, then solvers, each in first-appearance order */
    hrow *sorted = malloc((n ? n : 1) * sizeof *sorted);
    if (!sorted) {
        rows_free(rows, n);
        return MZO_FAIL;
    }
    size_t m = 0;
    for (int kind = MZT_SUM_GEN; kind <= MZT_SUM_SOLVE; kind++)
        for (size_t k = 0; k < n; k++)
            if (rows[k].g->kind == kind)
                sorted[m++] = rows[k];
    free(rows);
    *out = sorted;
    *nout = m;
    return MZO_OK;
}

/* ---- compare's test between consecutive runs ---- */

static int test_pair(mzr_history *h, size_t i, hrow *rows, size_t nrows)
{
    mzr_hrun *u = &h->run[i];
    mzt_compare c;
    mzt_cmp_init(&c);
    c.cmd = "report";
    c.any_registry = true; /* builds of other commits: the recipes they share */
    const char *paths[2] = {h->run[i - 1].path, u->path};
    mzt_err err;
    memset(&err, 0, sizeof err);
    int rc = mzt_cmp_read(&c, paths, &err);
    if (rc == MZT_OK)
        rc = mzt_cmp_analyse(&c, &err);
    if (rc == MZT_FAIL && !strcmp(err.msg, "out of memory")) {
        mzt_cmp_free(&c);
        return MZO_FAIL;
    }
    if (rc != MZT_OK) {
        u->tested = false;
        snprintf(u->why, sizeof u->why, "%.500s", err.msg);
        mzt_cmp_free(&c);
        return MZO_OK;
    }
    u->tested = true;
    for (size_t a = 0; a < c.nalg; a++) {
        const mzt_algo *al = &c.alg[a];
        if (!al->tested)
            continue;
        u->nalg++;
        u->slower += al->verdict == SW_AB_SLOWER;
        u->faster += al->verdict == SW_AB_FASTER;
        const mzt_recipe *re = &c.rec[al->first];
        for (size_t k = 0; k < nrows; k++) {
            const mzt_sum_group *g = rows[k].g;
            if (g->kind != al->kind || strcmp(g->topo, re->topo) || strcmp(g->rows, re->rows) ||
                strcmp(g->cols, re->cols) || strcmp(g->rng, re->rng))
                continue;
            if (al->kind == MZT_KIND_GEN ? strcmp(g->gen, re->gen) : strcmp(g->solver, re->solver))
                continue;
            rows[k].verdict[i] = al->verdict;
            rows[k].ratio[i] = al->ratio;
            rows[k].changed = rows[k].changed || al->verdict != SW_AB_UNCHANGED;
        }
    }
    mzt_cmp_free(&c);
    return MZO_OK;
}

/* ---- the tables ---- */

static void short_commit(const char *commit, char *buf, size_t len)
{
    if (!commit) {
        snprintf(buf, len, "unknown");
        return;
    }
    size_t l = strcspn(commit, "-");
    snprintf(buf, len, "%.*s%s", (int)(l > 10 ? 10 : l), commit, commit[l] ? commit + l : "");
}

static int runs_table(mzr_report *r)
{
    const mzr_history *h = &r->hist;
    mzr_table *t;
    if (mzr_new_table(r, MZR_SEC_HISTORY, "history-runs", "The runs, in commit order",
                      "Each run's sweep and its '#' lines: the commit it was built from and "
                      "that commit's date, when it started, how long it took, the load "
                      "averages (1 min) at its start and end against its cores, its noisy "
                      "timing cells, and compare's test against the run before (compare's "
                      "algorithm level: a generator at a size over its seeds, a solver at a "
                      "size over every maze; Holm at 5% family-wise, changes under 5% "
                      "unchanged).",
                      &t) != MZO_OK)
        return MZO_FAIL;
    int rc = mzr_table_set_stat(t, "no statistic: the runs' header lines and compare's counts");
    static const char *const head[][2] = {
        {"run", "run"},         {"folder", "where"},          {"commit", "commit"},
        {"commit date", "commit_date"}, {"started", "started"}, {"took", "took"},
        {"load start / end", "load"}, {"noisy", "noisy"},  {"against the run before", "test"}};
    for (size_t k = 0; k < sizeof head / sizeof *head; k++)
        rc |= mzr_table_col(t, head[k][0], NULL, head[k][1], k == 0 ? MZR_RIGHT : MZR_LEFT);
    for (size_t i = 0; i < h->n && rc == MZO_OK; i++) {
        const mzr_hrun *u = &h->run[i];
        char cm[96], took[64] = "", load[96] = "";
        short_commit(mzt_summary_meta(&u->sum, "commit"), cm, sizeof cm);
        const char *cd = mzt_summary_meta(&u->sum, "commit date");
        if (u->ctx.finished)
            snprintf(took, sizeof took, "%.1f s",
                     isfinite(u->ctx.seconds) ? u->ctx.seconds : u->ctx.t_end - u->ctx.t_start);
        if (isfinite(u->ctx.load_start[0]) || isfinite(u->ctx.load_end[0])) {
            char a[32] = "?", b[32] = "?";
            if (isfinite(u->ctx.load_start[0]))
                snprintf(a, sizeof a, "%.2f", u->ctx.load_start[0]);
            if (isfinite(u->ctx.load_end[0]))
                snprintf(b, sizeof b, "%.2f", u->ctx.load_end[0]);
            bool high = u->ctx.cores && (u->ctx.load_start[0] > (double)u->ctx.cores ||
                                         u->ctx.load_end[0] > (double)u->ctx.cores);
            snprintf(load, sizeof load, "%s / %s on %ld cores%s", a, b, u->ctx.cores,
                     high ? ": above the cores" : "");
        }
        size_t noisy = 0, timed = 0;
        for (size_t k = 0; k < u->sum.ngrp; k++) {
            timed += u->sum.grp[k].time.n > 0;
            noisy += u->sum.grp[k].time.noisy;
        }
        char test[640];
        if (i == 0)
            snprintf(test, sizeof test, "the first run");
        else if (!u->tested)
            snprintf(test, sizeof test, "not tested: %s", u->why);
        else
            snprintf(test, sizeof test, "%zu slower, %zu faster, %zu unchanged of %zu", u->slower,
                     u->faster, u->nalg - u->slower - u->faster, u->nalg);
        rc |= mzr_table_row(t) | mzr_table_set(t, 0, "%zu", i + 1) |
              mzr_table_set(t, 1, "%s", u->where) | mzr_table_set(t, 2, "%s", cm) |
              mzr_table_set(t, 3, "%s", cd ? cd : "") |
              mzr_table_set(t, 4, "%s", u->ctx.start[0] ? u->ctx.start : "") |
              mzr_table_set(t, 5, "%s", took) | mzr_table_set(t, 6, "%s", load) |
              mzr_table_set(t, 7, "%zu of %zu", noisy, timed) | mzr_table_set(t, 8, "%s", test);
    }
    return rc ? MZO_FAIL : MZO_OK;
}

static int cost_table(mzr_report *r, const hrow *rows, size_t nrows, bool changes_only)
{
    const mzr_history *h = &r->hist;
    mzr_table *t;
    const char *note =
        "A row a generator, or a solver on one generator's mazes, at one grid; a column a run "
        "(the runs table above). Each cell: the run's median time a cell over its samples "
        "(the summary behind every table and chart). slower or faster: compare's test of this "
        "run against the run before found a change beyond noise, with its ratio (new / old); "
        "a solver is tested over every maze of its grid, so its change shows on each "
        "generator's row. noisy: the run's own value is noisy (the Generators section says "
        "the rule).";
    if (mzr_new_table(r, MZR_SEC_HISTORY, changes_only ? "history-changes" : "history",
                      changes_only ? "Changes beyond noise between consecutive runs"
                                   : "Every cost, run by run",
                      note, &t) != MZO_OK)
        return MZO_FAIL;
    t->appendix = !changes_only;
    int rc = mzr_table_set_stat(t, "median, ns/cell");
    rc |= mzr_table_col(t, "kind", NULL, "kind", MZR_LEFT);
    rc |= mzr_table_col(t, "entry", NULL, "entry", MZR_LEFT);
    mzr_table_col_code(t);
    rc |= mzr_table_col(t, "on", NULL, "gen", MZR_LEFT);
    mzr_table_col_code(t);
    rc |= mzr_table_col(t, "grid", NULL, "grid", MZR_RIGHT);
    for (size_t i = 0; i < h->n; i++) {
        char head[48], key[64];
        snprintf(head, sizeof head, "run %zu", i + 1);
        snprintf(key, sizeof key, "run%zu_ns_per_cell", i + 1);
        rc |= mzr_table_col(t, head, "ns/cell", key, MZR_RIGHT);
    }
    for (size_t k = 0; k < nrows && rc == MZO_OK; k++) {
        const hrow *w = &rows[k];
        if (changes_only && !w->changed)
            continue;
        const mzt_sum_group *g = w->g;
        const bool gen = g->kind == MZT_SUM_GEN;
        char grid[128];
        mzt_grid_text(g->topo, g->rows, g->cols, grid, sizeof grid);
        rc |= mzr_table_row(t) | mzr_table_set(t, 0, "%s", gen ? "generator" : "solver") |
              mzr_table_set(t, 1, "%s", gen ? g->gen : g->solver) |
              mzr_table_set(t, 2, "%s", gen ? "" : g->gen) | mzr_table_set(t, 3, "%s", grid);
        for (size_t i = 0; i < h->n; i++) {
            if (!isfinite(w->v[i]))
                continue;
            char num[64], flag[64] = "";
            mzr_num(num, sizeof num, w->v[i]);
            if (w->verdict[i] == SW_AB_SLOWER || w->verdict[i] == SW_AB_FASTER)
                snprintf(flag, sizeof flag, " %s x%.2f",
                         w->verdict[i] == SW_AB_SLOWER ? "slower" : "faster", w->ratio[i]);
            rc |= mzr_table_set(t, 4 + i, "%s%s%s", num, flag, w->noisy[i] ? " noisy" : "") |
                  mzr_table_set_part(t, 4 + i, 0, num);
        }
    }
    return rc ? MZO_FAIL : MZO_OK;
}

/* ---- the trend charts ---- */

/* For each entry (generator, or solver on its first generator) the row of
 * its largest grid: rows[pick[e]] for e < *n. */
static int trend_chart(mzr_history *h, const hrow *rows, size_t nrows, int kind)
{
    const bool gen = kind == MZT_SUM_GEN;
    size_t *pick = malloc((nrows ? nrows : 1) * sizeof *pick), np = 0;
    if (!pick)
        return MZO_FAIL;
    for (size_t k = 0; k < nrows; k++) {
        const mzt_sum_group *g = rows[k].g;
        if (g->kind != kind)
            continue;
        size_t e = 0;
        for (; e < np; e++) {
            const mzt_sum_group *o = rows[pick[e]].g;
            if (gen ? !strcmp(o->gen, g->gen) : !strcmp(o->solver, g->solver))
                break;
        }
        if (e == np)
            pick[np++] = k;
        else if (!gen && strcmp(rows[pick[e]].g->gen, g->gen))
            continue; /* a solver: on its first generator's mazes only */
        else if (g->cells > rows[pick[e]].g->cells)
            pick[e] = k;
    }
    mzr_styles st;
    mzr_styles_init(&st);
    int rc = MZO_OK;
    for (size_t e = 0; e < np && rc == MZO_OK; e++) {
        const mzt_sum_group *g = rows[pick[e]].g;
        rc = mzr_styles_add(&st, gen ? MZR_FAM_GEN : MZR_FAM_SOLVE, gen ? g->gen : g->solver,
                            false);
    }
    mzr_styles_assign(&st);
    mzr_chart c;
    if (rc == MZO_OK)
        rc = mzr_chart_init(&c, MZR_LINES, gen ? "history-gen-time" : "history-solve-time",
                            gen ? "Generation time per cell, run by run"
                                : "Solving time per cell, run by run",
                            gen ? "Did a generator get slower or faster from run to run?"
                                : "Did a solver get slower or faster from run to run?",
                            "run (commit order)",
                            gen ? "generation time per cell (ns)" : "solving time per cell (ns)",
                            false, false);
    if (rc != MZO_OK) {
        mzr_styles_free(&st);
        free(pick);
        return rc;
    }
    /* a panel a family (split past MZR_MAX_SERIES series) */
    for (size_t f = 0; f < mzr_nfamilies && rc == MZO_OK; f++) {
        size_t m = 0;
        for (size_t e = 0; e < np; e++) {
            const mzt_sum_group *g = rows[pick[e]].g;
            const mzr_style_entry *se =
                mzr_styles_find(&st, gen ? MZR_FAM_GEN : MZR_FAM_SOLVE, gen ? g->gen : g->solver);
            m += se && se->family == f;
        }
        if (!m)
            continue;
        size_t k = (m + MZR_MAX_SERIES - 1) / MZR_MAX_SERIES, per = (m + k - 1) / k, seen = 0;
        size_t first = c.npanel;
        for (size_t j = 0; j < k && rc == MZO_OK; j++) {
            char title[160];
            if (k > 1)
                snprintf(title, sizeof title, "%s (%zu of %zu)", mzr_families[f].title, j + 1, k);
            else
                snprintf(title, sizeof title, "%s", mzr_families[f].title);
            rc = mzr_chart_add_panel(&c, title, NULL);
        }
        for (size_t e = 0; e < np && rc == MZO_OK; e++) {
            const hrow *w = &rows[pick[e]];
            const mzt_sum_group *g = w->g;
            const char *spec = gen ? g->gen : g->solver;
            const mzr_style_entry *se = mzr_styles_find(&st, gen ? MZR_FAM_GEN : MZR_FAM_SOLVE,
                                                        spec);
            if (!se || se->family != f)
                continue;
            size_t p = first + seen++ / per, s;
            char name[300], grid[128];
            mzt_grid_text(g->topo, g->rows, g->cols, grid, sizeof grid);
            if (gen)
                snprintf(name, sizeof name, "%s (%s)", spec, grid);
            else
                snprintf(name, sizeof name, "%s on %s (%s)", spec, g->gen, grid);
            rc = mzr_chart_add_series(&c, p, name, &s);
            if (rc == MZO_OK)
                rc = mzr_chart_series_style(&c, p, s, se->style);
            for (size_t i = 0; i < h->n && rc == MZO_OK; i++)
                if (isfinite(w->v[i]))
                    rc = mzr_chart_add_point_flag(&c, p, s, (double)(i + 1), w->v[i], NAN, NAN,
                                                  w->verdict[i] == SW_AB_SLOWER ||
                                                      w->verdict[i] == SW_AB_FASTER);
        }
    }
    mzr_styles_free(&st);
    free(pick);
    if (rc == MZO_OK)
        rc = mzr_chart_set_note(
            &c, gen ? "Points: each generator's median time a cell at its largest grid, a run "
                      "each; ringed: compare's test found a change beyond noise from the run "
                      "before (the history tables give the ratio)."
                    : "Points: each solver's median time a cell on its first generator's "
                      "mazes at its largest grid, a run each; ringed: compare's test found a "
                      "change beyond noise from the run before.");
    if (rc == MZO_OK && c.npanel == 1)
        c.panel[0].title[0] = '\0';
    c.xint = true;
    if (rc == MZO_OK) {
        /* log y past a decade */
        double lo = INFINITY, hi = 0;
        for (size_t p = 0; p < c.npanel; p++)
            for (size_t s = 0; s < c.panel[p].nseries; s++)
                for (size_t q = 0; q < c.panel[p].series[s].n; q++) {
                    double y = c.panel[p].series[s].pt[q].y;
                    if (y > 0) {
                        lo = y < lo ? y : lo;
                        hi = y > hi ? y : hi;
                    }
                }
        c.ylog = hi > 10 * lo;
    }
    if (rc != MZO_OK || mzr_chart_drawable(&c) == 0) {
        mzr_chart_free(&c);
        return rc;
    }
    mzr_chart *a = realloc(h->chart, (h->nchart + 1) * sizeof *a);
    if (!a) {
        mzr_chart_free(&c);
        return MZO_FAIL;
    }
    h->chart = a;
    a[h->nchart++] = c;
    return MZO_OK;
}

int mzr_history_build(mzr_report *r, const mzr_input *in, char *err, size_t errlen)
{
    (void)in;
    mzr_history *h = &r->hist;
    if (h->n < 2)
        return MZO_OK;
    hrow *rows = NULL;
    size_t nrows = 0;
    int rc = rows_make(h, &rows, &nrows);
    for (size_t i = 1; i < h->n && rc == MZO_OK; i++)
        rc = test_pair(h, i, rows, nrows);
    size_t changed = 0;
    for (size_t k = 0; k < nrows; k++)
        changed += rows[k].changed;
    if (rc == MZO_OK) {
        char *intro = mzr_xprintf(
            "%zu runs, oldest first; the page's other sections are the newest run's (%s). %s",
            h->n, h->run[h->n - 1].where,
            changed ? "The rows whose cost changed beyond noise between two consecutive runs "
                      "come first; every row follows, collapsed."
                    : "No cost changed beyond noise between two consecutive runs (every row "
                      "follows, collapsed).");
        rc = intro ? MZO_OK : MZO_FAIL;
        free(r->sec[MZR_SEC_HISTORY].intro);
        r->sec[MZR_SEC_HISTORY].intro = intro;
    }
    if (rc == MZO_OK)
        rc = runs_table(r);
    if (rc == MZO_OK && changed)
        rc = cost_table(r, rows, nrows, true);
    if (rc == MZO_OK)
        rc = cost_table(r, rows, nrows, false);
    if (rc == MZO_OK)
        rc = trend_chart(h, rows, nrows, MZT_SUM_GEN);
    if (rc == MZO_OK)
        rc = trend_chart(h, rows, nrows, MZT_SUM_SOLVE);
    rows_free(rows, nrows);
    if (rc != MZO_OK)
        snprintf(err, errlen, "history: out of memory");
    return rc;
}

bool mzr_history_has(const mzr_report *r)
{
    return r->hist.n >= 2 && r->sec[MZR_SEC_HISTORY].ntab > 0;
}

void mzr_history_body(FILE *f, const mzr_report *r, double chart_w, double chart_h)
{
    for (size_t k = 0; k < r->hist.nchart; k++) {
        fputs("<figure class=\"chart\" id=\"chart-", f);
        mzo_xml_text(f, r->hist.chart[k].name);
        fputs("\">\n", f);
        mzr_chart_svg(f, &r->hist.chart[k], chart_w, chart_h);
        fputs("</figure>\n", f);
    }
}

void mzr_history_free(mzr_history *h)
{
    for (size_t k = 0; k < h->n; k++) {
        free(h->run[k].path);
        free(h->run[k].where);
        mzt_summary_free(&h->run[k].sum);
    }
    free(h->run);
    if (h->chart)
        mzr_charts_free(h->chart, h->nchart);
    memset(h, 0, sizeof *h);
}
