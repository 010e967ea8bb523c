/*
 * vet.c - the built-in checks for any registry entry (vet.h).
 *
 * The same promises the test suite holds every built-in entry to, on a
 * handful of grids of each shape the entry runs on (square 1x1, 1x7, 7x1,
 * 2x2, 9x13 and 31x31; a typical, the thin and the least grids of each
 * other shape, as tests/samples.h has them) and four seeds under both
 * random sources, at the entry's default parameters and at each documented
 * value of each parameter (one moved at a time). A solver meets the
 * mazes of a perfect built-in generator that runs on the shape, with and
 * without loops (braid), under two seeds. An outside program starts a
 * process a run: it gets one seed a source, one seed as a solver. Each
 * check keeps its first failure.
 */
#include "vet.h"
#include "failing.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const mzt_vet_checks[] = {"runs",     "walls", "scratch", "perfect", "same-seed",
                                      "path",     "shortest", "trace", "alloc", NULL};
enum { C_RUNS, C_WALLS, C_SCRATCH, C_PERFECT, C_SAME, C_PATH, C_SHORTEST, C_TRACE, C_ALLOC,
       C_COUNT };

typedef struct check {
    bool skip;
    bool failed;
    char why[480];
} check;

typedef struct vet {
    const mz_algo *a;
    check c[C_COUNT];
    const mzt_vet_opts *o; /* never NULL */
    uint64_t answers;      /* runs that gave a maze or a solution to check */
} vet;

/* Say, where the caller reads it, that check k is about to run the entry
 * on what. */
static void at(vet *v, int k, const char *what)
{
    if (v->o->doing && v->o->doing_len)
        snprintf(v->o->doing, v->o->doing_len, "%s: %s", mzt_vet_checks[k], what);
}

/* An outside program's failure as a line says it: its outside_status
 * (from x when given) and the account of it. */
static void outside_failure(vet *v, const mz_extra *x, const char *col, char *buf, size_t len)
{
    const mz_value *st = mz_extra_get(x, col);
    const char *why = v->o->outside_why ? v->o->outside_why(v->a) : NULL;
    snprintf(buf, len, "the outside program failed (%s %s)%s%.300s", col,
             st && st->type == MZ_V_TEXT && st->text ? st->text : "unknown",
             why && *why ? ": " : "", why ? why : "");
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void fail(vet *v, int k, const char *fmt, ...)
{
    if (v->c[k].failed)
        return;
    v->c[k].failed = true;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->c[k].why, sizeof v->c[k].why, fmt, ap);
    va_end(ap);
}

static void skip(vet *v, int k, const char *why)
{
    v->c[k].skip = true;
    snprintf(v->c[k].why, sizeof v->c[k].why, "%s", why);
}

/* ---- the grids and seeds ---- */

/* The grids an entry runs on, from the shape's record (MZ_GRIDS_VET); a
 * shape without them has none, which vet reports as a failure. */
#define MAX_GRIDS 8
static size_t grids_of(mz_shape s, mz_dims *out)
{
    size_t n = mz_shape_grids(s, MZ_GRIDS_VET, out, MAX_GRIDS);
    return n < MAX_GRIDS ? n : MAX_GRIDS;
}

/* The grid the allocation checks use on each shape (a small typical one). */
static mz_dims small_grid(mz_shape s)
{
    mz_dims g = {s, 0, 0, 0};
    mz_shape_grids(s, MZ_GRIDS_TYPICAL, &g, 1);
    return g;
}

static const struct {
    mz_rng_kind kind;
    uint64_t seed;
} seeds[] = {
    {MZ_RNG_MULBERRY32, 1},
    {MZ_RNG_MULBERRY32, 464},
    {MZ_RNG_SPLITMIX64, 464},
    {MZ_RNG_SPLITMIX64, (UINT64_C(1) << 32) + 5},
};
#define NSEEDS (sizeof seeds / sizeof seeds[0])

/* ---- what to run ---- */

/* A perfect built-in generator that runs on shape s (dfs where it can),
 * to make the mazes a post-processor or a solver works on. */
