/*
 * csv.c - CSV records and sweep files read from a memory buffer.
 *
 * A sweep file is: '#' provenance lines, the header, then rows, each a CSV
 * record (RFC 4180 quoting) ended by '\n'. A row is complete when it ends
 * in a newline and has the header's field count; an interrupted write
 * leaves at most one partial row at the tail. Everything here works on a
 * buffer and a length (no NUL terminator needed), so the fuzz targets can
 * call it directly.
 */
#define _POSIX_C_SOURCE 200809L
#include "sweep.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int sw_csv_read_row(const char *buf, size_t len, size_t *off, sw_csv_field *fields, size_t max,
                    size_t *n)
{
    size_t k = *off;
    *n = 0;
    if (k >= len)
        return 0;
    size_t start = k;
    bool quoted = false;
    for (; k < len; k++) {
        char c = buf[k];
        if (c == '"') {
            quoted = !quoted; /* "" inside quotes toggles twice */
        } else if (!quoted && (c == ',' || c == '\n')) {
            if (*n < max) {
                fields[*n].p = buf + start;
                fields[*n].len = k - start;
            }
            (*n)++;
            start = k + 1;
            if (c == '\n') {
                *off = k + 1;
                return 1;
            }
        }
    }
    return -1; /* no newline, or open quotes */
}

size_t sw_csv_value(const sw_csv_field *f, char *out, size_t outlen)
{
    size_t n = 0;
    const char *s = f->p;
    size_t len = f->len;
    bool q = len >= 2 && s[0] == '"' && s[len - 1] == '"';
    if (q) {
        s++;
        len -= 2;
    }
    for (size_t k = 0; k < len; k++) {
        if (q && s[k] == '"' && k + 1 < len && s[k + 1] == '"')
            k++;
        if (outlen && n + 1 < outlen)
            out[n] = s[k];
        n++;
    }
    if (outlen)
        out[n < outlen ? n : outlen - 1] = '\0';
    return n;
}

bool sw_csv_equals(const sw_csv_field *f, const char *s)
{
    char buf[1024];
    size_t n = sw_csv_value(f, buf, sizeof buf);
    return n < sizeof buf && strcmp(buf, s) == 0;
}

int sw_file_parse(sw_file *f, const char *buf, size_t len, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    f->header_at = SIZE_MAX;
    f->text = malloc(len + 1);
    if (!f->text) {
        snprintf(err, errlen, "out of memory");
        return SW_FAIL;
    }
    memcpy(f->text, buf, len);
    f->text[len] = '\0';
    f->len = len;
    const char *t = f->text;
    size_t off = 0;
    while (off < len && t[off] == '#') {
        const char *nl = memchr(t + off, '\n', len - off);
        if (!nl) { /* a provenance line cut short: no header yet */
            f->prov_end = off;
            return SW_OK;
        }
        off = (size_t)(nl - t) + 1;
    }
    f->prov_end = off;
    size_t n;
    size_t hoff = off;
    if (sw_csv_read_row(t, len, &off, NULL, 0, &n) != 1)
        return SW_OK;
    f->header_at = hoff;
    f->ncols = n;
    f->rows_at = off;
    size_t cap = 0;
    while (off < len) {
        size_t at = off;
        if (sw_csv_read_row(t, len, &off, NULL, 0, &n) != 1 || n != f->ncols) {
            off = at;
            break;
        }
        if (f->nrows == cap) {
            cap = cap ? cap * 2 : 1024;
            size_t *r = realloc(f->row_end, cap * sizeof *r);
            if (!r) {
                sw_file_free(f);
                snprintf(err, errlen, "out of memory");
                return SW_FAIL;
            }
            f->row_end = r;
        }
        f->row_end[f->nrows++] = off;
    }
    return SW_OK;
}

int sw_file_read(const char *path, sw_file *f, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    f->header_at = SIZE_MAX;
    FILE *in = fopen(path, "rb");
    if (!in) {
        if (errno == ENOENT)
            return -1;
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        return SW_FAIL;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(in);
            snprintf(err, errlen, "out of memory reading '%s'", path);
            return SW_FAIL;
        }
        len += fread(buf + len, 1, cap - len, in);
        if (len < cap)
            break;
        cap *= 2;
        char *b = realloc(buf, cap);
        if (!b)
            free(buf);
        buf = b;
    }
    int bad = ferror(in);
    int e = errno;
    fclose(in);
    if (bad) {
        free(buf);
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(e));
        return SW_FAIL;
    }
    int rc = sw_file_parse(f, buf, len, err, errlen);
    free(buf);
    return rc;
}

void sw_file_free(sw_file *f)
{
    free(f->text);
    free(f->row_end);
    memset(f, 0, sizeof *f);
    f->header_at = SIZE_MAX;
}

char *sw_file_lines(const sw_file *f, const char *prefix)
{
    size_t n = strlen(prefix), used = 0;
    char *out = malloc(f->prov_end + 1);
    if (!out)
        return NULL;
    for (size_t off = 0; off < f->prov_end;) {
        const char *nl = memchr(f->text + off, '\n', f->prov_end - off);
        size_t end = nl ? (size_t)(nl - f->text) + 1 : f->prov_end;
        if (end - off >= n && memcmp(f->text + off, prefix, n) == 0) {
            memcpy(out + used, f->text + off, end - off);
            used += end - off;
        }
        off = end;
    }
    out[used] = '\0';
    return out;
}

size_t sw_file_column(const sw_file *f, const char *name)
{
    if (f->header_at == SIZE_MAX)
        return SIZE_MAX;
    size_t off = f->header_at, n;
    sw_csv_field fld[MZ_MAX_COLS + 8];
    if (sw_csv_read_row(f->text, f->len, &off, fld, MZ_MAX_COLS + 8, &n) != 1)
        return SIZE_MAX;
    for (size_t k = 0; k < n && k < MZ_MAX_COLS + 8; k++)
        if (sw_csv_equals(&fld[k], name))
            return k;
    return SIZE_MAX;
}
