/*
 * sweep_mem.c - per-thread heap accounting for the sweep's memory columns.
 *
 * Why not peak RSS: getrusage's ru_maxrss is one high-water mark for the
 * whole process. It never goes down, so after the first 1001x1001 maze every
 * later row reports the same figure, and with --jobs 2 it mixes two workers'
 * mazes. What a row wants is the memory its own generator and solver held.
 *
 * How: the mazebench binary is linked with -Wl,--wrap=malloc,... (see
 * CMakeLists.txt, MZ_HEAP_WRAP), so every malloc, calloc, realloc and free
 * (and posix_memalign, which kruskal uses for its 2 MiB-aligned arrays)
 * made by the library and the CLI goes through the wrappers below. They keep,
 * per thread, the bytes live (malloc_usable_size of each block) and the
 * highest level reached since sw_heap_begin(). A worker thread runs one
 * maze's generator and then each solver itself, so its counters see exactly
 * that work. What it does not see: stack, and memory libc allocates
 * internally (stdio buffers), neither of which the algorithms use for cells.
 * Without the wrap (another linker, another platform) the columns are empty.
 */
#define _GNU_SOURCE
#include "sweep.h"

#include <stdlib.h>

#ifdef MZ_HEAP_WRAP
#include <malloc.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
int __real_posix_memalign(void **p, size_t align, size_t n);
int __wrap_posix_memalign(void **p, size_t align, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

static _Thread_local int64_t live, peak;

static void note_alloc(void *p)
{
    if (p) {
        live += (int64_t)malloc_usable_size(p);
        if (live > peak)
            peak = live;
    }
}

void *__wrap_malloc(size_t n)
{
    void *p = __real_malloc(n);
    note_alloc(p);
    return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
    void *p = __real_calloc(n, size);
    note_alloc(p);
    return p;
}

void *__wrap_realloc(void *p, size_t n)
{
    size_t old = p ? malloc_usable_size(p) : 0;
    void *q = __real_realloc(p, n);
    if (q || n == 0)
        live -= (int64_t)old;
    note_alloc(q);
    return q;
}

int __wrap_posix_memalign(void **p, size_t align, size_t n)
{
    int r = __real_posix_memalign(p, align, n);
    if (r == 0)
        note_alloc(*p);
    return r;
}

void __wrap_free(void *p)
{
    if (p)
        live -= (int64_t)malloc_usable_size(p);
    __real_free(p);
}

int64_t sw_heap_begin(void)
{
    peak = live;
    return live;
}

int64_t sw_heap_rise(int64_t base) { return peak - base; }
#else
int64_t sw_heap_begin(void) { return 0; }
int64_t sw_heap_rise(int64_t base)
{
    (void)base;
    return -1;
}
#endif