static const mz_algo *maker_for(mz_shape s)
{
    const mz_algo *d = mz_find(MZ_GEN, "dfs");
    if (d && mz_runs_on(d, s))
        return d;
    for (const mz_algo *const *a = mz_registry; *a; a++)
        if ((*a)->kind == MZ_GEN && ((*a)->flags & MZ_F_PERFECT) &&
            !((*a)->flags & MZ_F_FIXED_SIZE) && mz_runs_on(*a, s))
            return *a;
    return NULL;
}

static mz_stage stage_of(const mz_algo *a)
{
    mz_stage st;
    memset(&st, 0, sizeof st);
    st.algo = a;
    mz_args_default(a, &st.args);
    return st;
}

/* The documented values of a's parameters worth running, as whole
 * argument sets: the defaults first, then one set for each other value of
 * each parameter, the others at their defaults: every choice of an enum,
 * the ends of a real range, an integer's least value, a cell as entrance,
 * exit and centre (the values tests/test_invariants.c runs). */
#define MAX_VARIANTS 32
static size_t variants_of(const mz_algo *a, mz_args *out, size_t max)
{
    size_t n = 0;
    mz_args_default(a, &out[n++]);
    for (unsigned k = 0; k < a->nparams && k < MZ_MAX_PARAMS; k++) {
        const mz_param_def *p = &a->params[k];
        double pt[16];
        size_t np = 0;
        switch (p->type) {
        case MZ_P_ENUM: {
            size_t choices = 1;
            for (const char *c = p->choices; c && *c; c++)
                choices += *c == '|';
            for (size_t j = 0; j < choices && np < 16; j++)
                pt[np++] = (double)j;
            break;
        }
        case MZ_P_REAL:
            pt[np++] = p->min;
            pt[np++] = p->max;
            break;
        case MZ_P_INT:
            pt[np++] = p->min;
            break;
        case MZ_P_CELL:
            pt[np++] = MZ_CELL_ENTRANCE;
            pt[np++] = MZ_CELL_EXIT;
            pt[np++] = MZ_CELL_CENTRE;
            break;
        }
        for (size_t j = 0; j < np && n < max; j++) {
            if (pt[j] == out[0].v[k])
                continue;
            out[n] = out[0];
            out[n].v[k] = pt[j];
            n++;
        }
    }
    return n;
}

/* The spec that runs generator or post-processor a with args on shape s;
 * false when a post-processor finds no maker there. */
static bool spec_for(const mz_algo *a, const mz_args *args, mz_shape s, mz_rng_kind kind,
                     mz_spec *spec)
{
    memset(spec, 0, sizeof *spec);
    spec->rng = kind;
    if (a->kind == MZ_GEN) {
        spec->n = 1;
        spec->stage[0] = stage_of(a);
        spec->stage[0].args = *args;
        return true;
    }
    const mz_algo *m = maker_for(s);
    if (!m)
        return false;
    spec->n = 2;
    spec->stage[0] = stage_of(m);
    spec->stage[1] = stage_of(a);
    spec->stage[1].args = *args;
    return true;
}

static void describe(char *out, size_t len, const mz_spec *spec, size_t seed_k, const mz_dims *geo)
{
    char name[256], grid[96];
    mz_spec_format(spec, name, sizeof name);
    mz_dims_format(geo, grid, sizeof grid);
    snprintf(out, len, "%s seed %" PRIu64 " (%s) %s", name, seeds[seed_k].seed,
             mz_rng_name(seeds[seed_k].kind), grid);
}

/* ---- the grid checks ---- */

