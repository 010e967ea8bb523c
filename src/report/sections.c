/*
 * sections.c - the report's sections as one table (rooms.h: id, title,
 * page order, the recognition of an input and its builder) and the
 * builders: the sweep's run, generators, solvers and outside programs, the
 * charts and renders made from it, the stats, scaling and compare CSVs as
 * their commands wrote them, check's JUnit report, the inputs left out.
 * Every table is described by column specs (columns.c).
 */
#define _POSIX_C_SOURCE 200809L
#include "rooms.h"

#include "context.h"

#include "mazebench_render.h"
#include "mazebench_stats.h"
#include "out/out.h"
#include "tools/stats_table.h"
#include "tools/tools.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- the sweep: run, generators, solvers ---- */

static int run_table(mzr_report *r, const char *path)
{
    const mzt_summary *s = &r->sum;
    mzr_table *t;
    if (mzr_new_table(r, MZR_SEC_RUN, "run", "What was run",
                  "From the sweep's header lines: what ran, where, when and under what load.",
                  &t) != MZO_OK ||
        mzr_table_col(t, "item", NULL, "item", MZR_LEFT) != MZO_OK ||
        mzr_table_col(t, "value", NULL, "value", MZR_LEFT) != MZO_OK ||
        mzr_table_set_stat(t, "no statistic: the sweep's header lines as written, and counts") !=
            MZO_OK)
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
    /* the run's context (start, end, load) and a warning in the intro */
    char *warn = NULL;
    rc |= mzr_context_rows(t, s, &warn);
    if (warn) {
        free(r->sec[MZR_SEC_RUN].intro);
        r->sec[MZR_SEC_RUN].intro = warn;
    }
    return rc ? MZO_FAIL : MZO_OK;
}

/* The statistics the columns show, named once. */
static const char STAT_MEDIAN[] = "median [95% interval]";
static const char STAT_SD[] = "mean \xc2\xb1 sd";
static const char STAT_T[] = "mean [95% t-interval]";

static const mzr_colspec SPEC_TIME = {.key = "ns_per_cell", .head = "time",
                                      .unit = "ns/cell", .align = MZR_RIGHT,
                                      .fmt = MZR_FMT_CI, .stat = STAT_MEDIAN};
static const mzr_colspec SPEC_HEAP = {.key = "bytes_per_cell", .head = "heap peak",
                                      .unit = "B/cell", .align = MZR_RIGHT,
                                      .fmt = MZR_FMT_CI, .stat = STAT_MEDIAN};

static const char TIME_NOTE[] =
    "Time and memory a cell: the median over the samples (seeds x reps x rounds) with its "
    "distribution-free 95% interval [x(k), x(n+1-k)] from the order statistics (binomial "
    "ranks; none under 6 samples).";
static const char FIG_NOTE[] =
    "The mazes' figures: the mean over the samples with their sample standard deviation.";

/* What the tables of one kind of group share: which groups, and the shape
 * and source said once (in the note) when every group has the same. */
typedef struct grp_view {
    const mzt_summary *s;
    int kind;
    bool gen;
    const char *topo, *rng;
    bool one_topo, one_rng, show_cells;
    bool time, mem, fig[MZT_FIG_N];
    bool outside;
} grp_view;

static void grp_view_of(const mzr_report *r, int kind, grp_view *v)
{
    const mzt_summary *s = &r->sum;
    memset(v, 0, sizeof *v);
    v->s = s;
    v->kind = kind;
    v->gen = kind == MZT_SUM_GEN;
    v->one_topo = v->one_rng = true;
    for (size_t k = 0; k < s->ngrp; k++) {
        const mzt_sum_group *g = &s->grp[k];
        if (g->kind != kind)
            continue;
        /* columns only where some group has values */
        v->time = v->time || g->time.n;
        v->mem = v->mem || g->memory.n;
        for (int j = 0; j < MZT_FIG_N; j++)
            v->fig[j] = v->fig[j] || g->fig[j].n;
        v->one_topo = v->one_topo && (!v->topo || !strcmp(v->topo, g->topo));
        v->one_rng = v->one_rng && (!v->rng || !strcmp(v->rng, g->rng));
        v->topo = v->topo ? v->topo : g->topo;
        v->rng = v->rng ? v->rng : g->rng;
    }
    /* the cells of square grids are said by the grid */
    v->show_cells = !v->one_topo || strcmp(v->topo, "ortho") != 0;
    for (size_t k = 0; k < r->outside.n && !v->outside; k++)
        v->outside = r->outside.p[k].kind == kind;
}

/* The note of a table: what (TIME_NOTE, FIG_NOTE, a summary's), then the
 * shape and source every row shares, then the outside programs' time. */
static void grp_note(const grp_view *v, const char *what, bool timed, char *note, size_t len)
{
    snprintf(note, len, "%s%s%s%s%s%s", what, v->one_topo || v->one_rng ? " Every row:" : "",
             v->one_topo ? " shape " : "", v->one_topo ? v->topo : "",
             v->one_topo && v->one_rng ? ", source " : v->one_rng ? " source " : "",
             v->one_rng ? v->rng : "");
    if (v->one_topo || v->one_rng)
        strncat(note, ".", len - strlen(note) - 1);
    if (v->outside && timed)
        strncat(note,
                v->gen ? " Outside generators: the time is the program's own where it reports "
                         "one, else the whole process's wall time, start-up included (the "
                         "Outside programs section says which); the built-ins' is in-process "
                         "time; a failed run has no figures."
                       : " Outside solvers: the time is the program's own where it reports "
                         "one, else the whole process's wall time, start-up included (the "
                         "Outside programs section says which); the built-ins' is in-process "
                         "time; a failed run has no figures.",
                len - strlen(note) - 1);
}

/* The columns that name a group: solver, generator, shape, grid, source,
 * cells, count, seeds (each only where it says something). */
