/*
 * classic.h - small pieces shared by the classic perfect-maze generators
 * (wilson, aldous-broder, hunt-and-kill, sidewinder, binary-tree,
 * recursive-division, prim, growing-tree, eller). Not part of the API.
 * docs/catalogue-generators.md describes the generators.
 */
#ifndef MZ_GEN_CLASSIC_H
#define MZ_GEN_CLASSIC_H

#include "../core/internal.h"

/* Scratch bit 7: "in the maze" for a cell whose walls do not show it yet
 * (a start cell before its first carve). Cleared before returning. */
#define CL_MARK 0x80u

/* A source of small random fields cut from 32-bit draws, low bits first:
 * draw u gives 32 one-bit fields or 16 two-bit fields. Every generator that
 * uses it documents which; the maze is a function of the seed alone. */
typedef struct cl_bits {
    uint32_t a;    /* the mulberry32 state */
    uint32_t bits; /* unused bits of the last draw */
    unsigned left; /* how many fields remain in bits */
} cl_bits;

MZ_INLINE void cl_bits_init(cl_bits *b, const mz_rng *r)
{
    b->a = r->a;
    b->bits = 0;
    b->left = 0;
}

/* The state goes back to the run's source: later stages continue after the
 * last whole draw taken. */
MZ_INLINE void cl_bits_done(const cl_bits *b, mz_rng *r) { r->a = b->a; }

MZ_INLINE unsigned cl_bit(cl_bits *b)
{
    if (MZ_UNLIKELY(b->left == 0)) {
        b->a += MZ_MULBERRY32_INC;
        b->bits = mz_mulberry32_mix(b->a);
        b->left = 32;
    }
    unsigned v = b->bits & 1u;
    b->bits >>= 1;
    b->left--;
    return v;
}

MZ_INLINE unsigned cl_two_bits(cl_bits *b)
{
    if (MZ_UNLIKELY(b->left == 0)) {
        b->a += MZ_MULBERRY32_INC;
        b->bits = mz_mulberry32_mix(b->a);
        b->left = 16;
    }
    unsigned v = b->bits & 3u;
    b->bits >>= 2;
    b->left--;
    return v;
}

/* A whole draw (pick(n) = (u * n) >> 32), from the same state. */
MZ_INLINE uint64_t cl_pick(cl_bits *b, uint64_t n)
{
    mz_rng r;
    mz_rng_init(&r, b->a);
    uint64_t k = mz_rng_pick(&r, n);
    b->a = r.a;
    return k;
}

/* Directions of cell cur (column col) that lead to a cell of the grid, as
 * bits 1 << d. */
MZ_INLINE unsigned cl_inside(mz_idx cur, uint64_t col, uint64_t cols, uint64_t cells)
{
    return (unsigned)(cur >= cols) | (unsigned)(col + 1 < cols) << 1 |
           (unsigned)(cur + cols < cells) << 2 | (unsigned)(col > 0) << 3;
}

/* Clear the scratch bits of every cell (also after a failure). */
MZ_INLINE void cl_clear_scratch(mz_grid *g)
{
    for (mz_idx i = 0; i < g->cells; i++)
        g->c[i] &= (uint8_t)~MZ_SCRATCH;
}

/* The k-th set bit (0-based, in direction order) of a 4-bit mask. */
MZ_INLINE unsigned cl_nth_dir(unsigned mask, unsigned k)
{
    for (unsigned d = 0; d < 4; d++)
        if (mask >> d & 1u) {
            if (k == 0)
                return d;
            k--;
        }
    return 0;
}

MZ_INLINE unsigned cl_popcount4(unsigned mask)
{
    return (mask & 1u) + (mask >> 1 & 1u) + (mask >> 2 & 1u) + (mask >> 3 & 1u);
}

#endif /* MZ_GEN_CLASSIC_H */