static void check_grid(vet *v, const mz_grid *g, const char *what)
{
    const unsigned ports = mz_shape_ports(g->shape);
    const uint8_t walls = mz_shape_walls(g->shape);
    const bool square = g->shape == MZ_SHAPE_ORTHO;
    for (mz_idx i = 0; i < g->cells; i++) {
        const uint8_t c = g->c[i];
        if (square && (c & MZ_SCRATCH))
            fail(v, C_SCRATCH, "%s: cell %" PRIu64 " keeps scratch bits 0x%02x", what, i,
                 c & MZ_SCRATCH);
        if (!square && (c & (uint8_t)~walls))
            fail(v, C_SCRATCH, "%s: cell %" PRIu64 " has bits 0x%02x beyond its ports", what, i,
                 c & (uint8_t)~walls);
        if (square && (c & MZ_BLOCKED) && (c & MZ_WALLS) != MZ_WALLS)
            fail(v, C_WALLS, "%s: blocked cell %" PRIu64 " has an open wall", what, i);
        for (unsigned p = 0; p < ports; p++) {
            const bool open = !(c & (1u << p));
            const mz_idx n = mz_port_nbr(g, i, p);
            if (n == MZ_NONE) {
                if (open)
                    fail(v, C_WALLS, "%s: port %u of cell %" PRIu64 " leads off the grid but is "
                         "open", what, p, i);
                continue;
            }
            const bool back = !(g->c[n] & (1u << mz_port_back(g, i, p)));
            if (open != back) {
                fail(v, C_WALLS, "%s: the wall of port %u of cell %" PRIu64 " is %s, its "
                     "other side (cell %" PRIu64 ") %s", what, p, i, open ? "open" : "closed",
                     n, back ? "open" : "closed");
                return; /* one report a maze */
            }
        }
    }
    if (g->entrance >= g->cells || g->exit >= g->cells)
        fail(v, C_WALLS, "%s: entrance %" PRIu64 " or exit %" PRIu64 " off the grid (%" PRIu64
             " cells)", what, g->entrance, g->exit, g->cells);
    else if (square && ((g->c[g->entrance] & MZ_BLOCKED) || (g->c[g->exit] & MZ_BLOCKED)))
        fail(v, C_WALLS, "%s: entrance or exit is a blocked cell", what);
}

/* ---- traces ---- */

typedef struct tracer {
    const mz_trace_op *ops; /* NULL: nothing to compare against */
    uint64_t n;
    uint64_t stop_at;       /* say stop at this step (0: never) */
    char bad[64];           /* the first op not declared */
    uint64_t bad_step;
} tracer;

static int trace_sink(void *user, const mz_step *s)
{
    tracer *t = user;
    t->n++;
    if (t->ops && !t->bad[0]) {
        bool known = false;
        for (const mz_trace_op *o = t->ops; o->op && !known; o++)
            known = s->op && strcmp(o->op, s->op) == 0;
        if (!known) {
            snprintf(t->bad, sizeof t->bad, "%s", s->op ? s->op : "(null)");
            t->bad_step = s->step;
        }
    }
    return t->stop_at && t->n >= t->stop_at;
}

static void trace_verdict(vet *v, const tracer *t, const mz_trace *tr, const char *what)
{
    if (t->bad[0])
        fail(v, C_TRACE, "%s: step %" PRIu64 " has op '%s', which trace_ops does not declare",
             what, t->bad_step, t->bad);
    if (tr->step != t->n)
        fail(v, C_TRACE, "%s: %" PRIu64 " steps reached the sink but the trace counts %" PRIu64,
             what, t->n, tr->step);
}

/* ---- generators and post-processors ---- */

/* Run spec once; the status, with g holding the maze on MZ_OK. */
static mz_status gen_once(const mz_spec *spec, size_t k, const mz_dims *geo, mz_grid *g,
                          mz_trace *trace, mz_extra *out)
{
    mz_extra x;
    memset(&x, 0, sizeof x);
    mz_status s = mz_generate(spec, seeds[k].seed, geo, g, MZ_GEN_OPTS(1, trace, &x));
    if (out)
        *out = x;
    return s;
}

