/*
 * csvtext.c - a CSV field's value (util.h), for every reader of CSV files.
 */
#include "util.h"

#include <stdlib.h>

size_t mzu_csv_unquote(const char *raw, size_t len, char *out, size_t outlen)
{
    size_t n = 0;
    const char *s = raw;
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

char *mzu_field_text(const char *raw, size_t len)
{
    size_t n = mzu_csv_unquote(raw, len, NULL, 0);
    char *s = malloc(n + 1);
    if (s) {
        mzu_csv_unquote(raw, len, s, n + 1);
        if (n && s[n - 1] == '\r')
            s[n - 1] = '\0';
    }
    return s;
}
