/* test_core.c - grid, random source, specs, digest and metrics. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "mazebench.h"
#include "core/internal.h"

static void test_mulberry32_vector(void **state)
{
    (void)state;
    /* docs/conventions.md: seed 464 gives these u32 outputs. */
    mz_rng r;
    mz_rng_init(&r, MZ_RNG_MULBERRY32, 464);
    assert_int_equal(mz_rng_u32(&r), 3803316407u);
    assert_int_equal(mz_rng_u32(&r), 991819748u);
    assert_int_equal(mz_rng_u32(&r), 1599272584u);
}

static void test_pick(void **state)
{
    (void)state;
    /* The integer form equals floor(u / 2^32 * n) for small n. */
    mz_rng a, b;
    mz_rng_init(&a, MZ_RNG_MULBERRY32, 7);
    mz_rng_init(&b, MZ_RNG_MULBERRY32, 7);
    for (uint64_t n = 1; n < 5000; n++) {
        double u = mz_rng_unit(&a);
        assert_int_equal(mz_rng_pick(&b, n), (uint64_t)(u * (double)n));
    }
    /* Past 2^32 the top of the 96-bit product: u = 2^32-1 gives n - 1 or so. */
    mz_rng_init(&a, MZ_RNG_MULBERRY32, 0);
    uint64_t n = UINT64_C(1) << 40;
    for (int k = 0; k < 1000; k++)
        assert_true(mz_rng_pick(&a, n) < n);
}

static void test_grid_sizes(void **state)
{
    (void)state;
    mz_grid g;
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(0, 5), NULL), MZ_EINVAL);
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(5, 0), NULL), MZ_EINVAL);
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(UINT64_C(1) << 32, UINT64_C(1) << 32), NULL),
                     MZ_ETOOBIG);
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(UINT64_MAX, 2), NULL), MZ_ETOOBIG);
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(3, 4), NULL), MZ_OK);
    assert_int_equal(g.cells, 12);
    assert_int_equal(g.exit, 11);
    for (mz_idx i = 0; i < g.cells; i++)
        assert_int_equal(g.c[i], 15);
    mz_grid_free(&g);

    mz_dims d;
    assert_int_equal(mz_dims_parse("31x61", &d), MZ_OK);
    assert_int_equal(d.shape, MZ_SHAPE_ORTHO);
    assert_int_equal(d.rows, 31);
    assert_int_equal(d.cols, 61);
    assert_int_equal(mz_dims_parse("7", &d), MZ_OK);
    assert_int_equal(d.rows * d.cols, 49);
    assert_int_equal(mz_dims_parse("65536x65536", &d), MZ_OK);
    assert_int_equal(mz_dims_parse("0", &d), MZ_EINVAL);
    assert_int_equal(mz_dims_parse("", &d), MZ_EINVAL);
    assert_int_equal(mz_dims_parse("x5", &d), MZ_EINVAL);
    assert_int_equal(mz_dims_parse("5x", &d), MZ_EINVAL);
    assert_int_equal(mz_dims_parse("+5", &d), MZ_EINVAL);
    assert_int_equal(mz_dims_parse("5 x5", &d), MZ_EINVAL);
    assert_int_equal(mz_dims_parse("4294967297x1", &d), MZ_EINVAL);
    assert_int_equal(mz_dims_parse("4294967296x4294967296", &d), MZ_ETOOBIG);
}

static void test_neighbour_and_knock(void **state)
{
    (void)state;
    mz_grid g;
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(3, 4), NULL), MZ_OK);
    assert_true(mz_sq_neighbour(&g, 0, MZ_N) == MZ_NONE);
    assert_true(mz_sq_neighbour(&g, 0, MZ_W) == MZ_NONE);
    assert_int_equal(mz_sq_neighbour(&g, 0, MZ_E), 1);
    assert_int_equal(mz_sq_neighbour(&g, 0, MZ_S), 4);
    assert_true(mz_sq_neighbour(&g, 3, MZ_E) == MZ_NONE);
    assert_true(mz_sq_neighbour(&g, 11, MZ_S) == MZ_NONE);
    mz_sq_knock(&g, 5, MZ_E);
    assert_int_equal(g.c[5], 15 & ~MZ_WALL_E);
    assert_int_equal(g.c[6], 15 & ~MZ_WALL_W);
    assert_int_equal(mz_sq_open_sides(&g, 5), 1);
    g.flags |= MZ_GRID_WRAP_EW;
    assert_int_equal(mz_sq_neighbour(&g, 4, MZ_W), 7);
    assert_int_equal(mz_sq_neighbour(&g, 7, MZ_E), 4);
    mz_grid_free(&g);
}

