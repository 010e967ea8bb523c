/*
 * test_util.c - the small utilities of src/util/ (util.h):
 *
 *   - the growable array: growth keeps the elements, reserve, take, an
 *     allocation failure (through a failing allocator) leaves the array
 *     as it was and leaks nothing, a size past size_t is refused;
 *   - the integer parser: every error kind, the limits 0, 2^32 and
 *     2^64 - 1, overflow, the range, the '+' flag, scanning a prefix;
 *   - the memory budget: 90% of the machine, the address-space limit;
 *   - a CSV field's value: quotes, doubled quotes, a trailing CR;
 *   - the bare-array growth: exact reserve, doubling from a first room,
 *     a size past size_t refused with the block untouched;
 *   - the list splitter: every piece in order (empty ones too), the last
 *     flagged, a callback's nonzero answer stopping the walk.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "failing_alloc.h"
#include "util/util.h"

/* ---- the array ---- */

static void test_vec_growth(void **state)
{
    (void)state;
    mzu_vec v = MZU_VEC_INIT(uint32_t, NULL);
    assert_int_equal(v.len, 0);
    assert_null(v.data);
    for (uint32_t k = 0; k < 1000; k++) {
        uint32_t *p = mzu_vec_push(&v);
        assert_non_null(p);
        *p = k * 7;
        if (k == 0)
            assert_int_equal(v.cap, 8); /* the first room: 8 elements */
        assert_true(v.cap >= v.len);
    }
    assert_int_equal(v.len, 1000);
    assert_int_equal(v.cap, 1024); /* 8, 16, ... doubling */
    for (uint32_t k = 0; k < 1000; k++)
        assert_int_equal(MZU_AT(&v, uint32_t, k), k * 7);
    uint64_t w = 0x0123456789abcdefu;
    mzu_vec wide;
    mzu_vec_init(&wide, sizeof w, NULL);
    for (int k = 0; k < 20; k++)
        assert_int_equal(mzu_vec_append(&wide, &w), MZ_OK);
    assert_int_equal(wide.len, 20);
    assert_true(MZU_AT(&wide, uint64_t, 19) == w);
    /* reserve: exactly what is asked past the room, nothing below it */
    assert_int_equal(mzu_vec_reserve(&wide, 100), MZ_OK);
    assert_int_equal(wide.cap, 100);
    assert_int_equal(mzu_vec_reserve(&wide, 50), MZ_OK);
    assert_int_equal(wide.cap, 100);
    assert_true(MZU_AT(&wide, uint64_t, 0) == w);
    /* take: the block is the caller's (malloc'd), the array is empty */
    size_t n = 0;
    uint32_t *d = mzu_vec_take(&v, &n);
    assert_int_equal(n, 1000);
    assert_int_equal(d[999], 999 * 7);
    assert_null(v.data);
    assert_int_equal(v.len + v.cap, 0);
    free(d);
    mzu_vec_free(&wide);
    assert_null(wide.data);
    mzu_vec_free(&wide); /* twice is safe */
}

static void test_vec_too_big(void **state)
{
    (void)state;
    mzu_vec v;
    mzu_vec_init(&v, 16, NULL);
    assert_int_equal(mzu_vec_reserve(&v, SIZE_MAX / 8), MZ_ETOOBIG);
    assert_null(v.data);
    assert_int_equal(v.cap, 0);
    /* a full array whose doubling would overflow */
    v.cap = v.len = SIZE_MAX;
    assert_int_equal(mzu_vec_grow(&v), MZ_ETOOBIG);
    v.cap = v.len = 0;
}

