/*
 * test_invariants.c - table-driven checks over every registry entry.
 *
 * Nothing here names an algorithm: a new registry entry is checked by
 * every test below without anyone writing a test for it, and it cannot
 * slip through by refusing to run. The entries are run with their default
 * parameters and with every documented variant, one parameter moved at a
 * time (each choice of an enum, the ends and quarter points of a real
 * range, a cell parameter as entrance, exit and centre); every generator
 * is also run through every post-processor at each of its variants, so
 * every solver meets looped mazes at several braid ratios.
 *   - a status: an entry returns MZ_OK everywhere but on the sizes its
 *     registry entry declares it refuses (mz_algo.refuses), and
 *     MZ_EUNSUPPORTED there; anything else fails with the entry named;
 *   - every generator (alone and followed by every post-processor) leaves a
 *     consistent grid: the two sides of each wall agree, the border stays
 *     closed (but for teleport pairs), blocked cells are sealed, scratch
 *     bits are clear, entrance and exit are open cells;
 *   - a generator flagged perfect gives a connected maze with exactly
 *     cells - 1 passages and no loops;
 *   - generation is deterministic: the same seed gives the same digest;
 *   - every path a solver returns is a walk through open walls from the
 *     entrance to the exit, and a solver flagged shortest agrees with bfs
 *     (the metrics' route) and finds the exit whenever it is reachable;
 *   - every solver runs on mazes with loops;
 *   - thin grids, 1 x N and N x 1, pass all of the above;
 *   - tracing changes nothing, for generators and solvers alike;
 *   - all of the above on every cell shape an entry declares (mz_algo.shapes:
 *     every shape's sample grids of tests/samples.h, thin and degenerate
 *     ones included), and on the
 *     shapes it does not declare the status is MZ_EUNSUPPORTED.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebench.h"
#include "mazebench_plugin.h"
#include "core/internal.h"
#include "tools/vet.h"
#include "expect.h"
#include "samples.h"

static const struct {
    uint64_t rows, cols;
} sizes[] = {{1, 1}, {1, 9}, {9, 1}, {2, 2}, {5, 9}, {12, 7}, {31, 31},
             /* thin grids where eight-cell words meet row ends (the crash
              * sizes of a byte-order bug: scripts/cross.sh runs these on a
              * big-endian machine) */
             {1, 8}, {8, 1}, {1, 17}, {17, 1}, {1, 64}, {64, 1}, {2, 8}, {3, 64},
             /* a long two-row strip: mainpath's main path restarted without
              * end there before its restart limit */
             {2, 200}};

/* Grids of the other cell shapes: every shape's sample grids but the
 * large one (tests/samples.h), typical, thin and degenerate (every shape
 * is run by every entry: the ones that do not declare it must refuse it). */
static size_t shape_grids(mz_dims *geo)
{
    return mzt_samples_all(MZT_ALL, false, geo, MZT_MAX_SAMPLES);
}

static const uint32_t seeds[] = {0, 1, 464, 4294967295u};

#define NSIZES (sizeof sizes / sizeof sizes[0])
#define NSEEDS (sizeof seeds / sizeof seeds[0])

/* ---- the variants of the registry ---- */

#define MAX_POINTS 16
#define MAX_VARIANTS 64
#define MAX_SPECS 1024
#define MAX_SOLVERS 256

static size_t add_point(double *pt, size_t n, double v)
{
    for (size_t k = 0; k < n; k++)
        if (pt[k] == v)
            return n;
    if (n < MAX_POINTS)
        pt[n++] = v;
    return n;
}

/* The documented values of one parameter worth running, the default first. */
static size_t param_points(const mz_param_def *p, double *pt)
{
    size_t n = add_point(pt, 0, p->def);
    switch (p->type) {
    case MZ_P_ENUM: {
        size_t choices = 1;
        for (const char *c = p->choices; c && *c; c++)
            choices += *c == '|';
        for (size_t k = 0; k < choices; k++)
            n = add_point(pt, n, (double)k);
        break;
    }
    case MZ_P_REAL: {
        const double span = p->max - p->min;
        for (int q = 0; q <= 4; q++)
            n = add_point(pt, n, p->min + span * q / 4.0);
        /* around the default (astar's article slopes 0.5, 1.5, 2.2 and 3) */
        const double mul[] = {0.5, 1.5, 2.2, 3.0};
        for (size_t k = 0; k < sizeof mul / sizeof mul[0]; k++)
            if (p->def * mul[k] >= p->min && p->def * mul[k] <= p->max)
                n = add_point(pt, n, p->def * mul[k]);
        break;
    }
    case MZ_P_INT:
        n = add_point(pt, n, p->min);
        break;
    case MZ_P_CELL:
        n = add_point(pt, n, MZ_CELL_ENTRANCE);
        n = add_point(pt, n, MZ_CELL_EXIT);
        n = add_point(pt, n, MZ_CELL_CENTRE);
        break;
    }
    return n;
}

