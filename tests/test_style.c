/*
 * test_style.c - the families and styles of src/report/style.c: every
 * registry entry has a family of its kind, no family holds more than a
 * panel's series, the shortest-route family is the registry's
 * MZ_F_SHORTEST, and an entry's style does not move when entries of
 * another family (or other specs of the run) come and go.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mazebench.h"
#include "report/chart.h"
#include "report/style.h"
#include "out/out.h"

#include <string.h>

static void test_every_entry_has_a_family(void **state)
{
    (void)state;
    size_t n = 0;
    for (const mz_algo *const *a = mz_registry; *a; a++, n++) {
        const int kind = (*a)->kind == MZ_SOLVER ? MZR_FAM_SOLVE : MZR_FAM_GEN;
        size_t f = mzr_entry_family(kind, (*a)->name);
        if (f == SIZE_MAX)
            fail_msg("registry entry '%s' has no family (src/report/style.c)", (*a)->name);
        assert_int_equal(mzr_families[f].kind, kind);
        assert_false(mzr_families[f].dynamic && (*a)->kind != MZ_POST);
        if ((*a)->kind == MZ_SOLVER)
            assert_int_equal(!strcmp(mzr_families[f].id, "shortest"),
                             ((*a)->flags & MZ_F_SHORTEST) != 0);
    }
    /* and the table names no entry the registry lacks */
    assert_int_equal(n, mzr_nfamily_entries);
    for (size_t f = 0; f < mzr_nfamilies; f++) {
        size_t m = 0;
        for (size_t k = 0; k < mzr_nfamily_entries; k++)
            m += mzr_family_entries[k].family == f;
        assert_true(m <= MZR_MAX_SERIES);
    }
}

static mzr_style style_in(const char *const *specs, size_t n, const char *want)
{
    mzr_styles s;
    mzr_styles_init(&s);
    for (size_t k = 0; k < n; k++)
        assert_int_equal(mzr_styles_add(&s, MZR_FAM_GEN, specs[k], false), MZO_OK);
    mzr_styles_assign(&s);
    mzr_style st = mzr_styles_get(&s, MZR_FAM_GEN, want);
    mzr_styles_free(&s);
    return st;
}

static void test_stable(void **state)
{
    (void)state;
    static const char *const a[] = {"sidewinder", "dfs"};
    static const char *const b[] = {"wilson", "kruskal", "eller", "prim", "binary-tree",
                                    "sidewinder", "dfs+braid", "aldous-broder"};
    mzr_style x = style_in(a, 2, "sidewinder"), y = style_in(b, 8, "sidewinder");
    assert_int_equal(x.rgb, y.rgb);
    assert_int_equal(x.marker, y.marker);
    assert_int_equal(x.dash, y.dash);
    /* sidewinder is the third of sets and rows */
    assert_int_equal(x.rgb, mzr_palette(2));
    /* the specs of one entry: its colour, the bare name its own marker */
    static const char *const c[] = {"prim:mode=simplified", "prim", "prim:mode=modified"};
    mzr_style p0 = style_in(c, 3, "prim"), p1 = style_in(c, 3, "prim:mode=modified"),
              p2 = style_in(c, 3, "prim:mode=simplified");
    assert_int_equal(p0.rgb, p1.rgb);
    assert_int_equal(p0.rgb, p2.rgb);
    static const char *const bare[] = {"prim"};
    assert_int_equal(p0.marker, style_in(bare, 1, "prim").marker);
    assert_int_not_equal(p0.marker, p1.marker);
    assert_int_not_equal(p1.marker, p2.marker);
    /* within a family, no two entries look the same */
    for (size_t f = 0; f < mzr_nfamilies; f++) {
        mzr_style seen[MZR_MAX_SERIES];
        size_t m = 0;
        for (size_t k = 0; k < mzr_nfamily_entries; k++) {
            if (mzr_family_entries[k].family != f)
                continue;
            const char *one[1] = {mzr_family_entries[k].name};
            mzr_style st = mzr_families[f].kind == MZR_FAM_GEN ? style_in(one, 1, one[0])
                                                               : mzr_style_of(m, 0);
            for (size_t j = 0; j < m; j++)
                assert_true(seen[j].rgb != st.rgb);
            seen[m++] = st;
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_entry_has_a_family),
        cmocka_unit_test(test_stable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
