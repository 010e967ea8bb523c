/*
 * output.c - result rows as CSV (RFC 4180 quoting, LF line ends) and JSON.
 */
#include "cli.h"

#include <inttypes.h>
#include <string.h>

void mzc_csv_string(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

void mzc_csv_header(FILE *f, const mz_cols *cols)
{
    for (unsigned k = 0; k < cols->n; k++) {
        if (k)
            fputc(',', f);
        fputs(cols->name[k], f);
    }
    fputc('\n', f);
}

void mzc_csv_row(FILE *f, const mz_cols *cols, const mz_row *row)
{
    char buf[512];
    for (unsigned k = 0; k < cols->n; k++) {
        if (k)
            fputc(',', f);
        mz_row_field(row, cols->name[k], buf, sizeof buf);
        mzc_csv_string(f, buf);
    }
    fputc('\n', f);
}

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", *s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

void mzc_json_row(FILE *f, const mz_cols *cols, const mz_row *row)
{
    char buf[512];
    fputc('{', f);
    for (unsigned k = 0; k < cols->n; k++) {
        mz_row_field(row, cols->name[k], buf, sizeof buf);
        fprintf(f, "%s\"%s\": ", k ? ", " : "", cols->name[k]);
        if (buf[0] == '\0')
            fputs("null", f);
        else if (mz_col_numeric(cols->name[k]))
            fputs(buf, f);
        else
            json_string(f, buf);
    }
    fputs("}\n", f);
}
