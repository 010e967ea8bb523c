/*
 * row.c - a result row: the maze's figures, a solver's, the algorithms' own
 * columns and timings, by column name.
 *
 * Columns come in a fixed order: the maze's figures, then the solver's,
 * then the algorithms' own columns, then (for timed runs) the timings last,
 * so the deterministic part of a row is a prefix that cut or gnuplot can
 * keep. The CLI's CSV and JSON writers and the golden tests both read rows
 * through mz_row_field, so a figure means the same everywhere.
 */
#include "internal.h"
#include "../mazebench_row.h"

#include <inttypes.h>
#include <stdio.h>

static const char *const gen_cols[] = {"gen",       "seed",  "rng",        "topology",
                                       "rows",      "cols",  "cells",      "passages",
                                       "walls",     "dead_ends", "loops",  "components",
                                       "route",     "digest", "draws"};
static const char *const solve_cols[] = {"solver", "found", "path_steps", "path_cells",
                                         "closed", "steps", "forward", "turns"};
static const char *const time_cols[] = {"gen_ns", "solve_ns", "peak_rss_kb"};

static void add(mz_cols *c, const char *name)
{
    for (unsigned k = 0; k < c->n; k++)
        if (strcmp(c->name[k], name) == 0)
            return;
    if (c->n < MZ_MAX_COLS)
        c->name[c->n++] = name;
}

void mz_row_columns(mz_cols *cols, bool with_solver, bool with_rep, bool timed,
                 const mz_algo *const *algos, size_t nalgos)
{
    if (!cols)
        return;
    if (!algos)
        nalgos = 0;
    cols->n = 0;
    for (size_t k = 0; k < sizeof gen_cols / sizeof gen_cols[0]; k++)
        add(cols, gen_cols[k]);
    if (with_rep)
        add(cols, "rep");
    if (with_solver)
        for (size_t k = 0; k < sizeof solve_cols / sizeof solve_cols[0]; k++)
            add(cols, solve_cols[k]);
    for (int pass = 0; pass < 2; pass++) {
        for (size_t k = 0; k < nalgos; k++) {
            const mz_algo *a = algos[k];
            if (!a || !a->columns || (a->kind == MZ_SOLVER) != (pass == 1))
                continue;
            if (a->kind == MZ_SOLVER && !with_solver)
                continue;
            for (const char *const *c = a->columns; *c; c++)
                add(cols, *c);
        }
    }
    if (timed)
        for (size_t k = 0; k < sizeof time_cols / sizeof time_cols[0]; k++)
            add(cols, time_cols[k]);
}

bool mz_col_numeric(const char *col)
{
    if (!col)
        return false;
    return strcmp(col, "gen") != 0 && strcmp(col, "solver") != 0 && strcmp(col, "digest") != 0 &&
           strcmp(col, "topology") != 0 && strcmp(col, "rng") != 0 &&
           strcmp(col, "outside_status") != 0 && strcmp(col, "solve_outside_status") != 0;
}

size_t mz_shape_column_format(mz_shape shape, uint64_t levels, char *buf, size_t len)
{
    if (!buf)
        len = 0;
    const char *name = mz_shape_name(shape);
    int n;
    if (!name)
        name = "?";
    const mz_shape_ops *o = mz_shape_ops_of(shape);
    if (o && o->layered)
        n = snprintf(buf, len, "%s:%" PRIu64, name, levels ? levels : 1);
    else
        n = snprintf(buf, len, "%s", name);
    return n < 0 ? 0 : (size_t)n;
}

mz_status mz_shape_column_parse(const char *text, mz_shape *shape, uint64_t *levels)
{
    if (!text || !shape || !levels)
        return MZ_EINVAL;
    char name[16];
    size_t n = strcspn(text, ":");
    *shape = MZ_SHAPE_ORTHO;
    *levels = 1;
    if (n == 0 && text[0] == '\0')
        return MZ_OK;
    if (n >= sizeof name)
        return MZ_EINVAL;
    memcpy(name, text, n);
    name[n] = '\0';
    mz_shape s;
    if (mz_shape_parse(name, &s) != MZ_OK)
        return MZ_EINVAL;
    uint64_t lv = 1;
    if (mz_shape_table[s]->layered) {
        const char *d = text + n;
        if (*d++ != ':' || *d == '\0')
            return MZ_EINVAL;
        lv = 0;
        for (; *d; d++) {
            if (*d < '0' || *d > '9' || lv > (UINT64_C(1) << 32) / 10)
                return MZ_EINVAL;
            lv = lv * 10 + (uint64_t)(*d - '0');
        }
        if (lv == 0 || lv > (UINT64_C(1) << 32))
            return MZ_EINVAL;
    } else if (text[n] != '\0') {
        return MZ_EINVAL;
    }
    *shape = s;
    *levels = lv;
    return MZ_OK;
}

