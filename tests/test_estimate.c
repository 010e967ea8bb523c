/*
 * test_estimate.c - the memory estimate against the measured heap.
 *
 * For every registry entry on every shape it runs on, at two sizes, the
 * recipe is run in the engine's pool (exact counts, tests/test_measure.c)
 * the way the commands run it: the generator chain, the figures, the
 * statistics, a solver (on a perfect maze and on the same maze with a
 * post-processor's loops). mz_estimate_bytes must be at or above each
 * measured peak, and at most twice the largest of them plus the fixed part
 * (SLACK), so the estimate neither lets a run fail half-way nor refuses
 * what fits. A failure names the entry, the shape and the size.
 *
 * It prints the table of docs/shapes.md ("Memory"): for each entry and
 * shape the declared bytes a cell and the largest measured (the peak
 * beyond the grid's byte, over the cells). MZ_ESTIMATE_SIDES="64,128,512"
 * measures at other sides (the table in the docs is measured at 128, 512
 * and 1024).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebench.h"
#include "mazebench_bench.h"
#include "expect.h"
#include "recipes.h"

/* The fixed part of every estimate (estimate.c's FIXED_BYTES). */
#define SLACK (UINT64_C(64) << 10)

/* A wide thin grid of shape s: a few rows and WIDE_COLS columns, where
 * what an entry keeps a column (eller's row state, 8 bytes) outweighs its
 * bytes a cell and the estimate's fixed part (polar has no columns: its
 * grid of about as many cells). The random walks (aldous-broder, wilson:
 * trace steps MZ_TRACE_UNBOUNDED) keep nothing a column and take seconds
 * to cover a strip; they are measured at the square sizes only. */
static uint64_t WIDE_COLS = 12000; /* MZ_ESTIMATE_WIDE=N: N columns */
static mz_dims geom_wide(mz_shape s)
{
    mz_dims g = {s, 1, 3, WIDE_COLS};
    if (s == MZ_SHAPE_POLAR)
        return geom_near(s, 245);
    if (s == MZ_SHAPE_CUBE) {
        g.levels = 2;
        g.rows = 2;
    }
    mz_dims_cells(&g);
    return g;
}

static mz_spec spec_of(const mz_algo *a)
{
    mz_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.n = 1;
    sp.stage[0].algo = a;
    mz_args_default(a, &sp.stage[0].args);
    return sp;
}

static void add_stage(mz_spec *sp, const mz_algo *a)
{
    sp->stage[sp->n].algo = a;
    mz_args_default(a, &sp->stage[sp->n].args);
    sp->n++;
}

/* The first entry of a kind that runs on geo at its size, or NULL. */
static const mz_algo *first_on(mz_kind kind, const mz_dims *geo)
{
    for (const mz_algo *const *a = mz_registry; *a; a++)
        if ((*a)->kind == kind && !((*a)->flags & MZ_F_FIXED_SIZE) && !mz_refuses(*a, geo))
            return *a;
    return NULL;
}

/* The largest measured bytes a cell of each entry on each shape, and of
 * the figures and statistics on each shape, for the table. */
#define NREG 64
static double seen_bpc[NREG][MZ_SHAPE_COUNT];
static double seen_fig[MZ_SHAPE_COUNT], seen_stats[MZ_SHAPE_COUNT];

static size_t reg_index(const mz_algo *a)
{
    size_t k = 0;
    while (mz_registry[k] != a)
        k++;
    return k;
}

static void note_max(double *slot, double v)
{
    if (v > *slot)
        *slot = v;
}

/* MZ_ESTIMATE_RAW=1: every measurement as a line "raw,WHAT,SHAPE,CELLS,BYTES"
 * (the bytes beyond the grid), to declare values from. */
static bool verbose;
static const char *only; /* MZ_ESTIMATE_ONLY=NAME: that entry alone */
static const char stats_tag = 0;

