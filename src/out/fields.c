/*
 * fields.c - a record of named fields written as a CSV row or a JSON
 * object (fields.h), and the record of a maze read from a file.
 */
#include "fields.h"

#include <stdarg.h>
#include <string.h>

void mzo_fields_add(mzo_fields *fs, const char *name, bool numeric, const char *fmt, ...)
{
    if (fs->n >= sizeof fs->f / sizeof fs->f[0])
        return;
    mzo_field *f = &fs->f[fs->n++];
    snprintf(f->name, sizeof f->name, "%s", name);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->value, sizeof f->value, fmt, ap);
    va_end(ap);
    f->numeric = numeric;
}

void mzo_fields_write(FILE *out, const mzo_fields *fs, bool json, bool header)
{
    if (json) {
        fputc('{', out);
        for (unsigned k = 0; k < fs->n; k++) {
            fprintf(out, "%s\"%s\": ", k ? ", " : "", fs->f[k].name);
            if (!fs->f[k].value[0])
                fputs("null", out);
            else if (fs->f[k].numeric)
                fputs(fs->f[k].value, out);
            else
                mzo_json_string(out, fs->f[k].value);
        }
        fputs("}\n", out);
        return;
    }
    if (header)
        for (unsigned k = 0; k < fs->n; k++) {
            if (k)
                fputc(',', out);
            mzo_csv_string(out, fs->f[k].name);
        }
    if (header)
        fputc('\n', out);
    for (unsigned k = 0; k < fs->n; k++) {
        if (k)
            fputc(',', out);
        mzo_csv_string(out, fs->f[k].value);
    }
    fputc('\n', out);
}

void mzo_maze_fields(mzo_fields *fs, const mz_grid *g, const mz_metrics *m,
                     const mz_file_info *info, const mz_maze_stats *st, const mz_stage *solver,
                     const mz_solution *sol, const mz_algo *const *algos, size_t nalgos)
{
    char solver_name[256] = "";
    if (solver)
        mz_stage_format(solver, solver_name, sizeof solver_name);
    mz_extra gx;
    mz_extra_init(&gx);
    mz_row row = {"file", 0, g->rows, g->cols, 0, m, &gx, solver ? solver_name : NULL,
                  solver ? sol : NULL, false, 0, 0, 0, MZ_RNG_AUTO /* no source: empty */};
    mz_cols colset;
    mz_row_columns(&colset, solver != NULL, false, false, algos, nalgos);
    mz_dims d = mz_grid_dims(g);
    fs->n = 0;
    for (unsigned k = 0; k < colset.n; k++) {
        char buf[512];
        mz_row_field(&row, d.shape, d.levels, colset.name[k], buf, sizeof buf);
        mzo_fields_add(fs, colset.name[k], mz_col_numeric(colset.name[k]), "%s", buf);
    }
    mzo_fields_add(fs, "format", false, "%s", mz_file_format_name(info->format));
    mzo_fields_add(fs, "inconsistent_walls", true, "%llu",
                   (unsigned long long)info->inconsistent);
    mzo_fields_add(fs, "longest", true, "%llu", (unsigned long long)st->longest);
    mzo_fields_add(fs, "longest_exact", true, "%d", st->longest_exact ? 1 : 0);
    unsigned maxd = mz_shape_max_degree(g->shape);
    for (unsigned k = 0; k <= maxd && k < 9; k++) {
        char name[16];
        snprintf(name, sizeof name, "degree_%u", k);
        mzo_fields_add(fs, name, true, "%llu", (unsigned long long)st->degree[k]);
    }
    mzo_fields_add(fs, "straight", true, "%llu", (unsigned long long)st->straight);
    mzo_fields_add(fs, "turn", true, "%llu", (unsigned long long)st->turn);
}

