/*
 * test_shapes_gen.c - the generators and post-processors on every cell
 * shape they declare (src/gen/shape_common.h): every registry entry (and
 * every documented value of its parameters) on the sample grids of each
 * shape (tests/samples.h), thin and degenerate ones included, and several
 * seeds. A perfect generator gives a spanning tree; a seed gives one maze, tracing or not; another seed usually
 * another; braid keeps its promise about dead ends; the uniform samplers
 * hit every spanning tree of a small graph about equally often (the count
 * computed by hand); growing-tree at p = 1 is dfs; weave mazes do cross;
 * undeclared shapes are refused; every allocation failure is MZ_ENOMEM
 * with nothing leaked.
 * (tri:Rx1 with R >= 3 is no grid: its triangles pair off, and the parser
 * refuses it.)
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expect.h"
#include "failing_alloc.h"
#include "mazebench.h"
#include "recipes.h"
#include "samples.h"
#include "trace_rec.h"

/* Every other shape's sample grids (tests/samples.h), typical, thin and
 * degenerate; roomy (the typical ones): big enough that two seeds nearly
 * always give two mazes. Filled by load_grids. */
static struct {
    char grid[64];
    bool roomy;
} grids[MZT_MAX_SAMPLES];
static size_t ngrids;

static int load_grids(void **state)
{
    (void)state;
    mz_dims geo[MZT_MAX_SAMPLES];
    size_t nroomy = mzt_samples_all(MZT_TYPICAL, false, geo, MZT_MAX_SAMPLES);
    ngrids = nroomy;
    ngrids += mzt_samples_all(MZT_THIN | MZT_DEGENERATE, false, geo + ngrids,
                              MZT_MAX_SAMPLES - ngrids);
    for (size_t z = 0; z < ngrids; z++) {
        mzt_name(&geo[z], grids[z].grid, sizeof grids[z].grid);
        grids[z].roomy = z < nroomy;
    }
    return 0;
}

static const uint32_t seeds[] = {1, 2, 464, 4294967295u};
#define NSEEDS (sizeof seeds / sizeof seeds[0])

static mz_dims geom_of(const char *text)
{
    mz_dims geo;
    if (mz_dims_parse(text, &geo) != MZ_OK)
        fail_msg("bad test grid '%s'", text);
    return geo;
}

/* ---- the specs: every registry entry and its documented values ---- */

#define MAX_SPECS 256
#define MAX_VARIANTS 32

/* A perfect generator of the registry that runs on the shape: the maze a
 * post-processor is tried on. */
static const mz_algo *maker(mz_shape s)
{
    for (const mz_algo *const *a = mz_registry; *a; a++)
        if ((*a)->kind == MZ_GEN && ((*a)->flags & MZ_F_PERFECT) && mz_runs_on(*a, s) &&
            (*a)->nparams == 0)
            return *a;
    return NULL;
}

static mz_spec one(const mz_stage *st)
{
    mz_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.n = 1;
    sp.stage[0] = *st;
    return sp;
}

static mz_spec two(const mz_algo *gen, const mz_stage *post)
{
    mz_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.n = 2;
    sp.stage[0].algo = gen;
    mz_args_default(gen, &sp.stage[0].args);
    sp.stage[1] = *post;
    return sp;
}

/* Every generator variant alone; every post variant after base (when
 * base is not NULL), and every post at its defaults after every
 * generator that runs on shape s at its defaults. */
static size_t specs_for(mz_shape s, mz_spec *out, size_t max)
{
    size_t n = 0;
    const mz_algo *base = maker(s);
    mz_stage v[MAX_VARIANTS];
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind == MZ_GEN) {
            size_t nv = stage_variants(*a, v, MAX_VARIANTS);
            for (size_t k = 0; k < nv && n < max; k++)
                out[n++] = one(&v[k]);
        } else if ((*a)->kind == MZ_POST) {
            size_t nv = stage_variants(*a, v, MAX_VARIANTS);
            for (size_t k = 0; k < nv && n < max && base; k++)
                out[n++] = two(base, &v[k]);
            for (const mz_algo *const *g = mz_registry; *g && n < max; g++)
                if ((*g)->kind == MZ_GEN && *g != base && mz_runs_on(*g, s))
                    out[n++] = two(*g, &v[0]);
        }
    }
    assert_true(n < max);
    return n;
}