static void vet_gen_one(vet *v, const mz_spec *spec, size_t k, const mz_dims *geo)
{
    const mz_algo *a = v->a;
    char what[512];
    describe(what, sizeof what, spec, k, geo);
    const bool refused = mz_refuses(a, geo);
    mz_grid g;
    memset(&g, 0, sizeof g);
    mz_extra x;
    at(v, C_RUNS, what);
    mz_status s = gen_once(spec, k, geo, &g, NULL, &x);
    if (refused) {
        if (s != MZ_EUNSUPPORTED)
            fail(v, C_RUNS, "%s: '%s' declares it refuses this grid but the run returned '%s'",
                 what, a->name, mz_status_str(s));
        mz_grid_free(&g);
        return;
    }
    if (s == MZ_EOUTSIDE) {
        /* the outside layer refused the program's maze: say why, and a
         * maze refused as not perfect fails the perfect check too */
        char why[480];
        outside_failure(v, &x, "outside_status", why, sizeof why);
        fail(v, C_RUNS, "%s: %s", what, why);
        const mz_value *st = mz_extra_get(&x, "outside_status");
        if (st && st->type == MZ_V_TEXT && st->text && strcmp(st->text, "not-perfect") == 0)
            fail(v, C_PERFECT, "%s: %s", what, why);
        mz_grid_free(&g);
        return;
    }
    if (s != MZ_OK) {
        fail(v, C_RUNS, "%s: returned '%s' on a grid it does not declare it refuses (its "
             "refuses field)", what, mz_status_str(s));
        mz_grid_free(&g);
        return;
    }
    v->answers++;
    check_grid(v, &g, what);
    mz_metrics m;
    const uint64_t digest = mz_digest(&g);
    if (a->kind == MZ_GEN && (a->flags & MZ_F_PERFECT) && mz_metrics_compute(&g, 1, &m) == MZ_OK &&
        (m.components != 1 || m.passages + 1 != m.cells || m.loops != 0))
        fail(v, C_PERFECT, "%s: flagged perfect but %" PRIu64 " components, %" PRIu64
             " passages, %" PRIu64 " cells, %" PRIu64 " loops", what, m.components, m.passages,
             m.cells, m.loops);
    /* the same seed again, untraced then traced */
    mz_grid again;
    memset(&again, 0, sizeof again);
    at(v, C_SAME, what);
    s = gen_once(spec, k, geo, &again, NULL, NULL);
    if (s != MZ_OK)
        fail(v, C_SAME, "%s: the second run returned '%s'", what, mz_status_str(s));
    else if (mz_digest(&again) != digest)
        fail(v, C_SAME, "%s: the same seed gave another maze", what);
    tracer t;
    memset(&t, 0, sizeof t);
    t.ops = a->trace_ops;
    mz_trace tr = {trace_sink, &t, 0};
    at(v, C_TRACE, what);
    s = gen_once(spec, k, geo, &again, &tr, NULL);
    if (s != MZ_OK)
        fail(v, C_TRACE, "%s: traced, the run returned '%s'", what, mz_status_str(s));
    else if (mz_digest(&again) != digest)
        fail(v, C_TRACE, "%s: tracing changed the maze", what);
    if (a->kind == MZ_GEN || spec->n == 1)
        trace_verdict(v, &t, &tr, what);
    /* a sink that says stop at the first step of the entry's own */
    if (t.n > 0 && a->kind == MZ_GEN) {
        mzt_failing f = {0, 0, 0};
        mz_allocator al = {mzt_failing_alloc, mzt_failing_free, &f};
        tracer t1;
        memset(&t1, 0, sizeof t1);
        t1.stop_at = 1;
        mz_trace tr1 = {trace_sink, &t1, 0};
        mz_grid h;
        if (mz_grid_init(&h, geo, &al) == MZ_OK) {
            s = gen_once(spec, k, geo, &h, &tr1, NULL);
            mz_grid_free(&h);
            if (s != MZ_EIO)
                fail(v, C_TRACE, "%s: the trace sink said stop at step 1 but the run returned "
                     "'%s' (MZ_EIO expected)", what, mz_status_str(s));
            if (f.live)
                fail(v, C_TRACE, "%s: stopped by its trace sink, the run left %ld block(s)", what,
                     f.live);
        }
    }
    mz_grid_free(&again);
    mz_grid_free(&g);
}

/* Every allocation of one run fails in turn. */
static void vet_gen_alloc(vet *v, mz_shape shape)
{
    mz_dims geo = small_grid(shape);
    mz_spec spec;
    mz_args args;
    mz_args_default(v->a, &args);
    if (geo.rows == 0) /* no grids: the runs check says so */
        return;
    if (!spec_for(v->a, &args, shape, MZ_RNG_MULBERRY32, &spec) || mz_refuses(v->a, &geo))
        return;
    char what[512];
    describe(what, sizeof what, &spec, 1, &geo);
    at(v, C_ALLOC, what);
    for (long n = 1; n <= 100000; n++) {
        mzt_failing f = {0, n, 0};
        mz_allocator al = {mzt_failing_alloc, mzt_failing_free, &f};
        mz_grid g;
        mz_status s = mz_grid_init(&g, &geo, &al);
        if (s == MZ_OK)
            s = gen_once(&spec, 1, &geo, &g, NULL, NULL);
        mz_grid_free(&g);
        if (f.live) {
            fail(v, C_ALLOC, "%s: %ld block(s) leaked when allocation %ld failed", what, f.live, n);
            return;
        }
        if (s == MZ_OK)
            return; /* every allocation has failed once */
        if (s != MZ_ENOMEM) {
            fail(v, C_ALLOC, "%s: allocation %ld failed and the run returned '%s' (MZ_ENOMEM "
                 "expected)", what, n, mz_status_str(s));
            return;
        }
    }
    fail(v, C_ALLOC, "%s: still failing after 100000 allocations", what);
}