static void raw(const mz_algo *a, mz_shape s, uint64_t cells, uint64_t bytes)
{
    if (verbose)
        printf("raw,%s,%s,%" PRIu64 ",%" PRIu64 "\n",
               a == NULL ? "(figures)" : a == (const mz_algo *)&stats_tag ? "(statistics)"
                                                                          : a->name,
               mz_shape_name(s), cells, bytes);
}

/* One recipe measured: the peaks as the commands see them. */
struct peaks {
    uint64_t gen;    /* the chain's peak, the grid included */
    uint64_t fig;    /* the maze (grid and tiles) + the figures + the solver */
    uint64_t stats;  /* the maze + the statistics */
    uint64_t pooled; /* everything the engine's pool holds at the end */
};

/* Run spec (then solver, may be NULL) on geo in a fresh engine; *geo_out
 * is the grid made (a fixed-size generator makes its own). The bytes a
 * cell of the entry being measured (own) go to the table. */
static void measure(const mz_spec *spec, const mz_stage *solver, const mz_algo *own,
                    const mz_dims *geo, mz_dims *geo_out, struct peaks *pk, const char *name)
{
    mz_bench b;
    mz_timing t;
    mz_pool_stats st;
    assert_int_equal(mz_bench_init(&b), MZ_OK);
    memset(pk, 0, sizeof *pk);
    char gtext[128];
    mz_dims_format(geo, gtext, sizeof gtext);

    /* The chain: the base's peak, then each post-processor's own. */
    mz_spec base = *spec;
    base.n = 1;
    /* the grid in the pool, then one run (the engine's heap figure without
     * its warm-up run) */
    expect_ok(mz_grid_resize(&b.grid, geo), "%s on %s: the grid", name, gtext);
    mz_pool_mark(b.pool);
    mz_extra gx;
    memset(&gx, 0, sizeof gx);
    expect_ok(mz_generate(&base, 464, geo, &b.grid, MZ_GEN_OPTS(1, NULL, &gx)),
              "%s on %s: generate", name,
              gtext);
    mz_pool_get_stats(b.pool, &st);
    t.heap_peak = st.peak;
    const uint64_t cells = b.grid.cells;
    pk->gen = t.heap_peak;
    if (own == spec->stage[0].algo) {
        note_max(&seen_bpc[reg_index(own)][geo->shape],
                 (double)(t.heap_peak - cells) / (double)cells);
        raw(own, geo->shape, cells, t.heap_peak - cells);
    }
    mz_rng rng;
    mz_rng_init(&rng, MZ_RNG_MULBERRY32, 464);
    for (unsigned k = 1; k < spec->n; k++) {
        mz_extra x;
        memset(&x, 0, sizeof x);
        mz_run run = {464, &rng, NULL, &x, 1, 0, NULL};
        mz_pool_get_stats(b.pool, &st);
        uint64_t live = st.live;
        mz_pool_mark(b.pool);
        expect_ok(spec->stage[k].algo->gen(&b.grid, &spec->stage[k].args, &run),
                  "%s on %s: post-processor %s", name, gtext, spec->stage[k].algo->name);
        mz_pool_get_stats(b.pool, &st);
        if (st.peak > pk->gen)
            pk->gen = st.peak;
        if (own == spec->stage[k].algo) {
            note_max(&seen_bpc[reg_index(own)][geo->shape],
                     (double)(st.peak - live) / (double)cells);
            raw(own, geo->shape, cells, st.peak - live);
        }
    }
    *geo_out = mz_grid_dims(&b.grid);

    /* The figures, on one thread and on two (the bands' route). */
    mz_pool_get_stats(b.pool, &st);
    const uint64_t maze = st.live;
    uint64_t fig = 0;
    /* other shapes have one path whatever the threads */
    for (unsigned threads = 1; threads <= (geo->shape == MZ_SHAPE_ORTHO ? 2u : 1u); threads++) {
        mz_metrics m;
        mz_pool_mark(b.pool);
        expect_ok(mz_metrics_compute(&b.grid, threads, &m), "%s on %s: figures", name, gtext);
        mz_pool_get_stats(b.pool, &st);
        if (st.peak - maze > fig)
            fig = st.peak - maze;
    }
    note_max(&seen_fig[geo->shape], (double)fig / (double)cells);
    raw(NULL, geo->shape, cells, fig);
    mz_maze_stats ms;
    mz_pool_mark(b.pool);
    expect_ok(mz_maze_stats_compute(&b.grid, 0, &ms), "%s on %s: statistics", name, gtext);
    mz_pool_get_stats(b.pool, &st);
    pk->stats = st.peak;
    note_max(&seen_stats[geo->shape], (double)(st.peak - maze) / (double)cells);
    raw((const mz_algo *)&stats_tag, geo->shape, cells, st.peak - maze);

    /* The solver runs beside the figures: their peaks add up. */
    uint64_t solve = 0;
    if (solver) {
        mz_solution_clear(&b.sol);
        mz_pool_mark(b.pool);
        mz_pool_get_stats(b.pool, &st);
        uint64_t live = st.live;
        expect_ok(mz_solve(solver, &b.grid, NULL, &b.sol), "%s on %s: solve", name, gtext);
        mz_pool_get_stats(b.pool, &st);
        solve = st.peak - live;
        note_max(&seen_bpc[reg_index(solver->algo)][geo->shape],
                 (double)solve / (double)cells);
        raw(solver->algo, geo->shape, cells, solve);
    }
    pk->fig = maze + fig + solve;
    mz_pool_get_stats(b.pool, &st);
    pk->pooled = st.live + st.cached;
    mz_bench_free(&b);
}

