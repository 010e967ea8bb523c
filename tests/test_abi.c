/*
 * test_abi.c - the version and the ABI check (docs/api.md): mz_version()
 * is MZ_VERSION, which is MAJOR.MINOR.PATCH of the header's defines;
 * mz_abi_version() is MZ_ABI_VERSION; mz_abi_check accepts this header's
 * facts and refuses any one of them changed (another ABI, another shape
 * count, another size of mz_algo, mz_spec or mz_solution) with one line
 * naming both sides. tests/abi_skew.c does the same from a program built
 * against another header.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "mazebench.h"

static void test_version(void **state)
{
    (void)state;
    char v[32];
    snprintf(v, sizeof v, "%d.%d.%d", MZ_VERSION_MAJOR, MZ_VERSION_MINOR, MZ_VERSION_PATCH);
    assert_string_equal(MZ_VERSION, v);
    assert_string_equal(mz_version(), MZ_VERSION);
    assert_int_equal(mz_abi_version(), MZ_ABI_VERSION);
}

static void test_check_matches(void **state)
{
    (void)state;
    char err[400] = "";
    assert_int_equal(MZ_ABI_CHECK(err, sizeof err), MZ_OK);
    assert_string_equal(err, "");
    assert_int_equal(MZ_ABI_CHECK(NULL, 0), MZ_OK);
    assert_non_null(mz_find(MZ_GEN, "dfs"));
}

static void test_check_refuses(void **state)
{
    (void)state;
    const unsigned abi = MZ_ABI_VERSION, shapes = MZ_SHAPE_COUNT;
    const size_t a = sizeof(mz_algo), sp = sizeof(mz_spec), so = sizeof(mz_solution);
    struct {
        unsigned abi, shapes;
        size_t a, sp, so;
    } skew[] = {
        {abi + 1, shapes, a, sp, so}, {abi - 1, shapes, a, sp, so}, {abi, shapes + 1, a, sp, so},
        {abi, shapes - 1, a, sp, so}, {abi, shapes, a + 8, sp, so}, {abi, shapes, a, sp - 8, so},
        {abi, shapes, a, sp, so + 8},
    };
    for (size_t k = 0; k < sizeof skew / sizeof skew[0]; k++) {
        char err[400] = "", want[160];
        assert_int_equal(mz_abi_check(skew[k].abi, skew[k].shapes, skew[k].a, skew[k].sp,
                                      skew[k].so, err, sizeof err),
                         MZ_EINVAL);
        snprintf(want, sizeof want, "mazebench.h of ABI %u (%u shapes, mz_algo %zu bytes, mz_spec %zu, "
                 "mz_solution %zu)", skew[k].abi, skew[k].shapes, skew[k].a, skew[k].sp, skew[k].so);
        if (!strstr(err, want))
            fail_msg("case %zu: no '%s' in '%s'", k, want, err);
        snprintf(want, sizeof want, "libmazebench %s of ABI %u (%u shapes, mz_algo %zu bytes, "
                 "mz_spec %zu, mz_solution %zu)", MZ_VERSION, abi, shapes, a, sp, so);
        if (!strstr(err, want))
            fail_msg("case %zu: no '%s' in '%s'", k, want, err);
        assert_null(strchr(err, '\n'));
        /* no buffer: the status alone */
        assert_int_equal(mz_abi_check(skew[k].abi, skew[k].shapes, skew[k].a, skew[k].sp,
                                      skew[k].so, NULL, 0),
                         MZ_EINVAL);
    }
    /* a short buffer holds the start of the line, NUL-terminated */
    char tiny[12];
    assert_int_equal(mz_abi_check(abi + 1, shapes, a, sp, so, tiny, sizeof tiny), MZ_EINVAL);
    assert_int_equal(strlen(tiny), sizeof tiny - 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_check_matches),
        cmocka_unit_test(test_check_refuses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
