/*
 * alloc.c - the recycling pool (src/mazebench.h). The allocation
 * primitives every room shares, the cell queue and bitsets are util's
 * (src/util/mem.c).
 */
#include "internal.h"

/* ------------------------------------------------------------------ */
/* The recycling pool                                                  */
/* ------------------------------------------------------------------ */

/* Each pool block starts with its capacity; the caller's bytes follow. */
typedef struct pool_hdr {
    uint64_t cap;  /* bytes available after the header */
    uint64_t used; /* bytes requested by the current holder */
} pool_hdr;

/* The free blocks by capacity: one slot a capacity, sorted, each holding a
 * stack of its free blocks (linked through their headers' used field). A
 * request takes a block of the smallest capacity that holds it (a binary
 * search), so a run that asks for the sizes its warm-up asked for finds
 * every block again, however many there are. */
typedef struct pool_slot {
    uint64_t cap;
    pool_hdr *top; /* the last block freed of this capacity */
} pool_slot;

struct mz_pool {
    mz_allocator view;
    pool_slot *slot; /* capacities with free blocks, ascending */
    size_t nslot, capslot;
    mz_pool_stats st;
};

/* The first slot whose capacity holds bytes (nslot when none does). */
static size_t pool_find(const mz_pool *p, uint64_t bytes)
{
    size_t lo = 0, hi = p->nslot;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (p->slot[mid].cap < bytes)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void *pool_alloc(void *opaque, size_t bytes)
{
    mz_pool *p = opaque;
    size_t k = pool_find(p, bytes);
    pool_hdr *h;
    if (k < p->nslot) {
        h = p->slot[k].top;
        p->slot[k].top = (pool_hdr *)(uintptr_t)h->used;
        if (!p->slot[k].top) {
            memmove(&p->slot[k], &p->slot[k + 1], (p->nslot - k - 1) * sizeof *p->slot);
            p->nslot--;
        }
        p->st.cached -= h->cap;
    } else {
        if (bytes > SIZE_MAX - sizeof(pool_hdr))
            return NULL;
        h = malloc(sizeof(pool_hdr) + bytes);
        if (!h)
            return NULL;
        h->cap = bytes;
        p->st.fresh++;
        p->st.fresh_bytes += bytes;
    }
    h->used = bytes;
    p->st.live += bytes;
    if (p->st.live > p->st.peak)
        p->st.peak = p->st.live;
    return h + 1;
}

static void pool_release(void *opaque, void *ptr)
{
    mz_pool *p = opaque;
    pool_hdr *h = (pool_hdr *)ptr - 1;
    p->st.live -= h->used;
    size_t k = pool_find(p, h->cap);
    if (k == p->nslot || p->slot[k].cap != h->cap) {
        if (p->nslot == p->capslot) {
            size_t ncap = p->capslot ? p->capslot * 2 : 64;
            pool_slot *ns = realloc(p->slot, ncap * sizeof *ns);
            if (!ns) {
                free(h); /* cannot cache it: give it back */
                return;
            }
            p->slot = ns;
            p->capslot = ncap;
        }
        memmove(&p->slot[k + 1], &p->slot[k], (p->nslot - k) * sizeof *p->slot);
        p->slot[k].cap = h->cap;
        p->slot[k].top = NULL;
        p->nslot++;
    }
    h->used = (uint64_t)(uintptr_t)p->slot[k].top;
    p->slot[k].top = h;
    p->st.cached += h->cap;
}

mz_pool *mz_pool_new(void)
{
    mz_pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->view.alloc = pool_alloc;
    p->view.free = pool_release;
    p->view.opaque = p;
    return p;
}

void mz_pool_trim(mz_pool *p)
{
    if (!p)
        return;
    for (size_t k = 0; k < p->nslot; k++) {
        pool_hdr *h = p->slot[k].top;
        while (h) {
            pool_hdr *next = (pool_hdr *)(uintptr_t)h->used;
            free(h);
            h = next;
        }
    }
    p->nslot = 0;
    p->st.cached = 0;
}

void mz_pool_free(mz_pool *p)
{
    if (!p)
        return;
    mz_pool_trim(p);
    free(p->slot);
    free(p);
}

const mz_allocator *mz_pool_allocator(mz_pool *p) { return p ? &p->view : NULL; }

void mz_pool_mark(mz_pool *p)
{
    if (!p)
        return;
    p->st.peak = p->st.live;
    p->st.fresh = 0;
    p->st.fresh_bytes = 0;
}

void mz_pool_get_stats(const mz_pool *p, mz_pool_stats *st)
{
    if (!st)
        return;
    if (!p) {
        memset(st, 0, sizeof *st);
        return;
    }
    *st = p->st;
}
