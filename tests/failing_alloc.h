/*
 * failing_alloc.h - an mz_allocator that fails its Nth call and counts the
 * blocks outstanding, for the tests that check every allocation failure is
 * reported as MZ_ENOMEM and leaks nothing (SQLite's fault-injection idea).
 */
#ifndef MZ_TEST_FAILING_ALLOC_H
#define MZ_TEST_FAILING_ALLOC_H

#include <stdlib.h>

#include "mazebench.h"

typedef struct failing {
    long calls, fail_at; /* fail the call numbered fail_at (1-based) */
    long live;           /* blocks handed out and not yet freed */
} failing;

static void *fail_alloc(void *opaque, size_t n)
{
    failing *f = opaque;
    if (++f->calls == f->fail_at)
        return NULL;
    void *p = malloc(n);
    if (p)
        f->live++;
    return p;
}

static void fail_free(void *opaque, void *p)
{
    failing *f = opaque;
    f->live--;
    free(p);
}

#endif /* MZ_TEST_FAILING_ALLOC_H */
