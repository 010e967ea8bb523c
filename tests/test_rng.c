/*
 * test_rng.c - the two random sources themselves (docs/random.md).
 *
 * splitmix64 against the reference outputs of SplitMix64 (Steele, Lea and
 * Flood; the C reference's sequence from state 1234567), mulberry32 and
 * splitmix64 as counters (output k computed directly, skipping, the draws
 * count), Lemire's bounded draw (exact rejection, the 128-bit product
 * with and without a 128-bit type), the reach of pick(n) past 2^32, and
 * the choice of a run's source (mz_rng_resolve).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "mazebench.h"
#include "mazebench_bench.h"
#include "core/internal.h"

static void test_splitmix64_reference(void **state)
{
    (void)state;
    /* The first five outputs of SplitMix64 from state 1234567, as its
     * C reference (x += 0x9e3779b97f4a7c15, then the mix) prints them. */
    static const uint64_t want[] = {UINT64_C(6457827717110365317), UINT64_C(3203168211198807973),
                                    UINT64_C(9817491932198370423), UINT64_C(4593380528125082431),
                                    UINT64_C(16408922859458223821)};
    mz_rng r;
    mz_rng_init(&r, MZ_RNG_SPLITMIX64, 1234567);
    for (size_t k = 0; k < 5; k++) {
        assert_int_equal(mz_rng_u64_sm_at(&r, 0), want[k]);
        assert_int_equal(mz_rng_u64_sm(&r), want[k]);
    }
    assert_int_equal(mz_rng_draws(&r), 5);
    /* The 32-bit output is the high half, the unit its top 53 bits. */
    mz_rng_init(&r, MZ_RNG_SPLITMIX64, 1234567);
    assert_int_equal(mz_rng_u32(&r), (uint32_t)(want[0] >> 32));
    double u = mz_rng_unit(&r);
    assert_true(u == (double)(want[1] >> 11) / 9007199254740992.0);
}

static void test_counters(void **state)
{
    (void)state;
    for (unsigned kind = 0; kind < MZ_RNG_KIND_COUNT; kind++) {
        mz_rng r, s;
        mz_rng_init(&r, (mz_rng_kind)kind, 464);
        mz_rng_init(&s, (mz_rng_kind)kind, 464);
        uint32_t ahead[100];
        for (unsigned k = 0; k < 100; k++)
            ahead[k] = mz_rngk_u32_at(&r, k, (mz_rng_kind)kind);
        for (unsigned k = 0; k < 100; k++) {
            assert_int_equal(mz_rng_draws(&r), k);
            assert_int_equal(mz_rng_u32(&r), ahead[k]);
        }
        mz_rngk_skip(&s, 100, (mz_rng_kind)kind);
        assert_int_equal(mz_rng_draws(&s), 100);
        assert_int_equal(mz_rng_u32(&s), mz_rng_u32(&r));
        /* The other source's state never moves. */
        if (kind == MZ_RNG_MULBERRY32)
            assert_int_equal(r.x, 464);
        else
            assert_int_equal(r.a, 464);
    }
    /* mulberry32 as the article defines it: output k of seed s is the mix
     * of s + (k + 1) * 0x6D2B79F5. */
    mz_rng r;
    mz_rng_init(&r, MZ_RNG_MULBERRY32, 464);
    for (uint32_t k = 0; k < 10; k++)
        assert_int_equal(mz_rng_u32(&r), mz_mulberry32_mix(464u + (k + 1) * 0x6D2B79F5u));
    /* The draws count is exact up to the end of mulberry32's cycle. */
    mz_rng_init(&r, MZ_RNG_MULBERRY32, 7);
    mz_rngk_skip(&r, UINT32_MAX, MZ_RNG_MULBERRY32);
    assert_int_equal(mz_rng_draws(&r), UINT32_MAX);
    mz_rng_init(&r, MZ_RNG_SPLITMIX64, UINT64_MAX);
    mz_rngk_skip(&r, UINT64_C(1) << 40, MZ_RNG_SPLITMIX64);
    assert_int_equal(mz_rng_draws(&r), UINT64_C(1) << 40);
}

static uint64_t next_u64(uint64_t *s)
{
    *s = *s * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
    return *s ^ (*s >> 29);
}

static void test_wide_product(void **state)
{
    (void)state;
    static const uint64_t edge[] = {0, 1, 2, UINT32_MAX, (uint64_t)UINT32_MAX + 1, UINT64_MAX,
                                    UINT64_MAX - 1, UINT64_C(1) << 63};
    uint64_t s = 1;
    for (int k = 0; k < 20000; k++) {
        uint64_t a = k < 64 ? edge[k % 8] : next_u64(&s);
        uint64_t b = k < 64 ? edge[k / 8] : next_u64(&s);
        uint64_t lo1, lo2;
        uint64_t hi1 = mz_mul64_wide(a, b, &lo1);
        uint64_t hi2 = mz_mul64_wide_portable(a, b, &lo2);
        assert_int_equal(hi1, hi2);
        assert_int_equal(lo1, lo2);
        assert_int_equal(lo1, a * b);
    }
    uint64_t lo;
    assert_int_equal(mz_mul64_wide_portable(UINT64_MAX, UINT64_MAX, &lo), UINT64_MAX - 1);
    assert_int_equal(lo, 1);
}