static bool runs_on(const mz_spec *sp, mz_shape s)
{
    for (unsigned k = 0; k < sp->n; k++)
        if (!mz_runs_on(sp->stage[k].algo, s))
            return false;
    return true;
}

static void name_of(const mz_spec *sp, const char *grid, uint32_t seed, char *buf, size_t len)
{
    char text[256];
    mz_spec_format(sp, text, sizeof text);
    snprintf(buf, len, "%s seed %" PRIu32 " %s", text, seed, grid);
}

/* ---- braid's promise ---- */

static bool is_post(const mz_spec *sp, const char *post)
{
    return sp->n == 2 && strcmp(sp->stage[1].algo->name, post) == 0;
}

static double arg_of(const mz_stage *st, const char *name)
{
    for (unsigned k = 0; k < st->algo->nparams; k++)
        if (strcmp(st->algo->params[k].name, name) == 0)
            return st->args.v[k];
    fail_msg("%s has no parameter %s", st->algo->name, name);
    return 0;
}

static uint64_t dead_ends(const mz_grid *g)
{
    uint64_t n = 0;
    for (mz_idx i = 0; i < g->cells; i++)
        n += mz_port_degree(g, i) == 1;
    return n;
}

/* keep = 0: every dead end left has no wall it may open; keep = 1: the
 * maze is the base maze; in between: no more dead ends than before. */
static void check_braid(const mz_spec *sp, uint32_t seed, const mz_dims *geo, const mz_grid *g,
                        const char *what)
{
    mz_spec base = *sp;
    base.n = 1;
    mz_grid b = {0};
    mz_extra x = {0};
    expect_ok(mz_generate(&base, seed, geo, &b, MZ_GEN_OPTS(1, NULL, &x)), "%s: the base maze",
              what);
    const double keep = arg_of(&sp->stage[1], "keep");
    if (keep >= 1.0 && mz_digest(&b) != mz_digest(g))
        fail_msg("%s: keep=1 changed the maze", what);
    if (dead_ends(g) > dead_ends(&b))
        fail_msg("%s: %" PRIu64 " dead ends after, %" PRIu64 " before", what, dead_ends(g),
                 dead_ends(&b));
    if (keep <= 0.0) {
        const unsigned ports = mz_shape_ports(g->shape);
        for (mz_idx i = 0; i < g->cells; i++) {
            if (mz_port_degree(g, i) != 1)
                continue;
            for (unsigned p = 0; p < ports; p++)
                if (mz_port_can_open(g, i, p))
                    fail_msg("%s: keep=0 left dead end %" PRIu64 " with port %u to open", what,
                             i, p);
        }
    }
    mz_grid_free(&b);
}

/* ---- the weave's crossing rules ---- */

/* Every passage under a cell b (a's under-port toward the cell beyond b
 * open) finds b a straight corridor across it: b's walls along the passage
 * closed, across it open, and no passage of b's own under a neighbour. */
static void check_weave(const mz_grid *g, const char *what)
{
    for (mz_idx a = 0; a < g->cells; a++)
        for (unsigned d = 0; d < 4; d++) {
            if (g->c[a] & (1u << (4 + d)))
                continue;
            const mz_idx b = mz_port_nbr(g, a, d);
            const unsigned along = (1u << d) | (1u << ((d + 2) & 3));
            const unsigned across = 15u & ~along;
            if (b == MZ_NONE || (g->c[b] & along) != along || (g->c[b] & across) != 0 ||
                (g->c[b] & 0xF0u) != 0xF0u)
                fail_msg("%s: the passage under cell %" PRIu64 " from %" PRIu64
                         " breaks the crossing rules (cell 0x%02x)",
                         what, b, a, b == MZ_NONE ? 0u : g->c[b]);
        }
}

/* ---- the runs ---- */