/* The digest's documented definition, computed here independently on a
 * 3x3 grid whose 9 cells need two words. */
static void test_digest_definition(void **state)
{
    (void)state;
    mz_grid g;
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(3, 3), NULL), MZ_OK);
    mz_sq_knock(&g, 0, MZ_E);
    mz_sq_knock(&g, 4, MZ_S);
    g.c[8] |= MZ_BLOCKED;
    g.c[2] |= 0x40; /* a scratch bit is not part of the maze */
    uint64_t words[4] = {3, 3, 0, 0};
    for (int i = 0; i < 9; i++)
        words[2 + i / 8] |= (uint64_t)(g.c[i] & 0x1f) << (8 * (i % 8));
    uint64_t h = UINT64_C(0x6a09e667f3bcc908);
    for (int k = 0; k < 4; k++) {
        h = (h ^ words[k]) * UINT64_C(0x9e3779b97f4a7c15);
        h ^= h >> 32;
    }
    h ^= h >> 29;
    h *= UINT64_C(0xbf58476d1ce4e5b9);
    h ^= h >> 32;
    assert_true(mz_digest(&g) == h);
    mz_grid_free(&g);
}

static void test_metrics_small(void **state)
{
    (void)state;
    /* Two separate corridors on a 2x3 grid: 0-1-2 and 3-4 with 5 alone. */
    mz_grid g;
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(2, 3), NULL), MZ_OK);
    mz_sq_knock(&g, 0, MZ_E);
    mz_sq_knock(&g, 1, MZ_E);
    mz_sq_knock(&g, 3, MZ_E);
    mz_metrics m;
    assert_int_equal(mz_metrics_compute(&g, 1, &m), MZ_OK);
    assert_int_equal(m.cells, 6);
    assert_int_equal(m.passages, 3);
    assert_int_equal(m.dead_ends, 4);
    assert_int_equal(m.components, 3);
    assert_int_equal(m.loops, 0);
    assert_int_equal(m.route, -1);
    /* Close a loop: 0-1-4-3-0. */
    mz_sq_knock(&g, 1, MZ_S);
    mz_sq_knock(&g, 0, MZ_S);
    mz_sq_knock(&g, 4, MZ_E);
    assert_int_equal(mz_metrics_compute(&g, 1, &m), MZ_OK);
    assert_int_equal(m.components, 1);
    assert_int_equal(m.loops, 1);
    assert_int_equal(m.route, 3);
    /* A blocked cell leaves the counts. */
    mz_grid_reset(&g);
    g.c[5] |= MZ_BLOCKED;
    g.exit = 4;
    assert_int_equal(mz_metrics_compute(&g, 1, &m), MZ_OK);
    assert_int_equal(m.cells, 5);
    assert_int_equal(m.components, 5);
    mz_grid_free(&g);
}

static void test_spec_parse_format(void **state)
{
    (void)state;
    char err[512], buf[256];
    mz_spec spec;
    assert_int_equal(mz_spec_parse("dfs+braid:keep=0.4,offset=99", &spec, err, sizeof err), MZ_OK);
    assert_int_equal(spec.n, 2);
    assert_string_equal(spec.stage[1].algo->name, "braid");
    assert_true(spec.stage[1].args.v[0] == 0.4);
    assert_true(spec.stage[1].args.v[1] == 99);
    mz_spec_format(&spec, buf, sizeof buf);
    assert_string_equal(buf, "dfs+braid:keep=0.4,offset=99");
    /* Defaults are dropped from the canonical form. */
    assert_int_equal(mz_spec_parse("dfs+braid:offset=1,keep=0", &spec, err, sizeof err), MZ_OK);
    mz_spec_format(&spec, buf, sizeof buf);
    assert_string_equal(buf, "dfs+braid");
    /* A truncated buffer still reports the full length. */
    assert_int_equal(mz_spec_parse("dfs+braid:keep=0.25", &spec, err, sizeof err), MZ_OK);
    size_t need = mz_spec_format(&spec, buf, 5);
    assert_int_equal(need, strlen("dfs+braid:keep=0.25"));
    assert_string_equal(buf, "dfs+");

    assert_int_equal(mz_spec_parse("nope", &spec, err, sizeof err), MZ_ENOTFOUND);
    assert_non_null(strstr(err, "unknown generator 'nope'"));
    assert_int_equal(mz_spec_parse("braid", &spec, err, sizeof err), MZ_ENOTFOUND);
    assert_int_equal(mz_spec_parse("dfs+dfs", &spec, err, sizeof err), MZ_ENOTFOUND);
    assert_int_equal(mz_spec_parse("dfs+braid:keep=1e400", &spec, err, sizeof err), MZ_EPARAM);
    assert_int_equal(mz_spec_parse("dfs+braid:keep=nan", &spec, err, sizeof err), MZ_EPARAM);
    assert_int_equal(mz_spec_parse("dfs+braid:keep= 1", &spec, err, sizeof err), MZ_EPARAM);
    assert_int_equal(mz_spec_parse("dfs+braid+braid+braid+braid", &spec, err, sizeof err), MZ_EPARAM);

    mz_stage st;
    assert_int_equal(mz_solver_parse("wall:hand=right", &st, err, sizeof err), MZ_OK);
    assert_true(st.args.v[0] == 1);
    mz_stage_format(&st, buf, sizeof buf);
    assert_string_equal(buf, "wall:hand=right");
    assert_int_equal(mz_solver_parse("dfs", &st, err, sizeof err), MZ_ENOTFOUND);
}

