/* test_api.c - the public API's constructors and optional arguments: every
 * function that takes an optional pointer (src/mazebench.h, "Optional
 * arguments") is called with NULL there, and the constructors accept
 * memory that was never zeroed. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "mazebench.h"
#include "mazebench_render.h"
#include "mazebench_row.h"
#include "mazebench_bench.h"
#include "mazebench_plugin.h"

static void parse(const char *gen, const char *solver, mz_spec *spec, mz_stage *st)
{
    char err[128];
    assert_int_equal(mz_spec_parse(gen, spec, err, sizeof err), MZ_OK);
    assert_int_equal(mz_solver_parse(solver, st, err, sizeof err), MZ_OK);
}

/* Constructors take garbage. */
static void test_constructors(void **state)
{
    (void)state;
    mz_grid g;
    mz_solution sol;
    mz_extra x;
    memset(&g, 0xA5, sizeof g);
    memset(&sol, 0xA5, sizeof sol);
    memset(&x, 0xA5, sizeof x);
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(5, 7), NULL), MZ_OK);
    assert_int_equal(g.cells, 35);
    assert_null(g.mem);
    mz_solution_init(&sol, true, NULL);
    assert_true(sol.want_path);
    assert_null(sol.mem);
    assert_null(sol.path);
    assert_false(sol.found);
    assert_int_equal(sol.path_steps, -1);
    mz_extra_init(&x);
    assert_int_equal(x.n, 0);
    assert_null(mz_extra_get(&x, "merged_at"));
    mz_solution_free(&sol);
    mz_grid_free(&g);
    mz_pool_free(NULL);
    mz_meter_close(NULL);
}

/* mz_generate: opts NULL, and opts with trace and extra NULL, give the same
 * maze as threads, a trace and extra columns do. */
static void test_generate_optional(void **state)
{
    (void)state;
    mz_spec spec;
    mz_stage st;
    parse("dfs", "bfs", &spec, &st);
    mz_grid a, b, c;
    assert_int_equal(mz_grid_init(&a, MZ_SQUARE(9, 11), NULL), MZ_OK);
    assert_int_equal(mz_grid_init(&b, MZ_SQUARE(1, 1), NULL), MZ_OK);
    assert_int_equal(mz_grid_init(&c, MZ_SQUARE(1, 1), NULL), MZ_OK);
    assert_int_equal(mz_generate(&spec, 7, MZ_SQUARE(9, 11), &a, NULL), MZ_OK);
    assert_int_equal(mz_generate(&spec, 7, MZ_SQUARE(9, 11), &b, MZ_GEN_OPTS(1, NULL, NULL)),
                     MZ_OK);
    mz_extra x;
    mz_extra_init(&x);
    assert_int_equal(mz_generate(&spec, 7, MZ_SQUARE(9, 11), &c, MZ_GEN_OPTS(2, NULL, &x)), MZ_OK);
    assert_int_equal(mz_digest(&a), mz_digest(&b));
    assert_int_equal(mz_digest(&a), mz_digest(&c));

    /* mz_solve and mz_metrics_compute: trace NULL, one thread and all. */
    mz_solution sol;
    mz_solution_init(&sol, false, NULL);
    assert_int_equal(mz_solve(&st, &a, NULL, &sol), MZ_OK);
    assert_true(sol.found);
    assert_null(sol.path);
    mz_metrics m1, m0;
    assert_int_equal(mz_metrics_compute(&a, 1, &m1), MZ_OK);
    assert_int_equal(mz_metrics_compute(&a, 0, &m0), MZ_OK);
    assert_int_equal(m1.digest, m0.digest);
    assert_int_equal(m1.route, sol.path_steps);
    mz_solution_free(&sol);
    mz_grid_free(&a);
    mz_grid_free(&b);
    mz_grid_free(&c);
}

