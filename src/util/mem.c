/*
 * mem.c - allocation through an mz_allocator, the cell queue and bitsets
 * (util.h).
 *
 * Every block allocated here carries a 16-byte header in front of the
 * data: the data's size and the distance back to the start of what the
 * allocator returned. The size lets mz_mem_realloc copy through an
 * allocator that has no realloc of its own; the distance lets a block be
 * aligned beyond what the allocator guarantees (kruskal's 2 MiB arrays).
 */
#include "util.h"

#include <stdlib.h>

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


uint64_t *mz_sweep_alloc(const mz_allocator *m, uint64_t cells, mz_queue *q)
{
    uint64_t *seen = mz_bits_new(m, cells);
    if (!seen || mz_queue_init(q, m, 1024) != MZ_OK) {
        mz_mem_free(m, seen);
        return NULL;
    }
    return seen;
}