/* Every estimate out of bounds is printed; the test fails at the end, so
 * one run lists them all (and still prints the table). */
static size_t nproblems;
#define problem(...) (print_error(__VA_ARGS__), print_error("\n"), nproblems++)

static uint64_t max3(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t m = a > b ? a : b;
    return m > c ? m : c;
}

/* The estimate of one recipe against its measurement; the estimate's
 * figures part is checked against the largest of several measurements
 * (worst) for the upper bound. */
static void check_recipe(const mz_spec *spec, const mz_stage *solver, const mz_algo *own,
                         const mz_dims *geo, uint64_t *worst, uint64_t *est_out,
                         const char *name)
{
    mz_dims made;
    struct peaks pk;
    measure(spec, solver, own, geo, &made, &pk, name);
    const mz_algo *algos[MZ_MAX_CHAIN + 1];
    size_t n = 0;
    for (unsigned k = 0; k < spec->n; k++)
        algos[n++] = spec->stage[k].algo;
    if (solver)
        algos[n++] = solver->algo;
    char gtext[128];
    mz_dims_format(&made, gtext, sizeof gtext);
    uint64_t est = mz_estimate_bytes(algos, n, &made, MZ_EST_FIGURES);
    uint64_t need = pk.gen > pk.fig ? pk.gen : pk.fig;
    if (est < need)
        problem("%s on %s: the estimate %" PRIu64 " bytes is under the measured peak %" PRIu64
                 " (%.2f bytes a cell short): raise '%s' on %s",
                 name, gtext, est, need, (double)(need - est) / (double)mz_dims_cells(&made),
                 own->name, mz_shape_name(made.shape));
    uint64_t est_stats = mz_estimate_bytes(algos, n, &made, MZ_EST_STATS);
    uint64_t need_stats = pk.gen > pk.stats ? pk.gen : pk.stats;
    if (est_stats < need_stats)
        problem("%s on %s: the estimate with statistics %" PRIu64 " is under the measured "
                 "peak %" PRIu64, name, gtext, est_stats, need_stats);
    uint64_t est_pool = mz_estimate_bytes(algos, n, &made, MZ_EST_FIGURES | MZ_EST_POOL);
    if (est_pool < pk.pooled)
        problem("%s on %s: the pooled estimate %" PRIu64 " is under the %" PRIu64
                 " bytes the engine's pool holds", name, gtext, est_pool, pk.pooled);
    uint64_t w = max3(need, need_stats, 0);
    if (w > *worst)
        *worst = w;
    if (est > *est_out)
        *est_out = est;
}

static uint64_t sides[64] = {64, 128};
static size_t nsides = 2;