/* err NULL with errlen 0 wherever a reason is written. */
static void test_err_optional(void **state)
{
    (void)state;
    mz_spec spec;
    mz_stage st;
    assert_int_equal(mz_spec_parse("no-such-generator", &spec, NULL, 0), MZ_ENOTFOUND);
    assert_int_equal(mz_spec_parse("dfs:nope=1", &spec, NULL, 0), MZ_EPARAM);
    assert_int_equal(mz_solver_parse("no-such-solver", &st, NULL, 0), MZ_ENOTFOUND);
    parse("dfs", "bfs", &spec, &st);
    assert_int_equal(mz_solver_fits(&st, MZ_SQUARE(4, 4), NULL, 0), MZ_OK);
    assert_int_equal(mz_solver_fits(&spec.stage[0], MZ_SQUARE(4, 4), NULL, 0), MZ_EINVAL);
    assert_int_equal(mz_rng_resolve(&spec, MZ_SQUARE(4, 4), 1, MZ_RNG_AUTO, NULL, NULL, 0), MZ_OK);
    assert_int_equal(mz_rng_resolve(&spec, MZ_SQUARE(4, 4), UINT64_C(1) << 40, MZ_RNG_MULBERRY32,
                                    NULL, NULL, 0),
                     MZ_ETOOBIG);
    unsigned bits;
    assert_int_equal(mz_pic_overlays_parse("route,nope", &bits, NULL, 0), MZ_EPARAM);
    assert_int_equal(mz_pic_overlays_parse("route", &bits, NULL, 0), MZ_OK);
    assert_int_equal(bits, MZ_OV_ROUTE);
}

/* The stream: no row callback, malloc. */
static void test_stream_optional(void **state)
{
    (void)state;
    mz_stream_stats st;
    assert_int_equal(mz_eller_stream(6, 9, MZ_RNG_MULBERRY32, 3, NULL, NULL, NULL, &st), MZ_OK);
    assert_int_equal(st.cells, 54);
    assert_int_equal(mz_eller_stream(6, 9, MZ_RNG_SPLITMIX64, 3, NULL, NULL, NULL, &st), MZ_OK);
    assert_int_equal(
        mz_eller_stream(6, 9, MZ_RNG_MULBERRY32, UINT64_C(1) << 33, NULL, NULL, NULL, &st),
        MZ_EINVAL);
}

/* The measurement workspace: trace NULL. */
static void test_bench_optional(void **state)
{
    (void)state;
    mz_spec spec;
    mz_stage st;
    parse("dfs", "bfs", &spec, &st);
    mz_bench b;
    mz_timing t;
    assert_int_equal(mz_bench_init(&b), MZ_OK);
    assert_int_equal(mz_bench_gen(&b, &spec, 5, MZ_SQUARE(6, 6), NULL, 1, &t), MZ_OK);
    assert_int_equal(mz_bench_solve(&b, &st, NULL, 1, &t), MZ_OK);
    assert_true(b.sol.found);
    mz_bench_free(&b);
}

static int sink(void *user, uint64_t part, const unsigned char *data, size_t len)
{
    (void)part, (void)data;
    *(size_t *)user += len;
    return 0;
}

/* Rows and pictures: algos NULL, path NULL, steps NULL, solver NULL. */
static void test_render_row_optional(void **state)
{
    (void)state;
    mz_cols cols;
    mz_row_columns(&cols, true, false, false, NULL, 0);
    assert_true(cols.n > 0);

    mz_spec spec;
    mz_stage st;
    parse("dfs", "bfs", &spec, &st);
    mz_grid g;
    assert_int_equal(mz_grid_init(&g, MZ_SQUARE(4, 5), NULL), MZ_OK);
    assert_int_equal(mz_generate(&spec, 1, MZ_SQUARE(4, 5), &g, NULL), MZ_OK);
    char *art = mz_render_ascii(&g, NULL, 0, 1000);
    assert_non_null(art);
    free(art);

    mz_anim_opts ao;
    memset(&ao, 0, sizeof ao);
    assert_true(mz_anim_trace_bytes(&spec, NULL, MZ_SQUARE(4, 5), &ao, NULL) > 0);

    mz_pic_opts o;
    mz_pic_defaults(&o);
    o.overlays = MZ_OV_ROUTE;
    assert_null(o.solver);
    size_t bytes = 0;
    mz_status s = mz_pic_render(&g, &o, MZ_PIC_SVG, sink, &bytes);
    assert_true(s == MZ_OK || s == MZ_EUNSUPPORTED);
    assert_true(s != MZ_OK || bytes > 0);
    uint64_t frames = 0;
    mz_pic_defaults(&o);
    bytes = 0;
    s = mz_anim_render(&spec, 1, MZ_SQUARE(4, 5), NULL, &o, &ao, MZ_PIC_GIF, sink, &bytes, &frames);
    assert_true(s == MZ_OK || s == MZ_EUNSUPPORTED);
    assert_true(s != MZ_OK || frames > 0);
    mz_grid_free(&g);
}