static int grp_key_cols(mzr_table *t, const grp_view *v)
{
    int rc = MZO_OK;
    if (!v->gen) {
        rc |= mzr_table_col(t, "solver", NULL, "solver", MZR_LEFT);
        mzr_table_col_code(t);
    }
    rc |= mzr_table_col(t, "generator", NULL, "gen", MZR_LEFT);
    mzr_table_col_code(t);
    if (!v->one_topo)
        rc |= mzr_table_col(t, "shape", NULL, "topology", MZR_LEFT);
    rc |= mzr_table_col(t, "grid", NULL, "grid", MZR_RIGHT);
    if (!v->one_rng)
        rc |= mzr_table_col(t, "source", NULL, "rng", MZR_LEFT);
    if (v->show_cells)
        rc |= mzr_table_col(t, "cells", NULL, "cells", MZR_RIGHT);
    rc |= mzr_table_col(t, v->gen ? "mazes" : "runs", NULL, "n", MZR_RIGHT);
    rc |= mzr_table_col(t, "seeds", NULL, "seeds", MZR_RIGHT);
    return rc ? MZO_FAIL : MZO_OK;
}

/* A new row naming g; the next column in *c. */
static int grp_key_row(mzr_table *t, const grp_view *v, const mzt_sum_group *g, size_t *c)
{
    int rc = mzr_table_row(t);
    *c = 0;
    if (!v->gen)
        rc |= mzr_table_set(t, (*c)++, "%s", g->solver);
    rc |= mzr_table_set(t, (*c)++, "%s", g->gen);
    if (!v->one_topo)
        rc |= mzr_table_set(t, (*c)++, "%s", g->topo);
    char grid[128];
    mzt_grid_text(g->topo, g->rows, g->cols, grid, sizeof grid);
    rc |= mzr_table_set(t, (*c)++, "%s", grid);
    if (!v->one_rng)
        rc |= mzr_table_set(t, (*c)++, "%s", g->rng);
    if (v->show_cells)
        rc |= mzr_table_set(t, (*c)++, "%llu", (unsigned long long)g->cells);
    rc |= mzr_table_set(t, (*c)++, "%zu", g->n);
    rc |= mzr_table_set(t, (*c)++, "%zu", g->seeds);
    return rc ? MZO_FAIL : MZO_OK;
}

/* The full table of the timings: a row a group, its median time and heap
 * a cell with their intervals. */
static int grp_time_table(mzr_report *r, const grp_view *v, bool appendix)
{
    char note[2048];
    grp_note(v, TIME_NOTE, true, note, sizeof note);
    bool noisy = false;
    for (size_t k = 0; k < v->s->ngrp; k++)
        noisy = noisy || (v->s->grp[k].kind == v->kind && v->s->grp[k].time.noisy);
    if (noisy && v->time)
        snprintf(note + strlen(note), sizeof note - strlen(note), " %s", MZR_NOISE_NOTE);
    mzr_table *t;
    int rc = mzr_new_table(r, v->gen ? MZR_SEC_GENERATORS : MZR_SEC_SOLVERS,
                           v->gen ? "generators" : "solvers",
                           v->gen ? "Generators by size" : "Solvers by generator and size", note,
                           &t);
    if (rc != MZO_OK)
        return rc;
    t->appendix = appendix;
    rc |= grp_key_cols(t, v);
    const size_t c_time = t->ncols;
    if (v->time)
        rc |= mzr_spec_col(t, &SPEC_TIME);
    const size_t c_mem = t->ncols;
    if (v->mem)
        rc |= mzr_spec_col(t, &SPEC_HEAP);
    for (size_t k = 0; rc == MZO_OK && k < v->s->ngrp; k++) {
        const mzt_sum_group *g = &v->s->grp[k];
        if (g->kind != v->kind)
            continue;
        size_t c;
        rc |= grp_key_row(t, v, g, &c);
        if (v->time)
            rc |= mzr_spec_set_num(t, c_time, &SPEC_TIME,
                                   (const double[3]){g->time.med, g->time.lo, g->time.hi}) |
                  mzr_noise_mark(t, c_time, &g->time, NULL);
        if (v->mem)
            rc |= mzr_spec_set_num(t, c_mem, &SPEC_HEAP,
                                   (const double[3]){g->memory.med, g->memory.lo,
                                                     g->memory.hi});
    }
    return rc == MZO_OK ? mzr_table_state(t, NULL) : MZO_FAIL;
}

/* The full table of the mazes' figures: a row a group, each figure's mean
 * and sd (one statistic: a table of its own). */
static int grp_fig_table(mzr_report *r, const grp_view *v, bool appendix)
{
    bool any = false;
    for (int j = 0; j < MZT_FIG_N; j++)
        any = any || (mzt_fig[j].kind == v->kind && v->fig[j]);
    if (!any)
        return MZO_OK;
    char note[1536];
    grp_note(v, FIG_NOTE, false, note, sizeof note);
    mzr_table *t;
    int rc = mzr_new_table(r, v->gen ? MZR_SEC_GENERATORS : MZR_SEC_SOLVERS,
                           v->gen ? "generators-figures" : "solvers-figures",
                           v->gen ? "The mazes by generator and size"
                                  : "The solutions by solver, generator and size",
                           note, &t);
    if (rc != MZO_OK)
        return rc;
    t->appendix = appendix;
    rc |= grp_key_cols(t, v);
    size_t c_fig[MZT_FIG_N];
    mzr_colspec fspec[MZT_FIG_N];
    char fkey[MZT_FIG_N][64];
    for (int j = 0; j < MZT_FIG_N; j++) {
        c_fig[j] = t->ncols;
        if (mzt_fig[j].kind != v->kind || !v->fig[j])
            continue;
        snprintf(fkey[j], sizeof fkey[j], "%s%s", mzt_fig[j].name,
                 mzt_fig[j].per_cell ? "_pct" : "");
        fspec[j] = (mzr_colspec){.key = fkey[j], .head = mzt_fig[j].label,
                                 .unit = mzt_fig[j].per_cell ? "%" : "cells",
                                 .align = MZR_RIGHT, .fmt = MZR_FMT_SD,
                                 .scale = mzt_fig[j].per_cell ? 100 : 1, .stat = STAT_SD};
        rc |= mzr_spec_col(t, &fspec[j]);
    }
    for (size_t k = 0; rc == MZO_OK && k < v->s->ngrp; k++) {
        const mzt_sum_group *g = &v->s->grp[k];
        if (g->kind != v->kind)
            continue;
        size_t c;
        rc |= grp_key_row(t, v, g, &c);
        for (int j = 0; j < MZT_FIG_N; j++)
            if (mzt_fig[j].kind == v->kind && v->fig[j])
                rc |= mzr_spec_set_num(t, c_fig[j], &fspec[j],
                                       (const double[2]){g->fig[j].mean, g->fig[j].sd});
    }
    return rc == MZO_OK ? mzr_table_state(t, NULL) : MZO_FAIL;
}