static void check_one(const mz_spec *sp, const char *grid, bool roomy)
{
    mz_dims geo = geom_of(grid);
    char what[400];
    name_of(sp, grid, seeds[0], what, sizeof what);
    if (!runs_on(sp, geo.shape)) {
        mz_grid g = {0};
        mz_extra x = {0};
        mz_status s = mz_generate(sp, seeds[0], &geo, &g, MZ_GEN_OPTS(1, NULL, &x));
        if (s != MZ_EUNSUPPORTED)
            fail_msg("%s: the shape is not declared, but the run returned '%s'", what,
                     mz_status_str(s));
        mz_grid_free(&g);
        return;
    }
    const bool perfect = sp->n == 1 && (sp->stage[0].algo->flags & MZ_F_PERFECT);
    uint64_t digest[NSEEDS];
    for (size_t k = 0; k < NSEEDS; k++) {
        name_of(sp, grid, seeds[k], what, sizeof what);
        mz_grid g = {0}, again = {0}, traced = {0};
        mz_extra x = {0}, x2 = {0}, x3 = {0};
        expect_ok(mz_generate(sp, seeds[k], &geo, &g, MZ_GEN_OPTS(1, NULL, &x)), "%s", what);
        mz_metrics m;
        expect_ok(mz_metrics_compute(&g, 1, &m), "%s: metrics", what);
        if (m.cells != g.cells)
            fail_msg("%s: %" PRIu64 " open cells of %" PRIu64, what, m.cells, g.cells);
        if (perfect && (m.components != 1 || m.loops != 0))
            fail_msg("%s: flagged perfect, but %" PRIu64 " components and %" PRId64 " loops",
                     what, m.components, m.loops);
        if (m.components != 1)
            fail_msg("%s: %" PRIu64 " components", what, m.components);
        digest[k] = m.digest;
        expect_ok(mz_generate(sp, seeds[k], &geo, &again, MZ_GEN_OPTS(1, NULL, &x2)), "%s: again",
                  what);
        if (mz_digest(&again) != m.digest)
            fail_msg("%s: the same seed gave another maze", what);
        rec r = {0, 0, NULL};
        mz_trace t = {record, &r, 0};
        expect_ok(mz_generate(sp, seeds[k], &geo, &traced, MZ_GEN_OPTS(1, &t, &x3)), "%s: traced",
                  what);
        if (mz_digest(&traced) != m.digest)
            fail_msg("%s: tracing changed the maze", what);
        const int ports = (int)mz_shape_ports(geo.shape);
        for (uint64_t j = 0; j < r.n; j++)
            if (r.s[j].dir < -1 || r.s[j].dir >= ports || r.s[j].cell >= g.cells)
                fail_msg("%s: step %" PRIu64 " (%s) has cell %" PRIu64 " dir %d", what, j + 1,
                         r.s[j].op, r.s[j].cell, r.s[j].dir);
        free(r.s);
        if (geo.shape == MZ_SHAPE_WEAVE)
            check_weave(&g, what);
        if (is_post(sp, "braid"))
            check_braid(sp, seeds[k], &geo, &g, what);
        mz_grid_free(&g);
        mz_grid_free(&again);
        mz_grid_free(&traced);
    }
    if (roomy) {
        size_t distinct = 1;
        for (size_t k = 1; k < NSEEDS; k++) {
            bool seen = false;
            for (size_t j = 0; j < k; j++)
                seen |= digest[j] == digest[k];
            distinct += !seen;
        }
        if (distinct < 2) {
            name_of(sp, grid, seeds[0], what, sizeof what);
            fail_msg("%s: %zu seeds, one maze", what, NSEEDS);
        }
    }
}

static void test_every_entry_every_shape(void **state)
{
    (void)state;
    static mz_spec specs[MAX_SPECS];
    for (size_t z = 0; z < ngrids; z++) {
        mz_dims geo = geom_of(grids[z].grid);
        size_t n = specs_for(geo.shape, specs, MAX_SPECS);
        for (size_t k = 0; k < n; k++)
            check_one(&specs[k], grids[z].grid, grids[z].roomy);
    }
}

/* Every generator and post-processor runs on some shape beyond square
 * cells, or says why not in this list of the square-only ones. */