/* The default stage of a, then one stage for every other documented value
 * of each parameter, the others at their defaults. */
static size_t stage_variants(const mz_algo *a, mz_stage *out, size_t max)
{
    size_t n = 0;
    out[n].algo = a;
    mz_args_default(a, &out[n].args);
    n++;
    for (unsigned k = 0; k < a->nparams; k++) {
        double pt[MAX_POINTS];
        size_t np = param_points(&a->params[k], pt);
        for (size_t j = 1; j < np && n < max; j++) {
            out[n] = out[0];
            out[n].args.v[k] = pt[j];
            n++;
        }
    }
    return n;
}

/* Every generator variant alone, and every generator at its defaults
 * followed by every variant of every post-processor. */
static size_t all_specs(mz_spec *out, size_t max)
{
    size_t n = 0;
    mz_stage v[MAX_VARIANTS], pv[MAX_VARIANTS];
    for (const mz_algo *const *g = mz_registry; *g; g++) {
        if ((*g)->kind != MZ_GEN)
            continue;
        size_t nv = stage_variants(*g, v, MAX_VARIANTS);
        for (size_t k = 0; k < nv && n < max; k++) {
            memset(&out[n], 0, sizeof out[n]);
            out[n].n = 1;
            out[n].stage[0] = v[k];
            n++;
        }
        for (const mz_algo *const *p = mz_registry; *p; p++) {
            if ((*p)->kind != MZ_POST)
                continue;
            size_t npv = stage_variants(*p, pv, MAX_VARIANTS);
            for (size_t k = 0; k < npv && n < max; k++) {
                memset(&out[n], 0, sizeof out[n]);
                out[n].n = 2;
                out[n].stage[0] = v[0];
                out[n].stage[1] = pv[k];
                n++;
            }
        }
    }
    assert_true(n < max);
    return n;
}

/* Every solver at its defaults and at each documented variant. */
static size_t all_solvers(mz_stage *out, size_t max)
{
    size_t n = 0;
    for (const mz_algo *const *a = mz_registry; *a; a++)
        if ((*a)->kind == MZ_SOLVER)
            n += stage_variants(*a, out + n, max - n);
    assert_true(n < max);
    return n;
}

/* ---- statuses: refuse only what is declared ---- */

/* Does some stage of spec declare that it refuses the size? A post-processor
 * sees the maze its generator made, which a fixed-size generator makes at
 * its own size. */
static const mz_algo *declared_refusal(const mz_spec *spec, const mz_dims *geo)
{
    for (unsigned k = 0; k < spec->n; k++)
        if (!mz_runs_on(spec->stage[k].algo, geo->shape))
            return spec->stage[k].algo;
    if (geo->shape != MZ_SHAPE_ORTHO)
        return NULL;
    uint64_t rows = geo->rows, cols = geo->cols;
    const mz_algo *g0 = spec->stage[0].algo;
    if (mz_refuses(g0, MZ_SQUARE(rows, cols)))
        return g0;
    bool posts_may = false;
    for (unsigned k = 1; k < spec->n; k++)
        posts_may |= spec->stage[k].algo->refuses != NULL;
    if (!posts_may)
        return NULL;
    mz_spec first = *spec;
    first.n = 1;
    mz_grid g = {0};
    mz_extra x = {0};
    if (mz_generate(&first, 1, MZ_SQUARE(rows, cols), &g, MZ_GEN_OPTS(1, NULL, &x)) == MZ_OK) {
        rows = g.rows;
        cols = g.cols;
    }
    mz_grid_free(&g);
    for (unsigned k = 1; k < spec->n; k++)
        if (mz_refuses(spec->stage[k].algo, MZ_SQUARE(rows, cols)))
            return spec->stage[k].algo;
    return NULL;
}

/* Generate, failing the test on any status the registry does not declare.
 * Returns true when there is a maze to look at. */
