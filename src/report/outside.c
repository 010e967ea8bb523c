/*
 * outside.c - the outside programs of a sweep for the report (outside.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "outside.h"

#include "out/out.h"
#include "tools/tools.h"

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The documented failing statuses, in the docs' order. */
static const char *const KNOWN[] = {"cannot-start", "exit",     "signal",     "timeout",
                                    "output-limit", "bad-output", "wrong-size", "not-perfect",
                                    "not-reproducible"};

static char *dupstr(const char *s)
{
    size_t n = strlen(s ? s : "") + 1;
    char *d = malloc(n);
    return d ? memcpy(d, s ? s : "", n) : NULL;
}

/* The columns read; the _reason ones only when a sweep carries them. */
enum {
    C_GEN, C_SEED, C_ROWS, C_COLS, C_TOPO, C_RNG, C_REP, C_SOLVER,
    C_GST, C_GPROC, C_GOWN, C_GWHY, C_SST, C_SPROC, C_SOWN, C_SWHY, C_N
};
static const char *const COL[C_N] = {
    "gen", "seed", "rows", "cols", "topology", "rng", "rep", "solver",
    "outside_status", "process_ns", "own_ns", "outside_reason",
    "solve_outside_status", "solve_process_ns", "solve_own_ns", "solve_outside_reason"};

/* A time sample of a group: its key and the nanoseconds of one run. */
typedef struct sample {
    int kind;
    char *key; /* gen \x1f solver \x1f topo \x1f rows \x1f cols \x1f rng */
    double ns;
} sample;

typedef struct build {
    mzr_outside *o;
    sample *s;
    size_t ns, caps;
} build;

static int status_index(mzr_outside *o, const char *st, size_t *idx)
{
    for (size_t k = 0; k < o->nst; k++)
        if (!strcmp(o->st[k], st)) {
            *idx = k;
            return MZO_OK;
        }
    char **a = realloc(o->st, (o->nst + 1) * sizeof *a);
    if (!a)
        return MZO_FAIL;
    o->st = a;
    if (!(a[o->nst] = dupstr(st)))
        return MZO_FAIL;
    for (size_t k = 0; k < o->n; k++) {
        size_t *c = realloc(o->p[k].nst, (o->nst + 1) * sizeof *c);
        if (!c)
            return MZO_FAIL;
        c[o->nst] = 0;
        o->p[k].nst = c;
    }
    *idx = o->nst++;
    return MZO_OK;
}

static int prog_of(mzr_outside *o, const char *name, int kind, mzr_oprog **out)
{
    for (size_t k = 0; k < o->n; k++)
        if (o->p[k].kind == kind && !strcmp(o->p[k].name, name)) {
            *out = &o->p[k];
            return MZO_OK;
        }
    mzr_oprog *a = realloc(o->p, (o->n + 1) * sizeof *a);
    if (!a)
        return MZO_FAIL;
    o->p = a;
    mzr_oprog *p = &a[o->n];
    memset(p, 0, sizeof *p);
    p->kind = kind;
    p->name = dupstr(name);
    p->nst = calloc(o->nst ? o->nst : 1, sizeof *p->nst);
    o->n++;
    if (!p->name || !p->nst)
        return MZO_FAIL;
    *out = p;
    return MZO_OK;
}

static double ns_of(const char *s)
{
    if (!s || !*s)
        return NAN;
    char *end;
    double v = strtod(s, &end);
    return *end || !isfinite(v) || v < 0 ? NAN : v;
}

/* One run of an outside program: counted, its first failure kept, its
 * time sampled for its group. */