static void test_vec_failing_alloc(void **state)
{
    (void)state;
    /* fail the allocator's call k, for every k a run of 100 pushes makes */
    for (long k = 1;; k++) {
        failing f = {0, k, 0};
        mz_allocator a = {fail_alloc, fail_free, &f};
        mzu_vec v = MZU_VEC_INIT(uint64_t, &a);
        uint64_t pushed = 0;
        mz_status s = MZ_OK;
        for (uint64_t j = 0; j < 100 && s == MZ_OK; j++) {
            size_t len = v.len, cap = v.cap;
            void *data = v.data;
            s = mzu_vec_append(&v, &j);
            if (s == MZ_OK) {
                pushed++;
            } else { /* the array as it was before the push */
                assert_int_equal(s, MZ_ENOMEM);
                assert_int_equal(v.len, len);
                assert_int_equal(v.cap, cap);
                assert_ptr_equal(v.data, data);
            }
        }
        for (uint64_t j = 0; j < pushed; j++)
            assert_true(MZU_AT(&v, uint64_t, j) == j);
        assert_true(f.live <= 1);
        mzu_vec_free(&v);
        assert_int_equal(f.live, 0);
        if (s == MZ_OK) { /* no call failed: every allocation was tried */
            assert_int_equal(pushed, 100);
            assert_true(k > 4); /* 8, 16, 32, 64, 128 */
            break;
        }
    }
}

/* ---- integers ---- */

static mzu_int_status parse(const char *t, uint64_t min, uint64_t max, uint64_t *out)
{
    *out = 12345;
    return mzu_parse_u64(t, min, max, 0, out);
}

static void test_parse_kinds(void **state)
{
    (void)state;
    uint64_t v;
    assert_int_equal(parse("", 0, UINT64_MAX, &v), MZU_INT_EMPTY);
    assert_int_equal(parse("-1", 0, UINT64_MAX, &v), MZU_INT_SIGN);
    assert_int_equal(parse("-0", 0, UINT64_MAX, &v), MZU_INT_SIGN);
    assert_int_equal(parse("+1", 0, UINT64_MAX, &v), MZU_INT_SIGN);
    assert_int_equal(parse(" 1", 0, UINT64_MAX, &v), MZU_INT_NOT_DIGIT);
    assert_int_equal(parse("x1", 0, UINT64_MAX, &v), MZU_INT_NOT_DIGIT);
    assert_int_equal(parse("1 ", 0, UINT64_MAX, &v), MZU_INT_JUNK);
    assert_int_equal(parse("1x", 0, UINT64_MAX, &v), MZU_INT_JUNK);
    assert_int_equal(parse("0x10", 0, UINT64_MAX, &v), MZU_INT_JUNK);
    assert_int_equal(parse("1e3", 0, UINT64_MAX, &v), MZU_INT_JUNK);
    assert_int_equal(parse("1.0", 0, UINT64_MAX, &v), MZU_INT_JUNK);
    assert_int_equal(parse("5", 6, 10, &v), MZU_INT_RANGE);
    assert_int_equal(parse("11", 6, 10, &v), MZU_INT_RANGE);
    assert_int_equal(v, 12345); /* untouched on every error */
    /* '+' only when asked, once */
    assert_int_equal(mzu_parse_u64("+7", 0, 10, MZU_INT_PLUS, &v), MZU_INT_OK);
    assert_int_equal(v, 7);
    assert_int_equal(mzu_parse_u64("++7", 0, 10, MZU_INT_PLUS, &v), MZU_INT_NOT_DIGIT);
    assert_int_equal(mzu_parse_u64("-7", 0, 10, MZU_INT_PLUS, &v), MZU_INT_SIGN);
    assert_int_equal(mzu_parse_u64("+", 0, 10, MZU_INT_PLUS, &v), MZU_INT_NOT_DIGIT);
    for (int s = MZU_INT_OK; s <= MZU_INT_RANGE; s++)
        assert_true(strlen(mzu_int_status_str((mzu_int_status)s)) > 0);
}