static void vet_gen(vet *v)
{
    const mz_algo *a = v->a;
    mz_args var[MAX_VARIANTS];
    /* an outside program, a process a run: its defaults only */
    const size_t nvar = a->ctx ? 1 : variants_of(a, var, MAX_VARIANTS);
    if (a->ctx)
        mz_args_default(a, &var[0]);
    for (unsigned s = 0; s < MZ_SHAPE_COUNT; s++) {
        if (!mz_runs_on(a, (mz_shape)s))
            continue;
        mz_dims gl[MAX_GRIDS];
        const size_t ng = grids_of((mz_shape)s, gl);
        if (ng == 0)
            fail(v, C_RUNS, "shape %s has no vet grids (its record's .grids.vet)",
                 mz_shape_name((mz_shape)s));
        for (size_t z = 0; z < ng; z++) {
            mz_dims geo = gl[z];
            for (size_t k = 0; k < NSEEDS; k++) {
                if (a->ctx && k != 1 && k != 3)
                    continue; /* a process a run: one seed a source */
                for (size_t j = 0; j < nvar; j++) {
                    mz_spec spec;
                    if (spec_for(a, &var[j], (mz_shape)s, seeds[k].kind, &spec))
                        vet_gen_one(v, &spec, k, &geo);
                }
            }
        }
        if (a->ctx == NULL)
            vet_gen_alloc(v, (mz_shape)s);
    }
}

/* ---- solvers ---- */

/* Where a solver's path runs: from the entrance to the exit, unless a
 * cell parameter named "from" (or "to") moves an end (flood, pledge). */
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

/* Is there an open wall between cells x and y? */
static bool joined(const mz_grid *g, mz_idx x, mz_idx y)
{
    const unsigned ports = mz_shape_ports(g->shape);
    for (unsigned p = 0; p < ports; p++)
        if (!(g->c[x] & (1u << p)) && mz_port_nbr(g, x, p) == y &&
            !(g->c[y] & (1u << mz_port_back(g, x, p))))
            return true;
    return false;
}

static void check_path(vet *v, const mz_stage *st, const mz_grid *g, const mz_solution *sol,
                       const char *what)
{
    mz_idx from, to;
    path_ends(st, g, &from, &to);
    if (from == g->entrance && to == g->exit) {
        /* the library's own judge of a path (the maze command's too) */
        mz_path_verdict pv;
        mz_status s = mz_path_check(g, sol->path, sol->path_len, &pv);
        if (s == MZ_OK && !pv.valid)
            fail(v, C_PATH, "%s: the path is not a walk from the entrance to the exit: %s at "
                 "cell %" PRIu64 " of %" PRIu64, what, mz_path_fault_name(pv.fault), pv.at,
                 sol->path_len);
        else if (s == MZ_OK && sol->path_steps != (int64_t)pv.steps)
            fail(v, C_PATH, "%s: a path of %" PRIu64 " cells for %" PRId64 " steps", what,
                 sol->path_len, sol->path_steps);
        if (s == MZ_OK)
            return;
    }
    /* a start or an end moved by a parameter: the walk checked here */
    if (sol->path[0] != from)
        fail(v, C_PATH, "%s: the path starts at cell %" PRIu64 ", not at %" PRIu64, what,
             sol->path[0], from);
    else if (sol->path[sol->path_len - 1] != to)
        fail(v, C_PATH, "%s: the path ends at cell %" PRIu64 ", not at %" PRIu64, what,
             sol->path[sol->path_len - 1], to);
    else if (sol->path_steps != (int64_t)sol->path_len - 1)
        fail(v, C_PATH, "%s: a path of %" PRIu64 " cells for %" PRId64 " steps", what,
             sol->path_len, sol->path_steps);
    for (uint64_t k = 1; k < sol->path_len; k++) {
        const mz_idx x = sol->path[k - 1], y = sol->path[k];
        if (x >= g->cells || y >= g->cells || !joined(g, x, y)) {
            fail(v, C_PATH, "%s: step %" PRIu64 " of the path (cell %" PRIu64 " to %" PRIu64
                 ") crosses a wall or leaves the grid", what, k, x, y);
            return;
        }
    }
}