/* Lemire's draw is exact: over every 64-bit draw of a small model (the
 * same arithmetic on 8-bit words, x * n / 2^8 with its threshold), each
 * value is accepted equally often; and on 64 bits the rejected draws are
 * exactly those whose product's low word is below 2^64 mod n. */
static void test_lemire_exact(void **state)
{
    (void)state;
    for (unsigned n = 1; n <= 256; n++) {
        unsigned count[256] = {0};
        unsigned t = (256 - n) % n; /* 2^8 mod n */
        for (unsigned x = 0; x < 256; x++) {
            unsigned m = x * n;
            if ((m & 255) < t)
                continue;
            count[m >> 8]++;
        }
        for (unsigned v = 1; v < n; v++)
            assert_int_equal(count[v], count[0]);
    }
    uint64_t v;
    assert_false(mz_lemire(0, 3, &v));  /* 2^64 mod 3 = 1: x = 0 is the one rejected draw */
    assert_true(mz_lemire(1, 3, &v));
    assert_int_equal(v, 0);
    assert_true(mz_lemire(UINT64_MAX, 3, &v));
    assert_int_equal(v, 2);
    assert_true(mz_lemire(0, 4, &v)); /* powers of two reject nothing */
    uint64_t n = (UINT64_C(1) << 63) + 1; /* 2^64 mod n = 2^63 - 1 */
    assert_false(mz_lemire(2, n, &v));
    assert_true(mz_lemire(UINT64_MAX, n, &v));
    /* A rejected draw takes the next one. */
    mz_rng r;
    mz_rng_init(&r, MZ_RNG_SPLITMIX64, 5);
    uint64_t x0 = mz_rng_u64_sm_at(&r, 0), x1 = mz_rng_u64_sm_at(&r, 1), want;
    uint64_t big = UINT64_MAX - 5; /* rejects below 2^64 mod big = 6: never here */
    assert_true(mz_lemire(x0, big, &want));
    assert_int_equal(mz_rng_pick(&r, big), want);
    assert_true(mz_lemire(x1, 7, &want));
    assert_int_equal(mz_rng_pick(&r, 7), want);
}

/* pick(n) past 2^32: mulberry32's scaled draw reaches only even values at
 * n = 2^33 (a reason runs that need it draw from splitmix64); splitmix64's
 * reaches both. */
static void test_pick_reach(void **state)
{
    (void)state;
    uint64_t n = UINT64_C(1) << 33;
    unsigned odd[MZ_RNG_KIND_COUNT] = {0};
    for (unsigned kind = 0; kind < MZ_RNG_KIND_COUNT; kind++) {
        mz_rng r;
        mz_rng_init(&r, (mz_rng_kind)kind, 99);
        for (int k = 0; k < 4000; k++) {
            uint64_t v = mz_rng_pick(&r, n);
            assert_true(v < n);
            odd[kind] += v & 1;
        }
    }
    assert_int_equal(odd[MZ_RNG_MULBERRY32], 0);
    assert_in_range(odd[MZ_RNG_SPLITMIX64], 1800, 2200);
    /* Small n: every value, about equally often. */
    for (unsigned kind = 0; kind < MZ_RNG_KIND_COUNT; kind++) {
        mz_rng r;
        mz_rng_init(&r, (mz_rng_kind)kind, 3);
        unsigned c[7] = {0};
        for (int k = 0; k < 70000; k++)
            c[mz_rng_pick(&r, 7)]++;
        for (int v = 0; v < 7; v++)
            assert_in_range(c[v], 9500, 10500);
    }
}

static void test_names(void **state)
{
    (void)state;
    mz_rng_kind k;
    assert_string_equal(mz_rng_name(MZ_RNG_MULBERRY32), "mulberry32");
    assert_string_equal(mz_rng_name(MZ_RNG_SPLITMIX64), "splitmix64");
    assert_null(mz_rng_name(MZ_RNG_KIND_COUNT));
    assert_null(mz_rng_name(MZ_RNG_AUTO));
    assert_int_equal(mz_rng_parse("splitmix64", &k), MZ_OK);
    assert_int_equal(k, MZ_RNG_SPLITMIX64);
    assert_int_equal(mz_rng_parse("auto", &k), MZ_ENOTFOUND);
    assert_int_equal(mz_rng_parse("Mulberry32", &k), MZ_ENOTFOUND);
}

/* The choice of a run's source: auto keeps mulberry32 within its budget
 * and below 32-bit seeds, switches past either with a note; mulberry32 by
 * name refuses; splitmix64 by name is always taken. */
