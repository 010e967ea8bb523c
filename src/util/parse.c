/*
 * parse.c - the strict decimal integer parser (util.h): every integer read
 * from a command line, a plan, a CSV file or a provenance line; and the
 * list splitter every comma-separated list goes through.
 */
#include "util.h"

#include <stdlib.h>

static mzu_int_status scan(const char **s, uint64_t min, uint64_t max, unsigned flags,
                           bool whole, uint64_t *out)
{
    const char *c = *s;
    if (*c == '\0')
        return MZU_INT_EMPTY;
    if (*c == '-' || (*c == '+' && !(flags & MZU_INT_PLUS)))
        return MZU_INT_SIGN;
    if (*c == '+')
        c++;
    if (*c < '0' || *c > '9')
        return MZU_INT_NOT_DIGIT;
    uint64_t v = 0;
    bool over = false;
    for (; *c >= '0' && *c <= '9'; c++) {
        unsigned d = (unsigned)(*c - '0');
        if (v > (UINT64_MAX - d) / 10)
            over = true;
        v = v * 10 + d;
    }
    if (over)
        return MZU_INT_OVERFLOW;
    if (whole && *c != '\0')
        return MZU_INT_JUNK;
    if (v < min || v > max)
        return MZU_INT_RANGE;
    *out = v;
    *s = c;
    return MZU_INT_OK;
}

mzu_int_status mzu_parse_u64(const char *text, uint64_t min, uint64_t max, unsigned flags,
                             uint64_t *out)
{
    return scan(&text, min, max, flags, true, out);
}

mzu_int_status mzu_scan_u64(const char **s, uint64_t min, uint64_t max, unsigned flags,
                            uint64_t *out)
{
    return scan(s, min, max, flags, false, out);
}

const char *mzu_int_status_str(mzu_int_status s)
{
    switch (s) {
    case MZU_INT_OK: return "ok";
    case MZU_INT_EMPTY: return "empty";
    case MZU_INT_SIGN: return "a sign";
    case MZU_INT_NOT_DIGIT: return "not a number";
    case MZU_INT_JUNK: return "characters after the number";
    case MZU_INT_OVERFLOW: return "past 2^64 - 1";
    case MZU_INT_RANGE: return "out of range";
    }
    return "unknown";
}

int mzu_each_piece(const char *list, char sep, mzu_piece_fn fn, void *user)
{
    size_t n = strlen(list);
    char *buf = malloc(n + 1);
    if (!buf)
        return MZU_LIST_NOMEM;
    memcpy(buf, list, n + 1);
    int rc = 0;
    for (char *piece = buf;;) {
        char *end = strchr(piece, sep);
        if (end)
            *end = '\0';
        if ((rc = fn(piece, !end, user)) != 0 || !end)
            break;
        piece = end + 1;
    }
    free(buf);
    return rc;
}
