/* alloc.c - checked allocation, the cell queue and bitsets. */
#include "internal.h"

void *mz_alloc_array(uint64_t n, size_t size)
{
    size_t bytes = mz_mul_size(n, size);
    if (bytes == 0)
        return n == 0 ? malloc(1) : NULL;
    return malloc(bytes);
}

uint64_t *mz_bits_new(uint64_t n)
{
    uint64_t words = n / 64 + 1;
    size_t bytes = mz_mul_size(words, sizeof(uint64_t));
    return bytes ? calloc(1, bytes) : NULL;
}

mz_status mz_queue_init(mz_queue *q, uint64_t cap)
{
    uint64_t c = 64;
    while (c < cap && c < (UINT64_C(1) << 40))
        c <<= 1;
    q->buf = mz_alloc_array(c, sizeof(mz_idx));
    q->cap = c;
    q->head = q->len = 0;
    return q->buf ? MZ_OK : MZ_ENOMEM;
}

void mz_queue_free(mz_queue *q)
{
    free(q->buf);
    q->buf = NULL;
    q->cap = q->head = q->len = 0;
}

mz_status mz_queue_grow(mz_queue *q)
{
    uint64_t ncap = q->cap * 2;
    mz_idx *nb = mz_alloc_array(ncap, sizeof(mz_idx));
    if (!nb)
        return MZ_ENOMEM;
    /* Unroll the ring into the front of the new buffer. */
    for (uint64_t k = 0; k < q->len; k++)
        nb[k] = q->buf[(q->head + k) & (q->cap - 1)];
    free(q->buf);
    q->buf = nb;
    q->cap = ncap;
    q->head = 0;
    return MZ_OK;
}