static int one_run(build *b, int kind, char *const t[C_N])
{
    const int st = kind == MZT_SUM_GEN ? C_GST : C_SST;
    mzr_outside *o = b->o;
    mzr_oprog *p;
    if (prog_of(o, kind == MZT_SUM_GEN ? t[C_GEN] : t[C_SOLVER], kind, &p) != MZO_OK)
        return MZO_FAIL;
    p->runs++;
    if (strcmp(t[st], "ok") != 0) {
        size_t i;
        if (status_index(o, t[st], &i) != MZO_OK)
            return MZO_FAIL;
        p->nst[i]++;
        if (!p->f_status) {
            char grid[128];
            mzt_grid_text(*t[C_TOPO] ? t[C_TOPO] : "ortho", t[C_ROWS], t[C_COLS], grid,
                          sizeof grid);
            p->f_seed = dupstr(t[C_SEED]);
            p->f_grid = dupstr(grid);
            p->f_status = dupstr(t[st]);
            p->f_reason = dupstr(t[kind == MZT_SUM_GEN ? C_GWHY : C_SWHY]);
            if (!p->f_seed || !p->f_grid || !p->f_status || !p->f_reason)
                return MZO_FAIL;
        }
        return MZO_OK;
    }
    p->ok++;
    double own = ns_of(t[kind == MZT_SUM_GEN ? C_GOWN : C_SOWN]);
    double proc = ns_of(t[kind == MZT_SUM_GEN ? C_GPROC : C_SPROC]);
    double v = isnan(own) ? proc : own;
    p->n_own += !isnan(own);
    p->n_proc += isnan(own) && !isnan(proc);
    if (isnan(v))
        return MZO_OK;
    if (b->ns == b->caps) {
        size_t cap = b->caps ? 2 * b->caps : 64;
        sample *a = realloc(b->s, cap * sizeof *a);
        if (!a)
            return MZO_FAIL;
        b->s = a;
        b->caps = cap;
    }
    sample *sm = &b->s[b->ns];
    size_t len = 0;
    const int parts[6] = {C_GEN, C_SOLVER, C_TOPO, C_ROWS, C_COLS, C_RNG};
    for (int k = 0; k < 6; k++)
        len += strlen(t[parts[k]]) + 12;
    if (!(sm->key = malloc(len)))
        return MZO_FAIL;
    snprintf(sm->key, len, "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s", t[C_GEN],
             kind == MZT_SUM_GEN ? "" : t[C_SOLVER], *t[C_TOPO] ? t[C_TOPO] : "ortho", t[C_ROWS],
             t[C_COLS], *t[C_RNG] ? t[C_RNG] : "mulberry32");
    sm->kind = kind;
    sm->ns = v;
    b->ns++;
    return MZO_OK;
}

/* The groups of outside programs get the median of their runs' times. */
static int retime(build *b, mzt_summary *sum)
{
    double *x = malloc((b->ns ? b->ns : 1) * sizeof *x);
    if (!x)
        return MZO_FAIL;
    for (size_t g = 0; g < sum->ngrp; g++) {
        mzt_sum_group *gr = &sum->grp[g];
        bool outside = false;
        for (size_t k = 0; k < b->o->n && !outside; k++)
            outside = b->o->p[k].kind == gr->kind &&
                      !strcmp(b->o->p[k].name, gr->kind == MZT_SUM_GEN ? gr->gen : gr->solver);
        if (!outside)
            continue;
        size_t len = strlen(gr->gen) + strlen(gr->solver) + strlen(gr->topo) +
                     strlen(gr->rows) + strlen(gr->cols) + strlen(gr->rng) + 8;
        char *key = malloc(len);
        if (!key) {
            free(x);
            return MZO_FAIL;
        }
        snprintf(key, len, "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s", gr->gen, gr->solver, gr->topo,
                 gr->rows, gr->cols, gr->rng);
        size_t n = 0;
        for (size_t k = 0; k < b->ns; k++)
            if (b->s[k].kind == gr->kind && !strcmp(b->s[k].key, key))
                x[n++] = b->s[k].ns / (double)(gr->cells ? gr->cells : 1);
        free(key);
        mzt_median_ci(x, n, &gr->time);
    }
    free(x);
    return MZO_OK;
}

