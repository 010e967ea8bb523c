/*
 * test_draws.c - every registry entry's declared draws a cell
 * (mz_algo.draws_per_cell) against the draws it takes, and every entry
 * drawing from the source its run names and from no other.
 *
 * Each generator, with each of its variants, and each post-processor
 * after the first generator that runs on the grid, runs on every shape it
 * runs on at two sizes (about 48x48 and 96x96 cells) and three seeds,
 * under both sources. The mean draws must stay within a factor 1.5 of the
 * declaration (mz_draws_estimate), plus 16 draws for the few an entry
 * takes whatever the size (a random walk, whose declaration grows with
 * the cells: the mean of twelve seeds within a factor 2, its walks'
 * lengths varying several times over between seeds); a variant may take
 * fewer (the declaration is
 * the entry's most). An entry that declares none must take at most those
 * 16. Then each entry runs on its own with a source of each kind: the
 * other kind's state must not move, and an entry that draws must make
 * another maze from splitmix64 than from mulberry32 at one seed or more.
 *
 * MZ_DRAWS_VERBOSE=1 prints every measurement (what a declaration is fit
 * to: docs/random.md, "Draws").
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebench.h"
#include "mazebench_bench.h"
#include "core/internal.h"
#include "recipes.h"

static bool verbose;
static size_t nproblems;

static bool runs_on(const mz_algo *a, mz_shape s)
{
    return mz_runs_on(a, s);
}

static const mz_algo *first_gen_on(const mz_dims *geo)
{
    for (const mz_algo *const *a = mz_registry; *a; a++)
        if ((*a)->kind == MZ_GEN && !((*a)->flags & MZ_F_FIXED_SIZE) && runs_on(*a, geo->shape) &&
            !mz_refuses(*a, geo))
            return *a;
    return NULL;
}

/* Mean draws of spec (under kind) over three seeds on geo, twelve for a
 * random walk (a declaration that grows with the cells: its walks' lengths
 * vary by a factor of several from seed to seed); the grid made (a
 * fixed-size generator makes its own) in *made. */
static double mean_draws(const mz_spec *spec0, mz_rng_kind kind, const mz_dims *geo,
                         mz_dims *made)
{
    mz_spec spec = *spec0;
    spec.rng = kind;
    uint32_t nseeds = 3;
    for (unsigned k = 0; k < spec.n; k++) {
        const double *c = spec.stage[k].algo->draws_per_cell[geo->shape];
        if (c[1] != 0 || c[2] != 0)
            nseeds = 12;
    }
    double sum = 0;
    for (uint32_t seed = 464; seed < 464 + nseeds; seed++) {
        mz_grid g = {0};
        mz_extra x = {0};
        mz_status s = mz_generate(&spec, seed, geo, &g, MZ_GEN_OPTS(1, NULL, &x));
        if (s != MZ_OK)
            fail_msg("%s: %s", spec.stage[0].algo->name, mz_status_str(s));
        sum += (double)g.draws;
        *made = mz_grid_dims(&g);
        mz_grid_free(&g);
    }
    return sum / nseeds;
}

static void check_entry(const mz_algo *a, mz_shape shape, uint64_t side)
{
    mz_dims geo = geom_near(shape, side);
    if (mz_refuses(a, &geo))
        return;
    const mz_algo *base = NULL;
    if (a->kind == MZ_POST && !(base = first_gen_on(&geo)))
        return;
    for (unsigned v = 0; v <= variants(a); v++) {
        char label[64], gtext[96];
        mz_spec spec;
        memset(&spec, 0, sizeof spec);
        mz_args args;
        variant_args(a, v, &args, label, sizeof label);
        if (base) {
            spec.stage[spec.n].algo = base;
            mz_args_default(base, &spec.stage[spec.n++].args);
        }
        spec.stage[spec.n].algo = a;
        spec.stage[spec.n++].args = args;
        for (unsigned kind = 0; kind < MZ_RNG_KIND_COUNT; kind++) {
            mz_dims made;
            double m = mean_draws(&spec, (mz_rng_kind)kind, &geo, &made);
            double est;
            if (base) { /* the post-processor's own share */
                mz_spec alone = spec;
                alone.n = 1;
                mz_dims made0;
                m -= mean_draws(&alone, (mz_rng_kind)kind, &geo, &made0);
                alone.stage[0] = spec.stage[1];
                est = mz_draws_estimate(&alone, &made);
            } else {
                est = mz_draws_estimate(&spec, &made);
            }
            mz_dims_format(&made, gtext, sizeof gtext);
            double cells = (double)mz_dims_cells(&made);
            if (verbose)
                printf("%-20s %-12s %-18s %-10s cells %8.0f draws/cell %9.4f declared %9.4f\n",
                       a->name, label, gtext, mz_rng_name((mz_rng_kind)kind), cells, m / cells,
                       est / cells);
            /* A random walk's draws vary by a factor of several from seed
             * to seed at these sizes: within a factor 2 of the mean of
             * twelve; every other entry within 1.5 of the mean of three. */
            bool walk = false;
            for (unsigned k = 0; k < spec.n; k++)
                walk |= spec.stage[k].algo->draws_per_cell[made.shape][1] != 0 ||
                        spec.stage[k].algo->draws_per_cell[made.shape][2] != 0;
            const double tol = walk ? 2.0 : 1.5;
            bool over = m > est * tol + 16, under = v == 0 && m < est / tol - 16;
            if (over || under) {
                print_error("%s%s on %s (%s): %.0f draws (%.4f a cell), declared %.0f (%.4f a "
                            "cell)\n", a->name, label, gtext, mz_rng_name((mz_rng_kind)kind), m,
                            m / cells, est, est / cells);
                nproblems++;
            }
        }
    }
}

