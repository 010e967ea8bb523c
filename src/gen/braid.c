/*
 * braid.c - braiding: reopen dead ends into loops. A post-processor.
 * Recipe: docs/algorithms.md, board 04.
 *
 *   1. A second source rnd = mulberry32(seed + offset) (offset 1 by default;
 *      the run's own kind of source: splitmix64(seed + offset) under
 *      splitmix64). Its draws count among the run's (run->draws).
 *   2. Scan cells 0..cells-1 once, in order. For each cell that is a dead
 *      end at that moment: draw rnd() (even when keep is 0); if < keep,
 *      leave it.
 *   3. Otherwise splice: shut = directions, in order, with an in-grid
 *      neighbour behind a closed wall; dead = those whose neighbour is a
 *      dead end now; pool = dead if non-empty else shut; knock toward
 *      pool[pick(len)].
 *
 * Blocked cells are never spliced into (they are rock, not hedge).
 * Complexity: O(cells), no memory beyond the grid.
 *
 * Other shapes (shape_common.h): the same scan through ports. A dead end
 * is a cell with one open port (mz_port_degree); shut = the ports
 * 0..ports-1, in order, whose wall may be opened now (mz_port_can_open:
 * the neighbour exists and, on a weave grid, the crossing rules hold, so
 * a splice may pass under a straight corridor). Same draws, same trace
 * (dir = the port).
 */
#include "shape_common.h"
#include "../core/figures.h"

enum { P_KEEP, P_OFFSET };

MZ_INLINE mz_status braid_scan(mz_grid *g, double keep, mz_rng *rng, mz_trace *t,
                               const bool tracing, const mz_rng_kind rk, uint64_t *splices_out)
{
    uint64_t splices = 0, dead_left = 0;
    if (tracing)
        for (mz_idx i = 0; i < g->cells; i++)
            dead_left += !(g->c[i] & MZ_BLOCKED) && mz_sq_open_sides(g, i) == 1;
    for (mz_idx i = 0; i < g->cells; i++) {
        if ((g->c[i] & MZ_BLOCKED) || mz_sq_open_sides(g, i) != 1)
            continue;
        if (mz_rngk_unit(rng, rk) < keep)
            continue;
        unsigned shut[4], dead[4], ns = 0, nd = 0;
        for (unsigned d = 0; d < 4; d++) {
            if (mz_sq_is_open(g, i, d))
                continue;
            mz_idx n = mz_sq_neighbour(g, i, d);
            if (n == MZ_NONE || (g->c[n] & MZ_BLOCKED))
                continue;
            shut[ns++] = d;
            if (mz_sq_open_sides(g, n) == 1)
                dead[nd++] = d;
        }
        if (ns == 0)
            continue; /* a 1xN corridor end: nothing to open */
        unsigned d = nd ? dead[mz_rngk_pick(rng, nd, rk)] : shut[mz_rngk_pick(rng, ns, rk)];
        mz_idx n = mz_sq_neighbour(g, i, d);
        if (tracing) {
            unsigned before = mz_sq_open_sides(g, n);
            mz_sq_knock(g, i, d);
            dead_left -= 1;                  /* i had one open side, now two */
            dead_left -= before == 1;        /* n stops being a dead end */
            dead_left += before == 0;        /* an isolated n becomes one */
        } else {
            mz_sq_knock(g, i, d);
        }
        splices++;
        if (tracing && mz_trace_emit(t, "splice", i, (int)d, dead_left))
            return MZ_EIO;
    }
    *splices_out = splices;
    return MZ_OK;
}