static int marks(mzr_outside *o)
{
    o->mark = calloc(o->n ? o->n : 1, sizeof *o->mark);
    if (!o->mark)
        return MZO_FAIL;
    for (size_t k = 0; k < o->n; k++) {
        const mzr_oprog *p = &o->p[k];
        o->mark[k].name = p->name;
        o->mark[k].kind = p->kind;
        o->mark[k].time = !p->n_own && !p->n_proc ? MZR_TIME_NONE
                          : !p->n_proc            ? MZR_TIME_OWN
                          : !p->n_own             ? MZR_TIME_PROCESS
                                                  : MZR_TIME_MIXED;
    }
    return MZO_OK;
}

int mzr_outside_read(mzr_outside *o, const char *path, mzt_summary *sum, char *err,
                     size_t errlen)
{
    memset(o, 0, sizeof *o);
    if (errlen)
        err[0] = '\0';
    for (size_t k = 0; k < sizeof KNOWN / sizeof *KNOWN; k++) {
        size_t i;
        if (status_index(o, KNOWN[k], &i) != MZO_OK)
            goto oom;
    }
    mzt_sweep f;
    mzt_err e;
    int rc = mzt_sweep_read(&f, path, true, &e);
    if (rc != MZT_OK) {
        snprintf(err, errlen, "%s", e.msg);
        return MZO_FAIL;
    }
    size_t at[C_N];
    for (int k = 0; k < C_N; k++)
        at[k] = mzt_sweep_col(&f, COL[k]);
    if (at[C_GST] == SIZE_MAX && at[C_SST] == SIZE_MAX) {
        mzt_sweep_free(&f);
        return marks(o) == MZO_OK ? MZO_OK : (mzr_outside_free(o), MZO_FAIL);
    }
    build b = {.o = o};
    mzt_rows it;
    mzt_rows_begin(&it, &f);
    mzt_row *row = malloc(sizeof *row);
    char *prev = NULL; /* the maze of the last row: gen, seed, size, rep, source */
    int out = row ? MZO_OK : MZO_FAIL;
    while (out == MZO_OK) {
        bool got;
        if (mzt_rows_next(&it, row, &got, &e) != MZT_OK) {
            snprintf(err, errlen, "%s", e.msg);
            out = MZO_FAIL;
            break;
        }
        if (!got)
            break;
        char *t[C_N] = {NULL};
        bool mem = true;
        for (int k = 0; k < C_N; k++) {
            t[k] = at[k] == SIZE_MAX || at[k] >= row->n ? dupstr("")
                                                         : mzt_field_text(&row->f[at[k]]);
            mem = mem && t[k];
        }
        char *maze = NULL;
        if (mem) {
            size_t len = 16;
            const int mk[7] = {C_GEN, C_SEED, C_ROWS, C_COLS, C_TOPO, C_REP, C_RNG};
            for (int k = 0; k < 7; k++)
                len += strlen(t[mk[k]]) + 1;
            if ((maze = malloc(len)))
                snprintf(maze, len, "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s", t[C_GEN],
                         t[C_SEED], t[C_ROWS], t[C_COLS], t[C_TOPO], t[C_REP], t[C_RNG]);
        }
        if (!mem || !maze) {
            out = MZO_FAIL;
        } else {
            /* a maze's row repeats for every solver run on it: counted once */
            const bool new_maze = row->new_round || !prev || strcmp(prev, maze) != 0;
            if (new_maze && *t[C_GST])
                out = one_run(&b, MZT_SUM_GEN, t);
            if (out == MZO_OK && *t[C_SST] && *t[C_SOLVER])
                out = one_run(&b, MZT_SUM_SOLVE, t);
            free(prev);
            prev = maze;
            maze = NULL;
        }
        free(maze);
        for (int k = 0; k < C_N; k++)
            free(t[k]);
    }
    mzt_rows_end(&it);
    free(row);
    free(prev);
    if (out == MZO_OK)
        out = retime(&b, sum);
    if (out == MZO_OK)
        out = marks(o);
    for (size_t k = 0; k < b.ns; k++)
        free(b.s[k].key);
    free(b.s);
    mzt_sweep_free(&f);
    if (out != MZO_OK) {
        if (!*err)
            snprintf(err, errlen, "out of memory");
        mzr_outside_free(o);
    }
    return out;
oom:
    snprintf(err, errlen, "out of memory");
    mzr_outside_free(o);
    return MZO_FAIL;
}