static bool generate(const mz_spec *spec, uint32_t seed, const mz_dims *geo, mz_grid *g,
                     mz_trace *trace, mz_extra *x, const char *what)
{
    const mz_algo *refuser = declared_refusal(spec, geo);
    mz_status st = mz_generate(spec, seed, geo, g, MZ_GEN_OPTS(1, trace, x));
    if (refuser) {
        if (st != MZ_EUNSUPPORTED)
            fail_msg("%s: '%s' declares it refuses this grid, but the run returned '%s'", what,
                     refuser->name, mz_status_str(st));
        return false;
    }
    if (st != MZ_OK) {
        const char *names = spec->stage[0].algo->name;
        fail_msg("%s: '%s' returned '%s' on a size no stage declares it refuses (set the "
                 "entry's refuses field if it cannot make this size)",
                 what, names, mz_status_str(st));
    }
    return true;
}

/* Solve, with the same rule. Returns true when sol holds a result. */
static bool solve(const mz_stage *st, const mz_grid *g, mz_trace *trace, mz_solution *sol,
                  const char *what)
{
    mz_dims geo = mz_grid_dims(g);
    bool refused = mz_refuses(st->algo, &geo);
    mz_status s = mz_solve(st, g, trace, sol);
    if (refused) {
        if (s != MZ_EUNSUPPORTED)
            fail_msg("%s: '%s' declares it refuses this size, but returned '%s'", what,
                     st->algo->name, mz_status_str(s));
        return false;
    }
    if (s != MZ_OK)
        fail_msg("%s: solver '%s' returned '%s' on a size it does not declare it refuses", what,
                 st->algo->name, mz_status_str(s));
    return true;
}

/* ---- what every maze and every solution must satisfy ---- */

/* Another shape: the two sides of every port agree, ports off the grid
 * stay closed, no bit beyond the shape's ports is set. */
static void check_shape_grid(const mz_grid *g, const char *what)
{
    const unsigned ports = mz_shape_ports(g->shape);
    const uint8_t walls = mz_shape_walls(g->shape);
    for (mz_idx i = 0; i < g->cells; i++) {
        uint8_t v = g->c[i];
        if (v & (uint8_t)~walls)
            fail_msg("%s: cell %" PRIu64 " has bits 0x%02x beyond its ports", what, i,
                     v & (uint8_t)~walls);
        for (unsigned p = 0; p < ports; p++) {
            mz_idx n = mz_port_nbr(g, i, p);
            bool open = !(v & (1u << p));
            if (n == MZ_NONE) {
                if (open)
                    fail_msg("%s: port %u of cell %" PRIu64 " leads off the grid but is open",
                             what, p, i);
                continue;
            }
            if (open != !(g->c[n] & (1u << mz_port_back(g, i, p))))
                fail_msg("%s: port %u of cell %" PRIu64 " disagrees with its neighbour", what, p,
                         i);
        }
    }
    if (g->entrance >= g->cells || g->exit >= g->cells)
        fail_msg("%s: entrance or exit off the grid", what);
}

static void check_grid(const mz_grid *g, const char *what)
{
    if (g->shape != MZ_SHAPE_ORTHO) {
        check_shape_grid(g, what);
        return;
    }
    bool wrap = (g->flags & MZ_GRID_WRAP_EW) != 0;
    for (mz_idx i = 0; i < g->cells; i++) {
        uint8_t v = g->c[i];
        if (v & MZ_SCRATCH)
            fail_msg("%s: cell %" PRIu64 " left scratch bits 0x%02x", what, i, v & MZ_SCRATCH);
        if ((v & MZ_BLOCKED) && (v & MZ_WALLS) != MZ_WALLS)
            fail_msg("%s: blocked cell %" PRIu64 " has an open wall", what, i);
        for (unsigned d = 0; d < 4; d++) {
            mz_idx n = mz_sq_neighbour(g, i, d);
            bool open = mz_sq_is_open(g, i, d);
            if (n == MZ_NONE) {
                if (open)
                    fail_msg("%s: border wall %u of cell %" PRIu64 " is open", what, d, i);
                continue;
            }
            if (open != mz_sq_is_open(g, n, mz_sq_opposite(d)))
                fail_msg("%s: wall %u of cell %" PRIu64 " disagrees with its neighbour", what, d, i);
            if (!wrap && (d == MZ_E || d == MZ_W)) {
                uint64_t ci = i % g->cols, cn = n % g->cols;
                if ((ci > cn ? ci - cn : cn - ci) != 1)
                    fail_msg("%s: neighbour wraps without the wrap flag", what);
            }
        }
    }
    if (g->entrance >= g->cells || g->exit >= g->cells)
        fail_msg("%s: entrance or exit off the grid", what);
    if ((g->c[g->entrance] & MZ_BLOCKED) || (g->c[g->exit] & MZ_BLOCKED))
        fail_msg("%s: entrance or exit is a blocked cell", what);
}

