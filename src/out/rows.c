/*
 * rows.c - result rows as CSV (RFC 4180 quoting, LF line ends) and JSON
 * (out.h); the escaping itself is escape.c.
 */
#include "out.h"

#include <inttypes.h>
#include <string.h>

void mzo_csv_header(FILE *f, const mz_cols *cols)
{
    for (unsigned k = 0; k < cols->n; k++) {
        if (k)
            fputc(',', f);
        fputs(cols->name[k], f);
    }
    fputc('\n', f);
}

/* A field of the row of a maze of geometry geo (NULL: square cells). */
static void field(const mz_row *row, const mz_dims *geo, const char *col, char *buf, size_t len)
{
    if (geo)
        mz_row_field(row, geo->shape, geo->levels, col, buf, len);
    else
        mz_row_field(row, MZ_SHAPE_ORTHO, 1, col, buf, len);
}

void mzo_csv_row(FILE *f, const mz_cols *cols, const mz_row *row, const mz_dims *geo)
{
    char buf[512];
    for (unsigned k = 0; k < cols->n; k++) {
        if (k)
            fputc(',', f);
        field(row, geo, cols->name[k], buf, sizeof buf);
        mzo_csv_string(f, buf);
    }
    fputc('\n', f);
}

void mzo_json_row(FILE *f, const mz_cols *cols, const mz_row *row, const mz_dims *geo)
{
    char buf[512];
    fputc('{', f);
    for (unsigned k = 0; k < cols->n; k++) {
        field(row, geo, cols->name[k], buf, sizeof buf);
        fprintf(f, "%s\"%s\": ", k ? ", " : "", cols->name[k]);
        if (buf[0] == '\0')
            fputs("null", f);
        else if (mz_col_numeric(cols->name[k]))
            fputs(buf, f);
        else
            mzo_json_string(f, buf);
    }
    fputs("}\n", f);
}