static void test_shapes_declared(void **state)
{
    (void)state;
    static const char *const square_only[] = {"treasure", "mainpath", "pacman",
                                              "recursive-division", "eller"};
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind == MZ_SOLVER)
            continue;
        bool listed = false;
        for (size_t k = 0; k < sizeof square_only / sizeof *square_only; k++)
            listed |= strcmp((*a)->name, square_only[k]) == 0;
        if (listed && (*a)->shapes != 0)
            fail_msg("%s is listed square-only but declares shapes 0x%x", (*a)->name,
                     (*a)->shapes);
        if (!listed && (*a)->shapes == 0)
            fail_msg("%s runs on square cells only", (*a)->name);
        if ((*a)->shapes & MZ_SHAPE_BIT(MZ_SHAPE_ORTHO))
            fail_msg("%s: the ortho bit is implied, not declared", (*a)->name);
    }
}

/* ---- cross-checks ---- */

/* growing-tree at p = 1 is the recursive backtracker, draw for draw: the
 * same maze as dfs on every shape. */
static void test_growing_tree_is_dfs(void **state)
{
    (void)state;
    char err[200];
    mz_spec d, gt;
    assert_int_equal(mz_spec_parse("dfs", &d, err, sizeof err), MZ_OK);
    assert_int_equal(mz_spec_parse("growing-tree:p=1", &gt, err, sizeof err), MZ_OK);
    for (size_t z = 0; z < ngrids; z++) {
        mz_dims geo = geom_of(grids[z].grid);
        for (size_t k = 0; k < NSEEDS; k++) {
            mz_grid a = {0}, b = {0};
            mz_extra x = {0};
            assert_int_equal(mz_generate(&d, seeds[k], &geo, &a, MZ_GEN_OPTS(1, NULL, &x)), MZ_OK);
            assert_int_equal(mz_generate(&gt, seeds[k], &geo, &b, MZ_GEN_OPTS(1, NULL, &x)), MZ_OK);
            if (mz_digest(&a) != mz_digest(&b))
                fail_msg("%s seed %" PRIu32 ": growing-tree:p=1 is not dfs", grids[z].grid,
                         seeds[k]);
            mz_grid_free(&a);
            mz_grid_free(&b);
        }
    }
}

/* Every generator that runs on the weave passes under a cell somewhere
 * over a few seeds on a roomy grid (an open port 4..7). */
static void test_weave_crosses(void **state)
{
    (void)state;
    static mz_spec specs[MAX_SPECS];
    mz_dims geo = geom_of("weave:15x13");
    size_t n = specs_for(MZ_SHAPE_WEAVE, specs, MAX_SPECS);
    for (size_t k = 0; k < n; k++) {
        if (specs[k].n != 1 || !runs_on(&specs[k], MZ_SHAPE_WEAVE))
            continue;
        uint64_t under = 0;
        for (size_t s = 0; s < NSEEDS; s++) {
            mz_grid g = {0};
            mz_extra x = {0};
            assert_int_equal(mz_generate(&specs[k], seeds[s], &geo, &g, MZ_GEN_OPTS(1, NULL, &x)),
                             MZ_OK);
            for (mz_idx i = 0; i < g.cells; i++)
                under += (g.c[i] & 0xF0u) != 0xF0u;
            mz_grid_free(&g);
        }
        if (under == 0) {
            char text[256];
            mz_spec_format(&specs[k], text, sizeof text);
            fail_msg("%s never passes under a cell on weave:15x13", text);
        }
    }
}

/* The uniform samplers on two small graphs whose spanning trees are
 * counted by hand: hex:2x2 is four cells with five links (K4 less one
 * edge: 8 trees), polar:2 a centre with a ring of six (the wheel with six
 * spokes: L(12) - 2 = 320 trees, L the Lucas numbers). Over many seeds
 * each tree turns up, about equally often: each count within half the
 * mean of it, and Pearson's statistic sum (count - mean)^2 / mean under
 * its trees - 1 degrees of freedom plus six standard deviations,
 * sqrt(2 (trees - 1)) each. The seeds are fixed, so this never flakes. */
