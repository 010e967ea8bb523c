/*
 * lines.h - the lines of a text, for the readers of drawings (ascii,
 * blocks): each line's start and length, a final CR dropped, empty lines
 * at the end left out.
 */
#ifndef MZ_FILE_LINES_H
#define MZ_FILE_LINES_H

#include "file_int.h"

typedef struct mzf_line {
    size_t at, len;
} mzf_line;

/* The lines of r's text from r->pos into a new array (*out, freed with
 * free) of *n lines. MZ_ENOMEM, MZ_ETOOBIG when the table would pass the
 * bytes allowed, or MZ_EFORMAT for a text with no line. */
static inline mz_status mzf_lines(mzf_reader *r, mzf_line **out, size_t *n)
{
    size_t count = 0;
    for (size_t k = r->pos; k < r->len; k++)
        count += r->t[k] == '\n';
    count++;
    if (count > r->max / sizeof(mzf_line))
        return mzf_fail_at_none(r, MZ_ETOOBIG, "%zu lines need more than the %llu bytes allowed",
                                count, (unsigned long long)r->max);
    mzf_line *l = malloc(count * sizeof *l);
    if (!l)
        return MZ_ENOMEM;
    size_t m = 0, at = r->pos;
    while (at <= r->len && m < count) {
        const char *nl = at < r->len ? memchr(r->t + at, '\n', r->len - at) : NULL;
        size_t end = nl ? (size_t)(nl - r->t) : r->len;
        size_t len = end - at;
        if (len && r->t[at + len - 1] == '\r')
            len--;
        l[m].at = at;
        l[m].len = len;
        m++;
        if (!nl)
            break;
        at = end + 1;
    }
    while (m && l[m - 1].len == 0)
        m--;
    if (m == 0) {
        free(l);
        return mzf_fail(r, r->pos, "no maze: the text is empty");
    }
    *out = l;
    *n = m;
    return MZ_OK;
}

#endif /* MZ_FILE_LINES_H */
