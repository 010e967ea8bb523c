/*
 * vec.c - the growable array (util.h).
 */
#include "util.h"

#include <stdlib.h>

void mzu_vec_init(mzu_vec *v, size_t elem, const mz_allocator *mem)
{
    v->mem = mem;
    v->data = NULL;
    v->len = v->cap = 0;
    v->elem = elem;
}

mz_status mzu_array_reserve(const mz_allocator *mem, void *data, size_t *cap, size_t n,
                            size_t elem)
{
    if (n <= *cap)
        return MZ_OK;
    size_t bytes = mz_mul_size(n, elem);
    if (bytes == 0 && elem != 0)
        return MZ_ETOOBIG;
    if (bytes == 0)
        bytes = 1;
    void *old;
    memcpy(&old, data, sizeof old);
    void *d = mem ? mz_mem_realloc(mem, old, bytes) : realloc(old, bytes);
    if (!d)
        return MZ_ENOMEM;
    memcpy(data, &d, sizeof d);
    *cap = n;
    return MZ_OK;
}

mz_status mzu_vec_reserve(mzu_vec *v, size_t n)
{
    return mzu_array_reserve(v->mem, &v->data, &v->cap, n, v->elem);
}

mz_status mzu_vec_grow(mzu_vec *v)
{
    return mzu_array_grow(v->mem, &v->data, &v->cap, v->elem, 8);
}

void *mzu_vec_take(mzu_vec *v, size_t *len)
{
    void *d = v->data;
    if (len)
        *len = v->len;
    v->data = NULL;
    v->len = v->cap = 0;
    return d;
}

void mzu_vec_free(mzu_vec *v)
{
    mzu_array_free(v->mem, v->data);
    v->data = NULL;
    v->len = v->cap = 0;
}
