/*
 * valley.c - detour valley: two-sided distances. Recipe: docs/algorithms.md, board 08.
 *
 *   1. ds = BFS distance from the entrance, dg = BFS distance from the exit.
 *   2. excess[i] = ds[i] + dg[i] - shortest: what a route through i costs
 *      beyond the shortest; 0 exactly on a shortest route.
 *   3. Report the count of zero-excess cells (on a maze without loops, the
 *      route's cells) and the largest finite excess.
 *
 * Memory: two 32-bit distances a cell (grids up to 2^32 - 1 cells).
 * Runs on every cell shape: mz_bfs_dist32 measures any shape, and the path
 * steps through the ports 0.. in order (mz_port_nbr) in place of
 * directions 0..3.
 */
#include "ports.h"
#include "../core/figures.h"

/* The path: from the entrance, step to a zero-excess neighbour one step
 * farther, in direction (port) order. */
MZ_INLINE mz_status valley_path(const mz_grid *g, const bool any, const uint32_t *ds,
                                const uint32_t *dg, mz_solution *sol)
{
    const unsigned sides = any ? mz_shape_ports(g->shape) : 4;
    mz_idx i = g->entrance;
    mz_status s = mz_solution_push(sol, i);
    while (i != g->exit && s == MZ_OK) {
        mz_idx next = MZ_NONE;
        for (unsigned d = 0; d < sides && next == MZ_NONE; d++) {
            if (!mz_sq_is_open(g, i, d))
                continue;
            mz_idx n = any ? mz_port_nbr(g, i, d) : mz_sq_neighbour(g, i, d);
            if (n != MZ_NONE && ds[n] == ds[i] + 1 && dg[n] + 1 == dg[i])
                next = n;
        }
        if (next == MZ_NONE)
            return MZ_EINVAL; /* only walls whose two sides disagree leave no way on */
        i = next;
        s = mz_solution_push(sol, i);
    }
    return s;
}

MZ_NOINLINE static mz_status valley_path_ports(const mz_grid *g, const uint32_t *ds,
                                               const uint32_t *dg, mz_solution *sol)
{
    return valley_path(g, true, ds, dg, sol);
}

static mz_status valley_solve(const mz_grid *g, const mz_args *args, mz_trace *t,
                              mz_solution *sol)
{
    (void)args;
    mz_status s0 = mz_solve_begin(g, sol);
    if (s0 != MZ_OK)
        return s0;
    if (g->cells >= UINT32_MAX)
        return MZ_ETOOBIG;
    uint32_t *ds = mz_alloc_array(g->mem, g->cells, sizeof *ds);
    uint32_t *dg = mz_alloc_array(g->mem, g->cells, sizeof *dg);
    mz_status s = (ds && dg) ? MZ_OK : MZ_ENOMEM;
    if (s == MZ_OK)
        s = mz_bfs_dist32(g, g->entrance, ds);
    if (s == MZ_OK)
        s = mz_bfs_dist32(g, g->exit, dg);
    if (s == MZ_OK) {
        uint32_t shortest = ds[g->exit];
        sol->found = shortest != UINT32_MAX;
        int64_t zero = 0, max_excess = -1;
        if (sol->found) {
            sol->path_steps = shortest;
            for (mz_idx i = 0; i < g->cells; i++) {
                if (ds[i] == UINT32_MAX || dg[i] == UINT32_MAX)
                    continue;
                int64_t excess = (int64_t)ds[i] + dg[i] - shortest;
                if (excess == 0)
                    zero++;
                if (excess > max_excess)
                    max_excess = excess;
                if (t && mz_trace_emit(t, "excess", i, -1, (uint64_t)excess)) {
                    s = MZ_EIO;
                    break;
                }
            }
            /* The path: from the entrance, step to a zero-excess neighbour
             * one step farther, in direction order. */
            if (s == MZ_OK && sol->want_path)
                s = g->shape != MZ_SHAPE_ORTHO ? valley_path_ports(g, ds, dg, sol)
                                               : valley_path(g, false, ds, dg, sol);
        }
        mz_extra_int(&sol->extra, "zero_excess", zero);
        mz_extra_int(&sol->extra, "max_excess", max_excess);
    }
    mz_mem_free(g->mem, ds);
    mz_mem_free(g->mem, dg);
    return s;
}

static const char *const valley_columns[] = {"zero_excess", "max_excess", NULL};

static const mz_trace_op valley_trace_ops[] = {
    {"excess", "one reached cell and its detour excess", MZ_DRAW_EXCESS},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_valley = {
    .name = "valley",
    .kind = MZ_SOLVER,
    .summary = "detour valley: excess of every cell over the shortest route (board 08)",
    .flags = MZ_F_SHORTEST | MZ_F_PATH,
    .params = NULL,
    .nparams = 0,
    .columns = valley_columns,
    MZ_FIGURES_valley, /* data/shape-figures.csv */
    .solve = valley_solve,
    .trace_ops = valley_trace_ops,
    .trace_size = "the cell's excess",
    .shapes = MZ_SHAPES_ALL,
};