MZ_INLINE mz_status braid_shape_scan(mz_grid *g, double keep, mz_rng *rng, mz_trace *t,
                                     const bool tracing, const mz_rng_kind rk,
                                     uint64_t *splices_out)
{
    const unsigned ports = mz_shape_ports(g->shape);
    uint64_t splices = 0, dead_left = 0;
    if (tracing)
        for (mz_idx i = 0; i < g->cells; i++)
            dead_left += mz_port_degree(g, i) == 1;
    for (mz_idx i = 0; i < g->cells; i++) {
        if (mz_port_degree(g, i) != 1)
            continue;
        if (mz_rngk_unit(rng, rk) < keep)
            continue;
        unsigned shut[SH_MAX_PORTS], dead[SH_MAX_PORTS], ns = 0, nd = 0;
        for (unsigned p = 0; p < ports; p++) {
            if (!mz_port_can_open(g, i, p))
                continue;
            shut[ns++] = p;
            if (mz_port_degree(g, mz_port_nbr(g, i, p)) == 1)
                dead[nd++] = p;
        }
        if (ns == 0)
            continue; /* nothing to open: a strip's end, a weave cell boxed in by crossings */
        const unsigned p = nd ? dead[mz_rngk_pick(rng, nd, rk)] : shut[mz_rngk_pick(rng, ns, rk)];
        const mz_idx n = mz_port_nbr(g, i, p);
        const unsigned before = tracing ? mz_port_degree(g, n) : 0;
        mz_port_knock(g, i, p);
        if (tracing) {
            dead_left -= 1;
            dead_left -= before == 1;
            dead_left += before == 0;
        }
        splices++;
        if (tracing && mz_trace_emit(t, "splice", i, (int)p, dead_left))
            return MZ_EIO;
    }
    *splices_out = splices;
    return MZ_OK;
}

static mz_status braid_post(mz_grid *g, const mz_args *args, mz_run *run)
{
    /* Its own stream of the run's source, offset seeds on: for mulberry32
     * the seed plus the offset mod 2^32, as the article defines it. */
    mz_rng rng;
    mz_rng_init(&rng, (mz_rng_kind)run->rng->kind, run->seed + (uint64_t)args->v[P_OFFSET]);
    uint64_t splices = 0;
    double keep = args->v[P_KEEP];
    const mz_rng_kind kind = (mz_rng_kind)rng.kind;
    mz_status s;
    /* Untraced scans are specialised on the source's kind; a traced one
     * reads it as it goes. */
    if (g->shape != MZ_SHAPE_ORTHO) {
        if (run->trace)
            s = braid_shape_scan(g, keep, &rng, run->trace, true, kind, &splices);
        else if (kind == MZ_RNG_MULBERRY32)
            s = braid_shape_scan(g, keep, &rng, NULL, false, MZ_RNG_MULBERRY32, &splices);
        else
            s = braid_shape_scan(g, keep, &rng, NULL, false, MZ_RNG_SPLITMIX64, &splices);
    } else {
        if (run->trace)
            s = braid_scan(g, keep, &rng, run->trace, true, kind, &splices);
        else if (kind == MZ_RNG_MULBERRY32)
            s = braid_scan(g, keep, &rng, NULL, false, MZ_RNG_MULBERRY32, &splices);
        else
            s = braid_scan(g, keep, &rng, NULL, false, MZ_RNG_SPLITMIX64, &splices);
    }
    /* Its stream's draws count among the run's. */
    run->draws += mz_rng_draws(&rng);
    if (s == MZ_OK)
        mz_extra_int(run->extra, "splices", (int64_t)splices);
    return s;
}

static const mz_param_def braid_params[] = {
    {"keep", MZ_P_REAL, 0.0, 0.0, 1.0, NULL, "chance to leave a dead end as it is"},
    {"offset", MZ_P_INT, 1.0, 0.0, 4294967295.0, NULL, "seed offset of its own random source"},
};

static const char *const braid_columns[] = {"splices", NULL};

static const mz_trace_op braid_trace_ops[] = {
    {"splice", "a dead end is reopened into a loop; dir = the wall knocked", MZ_DRAW_SPLICE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_braid = {
    .name = "braid",
    .kind = MZ_POST,
    .summary = "reopen dead ends into loops, keeping each with chance keep (board 04)",
    .flags = 0,
    .params = braid_params,
    .nparams = 2,
    .columns = braid_columns,
    MZ_FIGURES_braid, /* data/shape-figures.csv */
    .gen = braid_post,
    .shapes = SH_ALL_BUT_SQUARE,
    .trace_ops = braid_trace_ops,
    .trace_size = "dead ends left",
};