static void test_resolve(void **state)
{
    (void)state;
    char err[400];
    mz_spec sp;
    assert_int_equal(mz_spec_parse("kruskal", &sp, err, sizeof err), MZ_OK);
    double per = mz_draws_estimate(&sp, &(mz_dims){MZ_SHAPE_ORTHO, 1, 100, 100}) / 10000.0;
    assert_true(per > 0.5); /* kruskal shuffles its walls: about a draw a wall */
    /* The side at which its estimate passes the budget. */
    uint64_t side = 2;
    while (mz_draws_estimate(&sp, &(mz_dims){MZ_SHAPE_ORTHO, 1, side, side}) <=
           (double)MZ_MULBERRY32_BUDGET)
        side++;
    mz_dims below = {MZ_SHAPE_ORTHO, 1, side - 1, side - 1}, past = {MZ_SHAPE_ORTHO, 1, side, side};
    bool sw;
    assert_int_equal(mz_rng_resolve(&sp, &below, 464, MZ_RNG_AUTO, &sw, err, sizeof err), MZ_OK);
    assert_int_equal(sp.rng, MZ_RNG_MULBERRY32);
    assert_false(sw);
    assert_string_equal(err, "");
    assert_int_equal(mz_rng_resolve(&sp, &past, 464, MZ_RNG_AUTO, &sw, err, sizeof err), MZ_OK);
    assert_int_equal(sp.rng, MZ_RNG_SPLITMIX64);
    assert_true(sw);
    assert_non_null(strstr(err, "splitmix64"));
    /* By name, mulberry32 serves up to its limit (half the cycle). */
    assert_int_equal(mz_rng_resolve(&sp, &past, 464, MZ_RNG_MULBERRY32, &sw, err, sizeof err),
                     MZ_OK);
    assert_int_equal(sp.rng, MZ_RNG_MULBERRY32);
    assert_false(sw);
    uint64_t lside = side;
    while (mz_draws_estimate(&sp, &(mz_dims){MZ_SHAPE_ORTHO, 1, lside, lside}) <=
           (double)MZ_MULBERRY32_LIMIT)
        lside++;
    mz_dims beyond = {MZ_SHAPE_ORTHO, 1, lside, lside}, within = {MZ_SHAPE_ORTHO, 1, lside - 1, lside - 1};
    assert_int_equal(mz_rng_resolve(&sp, &within, 464, MZ_RNG_MULBERRY32, &sw, err, sizeof err),
                     MZ_OK);
    assert_int_equal(mz_rng_resolve(&sp, &beyond, 464, MZ_RNG_MULBERRY32, &sw, err, sizeof err),
                     MZ_ETOOBIG);
    assert_non_null(strstr(err, "limit"));
    assert_int_equal(mz_rng_resolve(&sp, &beyond, 464, MZ_RNG_AUTO, &sw, err, sizeof err), MZ_OK);
    assert_int_equal(sp.rng, MZ_RNG_SPLITMIX64);
    assert_int_equal(mz_rng_resolve(&sp, &below, 464, MZ_RNG_MULBERRY32, &sw, err, sizeof err),
                     MZ_OK);
    assert_int_equal(sp.rng, MZ_RNG_MULBERRY32);
    assert_int_equal(mz_rng_resolve(&sp, &below, 464, MZ_RNG_SPLITMIX64, &sw, err, sizeof err),
                     MZ_OK);
    assert_int_equal(sp.rng, MZ_RNG_SPLITMIX64);
    assert_false(sw);
    uint64_t big = (uint64_t)UINT32_MAX + 1;
    assert_int_equal(mz_rng_resolve(&sp, &below, big, MZ_RNG_AUTO, &sw, err, sizeof err), MZ_OK);
    assert_int_equal(sp.rng, MZ_RNG_SPLITMIX64);
    assert_true(sw);
    assert_int_equal(mz_rng_resolve(&sp, &below, big, MZ_RNG_MULBERRY32, &sw, err, sizeof err),
                     MZ_ETOOBIG);
    assert_non_null(strstr(err, "32 bits"));
    /* A generation refuses a mulberry32 seed past 32 bits rather than cut it. */
    mz_grid g = {0};
    mz_extra x = {0};
    sp.rng = MZ_RNG_MULBERRY32;
    assert_int_equal(mz_generate(&sp, big, MZ_SQUARE(5, 5), &g, MZ_GEN_OPTS(1, NULL, &x)),
                     MZ_EINVAL);
    sp.rng = MZ_RNG_SPLITMIX64;
    assert_int_equal(mz_generate(&sp, big, MZ_SQUARE(5, 5), &g, MZ_GEN_OPTS(1, NULL, &x)), MZ_OK);
    assert_int_equal(g.rng, MZ_RNG_SPLITMIX64);
    assert_true(g.draws > 0);
    mz_grid_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_splitmix64_reference),
        cmocka_unit_test(test_counters),
        cmocka_unit_test(test_wide_product),
        cmocka_unit_test(test_lemire_exact),
        cmocka_unit_test(test_pick_reach),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_resolve),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
