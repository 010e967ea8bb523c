/*
 * failing.h - an mz_allocator that fails its Nth call and counts the blocks
 * outstanding (SQLite's fault-injection idea): `vet` and the tests check
 * with it that every allocation failure is reported as MZ_ENOMEM and that
 * nothing leaks.
 *
 *   mzt_failing f = {0, 3, 0};                  fail the third call
 *   mz_allocator a = {mzt_failing_alloc, mzt_failing_free, &f};
 *   ... run with a ...; f.live == 0 afterwards: nothing leaked
 */
#ifndef MZT_FAILING_H
#define MZT_FAILING_H

#include <stddef.h>

typedef struct mzt_failing {
    long calls, fail_at; /* fail the call numbered fail_at (1-based; 0: never) */
    long live;           /* blocks handed out and not yet freed */
} mzt_failing;

/* alloc and free of an mz_allocator whose opaque is an mzt_failing. */
void *mzt_failing_alloc(void *opaque, size_t n);
void mzt_failing_free(void *opaque, void *p);

#endif /* MZT_FAILING_H */