/* The grid checks, the perfect flag's promise, and the same maze again. */
static void check_maze(const mz_spec *spec, uint32_t seed, const mz_dims *geo, const mz_grid *g,
                       mz_metrics *m, const char *what)
{
    check_grid(g, what);
    expect_ok(mz_metrics_compute(g, 1, m), "%s: metrics", what);
    bool perfect = spec->n == 1 && (spec->stage[0].algo->flags & MZ_F_PERFECT);
    if (perfect) {
        if (m->components != 1 || m->passages != m->cells - 1 || m->loops != 0)
            fail_msg("%s: flagged perfect but components %" PRIu64 ", passages %" PRIu64
                     ", cells %" PRIu64,
                     what, m->components, m->passages, m->cells);
        if (m->route < 0)
            fail_msg("%s: flagged perfect but the exit is unreachable", what);
    }
    mz_grid again = {0};
    mz_extra x2 = {0};
    expect_ok(mz_generate(spec, seed, geo, &again, MZ_GEN_OPTS(1, NULL, &x2)),
              "%s: the second run", what);
    if (mz_digest(&again) != m->digest)
        fail_msg("%s: the same seed gave a different maze", what);
    mz_grid_free(&again);
}

/* Where a solver's path runs: from the entrance to the exit, unless a cell
 * parameter named "from" (or "to") moves one end. */
static void path_ends(const mz_stage *st, const mz_grid *g, mz_idx *from, mz_idx *to)
{
    *from = g->entrance;
    *to = g->exit;
    for (unsigned k = 0; k < st->algo->nparams; k++) {
        const mz_param_def *p = &st->algo->params[k];
        if (p->type != MZ_P_CELL)
            continue;
        if (strcmp(p->name, "from") == 0)
            *from = mz_cell_resolve(g, st->args.v[k]);
        else if (strcmp(p->name, "to") == 0)
            *to = mz_cell_resolve(g, st->args.v[k]);
    }
}

static void check_path(const mz_stage *st, const mz_grid *g, const mz_solution *sol,
                       const char *what)
{
    mz_idx from, to;
    path_ends(st, g, &from, &to);
    if (sol->path_len == 0)
        fail_msg("%s: found, but no path returned", what);
    if (sol->path[0] != from)
        fail_msg("%s: path starts at %" PRIu64 ", not at cell %" PRIu64, what, sol->path[0], from);
    if (sol->path[sol->path_len - 1] != to)
        fail_msg("%s: path ends at %" PRIu64 ", not at cell %" PRIu64, what,
                 sol->path[sol->path_len - 1], to);
    for (uint64_t k = 1; k < sol->path_len; k++) {
        mz_idx a = sol->path[k - 1], b = sol->path[k];
        bool ok = false;
        for (unsigned d = 0; d < mz_shape_ports(g->shape) && !ok; d++)
            ok = mz_port_nbr(g, a, d) == b && mz_sq_is_open(g, a, d);
        if (!ok)
            fail_msg("%s: path step %" PRIu64 " (%" PRIu64 " -> %" PRIu64 ") crosses a wall", what,
                     k, a, b);
    }
}

static bool at_defaults(const mz_stage *st)
{
    for (unsigned k = 0; k < st->algo->nparams; k++)
        if (st->args.v[k] != st->algo->params[k].def)
            return false;
    return true;
}

/* Run every solver variant on g; looped[k] counts the runs of solver k on a
 * maze with loops. */