/* Every recipe that runs entry a on geo, for each variant of its
 * parameters (the defaults, then each choice of each enum parameter:
 * prim's modes differ): a generator alone, a post-processor after the first
 * generator there, a solver on that generator's perfect maze and on it
 * after the first post-processor there. Each is handed to fn with a name,
 * tag following the entry's own ("" or " traced"). */
typedef void (*recipe_fn)(const mz_spec *sp, const mz_stage *solver, const char *name,
                          void *ctx);

static void each_recipe(const mz_algo *a, const mz_dims *geo, const char *tag, recipe_fn fn,
                        void *ctx)
{
    const mz_algo *base = first_on(MZ_GEN, geo);
    const mz_algo *post = first_on(MZ_POST, geo);
    char name[256];
    for (unsigned v = 0; v <= variants(a); v++) {
        mz_stage st;
        st.algo = a;
        char label[128];
        variant_args(a, v, &st.args, label, sizeof label);
        if (a->kind == MZ_GEN) {
            mz_spec sp = spec_of(a);
            sp.stage[0].args = st.args;
            snprintf(name, sizeof name, "'%s%s'%s", a->name, label, tag);
            fn(&sp, NULL, name, ctx);
        } else if (a->kind == MZ_POST) {
            mz_spec sp = spec_of(base);
            add_stage(&sp, a);
            sp.stage[1].args = st.args;
            snprintf(name, sizeof name, "'%s+%s%s'%s", base->name, a->name, label, tag);
            fn(&sp, NULL, name, ctx);
        } else {
            char why[256];
            if (mz_solver_fits(&st, geo, why, sizeof why) != MZ_OK)
                continue;
            mz_spec sp = spec_of(base);
            snprintf(name, sizeof name, "'%s%s'%s solving '%s'", a->name, label, tag,
                     base->name);
            fn(&sp, &st, name, ctx);
            if (post) {
                add_stage(&sp, post);
                snprintf(name, sizeof name, "'%s%s'%s solving '%s+%s'", a->name, label, tag,
                         base->name, post->name);
                fn(&sp, &st, name, ctx);
            }
        }
    }
}

struct peak_ctx {
    const mz_algo *own;
    const mz_dims *geo;
    uint64_t *worst, *est;
};

static void peak_recipe(const mz_spec *sp, const mz_stage *solver, const char *name, void *ctx)
{
    struct peak_ctx *pc = ctx;
    check_recipe(sp, solver, pc->own, pc->geo, pc->worst, pc->est, name);
}

static void check_steps(const mz_spec *sp, const mz_stage *solver, const mz_dims *geo,
                        const char *name);

static void steps_recipe(const mz_spec *sp, const mz_stage *solver, const char *name, void *ctx)
{
    check_steps(sp, solver, ctx, name);
}

