/*
 * csv.c - CSV records and sweep files read from a memory buffer.
 *
 * A sweep file is: '#' provenance lines, the header, then rows, each a CSV
 * record (RFC 4180 quoting) ended by '\n'. A row is complete when it ends
 * in a newline and has the header's field count; an interrupted write
 * leaves at most one partial row at the tail.
 *
 * One set of rules for every reader (merge, --resume, check, compare,
 * stats' published file): a UTF-8 byte-order mark is dropped, CRLF line
 * ends read as LF, blank and '#' lines among the rows are dropped, a NUL
 * byte anywhere is refused (not a text file), and so is a header that
 * names a column twice; a reader needing columns asks sw_file_need. Everything here works on a
 * buffer and a length (no NUL terminator needed), so the fuzz targets can
 * call it directly.
 */
#define _POSIX_C_SOURCE 200809L
#include "sweep.h"
#include "util/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
    return mzu_csv_unquote(f->p, f->len, out, outlen);
}

bool sw_csv_equals(const sw_csv_field *f, const char *s)
{
    char buf[1024];
    size_t n = sw_csv_value(f, buf, sizeof buf);
    return n < sizeof buf && strcmp(buf, s) == 0;
}

/* The line number (1-based) of offset at in buf. */
static size_t line_of(const char *buf, size_t at)
{
    size_t line = 1;
    for (const char *p = buf; (p = memchr(p, '\n', (size_t)(buf + at - p))) != NULL; p++)
        line++;
    return line;
}

/* Is the record text[at..end) (its newline included) a blank line or a
 * '#' comment line? */
static bool skipped_line(const char *text, size_t at, size_t end)
{
    return end - at == 1 || text[at] == '#';
}