static void uniform_on(const char *grid, unsigned trees, uint32_t runs)
{
    mz_dims geo = geom_of(grid);
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind != MZ_GEN || !mz_runs_on(*a, geo.shape) ||
            (strcmp((*a)->name, "wilson") != 0 && strcmp((*a)->name, "aldous-broder") != 0))
            continue;
        mz_spec sp = {1, {{*a, {{0}}}}, MZ_RNG_MULBERRY32};
        uint64_t *seen = calloc(trees + 1, sizeof *seen);
        uint32_t *count = calloc(trees + 1, sizeof *count);
        assert_non_null(seen);
        assert_non_null(count);
        unsigned distinct = 0;
        mz_grid g = {0};
        for (uint32_t seed = 1; seed <= runs; seed++) {
            mz_extra x = {0};
            assert_int_equal(mz_generate(&sp, seed, &geo, &g, MZ_GEN_OPTS(1, NULL, &x)), MZ_OK);
            uint64_t d = mz_digest(&g);
            unsigned k = 0;
            while (k < distinct && seen[k] != d)
                k++;
            if (k == distinct) {
                if (distinct == trees)
                    fail_msg("%s on %s: more than %u trees", (*a)->name, grid, trees);
                seen[distinct++] = d;
            }
            count[k]++;
        }
        mz_grid_free(&g);
        if (distinct != trees)
            fail_msg("%s on %s: %u trees of %u", (*a)->name, grid, distinct, trees);
        const double mean = (double)runs / trees;
        double chi2 = 0;
        for (unsigned k = 0; k < trees; k++) {
            if (count[k] < 0.5 * mean || count[k] > 1.5 * mean)
                fail_msg("%s on %s: a tree drawn %u times, the mean %.1f", (*a)->name, grid,
                         count[k], mean);
            chi2 += (count[k] - mean) * (count[k] - mean) / mean;
        }
        const double df = trees - 1.0;
        if (chi2 > df + 6 * sqrt(2 * df))
            fail_msg("%s on %s: chi-square %.1f on %.0f degrees of freedom", (*a)->name, grid,
                     chi2, df);
        free(seen);
        free(count);
    }
}

static void test_uniform_samplers(void **state)
{
    (void)state;
    uniform_on("hex:2x2", 8, 4000);
    uniform_on("polar:2", 320, 32000);
}

/* ---- allocation failures ---- */

/* Every allocation of every spec fails in turn, tracing off and on, on one
 * small grid of each shape: MZ_ENOMEM, nothing leaked. */
static void test_enomem(void **state)
{
    (void)state;
    /* every other shape's small sample grid */
    mz_dims geos[MZT_MAX_SAMPLES];
    size_t nsmall = mzt_samples_all(MZT_SMALL, false, geos, MZT_MAX_SAMPLES);
    static mz_spec specs[MAX_SPECS];
    for (size_t z = 0; z < nsmall; z++) {
        mz_dims geo = geos[z];
        char small_z[64];
        mzt_name(&geo, small_z, sizeof small_z);
        size_t n = specs_for(geo.shape, specs, MAX_SPECS);
        for (size_t k = 0; k < n; k++) {
            if (!runs_on(&specs[k], geo.shape))
                continue;
            char what[400];
            name_of(&specs[k], small_z, 7, what, sizeof what);
            for (int tracing = 0; tracing < 2; tracing++) {
                for (long at = 1;; at++) {
                    failing f = {0, at, 0};
                    mz_allocator al = {fail_alloc, fail_free, &f};
                    mz_grid g;
                    rec r = {0, 0, NULL};
                    mz_trace t = {record, &r, 0};
                    mz_status s = mz_grid_init(&g, &geo, &al);
                    if (s == MZ_OK) {
                        mz_extra x = {0};
                        s = mz_generate(&specs[k], 7, &geo, &g,
                                        MZ_GEN_OPTS(1, tracing ? &t : NULL, &x));
                    }
                    mz_grid_free(&g);
                    free(r.s);
                    if (f.live != 0)
                        fail_msg("%s%s: %ld blocks leaked when allocation %ld failed", what,
                                 tracing ? " traced" : "", f.live, at);
                    if (s == MZ_OK)
                        break;
                    if (s != MZ_ENOMEM)
                        fail_msg("%s%s: allocation %ld failed and it said %s", what,
                                 tracing ? " traced" : "", at, mz_status_str(s));
                }
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shapes_declared),
        cmocka_unit_test(test_every_entry_every_shape),
        cmocka_unit_test(test_growing_tree_is_dfs),
        cmocka_unit_test(test_weave_crosses),
        cmocka_unit_test(test_uniform_samplers),
        cmocka_unit_test(test_enomem),
    };
    return cmocka_run_group_tests(tests, load_grids, NULL);
}