static void test_every_entry_every_shape(void **state)
{
    (void)state;
    size_t cases = 0;
    for (const mz_algo *const *ap = mz_registry; *ap; ap++) {
        const mz_algo *a = *ap;
        assert_true(reg_index(a) < NREG);
        if (only && strcmp(only, a->name) != 0)
            continue;
        for (size_t si = 0; si < MZ_SHAPE_COUNT; si++) {
            const mz_shape s = (mz_shape)si;
            if (!mz_runs_on(a, s))
                continue;
            /* every side, then a wide thin grid */
            for (size_t z = 0; z <= nsides; z++) {
                if (z == nsides && a->trace_steps_per_cell[s] == MZ_TRACE_UNBOUNDED)
                    continue;
                mz_dims geo = z < nsides ? geom_near(s, sides[z]) : geom_wide(s);
                if (a->flags & MZ_F_FIXED_SIZE) {
                    /* it makes its own size: measured there, once */
                    if (z > 0)
                        continue;
                    mz_spec sp = spec_of(a);
                    mz_grid g;
                    memset(&g, 0, sizeof g);
                    mz_extra x;
                    memset(&x, 0, sizeof x);
                    expect_ok(mz_generate(&sp, 464, &geo, &g, MZ_GEN_OPTS(1, NULL, &x)), "'%s'",
                              a->name);
                    geo = mz_grid_dims(&g);
                    mz_grid_free(&g);
                }
                if (mz_refuses(a, &geo))
                    continue;
                char gtext[64];
                mz_dims_format(&geo, gtext, sizeof gtext);
                uint64_t worst = 0, est = 0;
                assert_non_null(first_on(MZ_GEN, &geo));
                struct peak_ctx pc = {a, &geo, &worst, &est};
                each_recipe(a, &geo, "", peak_recipe, &pc);
                /* Useful: at most twice the largest peak measured, plus the
                 * fixed part. */
                if (z < nsides && est > 2 * worst + SLACK)
                    problem("'%s' on %s: the estimate %" PRIu64 " bytes passes twice the "
                             "measured peak %" PRIu64 " plus %" PRIu64 ": lower '%s' on %s",
                             a->name, gtext, est, worst, SLACK, a->name, mz_shape_name(s));
                cases++;
            }
        }
    }
    /* every entry, on square cells at least */
    assert_true(only || cases >= mz_registry_count());

    printf("entry,kind,shape,declared_bytes_per_cell,measured_bytes_per_cell\n");
    for (const mz_algo *const *ap = mz_registry; *ap; ap++)
        for (size_t si = 0; si < MZ_SHAPE_COUNT; si++)
            if (mz_runs_on(*ap, (mz_shape)si))
                printf("%s,%s,%s,%g,%.3f\n", (*ap)->name,
                       (*ap)->kind == MZ_GEN ? "gen" : (*ap)->kind == MZ_POST ? "post" : "solver",
                       mz_shape_name((mz_shape)si), mz_algo_bytes_per_cell(*ap, (mz_shape)si),
                       seen_bpc[reg_index(*ap)][(mz_shape)si]);
    for (size_t si = 0; si < MZ_SHAPE_COUNT; si++)
        printf("(figures),,%s,,%.3f\n(statistics),,%s,,%.3f\n", mz_shape_name((mz_shape)si),
               seen_fig[(mz_shape)si], mz_shape_name((mz_shape)si), seen_stats[(mz_shape)si]);
    if (nproblems)
        fail_msg("%zu estimates out of bounds (listed above)", nproblems);
}

/* The estimate's arithmetic: the chain's largest, not its sum; the
 * figures and the solver added; the pool summing all; a bad geometry
 * saturating; and a shape an entry does not run on counting nothing. */
static void test_estimate_rules(void **state)
{
    (void)state;
    const mz_algo *kr = mz_find(MZ_GEN, "kruskal"), *br = mz_find(MZ_POST, "braid"),
                  *va = mz_find(MZ_SOLVER, "valley"), *bt = mz_find(MZ_GEN, "binary-tree");
    assert_non_null(kr);
    assert_non_null(br);
    assert_non_null(va);
    assert_non_null(bt);
    mz_dims hex = {MZ_SHAPE_HEX, 1, 1000, 1000};
    const double cells = 1e6;
    const double k = mz_algo_bytes_per_cell(kr, MZ_SHAPE_HEX);
    const double v = mz_algo_bytes_per_cell(va, MZ_SHAPE_HEX);
    assert_true(k > 0 && v > 0);
    const mz_algo *chain[] = {kr, br, va, NULL};
    uint64_t alone = mz_estimate_bytes(chain, 1, &hex, 0);
    assert_true((double)alone >= cells * (1 + k));
    assert_true((double)alone <= cells * (1 + k) + (double)SLACK);
    uint64_t fig = mz_estimate_bytes(chain, 4, &hex, MZ_EST_FIGURES);
    assert_true(fig >= alone);
    uint64_t pool = mz_estimate_bytes(chain, 4, &hex, MZ_EST_FIGURES | MZ_EST_POOL);
    assert_true((double)pool >= cells * (1 + k + v));
    uint64_t path = mz_estimate_bytes(chain, 4, &hex, MZ_EST_FIGURES | MZ_EST_PATH);
    assert_true((double)path >= cells * (1 + v + 8));
    /* binary-tree runs on polar only beyond square cells */
    assert_true(mz_algo_bytes_per_cell(bt, MZ_SHAPE_HEX) == 0);
    mz_dims bad = {MZ_SHAPE_HEX, 1, 0, 5};
    assert_true(mz_estimate_bytes(chain, 1, &bad, 0) == UINT64_MAX);
    mz_dims huge = {MZ_SHAPE_WEAVE, 1, 35000, 35000};
    const mz_algo *kw[] = {kr};
    assert_true((double)mz_estimate_bytes(kw, 1, &huge, MZ_EST_FIGURES) >
                35000.0 * 35000.0 * (1 + mz_algo_bytes_per_cell(kr, MZ_SHAPE_WEAVE)));
}