static void check_solvers(const mz_grid *g, const mz_metrics *m, const char *maze,
                          const mz_stage *solvers, size_t nsolvers, unsigned *looped)
{
    for (size_t k = 0; k < nsolvers; k++) {
        char name[128], what[640];
        mz_stage_format(&solvers[k], name, sizeof name);
        snprintf(what, sizeof what, "%s on %s", name, maze);
        mz_solution sol;
        memset(&sol, 0, sizeof sol);
        sol.want_path = true;
        if (solve(&solvers[k], g, NULL, &sol, what)) {
            if (looped && m->loops > 0)
                looped[k]++;
            if (sol.found && sol.path_len)
                check_path(&solvers[k], g, &sol, what);
            /* the path declaration (MZ_F_PATH): a solver that declares one
             * returns it whenever it finds the exit from the entrance, one
             * that declares figures only never returns cells */
            mz_idx from, to;
            path_ends(&solvers[k], g, &from, &to);
            if ((solvers[k].algo->flags & MZ_F_PATH) && sol.found && sol.path_len == 0 &&
                from == g->entrance)
                fail_msg("%s: declares a path (MZ_F_PATH) and found the exit, but returned no "
                         "path", what);
            if (!(solvers[k].algo->flags & MZ_F_PATH) && sol.path_len)
                fail_msg("%s: returned a path of %" PRIu64 " cells but declares figures only "
                         "(no MZ_F_PATH)", what, sol.path_len);
            /* the shortest promise holds at the default parameters (astar's
             * slope past 1, for one, trades it for speed) */
            if ((solvers[k].algo->flags & MZ_F_SHORTEST) && at_defaults(&solvers[k])) {
                if (sol.found != (m->route >= 0))
                    fail_msg("%s: found %d but the bfs route is %" PRId64, what, sol.found,
                             m->route);
                if (sol.found && sol.path_steps != m->route)
                    fail_msg("%s: route %" PRId64 " steps, bfs says %" PRId64, what,
                             sol.path_steps, m->route);
                if (sol.found && sol.path_len != (uint64_t)m->route + 1)
                    fail_msg("%s: path of %" PRIu64 " cells for a %" PRId64 "-step route", what,
                             sol.path_len, m->route);
            }
        }
        mz_solution_free(&sol);
    }
}

static void describe(char *what, size_t len, const mz_spec *spec, uint32_t seed,
                     const mz_dims *geo)
{
    char name[256], grid[96];
    mz_spec_format(spec, name, sizeof name);
    mz_dims_format(geo, grid, sizeof grid);
    snprintf(what, len, "%s seed %" PRIu32 " %s", name, seed, grid);
}

static mz_spec specs[MAX_SPECS];
static mz_stage solvers[MAX_SOLVERS];
static size_t nspecs, nsolvers;

static int setup(void **state)
{
    (void)state;
    nspecs = all_specs(specs, MAX_SPECS);
    nsolvers = all_solvers(solvers, MAX_SOLVERS);
    return nspecs > 0 && nsolvers > 0 ? 0 : -1;
}

/* One maze: generate it, check it, solve it with every solver variant. */
static void check_one(const mz_spec *spec, uint32_t seed, const mz_dims *geo, unsigned *looped)
{
    char what[512];
    describe(what, sizeof what, spec, seed, geo);
    mz_grid g = {0};
    mz_extra x = {0};
    if (generate(spec, seed, geo, &g, NULL, &x, what)) {
        mz_metrics m;
        check_maze(spec, seed, geo, &g, &m, what);
        /* a thin grid has one possible route: straight along it */
        if (m.route >= 0 && g.shape == MZ_SHAPE_ORTHO && (g.rows == 1 || g.cols == 1)) {
            uint64_t d = g.entrance > g.exit ? g.entrance - g.exit : g.exit - g.entrance;
            if ((uint64_t)m.route != d)
                fail_msg("%s: a route of %" PRId64 " steps on a thin grid, %" PRIu64
                         " cells apart",
                         what, m.route, d);
        }
        check_solvers(&g, &m, what, solvers, nsolvers, looped);
    }
    mz_grid_free(&g);
}

static void test_registry_runs(void **state)
{
    (void)state;
    unsigned looped[MAX_SOLVERS] = {0};
    for (size_t k = 0; k < nspecs; k++)
        for (size_t z = 0; z < NSIZES; z++)
            for (size_t s = 0; s < NSEEDS; s++) {
                mz_dims geo = *MZ_SQUARE(sizes[z].rows, sizes[z].cols);
                check_one(&specs[k], seeds[s], &geo, looped);
            }
    /* The post-processor variants must give every solver mazes with loops
     * to solve (a solver that breaks only on loops is caught above). */
    for (size_t k = 0; k < nsolvers; k++) {
        char name[128];
        mz_stage_format(&solvers[k], name, sizeof name);
        if (looped[k] == 0)
            fail_msg("%s never ran on a maze with loops", name);
    }
}

/* Thin grids, 1 x N and N x 1, N from 1 to 18 and around 32, 64 and 128
 * (word and byte boundaries of packed cells). */
static void test_thin_sizes(void **state)
{
    (void)state;
    static const uint64_t extra[] = {31, 32, 33, 63, 64, 65, 127, 128, 129};
    for (uint64_t n = 1; n <= 18 + sizeof extra / sizeof extra[0]; n++) {
        uint64_t len = n <= 18 ? n : extra[n - 19];
        for (size_t k = 0; k < nspecs; k++) {
            mz_dims wide = *MZ_SQUARE(1, len), tall = *MZ_SQUARE(len, 1);
            check_one(&specs[k], 464, &wide, NULL);
            check_one(&specs[k], 464, &tall, NULL);
        }
    }
}