int sw_file_parse(sw_file *f, const char *buf, size_t len, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    f->header_at = SIZE_MAX;
    const char *nul = memchr(buf, '\0', len);
    if (nul) {
        snprintf(err, errlen, "line %zu holds a NUL byte (not a text file)",
                 line_of(buf, (size_t)(nul - buf)));
        return SW_BAD;
    }
    f->text = malloc(len + 1);
    if (!f->text) {
        snprintf(err, errlen, "out of memory");
        return SW_FAIL;
    }
    /* One text for every reader: a UTF-8 byte-order mark dropped, CRLF
     * line ends made LF. */
    size_t i = len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0, w = 0;
    for (; i < len; i++)
        if (buf[i] != '\r' || i + 1 >= len || buf[i + 1] != '\n')
            f->text[w++] = buf[i];
    len = w;
    f->text[len] = '\0';
    f->len = len;
    char *t = f->text;
    size_t off = 0;
    /* Provenance: '#' lines and blank lines before the header. */
    while (off < len && (t[off] == '#' || t[off] == '\n')) {
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
    /* A column named twice is refused: which of the two would a reader
     * take? */
    {
        sw_csv_field fld[MZ_MAX_COLS + 8];
        size_t h = hoff, nf;
        char a[256], b[256];
        sw_csv_read_row(t, len, &h, fld, MZ_MAX_COLS + 8, &nf);
        for (size_t x = 0; x < nf && x < MZ_MAX_COLS + 8; x++)
            for (size_t y = 0; y < x; y++) {
                sw_csv_value(&fld[x], a, sizeof a);
                sw_csv_value(&fld[y], b, sizeof b);
                if (strcmp(a, b) == 0) {
                    snprintf(err, errlen, "line %zu: the header names column '%s' twice",
                             line_of(t, hoff), a);
                    for (char *c = err; *c; c++)
                        if ((unsigned char)*c < 0x20)
                            *c = '?';
                    sw_file_free(f);
                    return SW_BAD;
                }
            }
    }
    /* Rows: blank and '#' lines among them are dropped, so that row k
     * always starts where row k-1 ends (w is where the next row goes). */
    mzu_vec ends = MZU_VEC_INIT(size_t, NULL);
    w = off;
    while (off < len) {
        size_t at = off;
        if (sw_csv_read_row(t, len, &off, NULL, 0, &n) != 1) {
            off = at;
            break;
        }
        if (skipped_line(t, at, off))
            continue;
        if (n != f->ncols) {
            off = at;
            break;
        }
        size_t *end = mzu_vec_push(&ends);
        if (!end) {
            mzu_vec_free(&ends);
            sw_file_free(f);
            snprintf(err, errlen, "out of memory");
            return SW_FAIL;
        }
        memmove(t + w, t + at, off - at);
        w += off - at;
        *end = w;
    }
    f->row_end = mzu_vec_take(&ends, &f->nrows);
    /* What follows the last complete row (a partial row, a bad one) stays
     * as it was, for the readers that refuse it. */
    memmove(t + w, t + off, len - off);
    f->len = w + (len - off);
    t[f->len] = '\0';
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
        return errno == EISDIR ? SW_BAD : SW_FAIL;
    }
    struct stat st;
    if (fstat(fileno(in), &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            fclose(in);
            snprintf(err, errlen, "cannot read '%s': it is a directory", path);
            return SW_BAD;
        }
        /* The text, its copy and the row offsets: about three times the
         * file, checked before reading it. */
        mzu_budget b;
        mzu_mem_budget(&b);
        mzu_fit fit = S_ISREG(st.st_mode) ? mzu_budget_fits(&b, 3.0 * (double)st.st_size)
                                          : MZU_FITS;
        if (fit != MZU_FITS) {
            fclose(in);
            snprintf(err, errlen, "reading '%s' needs about %.1f GiB, more than %s", path,
                     3.0 * (double)st.st_size / 1073741824.0,
                     fit == MZU_PAST_MACHINE ? "this machine has"
                                             : "the address-space limit (ulimit -v) leaves");
            return SW_FAIL;
        }
    }
    mzu_vec text = MZU_VEC_INIT(char, NULL);
    for (;;) { /* 64 KiB, then doubling */
        if ((text.cap ? mzu_vec_grow(&text) : mzu_vec_reserve(&text, 1 << 16)) != MZ_OK) {
            mzu_vec_free(&text);
            fclose(in);
            snprintf(err, errlen, "out of memory reading '%s'", path);
            return SW_FAIL;
        }
        char *buf = text.data;
        size_t got = fread(buf + text.len, 1, text.cap - text.len, in);
        /* A NUL byte: not a text file (stop now: /dev/zero never ends). */
        const char *nul = memchr(buf + text.len, '\0', got);
        text.len += got;
        if (nul) {
            fclose(in);
            snprintf(err, errlen, "'%s' line %zu holds a NUL byte (not a text file)", path,
                     line_of(buf, (size_t)(nul - buf)));
            mzu_vec_free(&text);
            return SW_BAD;
        }
        if (text.len < text.cap)
            break;
    }
    int bad = ferror(in);
    int e = errno;
    fclose(in);
    if (bad) {
        mzu_vec_free(&text);
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(e));
        return e == EISDIR ? SW_BAD : SW_FAIL;
    }
    int rc = sw_file_parse(f, text.data, text.len, err, errlen);
    mzu_vec_free(&text);
    if (rc == SW_BAD && errlen) { /* "line N: ..." becomes "'PATH' line N: ..." */
        char why[512];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, errlen, "'%s' %s", path, why);
    }
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

int sw_file_need(const sw_file *f, const char *const *names, size_t n, char *err,
                 size_t errlen)
{
    if (f->header_at == SIZE_MAX) {
        snprintf(err, errlen, "no header line");
        return SW_BAD;
    }
    for (size_t k = 0; k < n; k++)
        if (sw_file_column(f, names[k]) == SIZE_MAX) {
            snprintf(err, errlen, "the header has no '%s' column", names[k]);
            return SW_BAD;
        }
    return SW_OK;
}