static void test_registry(void **state)
{
    (void)state;
    size_t n = mz_registry_count();
    assert_true(n >= 5);
    for (size_t k = 0; k < n; k++) {
        const mz_algo *a = mz_registry[k];
        assert_non_null(a->name);
        assert_non_null(a->summary);
        assert_true(a->nparams <= MZ_MAX_PARAMS);
        assert_true(a->kind == MZ_SOLVER ? a->solve != NULL : a->gen != NULL);
        assert_ptr_equal(mz_find(a->kind, a->name), a);
        unsigned cols = 0;
        for (const char *const *c = a->columns; c && *c; c++)
            cols++;
        assert_true(cols <= MZ_MAX_EXTRA);
        /* Groups in order: generators, post-processors, solvers. */
        if (k > 0)
            assert_true(mz_registry[k - 1]->kind <= a->kind);
        /* Defaults are within range, so a bare name is always valid. */
        for (unsigned p = 0; p < a->nparams; p++) {
            const mz_param_def *d = &a->params[p];
            if (d->type == MZ_P_REAL || d->type == MZ_P_INT)
                assert_true(d->def >= d->min && d->def <= d->max);
        }
    }
}

static void test_extra(void **state)
{
    (void)state;
    mz_extra x = {0};
    mz_extra_int(&x, "a", 5);
    mz_extra_int(&x, "a", 6);
    mz_extra_bool(&x, "b", true);
    assert_int_equal(x.n, 2);
    assert_int_equal(mz_extra_get(&x, "a")->i, 6);
    assert_null(mz_extra_get(&x, "c"));
}

/* mz_generate's extra is optional: every generator, with a
 * post-processor too, runs with it NULL and makes the maze it makes with
 * one. */
static void test_generate_without_extra(void **state)
{
    (void)state;
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind != MZ_GEN)
            continue;
        for (int braid = 0; braid < 2; braid++) {
            char text[96], err[256];
            snprintf(text, sizeof text, "%s%s", (*a)->name, braid ? "+braid" : "");
            mz_spec sp;
            assert_int_equal(mz_spec_parse(text, &sp, err, sizeof err), MZ_OK);
            mz_grid g1 = {0}, g2 = {0};
            mz_extra x;
            memset(&x, 0, sizeof x);
            mz_status s1 = mz_generate(&sp, 464, MZ_SQUARE(9, 12), &g1, NULL);
            mz_status s2 = mz_generate(&sp, 464, MZ_SQUARE(9, 12), &g2, MZ_GEN_OPTS(1, NULL, &x));
            if (s1 != s2 || (s1 == MZ_OK && mz_digest(&g1) != mz_digest(&g2)))
                fail_msg("%s: %s without extra, %s with it", text, mz_status_str(s1),
                         mz_status_str(s2));
            mz_grid_free(&g1);
            mz_grid_free(&g2);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mulberry32_vector),
        cmocka_unit_test(test_pick),
        cmocka_unit_test(test_grid_sizes),
        cmocka_unit_test(test_neighbour_and_knock),
        cmocka_unit_test(test_digest_definition),
        cmocka_unit_test(test_metrics_small),
        cmocka_unit_test(test_spec_parse_format),
        cmocka_unit_test(test_registry),
        cmocka_unit_test(test_extra),
        cmocka_unit_test(test_generate_without_extra),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
