/*
 * util.h - the small utilities every part of the project shares:
 * allocation through an mz_allocator, one growable array, one cell queue
 * and bitsets, one strict integer parser, one memory budget and one CSV
 * field reader. The lowest room (docs/layers.md): it uses the types of
 * src/mazebench.h and calls nothing else of the project. Compiled into the
 * library: nothing here prints or exits; each function returns a status.
 */
#ifndef MZ_UTIL_H
#define MZ_UTIL_H

#include "../mazebench.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define MZU_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define MZU_INLINE static inline __attribute__((always_inline))
#else
#define MZU_UNLIKELY(x) (x)
#define MZU_INLINE static inline
#endif

/* ---- allocation (mem.c) ---- */

/* Overflow-checked n * size for allocations: 0 on overflow. */
MZU_INLINE size_t mz_mul_size(uint64_t n, size_t size)
{
    if (size != 0 && n > SIZE_MAX / size)
        return 0;
    return (size_t)(n * size);
}

/* Allocation through an mz_allocator (NULL: the C library). Every block
 * the library makes while working on a grid comes from g->mem through
 * these; each returns NULL on failure or overflow. A block is
 * freed with mz_mem_free on the allocator that made it (NULL is ignored). */
void *mz_mem_alloc(const mz_allocator *mem, size_t bytes);
void *mz_mem_alloc_aligned(const mz_allocator *mem, size_t bytes, size_t align); /* align: a power of two */
void *mz_mem_calloc(const mz_allocator *mem, uint64_t n, size_t size);
void *mz_mem_realloc(const mz_allocator *mem, void *p, size_t bytes);
void mz_mem_free(const mz_allocator *mem, void *p);
/* n elements of size, uninitialised. */
void *mz_alloc_array(const mz_allocator *mem, uint64_t n, size_t size);

/* ---- the cell queue and bitsets (mem.c) ---- */

/* A growable FIFO ring of cell indices. BFS frontiers on mazes are narrow,
 * so the ring stays far smaller than the grid; it doubles when full. */
typedef struct mz_queue {
    const mz_allocator *mem;
    mz_idx *buf;
    uint64_t cap; /* a power of two */
    uint64_t head, len;
} mz_queue;

mz_status mz_queue_init(mz_queue *q, const mz_allocator *mem, uint64_t cap);
void mz_queue_free(mz_queue *q);
mz_status mz_queue_grow(mz_queue *q);

MZU_INLINE mz_status mz_queue_push(mz_queue *q, mz_idx v)
{
    if (MZU_UNLIKELY(q->len == q->cap)) {
        mz_status s = mz_queue_grow(q);
        if (s != MZ_OK)
            return s;
    }
    q->buf[(q->head + q->len) & (q->cap - 1)] = v;
    q->len++;
    return MZ_OK;
}

MZU_INLINE mz_idx mz_queue_pop(mz_queue *q)
{
    mz_idx v = q->buf[q->head];
    q->head = (q->head + 1) & (q->cap - 1);
    q->len--;
    return v;
}

/* A bitset of n bits, zeroed, from mem. NULL on failure or overflow;
 * freed with mz_mem_free. */
uint64_t *mz_bits_new(const mz_allocator *mem, uint64_t n);

/* A breadth-first sweep's working set over cells: the bitset of the cells
 * seen (zeroed, returned) and a cell queue in *q, both from mem. NULL,
 * with nothing kept, when either cannot be had; freed with mz_mem_free
 * and mz_queue_free. */
uint64_t *mz_sweep_alloc(const mz_allocator *mem, uint64_t cells, mz_queue *q);

MZU_INLINE bool mz_bit_get(const uint64_t *b, uint64_t i) { return (b[i >> 6] >> (i & 63)) & 1u; }
MZU_INLINE void mz_bit_set(uint64_t *b, uint64_t i) { b[i >> 6] |= UINT64_C(1) << (i & 63); }


/* ---- the growable array ---- */

/* An array of len elements of elem bytes each, room for cap, in one
 * block of memory from mem (NULL: the C library's malloc, realloc and
 * free, so such a block may be handed on and freed with free). Zeroed
 * (MZU_VEC_INIT) or mzu_vec_init'ed, it is empty and owns no memory.
 * Growth doubles the room (from 8 elements when it has none), or goes
 * straight to a larger request; every size is overflow-checked. On a
 * failure the array keeps its elements and its room. */