/* The summary a page holds: a row a generator (or solver), a column a
 * grid, in size order. A generator's cell: its median time a cell with the
 * interval; a solver's: the median over the generators of its median time
 * a cell on their mazes (the full table has each pair). At most this many
 * grids (more: the full tables alone). */
#define SUMMARY_GRIDS 8

/* The name of g's summary row: its generator or solver, with the shape and
 * source where they vary. */
static void grp_row_name(const grp_view *v, const mzt_sum_group *g, char *buf, size_t len)
{
    snprintf(buf, len, "%s%s%s%s%s", v->gen ? g->gen : g->solver, v->one_topo ? "" : "\x1f",
             v->one_topo ? "" : g->topo, v->one_rng ? "" : "\x1f", v->one_rng ? "" : g->rng);
}

/* Do two groups of one row name (without the source), generator and grid
 * differ in their source alone? Else a summary needs no source column: a sweep
 * whose largest mazes draw from another source (past the first's budget)
 * keeps one row a generator. */
static bool rng_splits(const grp_view *v)
{
    const mzt_summary *s = v->s;
    grp_view nv = *v;
    nv.one_rng = true;
    for (size_t a = 0; a < s->ngrp; a++)
        for (size_t b = a + 1; b < s->ngrp; b++) {
            const mzt_sum_group *x = &s->grp[a], *y = &s->grp[b];
            /* (a solver's row gathers its generators: the same generator
             * too) */
            if (x->kind != v->kind || y->kind != v->kind || !strcmp(x->rng, y->rng) ||
                strcmp(x->rows, y->rows) || strcmp(x->cols, y->cols) ||
                strcmp(x->topo, y->topo) || strcmp(x->gen, y->gen))
                continue;
            char nx[256], ny[256];
            grp_row_name(&nv, x, nx, sizeof nx);
            grp_row_name(&nv, y, ny, sizeof ny);
            if (!strcmp(nx, ny))
                return true;
        }
    return false;
}

static int grp_summary(mzr_report *r, const grp_view *v0, bool *made)
{
    *made = false;
    grp_view sv = *v0;
    if (!sv.one_rng && !rng_splits(&sv)) {
        sv.one_rng = true;
        sv.rng = "each group's own (the full tables name it)";
    }
    const grp_view *v = &sv;
    const mzt_summary *s = v->s;
    /* the grids, by cells then text */
    char grid[SUMMARY_GRIDS][128];
    uint64_t cells[SUMMARY_GRIDS];
    size_t ngrid = 0;
    for (size_t k = 0; k < s->ngrp; k++) {
        const mzt_sum_group *g = &s->grp[k];
        if (g->kind != v->kind)
            continue;
        char gt[128];
        mzt_grid_text(g->topo, g->rows, g->cols, gt, sizeof gt);
        size_t j = 0;
        while (j < ngrid && strcmp(grid[j], gt) != 0)
            j++;
        if (j < ngrid)
            continue;
        if (ngrid == SUMMARY_GRIDS)
            return MZO_OK; /* too many grids for a page's width */
        size_t at = ngrid++;
        while (at > 0 && (cells[at - 1] > g->cells ||
                          (cells[at - 1] == g->cells && strcmp(grid[at - 1], gt) > 0))) {
            memcpy(grid[at], grid[at - 1], sizeof grid[at]);
            cells[at] = cells[at - 1];
            at--;
        }
        snprintf(grid[at], sizeof grid[at], "%s", gt);
        cells[at] = g->cells;
    }
    /* the rows, in order of first appearance */
    size_t nrow = 0;
    char(*row)[256] = calloc(s->ngrp ? s->ngrp : 1, sizeof *row);
    double *x = calloc(s->ngrp ? s->ngrp : 1, sizeof *x);
    if (!row || !x) {
        free(row);
        free(x);
        return MZO_FAIL;
    }
    for (size_t k = 0; k < s->ngrp; k++) {
        const mzt_sum_group *g = &s->grp[k];
        if (g->kind != v->kind)
            continue;
        char nm[256];
        grp_row_name(v, g, nm, sizeof nm);
        size_t j = 0;
        while (j < nrow && strcmp(row[j], nm) != 0)
            j++;
        if (j == nrow)
            snprintf(row[nrow++], sizeof row[0], "%s", nm);
    }
    char note[1536];
    grp_note(v,
             v->gen ? "A row a generator, a column a grid: the median time a cell over the "
                      "samples (seeds x reps x rounds) with its distribution-free 95% interval. "
                      "The full tables below (collapsed; generators.csv and "
                      "generators-figures.csv with --csv) have the heap and the mazes' figures."
                    : "A row a solver, a column a grid: the median, over the generators, of the "
                      "solver's median time a cell on each generator's mazes of that grid. The "
                      "full tables below (collapsed; solvers.csv and solvers-figures.csv with "
                      "--csv) have every solver and generator with its 95% interval, the heap "
                      "and the solutions' figures.",
             true, note, sizeof note);
    bool noisy = false;
    for (size_t k = 0; v->gen && k < s->ngrp; k++)
        noisy = noisy || (s->grp[k].kind == v->kind && s->grp[k].time.noisy);
    if (noisy)
        snprintf(note + strlen(note), sizeof note - strlen(note), " %s", MZR_NOISE_NOTE);
    mzr_table *t;
    int rc = mzr_new_table(r, v->gen ? MZR_SEC_GENERATORS : MZR_SEC_SOLVERS,
                           v->gen ? "generators-by-size" : "solvers-by-size",
                           v->gen ? "Generators: time a cell by grid" : "Solvers: time a cell by grid",
                           note, &t);
    if (rc != MZO_OK) {
        free(row);
        free(x);
        return rc;
    }
    rc |= mzr_table_col(t, v->gen ? "generator" : "solver", NULL, v->gen ? "gen" : "solver",
                        MZR_LEFT);
    mzr_table_col_code(t);
    if (!v->one_topo)
        rc |= mzr_table_col(t, "shape", NULL, "topology", MZR_LEFT);
    if (!v->one_rng)
        rc |= mzr_table_col(t, "source", NULL, "rng", MZR_LEFT);
    if (!v->gen)
        rc |= mzr_table_col(t, "generators", NULL, "generators", MZR_RIGHT);
    const size_t c0 = t->ncols;
    /* the unit said once, with the statistic (a column a grid) */
    const mzr_colspec gen_cell = {.align = MZR_RIGHT, .fmt = MZR_FMT_CI,
                                  .stat = "median [95% interval], ns/cell"};
    const mzr_colspec solve_cell = {.align = MZR_RIGHT, .fmt = MZR_FMT_NUM,
                                    .stat = "median over the generators of the median time a "
                                            "cell, ns/cell"};
    for (size_t j = 0; j < ngrid; j++) {
        char key[160];
        snprintf(key, sizeof key, "ns_per_cell_%s", grid[j]);
        for (char *p = key; *p; p++) /* a CSV name: [a-z0-9_] */
            if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9')))
                *p = '_';
        mzr_colspec cs = v->gen ? gen_cell : solve_cell;
        cs.key = key;
        cs.head = grid[j];
        rc |= mzr_spec_col(t, &cs);
    }
    for (size_t i = 0; rc == MZO_OK && i < nrow; i++) {
        rc |= mzr_table_row(t);
        size_t c = 0, ngens = 0;
        for (size_t j = 0; j < ngrid; j++) {
            size_t nx = 0;
            const mzt_sum_group *one = NULL;
            for (size_t k = 0; k < s->ngrp; k++) {
                const mzt_sum_group *g = &s->grp[k];
                if (g->kind != v->kind || !g->time.n || isnan(g->time.med))
                    continue;
                char nm[256], gt[128];
                grp_row_name(v, g, nm, sizeof nm);
                mzt_grid_text(g->topo, g->rows, g->cols, gt, sizeof gt);
                if (strcmp(nm, row[i]) || strcmp(gt, grid[j]))
                    continue;
                if (!one) {
                    one = g;
                    if (c == 0) {
                        /* the row's names from its first group */
                        rc |= mzr_table_set(t, c++, "%s", v->gen ? g->gen : g->solver);
                        if (!v->one_topo)
                            rc |= mzr_table_set(t, c++, "%s", g->topo);
                        if (!v->one_rng)
                            rc |= mzr_table_set(t, c++, "%s", g->rng);
                    }
                }
                x[nx++] = g->time.med;
            }
            ngens = nx > ngens ? nx : ngens;
            if (!one)
                continue;
            if (v->gen) {
                rc |= mzr_spec_set_num(t, c0 + j, &gen_cell,
                                       (const double[3]){one->time.med, one->time.lo,
                                                         one->time.hi}) |
                      mzr_noise_mark(t, c0 + j, &one->time, NULL);
            } else {
                mzt_median m;
                mzt_median_ci(x, nx, &m);
                rc |= mzr_spec_set_num(t, c0 + j, &solve_cell, (const double[1]){m.med});
            }
        }
        if (!v->gen)
            rc |= mzr_table_set(t, c0 - 1, "%zu", ngens);
    }
    free(row);
    free(x);
    if (rc != MZO_OK)
        return MZO_FAIL;
    *made = true;
    return mzr_table_state(t, NULL);
}