static void test_parse_limits(void **state)
{
    (void)state;
    uint64_t v;
    assert_int_equal(parse("0", 0, UINT64_MAX, &v), MZU_INT_OK);
    assert_true(v == 0);
    assert_int_equal(parse("000", 0, 0, &v), MZU_INT_OK);
    assert_true(v == 0);
    assert_int_equal(parse("0", 1, 5, &v), MZU_INT_RANGE);
    assert_int_equal(parse("4294967296", 0, UINT64_MAX, &v), MZU_INT_OK);
    assert_true(v == UINT64_C(4294967296));
    assert_int_equal(parse("4294967295", 0, UINT32_MAX, &v), MZU_INT_OK);
    assert_true(v == UINT32_MAX);
    assert_int_equal(parse("4294967296", 0, UINT32_MAX, &v), MZU_INT_RANGE);
    assert_int_equal(parse("18446744073709551615", 0, UINT64_MAX, &v), MZU_INT_OK);
    assert_true(v == UINT64_MAX);
    assert_int_equal(parse("018446744073709551615", 0, UINT64_MAX, &v), MZU_INT_OK);
    assert_true(v == UINT64_MAX);
    /* past 2^64 - 1: overflow, whatever the range and whatever follows */
    assert_int_equal(parse("18446744073709551616", 0, UINT64_MAX, &v), MZU_INT_OVERFLOW);
    assert_int_equal(parse("18446744073709551620", 0, UINT64_MAX, &v), MZU_INT_OVERFLOW);
    assert_int_equal(parse("99999999999999999999", 0, UINT64_MAX, &v), MZU_INT_OVERFLOW);
    assert_int_equal(parse("184467440737095516150", 0, UINT64_MAX, &v), MZU_INT_OVERFLOW);
    assert_int_equal(parse("99999999999999999999x", 0, UINT64_MAX, &v), MZU_INT_OVERFLOW);
    assert_int_equal(v, 12345);
}

static void test_scan(void **state)
{
    (void)state;
    uint64_t v = 0;
    const char *s = "12x34";
    assert_int_equal(mzu_scan_u64(&s, 0, 100, 0, &v), MZU_INT_OK);
    assert_int_equal(v, 12);
    assert_string_equal(s, "x34");
    s++;
    assert_int_equal(mzu_scan_u64(&s, 0, 100, 0, &v), MZU_INT_OK);
    assert_int_equal(v, 34);
    assert_string_equal(s, "");
    const char *t = "x";
    assert_int_equal(mzu_scan_u64(&t, 0, 100, 0, &v), MZU_INT_NOT_DIGIT);
    assert_string_equal(t, "x"); /* untouched */
    t = "101,";
    assert_int_equal(mzu_scan_u64(&t, 0, 100, 0, &v), MZU_INT_RANGE);
    assert_string_equal(t, "101,");
    t = "";
    assert_int_equal(mzu_scan_u64(&t, 0, 100, 0, &v), MZU_INT_EMPTY);
}

/* ---- the memory budget ---- */

static void test_budget(void **state)
{
    (void)state;
    mzu_budget b;
    mzu_mem_budget(&b);
    assert_true(b.machine > 0);
    assert_true(b.bytes > 0);
    assert_true(b.bytes <= 0.9 * (double)b.machine);
    assert_true(b.bytes <= (double)b.as_left);
    assert_int_equal(mzu_budget_fits(&b, 0), MZU_FITS);
    assert_int_equal(mzu_budget_fits(&b, b.bytes), MZU_FITS);
    /* the two bounds, each alone */
    mzu_budget m = {1000, UINT64_MAX, 900};
    assert_int_equal(mzu_budget_fits(&m, 900), MZU_FITS);
    assert_int_equal(mzu_budget_fits(&m, 901), MZU_PAST_MACHINE);
    assert_int_equal(mzu_budget_fits(&m, 1e30), MZU_PAST_MACHINE);
    mzu_budget l = {1000, 500, 500};
    assert_int_equal(mzu_budget_fits(&l, 500), MZU_FITS);
    assert_int_equal(mzu_budget_fits(&l, 501), MZU_PAST_LIMIT);
    assert_int_equal(mzu_budget_fits(&l, 950), MZU_PAST_MACHINE);
    mzu_budget u = {UINT64_MAX, UINT64_MAX, 0.9 * 18446744073709551615.0};
    assert_int_equal(mzu_budget_fits(&u, 1e18), MZU_FITS);
}