static bool same_solution(const mz_solution *x, const mz_solution *y)
{
    return x->found == y->found && x->path_steps == y->path_steps && x->closed == y->closed &&
           x->steps == y->steps && x->forward == y->forward && x->turns == y->turns &&
           x->path_len == y->path_len &&
           (x->path_len == 0 || memcmp(x->path, y->path, x->path_len * sizeof *x->path) == 0);
}

static void vet_solve_one(vet *v, const mz_stage *stp, bool defaults, const mz_grid *g,
                          const char *maze)
{
    const mz_algo *a = v->a;
    const mz_stage st = *stp;
    char what[1024], name[256];
    mz_stage_format(&st, name, sizeof name);
    snprintf(what, sizeof what, "%s on %s", name, maze);
    const mz_dims geo = mz_grid_dims(g);
    const bool refused = mz_refuses(a, &geo);
    mz_solution sol, again;
    mz_solution_init(&sol, true, NULL);
    mz_solution_init(&again, true, NULL);
    at(v, C_RUNS, what);
    mz_status s = mz_solve(&st, g, NULL, &sol);
    if (refused) {
        if (s != MZ_EUNSUPPORTED)
            fail(v, C_RUNS, "%s: '%s' declares it refuses this grid but returned '%s'", what,
                 a->name, mz_status_str(s));
        goto out;
    }
    if (s == MZ_EOUTSIDE) {
        char why[480];
        outside_failure(v, &sol.extra, "solve_outside_status", why, sizeof why);
        fail(v, C_RUNS, "%s: %s", what, why);
        goto out;
    }
    if (s != MZ_OK) {
        fail(v, C_RUNS, "%s: returned '%s' on a grid it does not declare it refuses", what,
             mz_status_str(s));
        goto out;
    }
    v->answers++;
    mz_idx from, to;
    path_ends(&st, g, &from, &to);
    /* found is a route: its length (a sweep's row would otherwise say
     * found with empty path columns), and its cells, which vet asks for
     * (want_path), as the entry declares: a solver with MZ_F_PATH returns
     * them whenever it finds the exit from the entrance (pledge none from
     * another start), one without (flood) gives figures only */
    if (sol.found && sol.path_steps < 0)
        fail(v, C_PATH, "%s: found, but path_steps is %" PRId64 " and the path has %" PRIu64
             " cells: a row would say found with empty path columns", what, sol.path_steps,
             sol.path_len);
    else if (sol.found && sol.path_len)
        check_path(v, &st, g, &sol, what);
    if (sol.path_len && !(a->flags & MZ_F_PATH))
        fail(v, C_PATH, "%s: returned a path of %" PRIu64 " cells, but the entry declares "
             "figures only (no MZ_F_PATH flag)", what, sol.path_len);
    else if ((a->flags & MZ_F_PATH) && sol.found && sol.path_steps >= 0 && !sol.path_len &&
             from == g->entrance && from != to)
        fail(v, C_PATH, "%s: found, but no path returned, and the entry declares one "
             "(MZ_F_PATH)", what);
    /* the shortest promise holds at the defaults (astar's slope past 1,
     * for one, trades it for speed) */
    if ((a->flags & MZ_F_SHORTEST) && defaults && from == g->entrance && to == g->exit) {
        mz_metrics m;
        if (mz_metrics_compute(g, 1, &m) == MZ_OK) {
            if (sol.found != (m.route >= 0))
                fail(v, C_SHORTEST, "%s: found %s but breadth-first search says the exit is %s",
                     what, sol.found ? "yes" : "no", m.route >= 0 ? "reachable" : "unreachable");
            else if (sol.found && sol.path_steps != m.route)
                fail(v, C_SHORTEST, "%s: a route of %" PRId64 " steps, the shortest is %" PRId64,
                     what, sol.path_steps, m.route);
            else if (sol.found && sol.path_len && sol.path_len != (uint64_t)m.route + 1)
                fail(v, C_SHORTEST, "%s: a path of %" PRIu64 " cells for a %" PRId64
                     "-step route", what, sol.path_len, m.route);
        }
    }
    at(v, C_SAME, what);
    s = mz_solve(&st, g, NULL, &again);
    if (s != MZ_OK || !same_solution(&sol, &again))
        fail(v, C_SAME, "%s: the second run gave %s", what,
             s != MZ_OK ? mz_status_str(s) : "another solution");
    tracer t;
    memset(&t, 0, sizeof t);
    t.ops = a->trace_ops;
    mz_trace tr = {trace_sink, &t, 0};
    at(v, C_TRACE, what);
    s = mz_solve(&st, g, &tr, &again);
    if (s != MZ_OK)
        fail(v, C_TRACE, "%s: traced, the run returned '%s'", what, mz_status_str(s));
    else if (!same_solution(&sol, &again))
        fail(v, C_TRACE, "%s: tracing changed the solution", what);
    trace_verdict(v, &t, &tr, what);
    if (t.n > 0) {
        mzt_failing f = {0, 0, 0};
        mz_allocator al = {mzt_failing_alloc, mzt_failing_free, &f};
        mz_grid view = *g;
        view.mem = &al;
        mz_solution s1;
        mz_solution_init(&s1, true, &al);
        tracer t1;
        memset(&t1, 0, sizeof t1);
        t1.stop_at = 1;
        mz_trace tr1 = {trace_sink, &t1, 0};
        s = mz_solve(&st, &view, &tr1, &s1);
        mz_solution_free(&s1);
        if (s != MZ_EIO)
            fail(v, C_TRACE, "%s: the trace sink said stop at step 1 but the run returned '%s' "
                 "(MZ_EIO expected)", what, mz_status_str(s));
        if (f.live)
            fail(v, C_TRACE, "%s: stopped by its trace sink, the run left %ld block(s)", what,
                 f.live);
    }
out:
    mz_solution_free(&sol);
    mz_solution_free(&again);
}