/* An entry added at run time: a generator that opens every east wall of
 * its first row and reads its ctx, and a solver through solve_ctx. */
static int seen_ctx;

static mz_status added_gen(mz_grid *g, const mz_args *a, mz_run *run)
{
    (void)a;
    seen_ctx = run->ctx ? *(const int *)run->ctx : -1;
    for (uint64_t c = 0; c + 1 < g->cols; c++)
        mz_port_knock(g, c, MZ_E);
    return MZ_OK;
}

static mz_status added_solve(const void *ctx, const mz_grid *g, const mz_args *a,
                             mz_trace *t, mz_solution *sol)
{
    (void)a;
    (void)t;
    seen_ctx = *(const int *)ctx;
    sol->found = true;
    sol->path_steps = g->cols - 1;
    return MZ_OK;
}

static void test_registry_add(void **state)
{
    (void)state;
    static const int gen_ctx = 7, solve_ctx = 9;
    static const mz_algo gen = {.name = "added-row", .kind = MZ_GEN, .summary = "test",
                                .gen = added_gen, .ctx = &gen_ctx};
    static const mz_algo solver = {.name = "added-solver", .kind = MZ_SOLVER,
                                   .summary = "test", .solve_ctx = added_solve,
                                   .ctx = &solve_ctx};
    static const mz_algo clash = {.name = "dfs", .kind = MZ_GEN, .gen = added_gen};
    static const mz_algo empty = {.name = "nothing", .kind = MZ_SOLVER};
    size_t builtin = mz_registry_count();
    uint64_t hash = mz_registry_hash(MZ_SHAPES_ALL);
    size_t n = 99;
    assert_null(mz_registry_added(&n)[0]);
    assert_int_equal(n, 0);
    assert_null(mz_find(MZ_GEN, "added-row"));
    assert_int_equal(mz_registry_add(&gen), MZ_OK);
    assert_int_equal(mz_registry_add(&gen), MZ_EINVAL);    /* the name is taken */
    assert_int_equal(mz_registry_add(&clash), MZ_EINVAL);  /* a built-in's name */
    assert_int_equal(mz_registry_add(&empty), MZ_EINVAL);  /* no function */
    assert_int_equal(mz_registry_add(NULL), MZ_EINVAL);
    assert_int_equal(mz_registry_add(&solver), MZ_OK);
    assert_ptr_equal(mz_find(MZ_GEN, "added-row"), &gen);
    assert_ptr_equal(mz_find(MZ_SOLVER, "added-solver"), &solver);
    assert_null(mz_find(MZ_SOLVER, "added-row"));
    assert_ptr_equal(mz_registry_added(&n)[1], &solver);
    assert_int_equal(n, 2);
    assert_int_equal(mz_registry_count(), builtin);
    assert_int_equal(mz_registry_hash(MZ_SHAPES_ALL), hash);

    mz_spec spec;
    mz_stage st;
    parse("added-row", "added-solver", &spec, &st);
    mz_grid g;
    memset(&g, 0, sizeof g);
    assert_int_equal(mz_generate(&spec, 1, MZ_SQUARE(3, 5), &g, NULL), MZ_OK);
    assert_int_equal(seen_ctx, 7);
    assert_int_equal(g.c[0] & MZ_WALL_E, 0);
    mz_solution sol;
    mz_solution_init(&sol, false, NULL);
    assert_int_equal(mz_solve(&st, &g, NULL, &sol), MZ_OK);
    assert_int_equal(seen_ctx, 9);
    assert_int_equal(sol.path_steps, 4);
    mz_solution_free(&sol);
    mz_grid_free(&g);

    mz_registry_drop_added();
    assert_null(mz_find(MZ_GEN, "added-row"));
    assert_null(mz_registry_added(&n)[0]);
    assert_int_equal(n, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_constructors),
        cmocka_unit_test(test_generate_optional),
        cmocka_unit_test(test_err_optional),
        cmocka_unit_test(test_stream_optional),
        cmocka_unit_test(test_bench_optional),
        cmocka_unit_test(test_render_row_optional),
        cmocka_unit_test(test_registry_add),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
