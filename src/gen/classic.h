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
 * uses it documents which; the maze is a function of the seed alone. The
 * draws are the run's source's 32-bit outputs (mulberry32's, or the high
 * half of splitmix64's); a pick takes a whole draw as mz_rngk_pick does.
 * Its forms take the source's kind as a compile-time constant, so a loop
 * specialised on it (rk) draws with no branch on the kind (a traced loop
 * passes the state's kind). */
typedef struct cl_bits {
    mz_rng r;      /* a copy of the run's source */
    uint32_t bits; /* unused bits of the last draw */
    unsigned left; /* how many fields remain in bits */
} cl_bits;

MZ_INLINE void cl_bits_init(cl_bits *b, const mz_rng *r)
{
    b->r = *r;
    b->bits = 0;
    b->left = 0;
}

/* The random walks' guard (their draws cannot be known ahead,
 * docs/random.md): true once mulberry32 has taken more than
 * MZ_MULBERRY32_LIMIT draws since the run began. wilson checks it at each
 * walk's start, aldous-broder on other shapes at each fresh cell, far
 * fewer than 2^31 draws apart, so the count, kept mod 2^32, cannot wrap
 * unseen and the run stops with MZ_ESPENT before going round the cycle.
 * (aldous-broder on square cells does not check: a check in its one hot
 * loop costs 2-5% of its instructions, and its cover time concentrates
 * about its mean, which its declared draws follow.) Always false under
 * splitmix64. */
MZ_INLINE bool cl_spent(const mz_rng *r, const mz_rng_kind rk)
{
    return rk == MZ_RNG_MULBERRY32 && MZ_UNLIKELY(mz_rngk_draws(r, rk) > MZ_MULBERRY32_LIMIT);
}

/* The state goes back to the run's source: later stages continue after the
 * last whole draw taken. */
MZ_INLINE void cl_bits_done(const cl_bits *b, mz_rng *r) { *r = b->r; }

MZ_INLINE unsigned cl_bitk(cl_bits *b, const mz_rng_kind rk)
{
    if (MZ_UNLIKELY(b->left == 0)) {
        b->bits = mz_rngk_u32(&b->r, rk);
        b->left = 32;
    }
    unsigned v = b->bits & 1u;
    b->bits >>= 1;
    b->left--;
    return v;
}

MZ_INLINE unsigned cl_two_bitsk(cl_bits *b, const mz_rng_kind rk)
{
    if (MZ_UNLIKELY(b->left == 0)) {
        b->bits = mz_rngk_u32(&b->r, rk);
        b->left = 16;
    }
    unsigned v = b->bits & 3u;
    b->bits >>= 2;
    b->left--;
    return v;
}

/* A whole draw, pick(n), from the same state; the fields left in bits
 * stay for later. */
MZ_INLINE uint64_t cl_pickk(cl_bits *b, uint64_t n, const mz_rng_kind rk)
{
    return mz_rngk_pick(&b->r, n, rk);
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
