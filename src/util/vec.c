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

mz_status mzu_vec_reserve(mzu_vec *v, size_t n)
{
    if (n <= v->cap)
        return MZ_OK;
    size_t bytes = mz_mul_size(n, v->elem);
    if (bytes == 0 && v->elem != 0)
        return MZ_ETOOBIG;
    if (bytes == 0)
        bytes = 1;
    void *d = v->mem ? mz_mem_realloc(v->mem, v->data, bytes) : realloc(v->data, bytes);
    if (!d)
        return MZ_ENOMEM;
    v->data = d;
    v->cap = n;
    return MZ_OK;
}

mz_status mzu_vec_grow(mzu_vec *v)
{
    if (v->cap == 0)
        return mzu_vec_reserve(v, 8);
    if (v->cap > SIZE_MAX / 2)
        return v->cap == SIZE_MAX ? MZ_ETOOBIG : mzu_vec_reserve(v, SIZE_MAX);
    return mzu_vec_reserve(v, v->cap * 2);
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
    if (v->mem)
        mz_mem_free(v->mem, v->data);
    else
        free(v->data);
    v->data = NULL;
    v->len = v->cap = 0;
}