typedef struct mzu_vec {
    const mz_allocator *mem;
    void *data;
    size_t len, cap; /* elements */
    size_t elem;     /* bytes per element */
} mzu_vec;

#define MZU_VEC_INIT(type, mem) {(mem), NULL, 0, 0, sizeof(type)}

/* element k as a value of type T (no bounds check) */
#define MZU_AT(v, T, k) (((T *)(v)->data)[k])

void mzu_vec_init(mzu_vec *v, size_t elem, const mz_allocator *mem);

/* Room for at least n elements: MZ_OK, MZ_ETOOBIG when n elements do not
 * fit in a size_t, MZ_ENOMEM when the allocation fails. */
mz_status mzu_vec_reserve(mzu_vec *v, size_t n);

/* Room for one more element than cap (the cold path of mzu_vec_push). */
mz_status mzu_vec_grow(mzu_vec *v);

/* mzu_vec_grow on a copy of *v, written back: the pushes below grow
 * through it, so the address of an array held in a local variable never
 * leaves the function (the compiler may then keep its fields in
 * registers through the stores of a hot loop). */
static inline mz_status mzu_vec_grow_copy(mzu_vec *v)
{
    mzu_vec c = *v;
    mz_status s = mzu_vec_grow(&c);
    *v = c;
    return s;
}

/* A new last element, uninitialised: its address, or NULL when the array
 * cannot grow. */
static inline void *mzu_vec_push(mzu_vec *v)
{
    if (MZU_UNLIKELY(v->len == v->cap) && mzu_vec_grow_copy(v) != MZ_OK)
        return NULL;
    return (char *)v->data + v->len++ * v->elem;
}

/* Append a copy of the elem bytes at x. */
static inline mz_status mzu_vec_append(mzu_vec *v, const void *x)
{
    if (MZU_UNLIKELY(v->len == v->cap)) {
        mz_status s = mzu_vec_grow_copy(v);
        if (s != MZ_OK)
            return s;
    }
    memcpy((char *)v->data + v->len++ * v->elem, x, v->elem);
    return MZ_OK;
}

/* Append x to an array of 8-byte (4-byte) elements: the hot loops' push,
 * the element's size known to the compiler. */
static inline mz_status mzu_vec_push_u64(mzu_vec *v, uint64_t x)
{
    if (MZU_UNLIKELY(v->len == v->cap)) {
        mz_status s = mzu_vec_grow_copy(v);
        if (s != MZ_OK)
            return s;
    }
    ((uint64_t *)v->data)[v->len++] = x;
    return MZ_OK;
}

static inline mz_status mzu_vec_push_u32(mzu_vec *v, uint32_t x)
{
    if (MZU_UNLIKELY(v->len == v->cap)) {
        mz_status s = mzu_vec_grow_copy(v);
        if (s != MZ_OK)
            return s;
    }
    ((uint32_t *)v->data)[v->len++] = x;
    return MZ_OK;
}

/* The block and its length; the array is left empty, owning nothing.
 * The caller frees the block on the array's allocator (with free when
 * mem is NULL). */
void *mzu_vec_take(mzu_vec *v, size_t *len);

/* Free the memory; the array is left empty and usable. */
void mzu_vec_free(mzu_vec *v);

/* The same growth for an array kept as a bare pointer and a room count,
 * where an mzu_vec's 40 bytes would not pay (prim's 4096 buckets) or a
 * struct's fields hold it (a sweep plan's lists). data is the address of
 * the pointer to the block (of any element type), cap its room in
 * elements; the block comes from mem as an mzu_vec's does (NULL: the C
 * library) and is freed with mzu_array_free on the same mem. On a failure
 * the block and *cap are untouched. */
mz_status mzu_array_reserve(const mz_allocator *mem, void *data, size_t *cap, size_t n,
                            size_t elem);
/* Room for one more: *cap doubled, or first when it is 0. */
static inline mz_status mzu_array_grow(const mz_allocator *mem, void *data, size_t *cap,
                                       size_t elem, size_t first)
{
    size_t n = *cap == 0 ? first : *cap <= SIZE_MAX / 2 ? *cap * 2 : SIZE_MAX;
    if (n == *cap)
        return MZ_ETOOBIG;
    return mzu_array_reserve(mem, data, cap, n, elem);
}