/* The figures on square cells take their bands from 256 rows on: their
 * worst, measured at 258x258 (a dfs maze, one thread and two), stays under
 * the estimate and within twice it. */
static void test_figures_bands(void **state)
{
    (void)state;
    const mz_algo *dfs = mz_find(MZ_GEN, "dfs");
    assert_non_null(dfs);
    mz_spec sp = spec_of(dfs);
    mz_bench b;
    mz_timing t;
    mz_pool_stats st;
    assert_int_equal(mz_bench_init(&b), MZ_OK);
    mz_dims geo = *MZ_SQUARE(258, 258);
    expect_ok(mz_bench_gen(&b, &sp, 464, &geo, NULL, 1, &t), "dfs 258x258");
    mz_pool_get_stats(b.pool, &st);
    uint64_t maze = st.live, peak = 0;
    for (unsigned threads = 1; threads <= 2; threads++) {
        mz_metrics m;
        mz_pool_mark(b.pool);
        expect_ok(mz_metrics_compute(&b.grid, threads, &m), "figures, %u threads", threads);
        mz_pool_get_stats(b.pool, &st);
        if (st.peak > peak)
            peak = st.peak;
    }
    mz_bench_free(&b);
    const mz_algo *algos[] = {dfs};
    uint64_t est = mz_estimate_bytes(algos, 1, &geo, MZ_EST_FIGURES);
    if (est < peak || est > 2 * peak + SLACK)
        fail_msg("figures at 258x258: estimate %" PRIu64 ", measured %" PRIu64 " (%" PRIu64
                 " of the grid)", est, peak, maze);
}

/* Trace steps: every entry traced on every shape it runs on, at two
 * sizes (a generator alone and under the first post-processor, a solver
 * on a perfect maze and on one with loops), emits at most
 * mz_trace_steps_bound steps, the bound an animation's recorded trace is
 * estimated from. An entry declared MZ_TRACE_UNBOUNDED (a random walk) is
 * measured, not checked. MZ_ESTIMATE_RAW=1 prints "steps,ENTRY,SHAPE,
 * CELLS,STEPS". */
static int count_step(void *user, const mz_step *s)
{
    (void)s;
    ++*(uint64_t *)user;
    return 0;
}