static void vet_solve_alloc(vet *v, const mz_grid *g, const char *maze)
{
    const mz_stage st = stage_of(v->a);
    const mz_dims geo = mz_grid_dims(g);
    if (mz_refuses(v->a, &geo))
        return;
    char what[600];
    snprintf(what, sizeof what, "%s on %s", v->a->name, maze);
    at(v, C_ALLOC, what);
    for (long n = 1; n <= 100000; n++) {
        mzt_failing f = {0, n, 0};
        mz_allocator al = {mzt_failing_alloc, mzt_failing_free, &f};
        mz_grid view = *g; /* the maze's cells, the failing allocator */
        view.mem = &al;
        mz_solution sol;
        mz_solution_init(&sol, true, &al);
        mz_status s = mz_solve(&st, &view, NULL, &sol);
        mz_solution_free(&sol);
        if (f.live) {
            fail(v, C_ALLOC, "%s on %s: %ld block(s) leaked when allocation %ld failed",
                 v->a->name, maze, f.live, n);
            return;
        }
        if (s == MZ_OK)
            return;
        if (s != MZ_ENOMEM) {
            fail(v, C_ALLOC, "%s on %s: allocation %ld failed and the run returned '%s' "
                 "(MZ_ENOMEM expected)", v->a->name, maze, n, mz_status_str(s));
            return;
        }
    }
    fail(v, C_ALLOC, "%s on %s: still failing after 100000 allocations", v->a->name, maze);
}