static inline void mzu_array_free(const mz_allocator *mem, void *block)
{
    if (mem)
        mz_mem_free(mem, block);
    else
        free(block);
}

/* Free the memory of an array passed by value (for an array in a local
 * variable whose address is best not taken: see mzu_vec_grow_copy). */
static inline void mzu_vec_release(mzu_vec v)
{
    mzu_vec_free(&v);
}

/* ---- integers ---- */

/* Why a text is not an integer of the range asked for. */
typedef enum mzu_int_status {
    MZU_INT_OK = 0,
    MZU_INT_EMPTY,     /* no text at all */
    MZU_INT_SIGN,      /* a '-', or a '+' not asked for (MZU_INT_PLUS) */
    MZU_INT_NOT_DIGIT, /* no digit first (after an allowed '+') */
    MZU_INT_JUNK,      /* digits followed by something else */
    MZU_INT_OVERFLOW,  /* more than 2^64 - 1 */
    MZU_INT_RANGE      /* a number outside [min, max] */
} mzu_int_status;

#define MZU_INT_PLUS 1u /* flag: accept one leading '+' */

/* The decimal integer that is the whole of text (no space, no sign
 * unless flags ask for it, no trailing characters) into *out, when it
 * is in [min, max]; *out is untouched on any other answer. A number past
 * 2^64 - 1 is MZU_INT_OVERFLOW even when other characters follow. */
mzu_int_status mzu_parse_u64(const char *text, uint64_t min, uint64_t max, unsigned flags,
                             uint64_t *out);

/* The same for the decimal integer at the start of *s: digits are read
 * up to the first other character, where *s is left on MZU_INT_OK (it is
 * untouched otherwise). MZU_INT_JUNK is never returned. */
mzu_int_status mzu_scan_u64(const char **s, uint64_t min, uint64_t max, unsigned flags,
                            uint64_t *out);

/* A short lower-case description ("not a number", "out of range" ...). */
const char *mzu_int_status_str(mzu_int_status s);

/* ---- lists ---- */

/* What mzu_each_piece calls on each piece of a list: the piece (writable,
 * NUL-terminated: it may be cut further), whether it is the last, and the
 * caller's user pointer. Nonzero stops the walk. */
typedef int (*mzu_piece_fn)(char *piece, bool last, void *user);

#define MZU_LIST_NOMEM (-1) /* mzu_each_piece: no memory for the copy */

/* Call fn on each piece of list between the separators sep, in order, on
 * a copy of list (an empty list is one empty piece; "a,,b" has an empty
 * second piece), until fn returns nonzero. fn's nonzero answer, 0 after
 * the last piece, or MZU_LIST_NOMEM. */
int mzu_each_piece(const char *list, char sep, mzu_piece_fn fn, void *user);

/* ---- the memory budget ---- */

/* The bytes a new piece of work may take, and what limits them. The one
 * policy: 90% of the machine's memory (a margin for the system and the
 * process's other blocks), and no more than the address-space limit
 * (ulimit -v) leaves beyond what the process maps already. */
typedef struct mzu_budget {
    uint64_t machine;  /* the machine's memory; UINT64_MAX when unknown */
    uint64_t as_left;  /* address space left under the limit; UINT64_MAX when none */
    double bytes;      /* the budget: min(0.9 * machine, as_left) */
} mzu_budget;

typedef enum mzu_fit {
    MZU_FITS = 0,
    MZU_PAST_MACHINE, /* more than 90% of the machine's memory */
    MZU_PAST_LIMIT    /* more than the address-space limit leaves */
} mzu_fit;

/* Read the machine's memory and the process's limit into *b. */
void mzu_mem_budget(mzu_budget *b);

/* Does a piece of work needing need bytes fit budget b? */
mzu_fit mzu_budget_fits(const mzu_budget *b, double need);

/* ---- CSV fields ---- */

/* The value of a CSV field given as its raw text (quotes included,
 * RFC 4180) into out, always NUL-terminated when outlen > 0. Returns the
 * value's length (which may exceed outlen - 1: then out holds its start). */
size_t mzu_csv_unquote(const char *raw, size_t len, char *out, size_t outlen);

/* The value of a CSV field as a new string (freed with free), a trailing
 * CR dropped (a file whose lines end in CR LF); NULL when out of memory. */
char *mzu_field_text(const char *raw, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* MZ_UTIL_H */
