/*
 * alloc.c - the library's allocation helpers, the recycling pool, the cell
 * queue and bitsets.
 *
 * Every block the library allocates carries a 16-byte header in front of
 * the data: the data's size and the distance back to the start of what the
 * allocator returned. The size lets mz_mem_realloc copy through an
 * allocator that has no realloc of its own; the distance lets a block be
 * aligned beyond what the allocator guarantees (kruskal's 2 MiB arrays).
 */
#include "internal.h"

#define HDR 16u

typedef struct blk_hdr {
    uint64_t size;   /* data bytes */
    uint32_t offset; /* data - raw */
    uint32_t align;  /* the alignment asked for */
} blk_hdr;

static void *raw_alloc(const mz_allocator *m, size_t bytes)
{
    return m ? m->alloc(m->opaque, bytes) : malloc(bytes);
}

static void raw_free(const mz_allocator *m, void *p)
{
    if (m)
        m->free(m->opaque, p);
    else
        free(p);
}

static blk_hdr *hdr_of(void *p) { return (blk_hdr *)((unsigned char *)p - HDR); }

void *mz_mem_alloc_aligned(const mz_allocator *m, size_t bytes, size_t align)
{
    if (align < HDR)
        align = HDR;
    if (align > ((size_t)1 << 30))
        return NULL;
    size_t extra = HDR + (align > HDR ? align : 0);
    if (bytes > SIZE_MAX - extra)
        return NULL;
    unsigned char *raw = raw_alloc(m, bytes + extra);
    if (!raw)
        return NULL;
    uintptr_t data = (uintptr_t)raw + HDR;
    if (align > HDR)
        data = (data + (align - 1)) & ~(uintptr_t)(align - 1);
    blk_hdr h = {bytes, (uint32_t)(data - (uintptr_t)raw), (uint32_t)align};
    memcpy((unsigned char *)data - HDR, &h, sizeof h);
    return (void *)data;
}

void *mz_mem_alloc(const mz_allocator *m, size_t bytes)
{
    return mz_mem_alloc_aligned(m, bytes, HDR);
}

void *mz_mem_calloc(const mz_allocator *m, uint64_t n, size_t size)
{
    size_t bytes = mz_mul_size(n, size);
    if (bytes == 0 && n != 0 && size != 0)
        return NULL;
    void *p = mz_mem_alloc(m, bytes);
    if (p)
        memset(p, 0, bytes);
    return p;
}

void mz_mem_free(const mz_allocator *m, void *p)
{
    if (!p)
        return;
    blk_hdr h;
    memcpy(&h, hdr_of(p), sizeof h);
    raw_free(m, (unsigned char *)p - h.offset);
}

void *mz_mem_realloc(const mz_allocator *m, void *p, size_t bytes)
{
    if (!p)
        return mz_mem_alloc(m, bytes);
    blk_hdr h;
    memcpy(&h, hdr_of(p), sizeof h);
    if (!m && h.align == HDR) {
        /* The C library can often grow in place or remap pages. */
        if (bytes > SIZE_MAX - HDR)
            return NULL;
        unsigned char *raw = realloc((unsigned char *)p - HDR, bytes + HDR);
        if (!raw)
            return NULL;
        h.size = bytes;
        memcpy(raw, &h, sizeof h);
        return raw + HDR;
    }
    void *n = mz_mem_alloc_aligned(m, bytes, h.align);
    if (!n)
        return NULL;
    memcpy(n, p, (size_t)(h.size < bytes ? h.size : bytes));
    mz_mem_free(m, p);
    return n;
}

void *mz_alloc_array(const mz_allocator *m, uint64_t n, size_t size)
{
    size_t bytes = mz_mul_size(n, size);
    if (bytes == 0 && n != 0 && size != 0)
        return NULL;
    return mz_mem_alloc(m, bytes);
}

uint64_t *mz_bits_new(const mz_allocator *m, uint64_t n)
{
    return mz_mem_calloc(m, n / 64 + 1, sizeof(uint64_t));
}

mz_status mz_queue_init(mz_queue *q, const mz_allocator *m, uint64_t cap)
{
    uint64_t c = 64;
    while (c < cap && c < (UINT64_C(1) << 40))
        c <<= 1;
    q->mem = m;
    q->buf = mz_alloc_array(m, c, sizeof(mz_idx));
    q->cap = c;
    q->head = q->len = 0;
    return q->buf ? MZ_OK : MZ_ENOMEM;
}

void mz_queue_free(mz_queue *q)
{
    mz_mem_free(q->mem, q->buf);
    q->buf = NULL;
    q->cap = q->head = q->len = 0;
}

mz_status mz_queue_grow(mz_queue *q)
{
    uint64_t ncap = q->cap * 2;
    mz_idx *nb = mz_alloc_array(q->mem, ncap, sizeof(mz_idx));
    if (!nb)
        return MZ_ENOMEM;
    /* Unroll the ring into the front of the new buffer. */
    for (uint64_t k = 0; k < q->len; k++)
        nb[k] = q->buf[(q->head + k) & (q->cap - 1)];
    mz_mem_free(q->mem, q->buf);
    q->buf = nb;
    q->cap = ncap;
    q->head = 0;
    return MZ_OK;
}

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
