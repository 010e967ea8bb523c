/*
 * shape_common.c - the growable array the generic generator paths share
 * (shape_common.h).
 */
#include "shape_common.h"

mz_status sh_vec_init(sh_vec *v, const mz_allocator *mem, uint64_t cap)
{
    v->mem = mem;
    v->len = 0;
    v->cap = cap ? cap : 1;
    v->a = mz_alloc_array(mem, v->cap, sizeof *v->a);
    return v->a ? MZ_OK : MZ_ENOMEM;
}

void sh_vec_free(sh_vec *v)
{
    mz_mem_free(v->mem, v->a);
    v->a = NULL;
    v->len = v->cap = 0;
}

mz_status sh_vec_grow(sh_vec *v)
{
    size_t bytes = mz_mul_size(v->cap * 2, sizeof *v->a);
    uint64_t *na = bytes ? mz_mem_realloc(v->mem, v->a, bytes) : NULL;
    if (!na)
        return MZ_ENOMEM;
    v->a = na;
    v->cap *= 2;
    return MZ_OK;
}