/* ---- tracing must not change what an algorithm does ---- */

static int count_steps(void *user, const mz_step *s)
{
    (void)s;
    (*(uint64_t *)user)++;
    return 0;
}

static void same_extra(const mz_extra *a, const mz_extra *b, const char *what)
{
    if (a->n != b->n)
        fail_msg("%s: %u columns untraced, %u traced", what, a->n, b->n);
    for (unsigned k = 0; k < a->n; k++) {
        const mz_value *u = &a->v[k], *t = mz_extra_get(b, u->name);
        if (!t || t->type != u->type || t->i != u->i ||
            (u->type == MZ_V_REAL && memcmp(&t->d, &u->d, sizeof u->d) != 0))
            fail_msg("%s: column '%s' differs when traced", what, u->name);
    }
}

static void same_solution(const mz_solution *a, const mz_solution *b, const char *what)
{
    if (a->found != b->found || a->path_steps != b->path_steps || a->closed != b->closed ||
        a->steps != b->steps || a->forward != b->forward || a->turns != b->turns)
        fail_msg("%s: the figures differ when traced (found %d/%d, path_steps %" PRId64
                 "/%" PRId64 ", closed %" PRId64 "/%" PRId64 ", steps %" PRId64 "/%" PRId64 ")",
                 what, a->found, b->found, a->path_steps, b->path_steps, a->closed, b->closed,
                 a->steps, b->steps);
    if (a->path_len != b->path_len ||
        (a->path_len && memcmp(a->path, b->path, a->path_len * sizeof *a->path) != 0))
        fail_msg("%s: the path differs when traced", what);
    same_extra(&a->extra, &b->extra, what);
}

/* Generate spec on geo with and without a trace, then solve the maze with
 * every solver with and without one: the results must be the same. */
static void trace_one(const mz_spec *spec, const mz_dims *geo)
{
    char what[512];
    describe(what, sizeof what, spec, 464, geo);
    mz_grid a = {0}, b = {0};
    mz_extra xa = {0}, xb = {0};
    uint64_t n = 0;
    mz_trace t = {count_steps, &n, 0};
    bool ok = generate(spec, 464, geo, &a, NULL, &xa, what);
    bool okt = generate(spec, 464, geo, &b, &t, &xb, what);
    if (ok && okt) {
        if (mz_digest(&a) != mz_digest(&b))
            fail_msg("%s: tracing changed the maze", what);
        same_extra(&xa, &xb, what);
        assert_int_equal(n, t.step);
        for (size_t j = 0; j < nsolvers; j++) {
            char sname[128], swhat[700];
            mz_stage_format(&solvers[j], sname, sizeof sname);
            snprintf(swhat, sizeof swhat, "%s on %s", sname, what);
            mz_solution u, v;
            memset(&u, 0, sizeof u);
            memset(&v, 0, sizeof v);
            u.want_path = v.want_path = true;
            uint64_t sn = 0;
            mz_trace st = {count_steps, &sn, 0};
            bool su = solve(&solvers[j], &a, NULL, &u, swhat);
            bool sv = solve(&solvers[j], &a, &st, &v, swhat);
            if (su && sv) {
                same_solution(&u, &v, swhat);
                assert_int_equal(sn, st.step);
            }
            mz_solution_free(&u);
            mz_solution_free(&v);
        }
    }
    mz_grid_free(&a);
    mz_grid_free(&b);
}

static void test_trace_is_transparent(void **state)
{
    (void)state;
    static const struct {
        uint64_t rows, cols;
    } tsizes[] = {{31, 31}, {12, 7}, {1, 9}, {9, 1}};
    /* every other shape's small and degenerate sample grids */
    mz_dims tgrids[MZT_MAX_SAMPLES];
    size_t ntgrids = mzt_samples_all(MZT_SMALL | MZT_DEGENERATE, false, tgrids, MZT_MAX_SAMPLES);
    for (size_t k = 0; k < nspecs; k++) {
        for (size_t z = 0; z < sizeof tsizes / sizeof tsizes[0]; z++) {
            mz_dims geo = *MZ_SQUARE(tsizes[z].rows, tsizes[z].cols);
            trace_one(&specs[k], &geo);
        }
        for (size_t z = 0; z < ntgrids; z++)
            trace_one(&specs[k], &tgrids[z]);
    }
}

/* Every entry on every grid of shape_grids(): what test_registry_runs checks
 * on square cells, on the shapes an entry declares; MZ_EUNSUPPORTED on the
 * others. Every solver that runs on some shape must meet loops there. */