static void test_declared_draws(void **state)
{
    (void)state;
    verbose = getenv("MZ_DRAWS_VERBOSE") != NULL;
    nproblems = 0;
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind == MZ_SOLVER)
            continue;
        for (size_t s = 0; s < MZ_SHAPE_COUNT; s++) {
            if (!runs_on(*a, (mz_shape)s))
                continue;
            check_entry(*a, (mz_shape)s, 48);
            check_entry(*a, (mz_shape)s, 96);
        }
    }
    if (nproblems)
        fail_msg("%zu measurements stray from their declarations (docs/random.md, \"Draws\")",
                 nproblems);
}

/* Each entry draws from the kind its run names, and from no other. */
static void test_source_kept(void **state)
{
    (void)state;
    size_t bad = 0;
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind == MZ_SOLVER)
            continue;
        for (size_t s = 0; s < MZ_SHAPE_COUNT; s++) {
            if (!runs_on(*a, (mz_shape)s))
                continue;
            mz_dims geo = geom_near((mz_shape)s, 24);
            if (mz_refuses(*a, &geo))
                continue;
            const mz_algo *base = (*a)->kind == MZ_POST ? first_gen_on(&geo) : NULL;
            if ((*a)->kind == MZ_POST && !base)
                continue;
            bool differs = false;
            uint64_t drawn = 0;
            for (uint32_t seed = 464; seed < 467; seed++) {
                uint64_t digest[MZ_RNG_KIND_COUNT];
                for (unsigned kind = 0; kind < MZ_RNG_KIND_COUNT; kind++) {
                    mz_grid g = {0};
                    assert_int_equal(mz_grid_init(&g, &geo, NULL), MZ_OK);
                    mz_extra x = {0};
                    mz_rng rng;
                    mz_args args;
                    if (base) { /* the maze it works on: the same for both kinds */
                        mz_rng_init(&rng, MZ_RNG_MULBERRY32, seed);
                        mz_run run = {seed, &rng, NULL, &x, 1, 0, NULL};
                        mz_args_default(base, &args);
                        assert_int_equal(base->gen(&g, &args, &run), MZ_OK);
                    }
                    mz_rng_init(&rng, (mz_rng_kind)kind, seed);
                    mz_run run = {seed, &rng, NULL, &x, 1, 0, NULL};
                    mz_args_default(*a, &args);
                    assert_int_equal((*a)->gen(&g, &args, &run), MZ_OK);
                    bool moved = kind == MZ_RNG_MULBERRY32 ? rng.x != seed : rng.a != seed;
                    if (moved) {
                        print_error("%s on %s, seed %u: its %s run moved the other source's "
                                    "state\n", (*a)->name, mz_shape_name((mz_shape)s), seed,
                                    mz_rng_name((mz_rng_kind)kind));
                        bad++;
                    }
                    drawn += mz_rng_draws(&rng) + run.draws;
                    digest[kind] = mz_digest(&g);
                    mz_grid_free(&g);
                }
                differs |= digest[0] != digest[1];
            }
            if (drawn && !differs) {
                print_error("%s on %s: the same mazes from splitmix64 as from mulberry32\n",
                            (*a)->name, mz_shape_name((mz_shape)s));
                bad++;
            }
        }
    }
    if (bad)
        fail_msg("%zu entries do not draw from their run's source", bad);
}

/* The random walks stop with MZ_ESPENT rather than take mulberry32 past
 * its limit: a source already MZ_MULBERRY32_LIMIT - 100 draws past its
 * seed leaves wilson (square cells and hex) and aldous-broder (hex) a
 * hundred draws; splitmix64 at the same point runs on. */
static void test_walks_stop_at_the_limit(void **state)
{
    (void)state;
    static const struct {
        const char *gen;
        mz_dims geo;
    } cases[] = {{"wilson", {MZ_SHAPE_ORTHO, 1, 40, 40}},
                 {"wilson", {MZ_SHAPE_HEX, 1, 30, 30}},
                 {"aldous-broder", {MZ_SHAPE_HEX, 1, 30, 30}}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++)
        for (unsigned kind = 0; kind < MZ_RNG_KIND_COUNT; kind++) {
            const mz_algo *a = mz_find(MZ_GEN, cases[k].gen);
            assert_non_null(a);
            mz_dims geo = cases[k].geo;
            mz_grid g = {0};
            assert_int_equal(mz_grid_init(&g, &geo, NULL), MZ_OK);
            mz_rng rng;
            mz_rng_init(&rng, (mz_rng_kind)kind, 464);
            mz_rngk_skip(&rng, MZ_MULBERRY32_LIMIT - 100, (mz_rng_kind)kind);
            mz_extra x = {0};
            mz_args args;
            mz_args_default(a, &args);
            mz_run run = {464, &rng, NULL, &x, 1, 0, NULL};
            mz_status s = a->gen(&g, &args, &run);
            if (s != (kind == MZ_RNG_MULBERRY32 ? MZ_ESPENT : MZ_OK))
                fail_msg("%s on %s under %s: %s", cases[k].gen, mz_shape_name(geo.shape),
                         mz_rng_name((mz_rng_kind)kind), mz_status_str(s));
            mz_grid_free(&g);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_walks_stop_at_the_limit),
        cmocka_unit_test(test_source_kept),
        cmocka_unit_test(test_declared_draws),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