/* ---- CSV fields ---- */

static void field(const char *raw, const char *want)
{
    char *s = mzu_field_text(raw, strlen(raw));
    assert_non_null(s);
    assert_string_equal(s, want);
    free(s);
}

static void test_field_text(void **state)
{
    (void)state;
    field("", "");
    field("plain", "plain");
    field("\"a,b\"", "a,b");
    field("\"say \"\"hi\"\"\"", "say \"hi\"");
    field("\"\"", "");
    field("\"", "\""); /* a lone quote is not a quoted field */
    field("x\r", "x");
    field("\"q\"\r", "\"q\""); /* the CR is outside: not quoted, kept as is */
    field("a\"\"b", "a\"\"b"); /* doubled quotes mean one only inside quotes */
    /* into a buffer: the length, the start when it does not fit */
    char buf[4];
    assert_int_equal(mzu_csv_unquote("\"abcdef\"", 8, buf, sizeof buf), 6);
    assert_string_equal(buf, "abc");
    assert_int_equal(mzu_csv_unquote("ab", 2, NULL, 0), 2);
}

/* ---- bare arrays ---- */

static void test_array_growth(void **state)
{
    (void)state;
    uint32_t *a = NULL;
    size_t cap = 0;
    assert_int_equal(mzu_array_reserve(NULL, &a, &cap, 3, sizeof *a), MZ_OK);
    assert_int_equal(cap, 3);
    a[0] = 7, a[1] = 8, a[2] = 9;
    assert_int_equal(mzu_array_grow(NULL, &a, &cap, sizeof *a, 64), MZ_OK);
    assert_int_equal(cap, 6);
    assert_int_equal(a[0] + a[1] + a[2], 24);
    uint32_t *keep = a;
    assert_int_equal(mzu_array_reserve(NULL, &a, &cap, SIZE_MAX / 2, sizeof *a), MZ_ETOOBIG);
    assert_ptr_equal(a, keep);
    assert_int_equal(cap, 6);
    mzu_array_free(NULL, a);
    uint64_t *b = NULL;
    size_t bcap = 0;
    assert_int_equal(mzu_array_grow(NULL, &b, &bcap, sizeof *b, 64), MZ_OK);
    assert_int_equal(bcap, 64);
    mzu_array_free(NULL, b);
}

/* ---- lists ---- */

typedef struct pieces {
    char got[256];
    int stop_at, seen;
} pieces;

static int piece(char *p, bool last, void *user)
{
    pieces *l = user;
    l->seen++;
    strcat(l->got, "[");
    strcat(l->got, p);
    strcat(l->got, last ? "]." : "]");
    return l->seen == l->stop_at ? 42 : 0;
}

static void list(const char *text, char sep, int stop_at, int want_rc, const char *want)
{
    pieces l = {"", stop_at, 0};
    assert_int_equal(mzu_each_piece(text, sep, piece, &l), want_rc);
    assert_string_equal(l.got, want);
}

static void test_each_piece(void **state)
{
    (void)state;
    list("1,2..5,x", ',', 0, 0, "[1][2..5][x].");
    list("", ',', 0, 0, "[].");
    list("a,,b,", ',', 0, 0, "[a][][b][].");
    list("one", ',', 0, 0, "[one].");
    list("a:b:c", ':', 0, 0, "[a][b][c].");
    list("a,b,c", ',', 2, 42, "[a][b]");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vec_growth),
        cmocka_unit_test(test_vec_too_big),
        cmocka_unit_test(test_vec_failing_alloc),
        cmocka_unit_test(test_parse_kinds),
        cmocka_unit_test(test_parse_limits),
        cmocka_unit_test(test_scan),
        cmocka_unit_test(test_budget),
        cmocka_unit_test(test_field_text),
        cmocka_unit_test(test_array_growth),
        cmocka_unit_test(test_each_piece),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