static void test_shapes_run(void **state)
{
    (void)state;
    unsigned looped[MAX_SOLVERS] = {0};
    mz_dims geo[MZT_MAX_SAMPLES];
    size_t ngeo = shape_grids(geo);
    for (size_t k = 0; k < nspecs; k++)
        for (size_t z = 0; z < ngeo; z++)
            for (size_t s = 0; s < NSEEDS; s++)
                check_one(&specs[k], seeds[s], &geo[z], looped);
    for (size_t k = 0; k < nsolvers; k++) {
        if (solvers[k].algo->shapes == 0)
            continue;
        char name[128];
        mz_stage_format(&solvers[k], name, sizeof name);
        if (looped[k] == 0)
            fail_msg("%s runs on other shapes but never met a maze with loops there", name);
    }
}

/* A perfect maze's excess-zero cells are exactly its route (board 08: "on a
 * maze without loops that holds for every seed"), and dfs takes 2*cells - 1
 * steps for any seed (board 01). Checked on every perfect generator. */
static void test_perfect_figures(void **state)
{
    (void)state;
    const mz_algo *valley = mz_find(MZ_SOLVER, "valley");
    assert_non_null(valley);
    for (const mz_algo *const *g = mz_registry; *g; g++) {
        if ((*g)->kind != MZ_GEN || !((*g)->flags & MZ_F_PERFECT))
            continue;
        mz_spec spec = {1, {{*g, {{0}}}}, MZ_RNG_MULBERRY32};
        mz_args_default(*g, &spec.stage[0].args);
        for (uint32_t seed = 464; seed < 474; seed++) {
            mz_grid grid = {0};
            mz_extra x = {0};
            expect_ok(mz_generate(&spec, seed, MZ_SQUARE(23, 37), &grid, MZ_GEN_OPTS(1, NULL, &x)),
                      "%s seed %u 23x37",
                      (*g)->name, seed);
            mz_solution sol;
            memset(&sol, 0, sizeof sol);
            mz_args none;
            mz_args_default(valley, &none);
            expect_ok(valley->solve(&grid, &none, NULL, &sol), "valley on %s seed %u 23x37",
                      (*g)->name, seed);
            const mz_value *z = mz_extra_get(&sol.extra, "zero_excess");
            assert_non_null(z);
            if (z->i != sol.path_steps + 1)
                fail_msg("%s seed %u: %" PRId64 " zero-excess cells, route %" PRId64, (*g)->name,
                         seed, z->i, sol.path_steps);
            mz_solution_free(&sol);
            mz_grid_free(&grid);
        }
    }
}

/* A grid whose two sides of a wall disagree (only a broken generator or a
 * hand-made grid has one) must give an error or an answer, never a read
 * off the grid (AddressSanitizer watches): cell 0's east wall is open, cell
 * 1's west wall too, cell 1's east wall is open but cell 2's west wall is
 * shut. Both orientations. A known status; a path, when one is returned,
 * runs from the entrance to the exit in steps between neighbours, and its
 * steps are its length. */
static void test_disagreeing_walls(void **state)
{
    (void)state;
    for (int tall = 0; tall < 2; tall++) {
        mz_grid g = {0};
        assert_int_equal(mz_grid_init(&g, MZ_SQUARE(tall ? 3 : 1, tall ? 1 : 3), NULL), MZ_OK);
        const unsigned fwd = tall ? MZ_S : MZ_E, back = tall ? MZ_N : MZ_W;
        g.c[0] &= (uint8_t)~(1u << fwd);
        g.c[1] &= (uint8_t)~((1u << back) | (1u << fwd));
        g.entrance = 0;
        g.exit = 2;
        for (const mz_algo *const *a = mz_registry; *a; a++) {
            if ((*a)->kind != MZ_SOLVER)
                continue;
            mz_args args;
            mz_args_default(*a, &args);
            mz_solution sol;
            memset(&sol, 0, sizeof sol);
            sol.want_path = true;
            mz_status s = (*a)->solve(&g, &args, NULL, &sol);
            if (strcmp(mz_status_str(s), "unknown status") == 0)
                fail_msg("%s: status %d", (*a)->name, (int)s);
            if (s == MZ_OK && sol.found && sol.path_len) {
                if (sol.path[0] != g.entrance || sol.path[sol.path_len - 1] != g.exit ||
                    sol.path_steps != (int64_t)sol.path_len - 1)
                    fail_msg("%s: a path of %llu cells from %llu to %llu, %lld steps",
                             (*a)->name, (unsigned long long)sol.path_len,
                             (unsigned long long)sol.path[0],
                             (unsigned long long)sol.path[sol.path_len - 1],
                             (long long)sol.path_steps);
                for (uint64_t k = 1; k < sol.path_len; k++) {
                    mz_idx x = sol.path[k - 1], y = sol.path[k];
                    if ((x > y ? x - y : y - x) != 1 || x > 2 || y > 2)
                        fail_msg("%s: a step from %llu to %llu", (*a)->name,
                                 (unsigned long long)x, (unsigned long long)y);
                }
            }
            mz_solution_free(&sol);
        }
        mz_grid_free(&g);
    }
}