static void vet_solver(vet *v)
{
    const mz_algo *a = v->a;
    mz_args var[MAX_VARIANTS];
    const size_t nvar = a->ctx ? 1 : variants_of(a, var, MAX_VARIANTS);
    if (a->ctx)
        mz_args_default(a, &var[0]);
    const mz_algo *braid = mz_find(MZ_POST, "braid");
    for (unsigned s = 0; s < MZ_SHAPE_COUNT; s++) {
        if (!mz_runs_on(a, (mz_shape)s))
            continue;
        const mz_algo *m = maker_for((mz_shape)s);
        if (!m)
            continue;
        mz_dims gl[MAX_GRIDS];
        const size_t ng = grids_of((mz_shape)s, gl);
        if (ng == 0)
            fail(v, C_RUNS, "shape %s has no vet grids (its record's .grids.vet)",
                 mz_shape_name((mz_shape)s));
        for (size_t z = 0; z < ng; z++) {
            mz_dims geo = gl[z];
            for (size_t k = 1; k < (a->ctx ? 2u : 3u); k++) { /* a process a run: one seed */
                for (int loops = 0; loops < 2; loops++) {
                    mz_spec spec;
                    memset(&spec, 0, sizeof spec);
                    spec.rng = seeds[k].kind;
                    spec.n = 1;
                    spec.stage[0] = stage_of(m);
                    if (loops) {
                        if (!braid || !mz_runs_on(braid, (mz_shape)s))
                            continue;
                        spec.n = 2;
                        spec.stage[1] = stage_of(braid);
                    }
                    char maze[512];
                    describe(maze, sizeof maze, &spec, k, &geo);
                    mz_grid g;
                    memset(&g, 0, sizeof g);
                    if (gen_once(&spec, k, &geo, &g, NULL, NULL) == MZ_OK) {
                        for (size_t j = 0; j < nvar; j++) {
                            mz_stage st = stage_of(a);
                            st.args = var[j];
                            vet_solve_one(v, &st, j == 0, &g, maze);
                        }
                        if (a->ctx == NULL && k == 1 && loops == 1 &&
                            (z == (s == MZ_SHAPE_ORTHO ? 4u : 0u)))
                            vet_solve_alloc(v, &g, maze);
                    }
                    mz_grid_free(&g);
                }
            }
        }
    }
}

unsigned mzt_vet(const mz_algo *a, mzt_vet_fn fn, void *user)
{
    return mzt_vet_with(a, fn, user, NULL);
}

unsigned mzt_vet_with(const mz_algo *a, mzt_vet_fn fn, void *user, const mzt_vet_opts *opts)
{
    static const mzt_vet_opts none = {NULL, 0, NULL};
    vet *v = calloc(1, sizeof *v);
    if (!v) {
        fn(user, a, "runs", MZT_VET_FAIL, "out of memory");
        return 1;
    }
    v->a = a;
    v->o = opts ? opts : &none;
    const bool solver = a->kind == MZ_SOLVER;
    if (solver) {
        skip(v, C_WALLS, "a solver (the mazes it reads are checked)");
        skip(v, C_SCRATCH, "a solver");
        skip(v, C_PERFECT, "a solver");
        if (!(a->flags & MZ_F_SHORTEST))
            skip(v, C_SHORTEST, "not flagged shortest");
    } else {
        skip(v, C_PATH, "not a solver");
        skip(v, C_SHORTEST, "not a solver");
        if (a->kind == MZ_POST)
            skip(v, C_PERFECT, "a post-processor");
        else if (!(a->flags & MZ_F_PERFECT))
            skip(v, C_PERFECT, "not flagged perfect");
    }
    if (a->ctx != NULL)
        skip(v, C_ALLOC, "an outside program: its memory is its own, not g->mem's");
    if (solver)
        vet_solver(v);
    else
        vet_gen(v);
    /* no run gave anything to check: those checks did not happen */
    for (int k = C_WALLS; v->answers == 0 && k < C_ALLOC; k++)
        if (!v->c[k].failed && !v->c[k].skip)
            skip(v, k, "no run gave a maze or a solution to check (see runs)");
    unsigned failed = 0;
    for (int k = 0; k < C_COUNT; k++) {
        const check *c = &v->c[k];
        mzt_verdict verdict = c->failed ? MZT_VET_FAIL : c->skip ? MZT_VET_SKIP : MZT_VET_OK;
        failed += verdict == MZT_VET_FAIL;
        fn(user, a, mzt_vet_checks[k], verdict, verdict == MZT_VET_OK ? "" : c->why);
    }
    free(v);
    return failed;
}