mz_status mz_row_dims(mz_shape shape, uint64_t levels, uint64_t rows, uint64_t cols,
                      mz_dims *g)
{
    if (!g)
        return MZ_EINVAL;
    const mz_shape_ops *o = mz_shape_ops_of(shape);
    mz_dims t = {shape, o && o->layered ? levels : 1, rows, cols};
    if (mz_dims_cells(&t) == 0 || t.cols != cols)
        return MZ_EINVAL;
    *g = t;
    return MZ_OK;
}

static void value_text(const mz_value *v, char *buf, size_t len)
{
    buf[0] = '\0';
    switch (v ? v->type : MZ_V_EMPTY) {
    case MZ_V_INT: snprintf(buf, len, "%" PRId64, v->i); break;
    case MZ_V_REAL: snprintf(buf, len, "%.10g", v->d); break;
    case MZ_V_BOOL: snprintf(buf, len, "%d", v->i ? 1 : 0); break;
    case MZ_V_TEXT: snprintf(buf, len, "%s", v->text ? v->text : ""); break;
    case MZ_V_EMPTY: break;
    }
}

static void opt_i64(int64_t v, char *buf, size_t len)
{
    if (v < 0)
        buf[0] = '\0';
    else
        snprintf(buf, len, "%" PRId64, v);
}

void mz_row_field(const mz_row *r, mz_shape shape, uint64_t levels, const char *col,
                  char *buf, size_t len)
{
    if (!buf || len == 0 || !r || !col) {
        if (buf && len)
            buf[0] = '\0';
        return;
    }
    const mz_metrics *m = r->m;
    const mz_solution *s = r->sol;
    buf[0] = '\0';
#define IS(name) (strcmp(col, name) == 0)
    if (IS("gen")) snprintf(buf, len, "%s", r->gen);
    else if (IS("seed")) snprintf(buf, len, "%" PRIu64, r->seed);
    else if (IS("rng")) snprintf(buf, len, "%s", mz_rng_name(r->rng) ? mz_rng_name(r->rng) : "");
    else if (IS("topology")) mz_shape_column_format(shape, levels, buf, len);
    else if (IS("rows")) snprintf(buf, len, "%" PRIu64, r->rows);
    else if (IS("cols")) snprintf(buf, len, "%" PRIu64, r->cols);
    else if (IS("rep")) snprintf(buf, len, "%" PRIu64, r->rep);
    else if (IS("cells")) snprintf(buf, len, "%" PRIu64, m->cells);
    else if (IS("passages")) snprintf(buf, len, "%" PRIu64, m->passages);
    else if (IS("walls")) snprintf(buf, len, "%" PRIu64, m->walls);
    else if (IS("dead_ends")) snprintf(buf, len, "%" PRIu64, m->dead_ends);
    else if (IS("loops")) snprintf(buf, len, "%" PRId64, m->loops);
    else if (IS("components")) snprintf(buf, len, "%" PRIu64, m->components);
    else if (IS("route")) opt_i64(m->route, buf, len);
    else if (IS("digest")) snprintf(buf, len, "%016" PRIx64, m->digest);
    else if (IS("draws")) snprintf(buf, len, "%" PRIu64, m->draws);
    else if (IS("gen_ns")) { if (r->timed) snprintf(buf, len, "%" PRIu64, r->gen_ns); }
    else if (IS("solve_ns")) { if (r->timed && s) snprintf(buf, len, "%" PRIu64, r->solve_ns); }
    else if (IS("peak_rss_kb")) { if (r->timed) snprintf(buf, len, "%" PRIu64, r->peak_rss_kb); }
    else if (!s && (IS("solver") || IS("found") || IS("path_steps") || IS("path_cells") ||
                    IS("closed") || IS("steps") || IS("forward") || IS("turns"))) ;
    else if (IS("solver")) snprintf(buf, len, "%s", r->solver);
    else if (IS("found")) snprintf(buf, len, "%d", s->found ? 1 : 0);
    else if (IS("path_steps")) opt_i64(s->path_steps, buf, len);
    else if (IS("path_cells")) opt_i64(s->path_steps < 0 ? -1 : s->path_steps + 1, buf, len);
    else if (IS("closed")) opt_i64(s->closed, buf, len);
    else if (IS("steps")) opt_i64(s->steps, buf, len);
    else if (IS("forward")) opt_i64(s->forward, buf, len);
    else if (IS("turns")) opt_i64(s->turns, buf, len);
    else {
        const mz_value *v = s ? mz_extra_get(&s->extra, col) : NULL;
        if (!v && r->gx)
            v = mz_extra_get(r->gx, col);
        value_text(v, buf, len);
    }
#undef IS
}