static const char *time_text(enum mzr_time_src t)
{
    switch (t) {
    case MZR_TIME_OWN: return "the program's own time (own_ns)";
    case MZR_TIME_PROCESS: return "whole-process time, start-up included (process_ns)";
    case MZR_TIME_MIXED:
        return "the program's own time where a run gave one, else whole-process time";
    case MZR_TIME_NONE: break;
    }
    return "none: no run succeeded, left out of the charts";
}

int mzr_outside_table(const mzr_outside *o, mzr_table *t)
{
    /* a column for each failing status some program met */
    bool *used = calloc(o->nst ? o->nst : 1, sizeof *used);
    if (!used)
        return MZO_FAIL;
    for (size_t k = 0; k < o->n; k++)
        for (size_t j = 0; j < o->nst; j++)
            used[j] = used[j] || o->p[k].nst[j];
    int rc = mzr_table_init(
        t, "outside", "Outside programs by status",
        "Each outside program's runs (a generator's: its mazes; a solver's: its solves) by "
        "status, ok the runs whose output passed every check, and its first failure (seed, "
        "grid, status) in the sweep's order. A failed run has no figures; an entry with no "
        "successful run is left out of the charts. Time: what the tables and charts use for "
        "the program, in place of the built-ins' in-process time.");
    rc |= mzr_table_col(t, "program", NULL, "program", MZR_LEFT);
    mzr_table_col_code(t);
    rc |= mzr_table_col(t, "kind", NULL, "kind", MZR_LEFT);
    rc |= mzr_table_col(t, "runs", NULL, "runs", MZR_RIGHT);
    rc |= mzr_table_col(t, "ok", NULL, "ok", MZR_RIGHT);
    for (size_t j = 0; j < o->nst; j++)
        if (used[j])
            rc |= mzr_table_col(t, o->st[j], NULL, o->st[j], MZR_RIGHT);
    rc |= mzr_table_col(t, "first failure", NULL, "first_failure", MZR_LEFT);
    rc |= mzr_table_col(t, "time used", NULL, "time", MZR_LEFT);
    /* generators first, then solvers, each in the sweep's order */
    for (size_t q = 0; rc == MZO_OK && q < 2 * o->n; q++) {
        const size_t k = q % o->n;
        const mzr_oprog *p = &o->p[k];
        if (p->kind != (q < o->n ? MZT_SUM_GEN : MZT_SUM_SOLVE))
            continue;
        size_t c = 0;
        rc |= mzr_table_row(t);
        rc |= mzr_table_set(t, c++, "%s", p->name);
        rc |= mzr_table_set(t, c++, "%s", p->kind == MZT_SUM_GEN ? "generator" : "solver");
        rc |= mzr_table_set(t, c++, "%zu", p->runs);
        rc |= mzr_table_set(t, c++, "%zu", p->ok);
        for (size_t j = 0; j < o->nst; j++)
            if (used[j])
                rc |= mzr_table_set(t, c++, "%zu", p->nst[j]);
        if (p->f_status)
            rc |= mzr_table_set(t, c++, "seed %s, grid %s: %s%s%s", p->f_seed, p->f_grid,
                                p->f_status, *p->f_reason ? ": " : "", p->f_reason);
        else
            rc |= mzr_table_set(t, c++, "none");
        rc |= mzr_table_set(t, c++, "%s", time_text(o->mark[k].time));
    }
    free(used);
    return rc ? MZO_FAIL : MZO_OK;
}

void mzr_outside_free(mzr_outside *o)
{
    for (size_t k = 0; k < o->n; k++) {
        free(o->p[k].name);
        free(o->p[k].nst);
        free(o->p[k].f_seed);
        free(o->p[k].f_grid);
        free(o->p[k].f_status);
        free(o->p[k].f_reason);
    }
    free(o->p);
    for (size_t k = 0; k < o->nst; k++)
        free(o->st[k]);
    free(o->st);
    free(o->mark);
    memset(o, 0, sizeof *o);
}
