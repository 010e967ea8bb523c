/* test_hedge.c - board 09, the hedge garden: segments, answer path, fog. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mazebench.h"
#include "mazebench_render.h"
#include "render/hedge.h"
#include "expect.h"

/* "on any 31x31 maze without loops that is 900 inner + 124 border = 1,024
 * segments": every perfect generator, several seeds. */
static void test_segments_any_perfect_maze(void **state)
{
    (void)state;
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind != MZ_GEN || !((*a)->flags & MZ_F_PERFECT) || ((*a)->flags & MZ_F_FIXED_SIZE))
            continue;
        mz_spec spec = {1, {{*a, {{0}}}}, MZ_RNG_MULBERRY32};
        mz_args_default(*a, &spec.stage[0].args);
        for (uint32_t seed = 460; seed < 470; seed++) {
            mz_grid g = {0};
            mz_extra x = {0};
            expect_ok(mz_generate(&spec, seed, MZ_SQUARE(31, 31), &g, MZ_GEN_OPTS(1, NULL, &x)),
                      "%s seed %u 31x31",
                      (*a)->name, seed);
            mz_metrics m;
            expect_ok(mz_metrics_compute(&g, 1, &m), "%s seed %u 31x31: metrics", (*a)->name, seed);
            if (m.loops == 0 && m.walls != 1024)
                fail_msg("%s seed %u: %llu segments", (*a)->name, seed, (unsigned long long)m.walls);
            mz_grid_free(&g);
        }
    }
}

static void test_answer_path(void **state)
{
    (void)state;
    char err[128];
    mz_spec spec;
    assert_int_equal(mz_spec_parse("dfs", &spec, err, sizeof err), MZ_OK);
    mz_grid g = {0};
    mz_extra x = {0};
    assert_int_equal(mz_generate(&spec, 464, MZ_SQUARE(31, 31), &g, MZ_GEN_OPTS(1, NULL, &x)),
                     MZ_OK);
    mz_idx *path;
    uint64_t len;
    assert_int_equal(mz_hedge_path(&g, &path, &len), MZ_OK);
    assert_int_equal(len, 321); /* docs/algorithms.md, board 09: 321 cells at seed 464 */
    assert_int_equal(path[0], g.entrance);
    assert_int_equal(path[len - 1], g.exit);
    free(path);

    /* The frame is a pure function of (maze, time) and states its figures. */
    char *a = mz_render_hedge_svg(&g, 1234, 1u << 20);
    char *b = mz_render_hedge_svg(&g, 1234, 1u << 20);
    assert_non_null(a);
    assert_string_equal(a, b);
    assert_non_null(strstr(a, "segments 1024, answer path 321 cells"));
    free(a);
    free(b);
    assert_null(mz_render_hedge_svg(&g, 0, 100)); /* over max_cells */
    mz_grid_free(&g);
}

static void test_fog(void **state)
{
    (void)state;
    /* Board 279 px square centred on 480x300: a board edge's midpoint is
     * 139.5 px from the centre, a canvas corner sqrt(240^2 + 150^2). */
    assert_true(fabs(mz_fog_density(139.5) - 0.443) < 0.0005);
    assert_true(fabs(mz_fog_density(sqrt(240.0 * 240.0 + 150.0 * 150.0)) - 0.695) < 0.0005);
    assert_true(mz_fog_density(0) == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_segments_any_perfect_maze),
        cmocka_unit_test(test_answer_path),
        cmocka_unit_test(test_fog),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
