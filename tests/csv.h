/*
 * csv.h - a small RFC 4180 reader for the tests' data files: '#' lines and
 * blank lines are skipped, fields may be quoted, "" is a quote. A record
 * with more fields than CSV_MAX_FIELDS or a line longer than CSV_MAX_LINE
 * stops the test program with a message, never a silently cut record.
 */
#ifndef MZ_TEST_CSV_H
#define MZ_TEST_CSV_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CSV_MAX_FIELDS 128
#define CSV_MAX_LINE 16384

typedef struct csv_rec {
    int n;
    char *f[CSV_MAX_FIELDS];
    char buf[CSV_MAX_LINE];
} csv_rec;

static inline void csv_refuse(const char *why)
{
    fprintf(stderr, "csv.h: %s: raise its limit\n", why);
    abort();
}

/* Read the next record from f into r; 1 on success, 0 at end of file. */
static inline int csv_next(FILE *f, csv_rec *r)
{
    char line[CSV_MAX_LINE];
    for (;;) {
        if (!fgets(line, sizeof line, f))
            return 0;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n' && !feof(f))
            csv_refuse("a line longer than CSV_MAX_LINE");
        if (line[0] == '#' || line[0] == '\n' || line[0] == '\r')
            continue;
        break;
    }
    line[strcspn(line, "\r\n")] = '\0';
    char *out = r->buf;
    const char *p = line;
    r->n = 0;
    for (;;) {
        if (r->n == CSV_MAX_FIELDS)
            csv_refuse("a record with more than CSV_MAX_FIELDS fields");
        r->f[r->n++] = out;
        if (*p == '"') {
            p++;
            while (*p) {
                if (*p == '"' && p[1] == '"') {
                    *out++ = '"';
                    p += 2;
                } else if (*p == '"') {
                    p++;
                    break;
                } else {
                    *out++ = *p++;
                }
            }
        } else {
            while (*p && *p != ',')
                *out++ = *p++;
        }
        *out++ = '\0';
        if (*p != ',')
            break;
        p++;
    }
    return 1;
}

/* Index of a header name, or -1. */
static inline int csv_col(const csv_rec *h, const char *name)
{
    for (int k = 0; k < h->n; k++)
        if (strcmp(h->f[k], name) == 0)
            return k;
    return -1;
}

#endif
