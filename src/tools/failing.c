/*
 * failing.c - the allocator that fails its Nth call (failing.h).
 */
#include "failing.h"

#include <stdlib.h>

void *mzt_failing_alloc(void *opaque, size_t n)
{
    mzt_failing *f = opaque;
    if (++f->calls == f->fail_at)
        return NULL;
    void *p = malloc(n);
    if (p)
        f->live++;
    return p;
}

void mzt_failing_free(void *opaque, void *p)
{
    mzt_failing *f = opaque;
    f->live--;
    free(p);
}