typedef struct path_vet {
    bool failed;
    char why[512];
} path_vet;

static void on_vet(void *user, const mz_algo *a, const char *check, mzt_verdict v,
                   const char *why)
{
    (void)a;
    path_vet *pv = user;
    if (strcmp(check, "path") == 0 && v == MZT_VET_FAIL) {
        pv->failed = true;
        snprintf(pv->why, sizeof pv->why, "%s", why);
    }
}

/* Every built-in entry declares only what mz_algo_check lets an added one
 * declare, and a path (MZ_F_PATH) is a solver's declaration alone: the
 * flag on a generator is refused where entries are checked. */
static void test_path_declaration(void **state)
{
    (void)state;
    char err[400];
    for (const mz_algo *const *a = mz_registry; *a; a++)
        if (mz_algo_check(*a, err, sizeof err) != MZ_OK)
            fail_msg("%s: %s", (*a)->name, err);
    mz_algo gen = *mz_find(MZ_GEN, "dfs");
    gen.name = "dfs-with-a-path";
    gen.flags |= MZ_F_PATH;
    assert_int_equal(mz_algo_check(&gen, err, sizeof err), MZ_EINVAL);
    assert_non_null(strstr(err, "MZ_F_PATH"));
    assert_true(mz_find(MZ_SOLVER, "bfs")->flags & MZ_F_PATH);
    assert_false(mz_find(MZ_SOLVER, "flood")->flags & MZ_F_PATH);

    /* vet holds an entry made at run time to its declaration: flood
     * declaring a path, bfs declaring figures only, each fail "path" */
    mz_algo flood = *mz_find(MZ_SOLVER, "flood"), bfs = *mz_find(MZ_SOLVER, "bfs");
    flood.flags |= MZ_F_PATH;
    bfs.flags &= ~(unsigned)MZ_F_PATH;
    const mz_algo *wrong[] = {&flood, &bfs};
    const char *says[] = {"declares one (MZ_F_PATH)", "declares figures only"};
    for (size_t k = 0; k < 2; k++) {
        path_vet pv = {false, ""};
        mzt_vet(wrong[k], on_vet, &pv);
        if (!pv.failed || !strstr(pv.why, says[k]))
            fail_msg("%s with its path flag %s: vet's path check says '%s'", wrong[k]->name,
                     k == 0 ? "set" : "cleared", pv.why);
    }
}

static void test_dfs_step_count(void **state)
{
    (void)state;
    const mz_algo *dfs = mz_find(MZ_GEN, "dfs");
    assert_non_null(dfs);
    mz_spec spec = {1, {{dfs, {{0}}}}, MZ_RNG_MULBERRY32};
    for (uint32_t seed = 0; seed < 20; seed++) {
        uint64_t n = 0;
        mz_trace t = {count_steps, &n, 0};
        mz_grid g = {0};
        mz_extra x = {0};
        expect_ok(mz_generate(&spec, seed, MZ_SQUARE(7 + seed, 40 - seed), &g,
                              MZ_GEN_OPTS(1, &t, &x)), "dfs seed %u %ux%u",
                  seed, 7 + seed, 40 - seed);
        assert_int_equal(n, 2 * g.cells - 1);
        mz_grid_free(&g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registry_runs),
        cmocka_unit_test(test_thin_sizes),
        cmocka_unit_test(test_shapes_run),
        cmocka_unit_test(test_trace_is_transparent),
        cmocka_unit_test(test_perfect_figures),
        cmocka_unit_test(test_dfs_step_count),
        cmocka_unit_test(test_path_declaration),
        cmocka_unit_test(test_disagreeing_walls),
    };
    /* MZ_TEST_FILTER=test_thin_sizes runs one test (a cmocka pattern) */
    if (getenv("MZ_TEST_FILTER"))
        cmocka_set_test_filter(getenv("MZ_TEST_FILTER"));
    return cmocka_run_group_tests(tests, setup, NULL);
}