static void check_steps(const mz_spec *sp, const mz_stage *solver, const mz_dims *geo,
                        const char *name)
{
    mz_grid g;
    memset(&g, 0, sizeof g);
    mz_extra x;
    memset(&x, 0, sizeof x);
    uint64_t n = 0;
    mz_trace t = {count_step, &n, 0};
    char gtext[128];
    mz_dims_format(geo, gtext, sizeof gtext);
    expect_ok(mz_generate(sp, 464, geo, &g, MZ_GEN_OPTS(1, solver ? NULL : &t, &x)),
              "%s on %s: generate",
              name, gtext);
    const mz_algo *algos[MZ_MAX_CHAIN + 1];
    size_t na = 0;
    if (solver) {
        mz_solution sol;
        memset(&sol, 0, sizeof sol);
        sol.want_path = true;
        expect_ok(solver->algo->solve(&g, &solver->args, &t, &sol), "%s on %s: solve", name,
                  gtext);
        mz_solution_free(&sol);
        algos[na++] = solver->algo;
    } else {
        for (unsigned k = 0; k < sp->n; k++)
            algos[na++] = sp->stage[k].algo;
    }
    mz_dims made = mz_grid_dims(&g);
    const mz_algo *own = solver ? solver->algo : sp->stage[sp->n - 1].algo;
    if (verbose)
        printf("steps,%s,%s,%" PRIu64 ",%" PRIu64 "\n", own->name, mz_shape_name(made.shape),
               g.cells, n);
    uint64_t bound = mz_trace_steps_bound(algos, na, &made);
    if (n > bound)
        problem("%s on %s: %" PRIu64 " trace steps (%.3f a cell) over the bound %" PRIu64
                 ": raise the trace steps a cell of '%s' on %s",
                 name, gtext, n, (double)n / (double)g.cells, bound, own->name,
                 mz_shape_name(made.shape));
    if (own->trace_ops == NULL && n != 0)
        problem("%s: emits steps but declares no trace", name);
    if (own->trace_ops != NULL && own->trace_steps_per_cell[made.shape] == 0)
        problem("%s on %s: traced, but declares no trace steps a cell", name, gtext);
    mz_grid_free(&g);
}

static void test_trace_steps(void **state)
{
    (void)state;
    nproblems = 0;
    static const uint64_t tsides[] = {24, 72};
    for (const mz_algo *const *ap = mz_registry; *ap; ap++) {
        const mz_algo *a = *ap;
        if (only && strcmp(only, a->name) != 0)
            continue;
        for (size_t si = 0; si < MZ_SHAPE_COUNT; si++) {
            const mz_shape s = (mz_shape)si;
            if (!mz_runs_on(a, s))
                continue;
            for (size_t z = 0; z < 2; z++) {
                mz_dims geo = geom_near(s, tsides[z]);
                if ((a->flags & MZ_F_FIXED_SIZE) && z > 0)
                    continue;
                if (!(a->flags & MZ_F_FIXED_SIZE) && mz_refuses(a, &geo))
                    continue;
                each_recipe(a, &geo, " traced", steps_recipe, &geo);
            }
        }
    }
    /* the bound's arithmetic: a sum over the chain, unbounded saturating */
    const mz_algo *dfs = mz_find(MZ_GEN, "dfs"), *ab = mz_find(MZ_GEN, "aldous-broder");
    assert_non_null(dfs);
    assert_non_null(ab);
    mz_dims sq = *MZ_SQUARE(100, 100);
    const mz_algo *one[] = {dfs}, *two[] = {dfs, dfs}, *walk[] = {dfs, ab};
    assert_true(mz_trace_steps_bound(one, 1, &sq) >= 10000);
    assert_true(mz_trace_steps_bound(two, 2, &sq) == 2 * mz_trace_steps_bound(one, 1, &sq) ||
                mz_trace_steps_bound(two, 2, &sq) == 2 * mz_trace_steps_bound(one, 1, &sq) - 1);
    assert_true(mz_trace_steps_bound(walk, 2, &sq) == UINT64_MAX);
    if (nproblems)
        fail_msg("%zu trace bounds out of bounds (listed above)", nproblems);
}

int main(void)
{
    verbose = getenv("MZ_ESTIMATE_RAW") != NULL;
    only = getenv("MZ_ESTIMATE_ONLY");
    if (getenv("MZ_ESTIMATE_WIDE") && atoi(getenv("MZ_ESTIMATE_WIDE")) > 2)
        WIDE_COLS = (uint64_t)atoi(getenv("MZ_ESTIMATE_WIDE"));
    const char *env = getenv("MZ_ESTIMATE_SIDES");
    if (env && *env) {
        nsides = 0;
        for (const char *p = env; *p && nsides < 64;) {
            char *end;
            unsigned long long v = strtoull(p, &end, 10);
            if (end == p || v < 2)
                break;
            sides[nsides++] = v;
            p = *end == ',' ? end + 1 : end;
        }
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_estimate_rules),
        cmocka_unit_test(test_figures_bands),
        cmocka_unit_test(test_every_entry_every_shape),
        cmocka_unit_test(test_trace_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
