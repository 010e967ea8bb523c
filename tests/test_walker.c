/* test_walker.c - the wall follower stops, in bounded time, when it can
 * never arrive (docs/algorithms.md, board 07). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "mazebench.h"
#include "core/internal.h"

static mz_status walk(const mz_grid *g, const char *spec, mz_solution *sol)
{
    char err[256];
    mz_stage st;
    assert_int_equal(mz_solver_parse(spec, &st, err, sizeof err), MZ_OK);
    memset(sol, 0, sizeof *sol);
    sol->want_path = true;
    return st.algo->solve(g, &st.args, NULL, sol);
}

/* A ring of eight cells around a sealed centre: the exit is the centre. */
static void test_unreachable_exit(void **state)
{
    (void)state;
    mz_grid g;
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(3, 3), NULL), MZ_OK);
    mz_sq_knock(&g, 0, MZ_E);
    mz_sq_knock(&g, 1, MZ_E);
    mz_sq_knock(&g, 2, MZ_S);
    mz_sq_knock(&g, 5, MZ_S);
    mz_sq_knock(&g, 8, MZ_W);
    mz_sq_knock(&g, 7, MZ_W);
    mz_sq_knock(&g, 6, MZ_N);
    mz_sq_knock(&g, 3, MZ_N);
    g.exit = 4;
    const char *hands[] = {"wall:hand=left", "wall:hand=right"};
    for (int h = 0; h < 2; h++) {
        mz_solution sol;
        assert_int_equal(walk(&g, hands[h], &sol), MZ_OK);
        assert_false(sol.found);
        assert_int_equal(mz_extra_get(&sol.extra, "looped")->i, 1);
        assert_true(sol.steps > 0 && sol.steps <= 4 * (int64_t)g.cells);
        assert_int_equal(sol.path_steps, -1);
        mz_solution_free(&sol);
    }
    mz_grid_free(&g);
}

/* A sealed entrance: the walker turns four times and stops. */
static void test_sealed_entrance(void **state)
{
    (void)state;
    mz_grid g;
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(2, 2), NULL), MZ_OK);
    mz_solution sol;
    assert_int_equal(walk(&g, "wall", &sol), MZ_OK);
    assert_false(sol.found);
    assert_int_equal(sol.steps, 4);
    assert_int_equal(sol.turns, 4);
    assert_int_equal(sol.forward, 0);
    mz_solution_free(&sol);
    mz_grid_free(&g);
}

/* Braided mazes with the exit moved to the middle: some walks circle an
 * island for ever. Every walk must end within 4 * cells steps, and both
 * outcomes must occur over these seeds (so the check can fail). */
static void test_braided_islands(void **state)
{
    (void)state;
    char err[256];
    mz_spec spec;
    assert_int_equal(mz_spec_parse("dfs+braid", &spec, err, sizeof err), MZ_OK);
    int looped = 0, found = 0;
    for (uint32_t seed = 0; seed < 40; seed++) {
        mz_grid g = {0};
        mz_extra x = {0};
        assert_int_equal(mz_generate(&spec, seed, MZ_SQUARE(21, 21), &g, MZ_GEN_OPTS(1, NULL, &x)),
                         MZ_OK);
        g.exit = g.cells / 2;
        mz_solution sol;
        assert_int_equal(walk(&g, seed & 1 ? "wall:hand=right" : "wall", &sol), MZ_OK);
        assert_true(sol.steps <= 4 * (int64_t)g.cells);
        if (sol.found) {
            found++;
            assert_int_equal(sol.path[sol.path_len - 1], g.exit);
        } else {
            looped++;
            assert_int_equal(mz_extra_get(&sol.extra, "looped")->i, 1);
        }
        mz_solution_free(&sol);
        mz_grid_free(&g);
    }
    assert_true(looped > 0);
    assert_true(found > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unreachable_exit),
        cmocka_unit_test(test_sealed_entrance),
        cmocka_unit_test(test_braided_islands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
