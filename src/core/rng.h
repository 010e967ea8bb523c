/*
 * rng.h - the random sources' inner code, inside the library: the mixing
 * functions, Lemire's bounded draw and the kind-specialised draws
 * (mz_rngk_*) that the generators call with a constant kind, so that the
 * branch on the source folds away in a loop compiled once for each
 * (docs/extending.md). The public mz_rng_* functions of mazebench.h are
 * these with r->kind (src/core/rng.c).
 */
#ifndef MZ_CORE_RNG_H
#define MZ_CORE_RNG_H

#include "../mazebench.h"

#define MZ_MULBERRY32_INC 0x6D2B79F5u
#define MZ_MULBERRY32_INC_INV 0xDC58AA5Du /* its inverse mod 2^32 */
#define MZ_SPLITMIX64_GAMMA UINT64_C(0x9E3779B97F4A7C15)
#define MZ_SPLITMIX64_GAMMA_INV UINT64_C(0xF1DE83E19937733D) /* mod 2^64 */

static inline uint32_t mz_mulberry32_mix(uint32_t t)
{
    t = (t ^ (t >> 15)) * (t | 1u);
    t = t ^ (t + (t ^ (t >> 7)) * (t | 61u));
    return t ^ (t >> 14);
}

static inline uint64_t mz_splitmix64_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* The full 128-bit product of two 64-bit numbers from 32-bit halves: the
 * high half returned, the low one in *lo. */
static inline uint64_t mz_mul64_wide_portable(uint64_t a, uint64_t b, uint64_t *lo)
{
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    *lo = (mid << 32) | (uint32_t)p00;
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* The same product with the compiler's 128-bit type where it has one
 * (tests/test_rng.c checks that both agree). */
static inline uint64_t mz_mul64_wide(uint64_t a, uint64_t b, uint64_t *lo)
{
#if defined(__SIZEOF_INT128__)
    unsigned __int128 p = (unsigned __int128)a * b;
    *lo = (uint64_t)p;
    return (uint64_t)(p >> 64);
#else
    return mz_mul64_wide_portable(a, b, lo);
#endif
}

/* Lemire's bounded draw: the candidate floor(x * n / 2^64) of a 64-bit
 * draw x, into *out; false when x must be rejected (and another draw
 * taken) for the result to be exactly uniform on [0, n). A rejection has
 * probability below n / 2^64. n >= 1. */
static inline bool mz_lemire(uint64_t x, uint64_t n, uint64_t *out)
{
    uint64_t lo;
    *out = mz_mul64_wide(x, n, &lo);
    if (lo < n) {
        uint64_t t = (0 - n) % n; /* 2^64 mod n */
        if (lo < t)
            return false;
    }
    return true;
}

/* Next 64-bit output of splitmix64. */
static inline uint64_t mz_rng_u64_sm(mz_rng *r)
{
    r->x += MZ_SPLITMIX64_GAMMA;
    return mz_splitmix64_mix(r->x);
}

/* Next 32-bit output: mulberry32's, or the high half of splitmix64's. */
static inline uint32_t mz_rngk_u32(mz_rng *r, mz_rng_kind kind)
{
    if (kind == MZ_RNG_MULBERRY32) {
        r->a += MZ_MULBERRY32_INC;
        return mz_mulberry32_mix(r->a);
    }
    return (uint32_t)(mz_rng_u64_sm(r) >> 32);
}

/* Next output as a double in [0, 1), exact: u32 / 2^32 for mulberry32,
 * (u64 >> 11) / 2^53 for splitmix64. */
static inline double mz_rngk_unit(mz_rng *r, mz_rng_kind kind)
{
    if (kind == MZ_RNG_MULBERRY32)
        return (double)mz_rngk_u32(r, kind) * (1.0 / 4294967296.0);
    return (double)(mz_rng_u64_sm(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* The rare end of splitmix64's pick(n): the candidate hi of a draw whose
 * product's low half lo fell below n: hi when lo clears 2^64 mod n, else
 * the pick of the next draws (src/core/rng.c). */
uint64_t mz_rng_pick_sm_tail(mz_rng *r, uint64_t n, uint64_t hi, uint64_t lo);

/* A draw uniform on [0, n), n >= 1.
 * mulberry32: floor(rnd() * n) in its integer form ((u64)u32 * n) >> 32,
 * one draw; equal to the double form for every n < 2^21 (the product is
 * then exact in a double), for larger n the integer form is the
 * definition. It reaches every value only for n <= 2^32, and values are
 * uneven by up to n / 2^32 (docs/random.md): runs whose picks could be
 * larger do not use mulberry32 (mz_rng_resolve).
 * splitmix64: Lemire's multiply-and-reject on 64-bit draws, exactly
 * uniform for every n; a rejection (probability below n / 2^64) takes
 * the next draw. */
static inline uint64_t mz_rngk_pick(mz_rng *r, uint64_t n, mz_rng_kind kind)
{
    if (kind == MZ_RNG_MULBERRY32) {
        uint32_t u = mz_rngk_u32(r, kind);
        if (n <= UINT32_MAX)
            return ((uint64_t)u * n) >> 32;
        /* n >= 2^32: the 96-bit product's top part, computed in two halves. */
        uint64_t lo = (uint64_t)u * (uint32_t)n;
        uint64_t hi = (uint64_t)u * (n >> 32);
        return hi + (lo >> 32);
    }
    /* Lemire's test inline; a possible rejection (low half below n,
     * probability below n / 2^64) is settled out of line. */
    uint64_t lo, hi = mz_mul64_wide(mz_rng_u64_sm(r), n, &lo);
    if (lo < n)
        return mz_rng_pick_sm_tail(r, n, hi, lo);
    return hi;
}

/* Output k after the current state (k = 0 is the next one) as 32 bits,
 * without advancing: for code that computes draws ahead or in parallel. */
static inline uint32_t mz_rngk_u32_at(const mz_rng *r, uint64_t k, mz_rng_kind kind)
{
    if (kind == MZ_RNG_MULBERRY32)
        return mz_mulberry32_mix(r->a + (uint32_t)(k + 1) * MZ_MULBERRY32_INC);
    return (uint32_t)(mz_splitmix64_mix(r->x + (k + 1) * MZ_SPLITMIX64_GAMMA) >> 32);
}

/* splitmix64's 64-bit output k after the current state, without advancing. */
static inline uint64_t mz_rng_u64_sm_at(const mz_rng *r, uint64_t k)
{
    return mz_splitmix64_mix(r->x + (k + 1) * MZ_SPLITMIX64_GAMMA);
}

/* Advance past n outputs. */
static inline void mz_rngk_skip(mz_rng *r, uint64_t n, mz_rng_kind kind)
{
    if (kind == MZ_RNG_MULBERRY32)
        r->a += (uint32_t)n * MZ_MULBERRY32_INC;
    else
        r->x += n * MZ_SPLITMIX64_GAMMA;
}


/* Draws taken since mz_rng_init: exact for splitmix64; for mulberry32
 * exact below 2^32 (its count wraps with its cycle: runs stay within
 * MZ_MULBERRY32_BUDGET). */
static inline uint64_t mz_rngk_draws(const mz_rng *r, mz_rng_kind kind)
{
    if (kind == MZ_RNG_MULBERRY32)
        return (uint32_t)((r->a - (uint32_t)r->seed) * MZ_MULBERRY32_INC_INV);
    return (r->x - r->seed) * MZ_SPLITMIX64_GAMMA_INV;
}

#endif /* MZ_CORE_RNG_H */