static int group_tables(mzr_report *r)
{
    const mzt_summary *s = &r->sum;
    for (int kind = MZT_SUM_GEN; kind <= MZT_SUM_SOLVE; kind++) {
        if ((kind == MZT_SUM_GEN ? s->ngen : s->nsolve) == 0)
            continue;
        grp_view v;
        grp_view_of(r, kind, &v);
        /* the page holds the summary; the full tables are collapsed under
         * it (and CSV files): without timings, the figures alone */
        bool summary = false;
        if (v.time && grp_summary(r, &v, &summary) != MZO_OK)
            return MZO_FAIL;
        if ((v.time || v.mem) && grp_time_table(r, &v, summary) != MZO_OK)
            return MZO_FAIL;
        if (grp_fig_table(r, &v, summary || v.time || v.mem) != MZO_OK)
            return MZO_FAIL;
    }
    return MZO_OK;
}

static int add_sweep(mzr_report *r, const char *path)
{
    if (r->have_sweep)
        return mzr_add_left(r, path, false,
                        "a second sweep: a report summarises one run ('%s'); give this one alone "
                        "for its own report",
                        r->sum.path);
    mzt_err err;
    int rc = mzt_summary_read(&r->sum, path, &err);
    if (rc == MZT_FAIL && !strcmp(err.msg, "out of memory"))
        return MZO_FAIL;
    if (rc != MZT_OK) {
        mzt_summary_free(&r->sum);
        return mzr_add_left(r, path, true, "%s", err.msg);
    }
    if (!(r->sum.path = mzr_dupstr(path)))
        return MZO_FAIL;
    r->have_sweep = true;
    char why[512];
    if (mzr_outside_read(&r->outside, path, &r->sum, why, sizeof why) != MZO_OK)
        return strcmp(why, "out of memory") ? mzr_add_left(r, path, true, "%s", why) : MZO_FAIL;
    if (run_table(r, path) != MZO_OK || group_tables(r) != MZO_OK)
        return MZO_FAIL;
    if (r->outside.n) {
        mzr_table *t;
        if (mzr_new_table(r, MZR_SEC_OUTSIDE, "outside", "", "", &t) != MZO_OK)
            return MZO_FAIL;
        mzr_table_free(t);
        if (mzr_outside_table(&r->outside, t) != MZO_OK ||
            mzr_table_set_stat(t, "no statistic: counts of runs by status") != MZO_OK)
            return MZO_FAIL;
    }
    return MZO_OK; /* the sniffer counts it used */
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
        return mzr_add_left(r, path, true, "'%s': a JUnit report without its counts", path);
    char id[80], title[512];
    mzr_unique_id(r, "check", id, sizeof id);
    snprintf(title, sizeof title, "Check: %s cases, %s failed, %s skipped (%s)", tests, failures,
             skipped, path);
    mzr_table *t;
    if (mzr_new_table(r, MZR_SEC_CHECK, id, title,
                  "From 'mazebench check --junit': each row of the checked file re-run and "
                  "compared; listed here, the cases that failed or were skipped.",
                  &t) != MZO_OK)
        return MZO_FAIL;
    int rc = mzr_table_col(t, "case", NULL, "case", MZR_LEFT) |
             mzr_table_col(t, "result", NULL, "result", MZR_CENTER) |
             mzr_table_col(t, "message", NULL, "message", MZR_LEFT) |
             mzr_table_set_stat(t, "no statistic: the cases as the JUnit report has them");
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

/* The render size of a shape: about 15 cells a side. */
static bool render_dims(const char *topo, mz_dims *geo)
{
    mz_shape shape;
    uint64_t levels;
    if (mz_shape_column_parse(topo, &shape, &levels) != MZ_OK)
        return false;
    /* the shape's picture grid, at most the levels of the runs */
    if (mz_shape_grids(shape, MZ_GRIDS_PICTURE, geo, 1) != 1)
        return false;
    if (mz_shape_layered(shape) && levels < geo->levels)
        geo->levels = levels;
    return mz_dims_cells(geo) > 0;
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
            mzr_base64(f, m.p, m.n);
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

/* ---- the left-out list as a table (for every writer) ---- */

static int left_table(const mzr_report *r, mzr_table *t)
{
    int rc = mzr_table_init(t, "left-out", "Inputs left out", "");
    rc |= mzr_table_col(t, "input", NULL, "input", MZR_LEFT);
    rc |= mzr_table_col(t, "why", NULL, "why", MZR_LEFT);
    rc |= mzr_table_set_stat(t, "no statistic: each input left out and why");
    for (size_t k = 0; rc == MZO_OK && k < r->nleft; k++)
        rc |= mzr_table_row(t) | mzr_table_set(t, 0, "%s", r->left[k].path) |
              mzr_table_set(t, 1, "%s", r->left[k].why);
    return rc;
}


/* ---- CSV files as their commands wrote them ---- */

/* stats: one row a (gen, topology, rows, cols, rng), its figures pivoted
 * from the file's rows (one a figure); the dead ends against the
 * published value (mzt_published_check, as 'stats'). */
enum { ST_GEN, ST_TOPO, ST_GRID, ST_SEEDS, ST_DEAD, ST_PUB, ST_VERDICT, ST_SRC, ST_ROUTE,
       ST_LONGEST, ST_N };
static const mzr_colspec STATS_COLS[ST_N] = {
    [ST_GEN] = {.key = "gen", .head = "generator", .fmt = MZR_FMT_CODE, .src = {"gen"}},
    [ST_TOPO] = {.key = "topology", .head = "shape", .src = {"topology"}, .empty = "ortho"},
    [ST_GRID] = {.key = "grid", .head = "grid", .align = MZR_RIGHT, .fmt = MZR_FMT_GRID,
                 .src = {"topology", "rows", "cols"}},
    [ST_SEEDS] = {.key = "seeds", .head = "seeds", .align = MZR_RIGHT, .src = {"seeds"}},
    [ST_DEAD] = {.key = "dead_ends_pct", .head = "dead ends", .unit = "%",
                 .align = MZR_RIGHT, .fmt = MZR_FMT_CI, .scale = 100, .stat = STAT_T},
    [ST_PUB] = {.key = "published_pct", .head = "published", .unit = "%", .align = MZR_RIGHT},
    [ST_VERDICT] = {.key = "verdict", .head = "verdict", .align = MZR_CENTER},
    [ST_SRC] = {.key = "published_source", .head = "source"},
    [ST_ROUTE] = {.key = "route", .head = "route", .unit = "cells", .align = MZR_RIGHT,
                  .fmt = MZR_FMT_CI, .stat = STAT_T},
    [ST_LONGEST] = {.key = "longest", .head = "longest", .unit = "cells",
                    .align = MZR_RIGHT, .fmt = MZR_FMT_CI, .stat = STAT_T},
};

static int add_stats(mzr_report *r, const char *path, const mzr_csvdoc *d)
{
    char stem[64], id[80];
    mzr_stem_of(path, stem, sizeof stem);
    mzr_unique_id(r, stem, id, sizeof id);
    char title[512];
    snprintf(title, sizeof title, "Statistics over seeds (%s)", path);
    mzr_table *t;
    if (mzr_new_table(r, MZR_SEC_STATS, id, title,
                      "Means with their 95% t-intervals over seeds, as 'mazebench stats' wrote "
                      "them; the verdict is the one the file holds, else the stats library's "
                      "published-value check (the interval meets the published band widened by "
                      "half a percent).",
                      &t) != MZO_OK)
        return MZO_FAIL;
    int rc = mzr_spec_cols(t, STATS_COLS, ST_N);
    const size_t c_gen = mzr_csv_col(d, "gen"), c_topo = mzr_csv_col(d, "topology"),
                 c_rows = mzr_csv_col(d, "rows"), c_cols = mzr_csv_col(d, "cols"),
                 c_stat = mzr_csv_col(d, "stat"), c_n = mzr_csv_col(d, "n"),
                 c_mean = mzr_csv_col(d, "mean"), c_sd = mzr_csv_col(d, "sd"),
                 c_se = mzr_csv_col(d, "se"), c_lo = mzr_csv_col(d, "ci95_lo"),
                 c_hi = mzr_csv_col(d, "ci95_hi"), c_plo = mzr_csv_col(d, "published_lo"),
                 c_phi = mzr_csv_col(d, "published_hi"),
                 c_src = mzr_csv_col(d, "published_source"), c_rng = mzr_csv_col(d, "rng"),
                 c_verdict = mzr_csv_col(d, "published_verdict");
    /* one row a (gen, topology, rows, cols, rng): its figures follow one
     * another in the file */
    for (size_t k = 0; rc == MZO_OK && k < d->nrows; k++) {
        const size_t key[] = {c_gen, c_topo, c_rows, c_cols, c_rng};
        bool same = k > 0;
        for (size_t j = 0; j < sizeof key / sizeof *key && same; j++)
            same = !strcmp(mzr_csv_at(d, k, key[j]), mzr_csv_at(d, k - 1, key[j]));
        if (!same) {
            rc |= mzr_table_row(t);
            for (size_t j = ST_GEN; j <= ST_SEEDS; j++)
                rc |= mzr_spec_set_csv(t, j, &STATS_COLS[j], d, k);
        }
        const char *stat = mzr_csv_at(d, k, c_stat);
        const double v[3] = {mzr_fnum(mzr_csv_at(d, k, c_mean)), mzr_fnum(mzr_csv_at(d, k, c_lo)),
                             mzr_fnum(mzr_csv_at(d, k, c_hi))};
        if (!strcmp(stat, "dead_ends")) {
            rc |= mzr_spec_set_num(t, ST_DEAD, &STATS_COLS[ST_DEAD], v);
            const double plo = mzr_fnum(mzr_csv_at(d, k, c_plo)),
                         phi = mzr_fnum(mzr_csv_at(d, k, c_phi));
            if (!isnan(plo) && !isnan(phi)) {
                char a[64], b[64];
                mzr_num(a, sizeof a, plo * 100);
                mzr_num(b, sizeof b, phi * 100);
                rc |= plo == phi ? mzr_table_set(t, ST_PUB, "%s", a)
                                 : mzr_table_set(t, ST_PUB, "%s-%s", a, b);
                mz_summary sm = {0};
                double n = mzr_fnum(mzr_csv_at(d, k, c_n));
                sm.n = isnan(n) || n < 0 ? 0 : (uint64_t)n;
                sm.mean = v[0];
                sm.sd = mzr_fnum(mzr_csv_at(d, k, c_sd));
                sm.se = mzr_fnum(mzr_csv_at(d, k, c_se));
                sm.ci_lo = v[1];
                sm.ci_hi = v[2];
                mzt_published pub;
                memset(&pub, 0, sizeof pub);
                pub.lo = plo * 100;
                pub.hi = phi * 100;
                mzt_pub_check chk;
                mzt_published_check(&sm, &pub, &chk);
                /* the verdict 'stats' wrote, when the file has it */
                const char *vd = mzr_csv_at(d, k, c_verdict);
                rc |= mzr_table_set(t, ST_VERDICT, "%s", *vd ? vd : mzt_verdict_name(chk.verdict));
                rc |= mzr_table_set(t, ST_SRC, "%s", mzr_csv_at(d, k, c_src));
            }
        } else if (!strcmp(stat, "route")) {
            rc |= mzr_spec_set_num(t, ST_ROUTE, &STATS_COLS[ST_ROUTE], v);
        } else if (!strcmp(stat, "longest")) {
            rc |= mzr_spec_set_num(t, ST_LONGEST, &STATS_COLS[ST_LONGEST], v);
        }
    }
    mzr_table_drop_empty(t);
    return rc == MZO_OK ? mzr_table_state(t, NULL) : MZO_FAIL;
}

static const mzr_colspec FITS_COLS[] = {
    {.key = "gen", .head = "generator", .fmt = MZR_FMT_CODE, .src = {"gen"}},
    {.key = "topology", .head = "shape", .src = {"topology"}},
    {.key = "sizes", .head = "sizes", .align = MZR_RIGHT, .src = {"sizes"}},
    {.key = "seeds", .head = "seeds", .align = MZR_RIGHT, .src = {"seeds"}},
    {.key = "n_range", .head = "n", .align = MZR_RIGHT, .fmt = MZR_FMT_JOIN,
     .src = {"n_min", "n_max"}, .sep = "-"},
    {.key = "exponent", .head = "exponent", .align = MZR_RIGHT,
     .fmt = MZR_FMT_CI_ASIS, .src = {"exponent", "ci95_lo", "ci95_hi"},
     .stat = "fitted exponent [95% interval]"},
    {.key = "r2", .head = "R\xc2\xb2", .align = MZR_RIGHT, .src = {"r2"}},
    {.key = "local_slope", .head = "local slope", .align = MZR_RIGHT, .src = {"local_slope"}},
    {.key = "published", .head = "published", .align = MZR_RIGHT, .src = {"published"}},
    {.key = "published_inside", .head = "inside", .align = MZR_CENTER,
     .src = {"published_inside"}},
};

static const mzr_colspec POINTS_COLS[] = {
    {.key = "gen", .head = "generator", .fmt = MZR_FMT_CODE, .src = {"gen"}},
    {.key = "topology", .head = "shape", .src = {"topology"}},
    {.key = "n", .head = "n", .align = MZR_RIGHT, .src = {"n"}},
    {.key = "seeds", .head = "seeds", .align = MZR_RIGHT, .src = {"seeds"}},
    {.key = "route", .head = "route", .unit = "cells", .align = MZR_RIGHT, .fmt = MZR_FMT_SD,
     .src = {"route_mean", "route_sd"}, .stat = STAT_SD},
    {.key = "fit_route", .head = "fit", .unit = "cells", .align = MZR_RIGHT, .fmt = MZR_FMT_NUM,
     .src = {"fit_route"}},
    {.key = "theory_route", .head = "theory", .unit = "cells", .align = MZR_RIGHT,
     .fmt = MZR_FMT_NUM, .src = {"theory_route"}},
    {.key = "local_slope", .head = "local slope", .align = MZR_RIGHT, .fmt = MZR_FMT_NUM,
     .src = {"local_slope"}},
};

#define SCALE_NUM(k, h, u, st)                                                                 \
    {.key = k, .head = h, .unit = u, .align = MZR_RIGHT, .fmt = MZR_FMT_NUM, .src = {k},       \
     .stat = st}
static const mzr_colspec SCALE_COLS[] = {
    {.key = "gen", .head = "generator", .unit = "", .fmt = MZR_FMT_CODE, .src = {"gen"}},
    {.key = "solver", .head = "solver", .unit = "", .fmt = MZR_FMT_CODE, .src = {"solver"}},
    {.key = "seed", .head = "seed", .unit = "", .align = MZR_RIGHT, .src = {"seed"}},
    {.key = "reps", .head = "reps", .unit = "", .align = MZR_RIGHT, .src = {"reps"}},
    {.key = "cells", .head = "cells", .unit = "", .align = MZR_RIGHT, .src = {"cells"}},
    SCALE_NUM("gen_ns_per_cell", "generate", "ns/cell", "median over the reps"),
    SCALE_NUM("gen_min_ns_per_cell", "fastest generate", "ns/cell", "the fastest rep"),
    SCALE_NUM("gen_heap_bytes_per_cell", "generate heap", "B/cell", NULL),
    SCALE_NUM("solve_ns_per_cell", "solve", "ns/cell", "median over the reps"),
    SCALE_NUM("solve_min_ns_per_cell", "fastest solve", "ns/cell", "the fastest rep"),
    SCALE_NUM("solve_heap_bytes_per_cell", "solve heap", "B/cell", NULL),
    SCALE_NUM("peak_rss_kb", "peak RSS", "KiB", NULL),
};

#define NSPEC(a) (sizeof(a) / sizeof *(a))

/* A table of one row a row of d, in section s. */
static int csv_table(mzr_report *r, const mzr_csvdoc *d, const char *base, bool stem,
                     const char *path, const char *title_fmt, const char *note,
                     const mzr_colspec *specs, size_t n)
{
    char b[64], id[80], title[512];
    if (stem)
        mzr_stem_of(path, b, sizeof b);
    mzr_unique_id(r, stem ? b : base, id, sizeof id);
    snprintf(title, sizeof title, title_fmt, path);
    mzr_table *t;
    if (mzr_new_table(r, MZR_SEC_SCALING, id, title, note, &t) != MZO_OK)
        return MZO_FAIL;
    return mzr_spec_fill_csv(t, specs, n, d);
}

static const char *const FITS[] = {"gen", "exponent", "ci95_lo", "ci95_hi", NULL};
static const char *const POINTS[] = {"gen", "n", "route_mean", "fit_route", NULL};
static const char *const SCALE[] = {"gen", "gen_ns_per_cell", "solve_ns_per_cell", NULL};
static const char *const STATS[] = {"gen", "stat", "n", "mean", "ci95_lo", "ci95_hi", "seeds",
                                    NULL};
static const char *const COMPARE[] = {"level", "kind", "ratio", "verdict", NULL};
static const char *const SWEEP[] = {"gen", "seed", "rows", "cols", NULL};

static int add_scaling(mzr_report *r, const char *path, const mzr_csvdoc *d)
{
    if (mzr_csv_has(d, SCALE))
        return csv_table(r, d, NULL, true, path, "Cost a cell as the maze grows (%s)",
                         "As 'mazebench scale' wrote them: the median time a cell over the "
                         "reps, the fastest rep, and the heap peak a cell.",
                         SCALE_COLS, NSPEC(SCALE_COLS));
    if (mzr_csv_has(d, FITS))
        return csv_table(r, d, "scaling-fits", false, path,
                         "Route length against size: power-law fits (%s)",
                         "route ~ n^exponent fitted by 'mazebench scaling' (mz_powfit) on "
                         "log-log axes, with the exponent's 95% interval, as fits.csv holds "
                         "them.",
                         FITS_COLS, NSPEC(FITS_COLS));
    return csv_table(r, d, "scaling-points", false, path, "Route length by size (%s)",
                     "The points behind the fits: the route's mean and sd over seeds, the "
                     "fit's and the theory's value at n, as points.csv holds them.",
                     POINTS_COLS, NSPEC(POINTS_COLS));
}

static const mzr_colspec COMPARE_COLS[] = {
    {.key = "kind", .head = "kind", .src = {"kind"}},
    {.key = "gen", .head = "generator", .fmt = MZR_FMT_CODE, .src = {"gen"}},
    {.key = "seed", .head = "seed", .align = MZR_RIGHT, .src = {"seed"}}, /* recipes only */
    {.key = "solver", .head = "solver", .fmt = MZR_FMT_CODE, .src = {"solver"}},
    {.key = "grid", .head = "grid", .align = MZR_RIGHT, .fmt = MZR_FMT_GRID,
     .src = {"topology", "rows", "cols"}},
    {.key = "rng", .head = "source", .src = {"rng"}},
    {.key = "n", .head = "n base/new", .align = MZR_RIGHT, .fmt = MZR_FMT_JOIN,
     .src = {"n_base", "n_new"}, .sep = "/"},
    {.key = "ratio", .head = "ratio", .align = MZR_RIGHT, .fmt = MZR_FMT_CI,
     .src = {"ratio", "ci_lo", "ci_hi"}, .stat = "ratio of medians [95% interval]"},
    {.key = "p_adj", .head = "p adj", .align = MZR_RIGHT, .fmt = MZR_FMT_NUM, .src = {"p_adj"}},
    {.key = "test", .head = "test", .src = {"test"}},
    {.key = "verdict", .head = "verdict", .align = MZR_CENTER, .src = {"verdict"}},
    {.key = "note", .head = "note", .src = {"note"}},
};
enum { CMP_SEED = 2 };

static int add_compare(mzr_report *r, const char *path, const mzr_csvdoc *d)
{
    const size_t c_level = mzr_csv_col(d, "level"), c_verdict = mzr_csv_col(d, "verdict");
    int rc = MZO_OK;
    /* the tally of the verdicts at each level */
    size_t count[2][3] = {{0}};
    static const char *const vname[3] = {"slower", "faster", "unchanged"};
    for (size_t k = 0; k < d->nrows; k++) {
        const int lv = !strcmp(mzr_csv_at(d, k, c_level), "algorithm");
        for (int v = 0; v < 3; v++)
            count[lv][v] += !strcmp(mzr_csv_at(d, k, c_verdict), vname[v]);
    }
    for (int pass = 0; pass < 2; pass++) {
        /* pass 0: algorithms (every one); pass 1: recipes that changed */
        char id[80], title[512];
        mzr_unique_id(r, pass ? "compare-recipes" : "compare", id, sizeof id);
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
        if (mzr_new_table(r, MZR_SEC_COMPARE, id, title,
                          "As 'mazebench compare --format csv' wrote them: the ratio of the new "
                          "median time to the base's with its 95% interval, Holm-adjusted p, the "
                          "test and the verdict (docs/compare.md).",
                          &t) != MZO_OK)
            return MZO_FAIL;
        for (size_t j = 0; j < NSPEC(COMPARE_COLS); j++)
            if (pass || j != CMP_SEED)
                rc |= mzr_spec_col(t, &COMPARE_COLS[j]);
        for (size_t k = 0; rc == MZO_OK && k < d->nrows; k++) {
            const bool algo = !strcmp(mzr_csv_at(d, k, c_level), "algorithm");
            const char *v = mzr_csv_at(d, k, c_verdict);
            if (pass ? algo || !strcmp(v, "unchanged") : !algo)
                continue;
            rc |= mzr_table_row(t);
            for (size_t j = 0, c = 0; j < NSPEC(COMPARE_COLS); j++)
                if (pass || j != CMP_SEED)
                    rc |= mzr_spec_set_csv(t, c++, &COMPARE_COLS[j], d, k);
        }
        mzr_table_drop_empty(t);
        rc |= mzr_table_state(t, NULL);
    }
    return rc ? MZO_FAIL : MZO_OK;
}

/* ---- the section table's entries ---- */

static bool is_sweep(const mzr_input *in)
{
    return !in->xml && mzr_csv_has(&in->csv, SWEEP);
}

static int build_sweep(mzr_report *r, const mzr_input *in, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    return add_sweep(r, in->path);
}

static bool is_stats(const mzr_input *in)
{
    return !in->xml && mzr_csv_has(&in->csv, STATS);
}

static int build_stats(mzr_report *r, const mzr_input *in, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    return add_stats(r, in->path, &in->csv);
}

static bool is_scaling(const mzr_input *in)
{
    return !in->xml && (mzr_csv_has(&in->csv, SCALE) || mzr_csv_has(&in->csv, FITS) ||
                        mzr_csv_has(&in->csv, POINTS));
}

static int build_scaling(mzr_report *r, const mzr_input *in, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    return add_scaling(r, in->path, &in->csv);
}

static bool is_compare(const mzr_input *in)
{
    return !in->xml && mzr_csv_has(&in->csv, COMPARE);
}

static int build_compare(mzr_report *r, const mzr_input *in, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    return add_compare(r, in->path, &in->csv);
}

static bool is_check(const mzr_input *in)
{
    return in->xml && strstr(in->text, "<testsuites name=\"mazebench check\"");
}

static int build_check(mzr_report *r, const mzr_input *in, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    return add_check(r, in->path, in->text);
}

static int build_charts(mzr_report *r, const mzr_input *in, char *err, size_t errlen)
{
    (void)in;
    if (!r->have_sweep)
        return MZO_OK;
    return mzr_charts_pick(&r->sum, r->outside.mark, r->outside.n, &r->chart, &r->nchart, err,
                           errlen);
}

static bool has_charts(const mzr_report *r)
{
    return r->nchart > 0;
}

static void body_charts(FILE *f, const mzr_report *r, double chart_w, double chart_h)
{
    for (size_t k = 0; k < r->nchart; k++) {
        fputs("<figure class=\"chart\" id=\"chart-", f);
        mzo_xml_text(f, r->chart[k].name);
        fputs("\">\n", f);
        /* the chart carries its title, question and note itself */
        mzr_chart_svg(f, &r->chart[k], chart_w, chart_h);
        fputs("</figure>\n", f);
    }
}

static int build_renders(mzr_report *r, const mzr_input *in, char *err, size_t errlen)
{
    (void)in;
    if (!r->have_sweep)
        return MZO_OK;
    if (renders(r) != MZO_OK) {
        snprintf(err, errlen, "out of memory drawing the renders");
        return MZO_FAIL;
    }
    return MZO_OK;
}

static bool has_renders(const mzr_report *r)
{
    return r->renders_html != NULL;
}

static void body_renders(FILE *f, const mzr_report *r, double chart_w, double chart_h)
{
    (void)chart_w, (void)chart_h;
    fputs("<p class=\"note\">One small maze of each generator and shape of the run "
          "(seed 1), drawn by the render library.</p>\n<div>\n",
          f);
    fputs(r->renders_html, f);
    fputs("</div>\n", f);
}

static int build_left(mzr_report *r, const mzr_input *in, char *err, size_t errlen)
{
    (void)in;
    if (!r->nleft)
        return MZO_OK;
    mzr_section *sec = &r->sec[MZR_SEC_LEFT_OUT];
    mzr_table *t = realloc(sec->tab, (sec->ntab + 1) * sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return MZO_FAIL;
    }
    sec->tab = t;
    int rc = left_table(r, &t[sec->ntab]);
    sec->ntab++;
    if (rc != MZO_OK)
        snprintf(err, errlen, "out of memory");
    return rc;
}

/* The sections. A row a section: its id and title, its place on the page
 * (order; the exports and the command's list follow the table), and how it
 * is made: from an input it recognises (tried in sniff order, lower
 * first), from another section's input (no recognise, no build: the run's
 * builder makes the generators', solvers' and outside programs' tables),
 * or once at the end from the whole report (build without recognise). */
const mzr_secdef mzr_secdefs[MZR_NSEC] = {
    [MZR_SEC_RUN] = {"run", "Run", 10, 90, is_sweep, false, build_sweep, NULL, NULL},
    [MZR_SEC_GENERATORS] = {"generators", "Generators", 40, 0, NULL, false, NULL, NULL, NULL},
    [MZR_SEC_SOLVERS] = {"solvers", "Solvers", 80, 0, NULL, false, NULL, NULL, NULL},
    [MZR_SEC_OUTSIDE] = {"outside", "Outside programs", 20, 0, NULL, false, NULL, NULL, NULL},
    [MZR_SEC_CHARTS] = {"charts", "Charts", 30, 0, NULL, false, build_charts, has_charts,
                        body_charts},
    [MZR_SEC_STATS] = {"stats", "Statistics", 50, 20, is_stats, true, build_stats, NULL, NULL},
    [MZR_SEC_SCALING] = {"scaling", "Scaling", 60, 10, is_scaling, true, build_scaling, NULL,
                         NULL},
    [MZR_SEC_RENDERS] = {"renders", "Renders", 70, 0, NULL, false, build_renders, has_renders,
                         body_renders},
    [MZR_SEC_COMPARE] = {"compare", "Compare", 90, 30, is_compare, true, build_compare, NULL,
                         NULL},
    [MZR_SEC_CHECK] = {"check", "Check", 100, 5, is_check, false, build_check, NULL, NULL},
    [MZR_SEC_HISTORY] = {"history", "History", 105, 0, NULL, false, mzr_history_build,
                         mzr_history_has, mzr_history_body},
    [MZR_SEC_LEFT_OUT] = {"left-out", "Left out", 110, 0, NULL, false, build_left, NULL, NULL},
};
