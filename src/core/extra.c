/* extra.c - algorithm-specific output columns. */
#include "internal.h"

/* The entry of every mz_extra_ setter: NULL (nothing set) for x or name NULL. */
static mz_value *slot(mz_extra *x, const char *name)
{
    if (!x || !name)
        return NULL;
    for (unsigned k = 0; k < x->n; k++)
        if (strcmp(x->v[k].name, name) == 0)
            return &x->v[k];
    if (x->n == MZ_MAX_EXTRA)
        return NULL;
    mz_value *v = &x->v[x->n++];
    v->name = name;
    return v;
}

void mz_extra_init(mz_extra *x)
{
    if (x)
        memset(x, 0, sizeof *x);
}

void mz_extra_int(mz_extra *x, const char *name, int64_t val)
{
    mz_value *v = slot(x, name);
    if (v) {
        v->type = MZ_V_INT;
        v->i = val;
    }
}

void mz_extra_real(mz_extra *x, const char *name, double val)
{
    mz_value *v = slot(x, name);
    if (v) {
        v->type = MZ_V_REAL;
        v->d = val;
    }
}

void mz_extra_bool(mz_extra *x, const char *name, bool val)
{
    mz_value *v = slot(x, name);
    if (v) {
        v->type = MZ_V_BOOL;
        v->i = val;
    }
}

void mz_extra_text(mz_extra *x, const char *name, const char *text)
{
    mz_value *v = text ? slot(x, name) : NULL;
    if (v) {
        v->type = MZ_V_TEXT;
        v->text = text;
    }
}

const mz_value *mz_extra_get(const mz_extra *x, const char *name)
{
    if (!x || !name)
        return NULL;
    for (unsigned k = 0; k < x->n; k++)
        if (strcmp(x->v[k].name, name) == 0)
            return &x->v[k];
    return NULL;
}

void mz_solution_clear(mz_solution *s)
{
    if (!s)
        return;
    bool want = s->want_path;
    const mz_allocator *mem = s->mem;
    mz_mem_free(mem, s->path);
    memset(s, 0, sizeof *s);
    s->want_path = want;
    s->mem = mem;
    s->path_steps = s->closed = s->steps = s->forward = s->turns = -1;
}

void mz_solution_init(mz_solution *s, bool want_path, const mz_allocator *mem)
{
    if (!s)
        return;
    memset(s, 0, sizeof *s);
    s->want_path = want_path;
    s->mem = mem;
    mz_solution_clear(s);
}

void mz_solution_free(mz_solution *s)
{
    if (!s)
        return;
    mz_mem_free(s->mem, s->path);
    s->path = NULL;
    s->path_len = 0;
}

mz_status mz_solution_push(mz_solution *s, mz_idx cell)
{
    if (!s)
        return MZ_EINVAL;
    /* Capacity is the next power of two at or above path_len. */
    uint64_t n = s->path_len;
    if (n == 0 || (n & (n - 1)) == 0) {
        uint64_t cap = n ? n * 2 : 16;
        if (n == 0 || n >= 16) {
            size_t bytes = mz_mul_size(cap, sizeof(mz_idx));
            mz_idx *p = bytes ? mz_mem_realloc(s->mem, s->path, bytes) : NULL;
            if (!p)
                return MZ_ENOMEM;
            s->path = p;
        }
    }
    s->path[s->path_len++] = cell;
    return MZ_OK;
}
