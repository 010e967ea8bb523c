/* trace_rec.h - a trace sink for the tests that keeps every step in memory. */
#ifndef MZ_TEST_TRACE_REC_H
#define MZ_TEST_TRACE_REC_H

#include <stdlib.h>

#include "mazebench.h"

typedef struct rec {
    uint64_t n, cap;
    mz_step *s;
} rec;

/* An mz_trace emit function: user is a rec, zeroed before the run. */
static inline int record(void *user, const mz_step *s)
{
    rec *r = user;
    if (r->n == r->cap) {
        uint64_t cap = r->cap ? r->cap * 2 : 1024;
        mz_step *ns = realloc(r->s, cap * sizeof *ns);
        if (!ns)
            return 1;
        r->s = ns;
        r->cap = cap;
    }
    r->s[r->n++] = *s;
    return 0;
}

#endif
