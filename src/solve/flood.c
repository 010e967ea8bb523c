/*
 * flood.c - distance flood, ring by ring, and a double sweep.
 * Recipe: docs/algorithms.md, board 05.
 *
 *   1. Ring 0 is the start cell (param from: the entrance by default, or
 *      a cell index, or centre). Each next ring is the unvisited cells
 *      behind the open walls of the current ring (cells in ring order,
 *      directions 0..3 in order). rings = the distance of the last
 *      non-empty ring; reached = the cells of all rings.
 *   2. farthest_cell = the cell of the last ring; when the last ring holds
 *      several, the first of them in ring order (the order in which the
 *      flood reached them).
 *   3. Flood again from farthest_cell: longest = its ring count,
 *      longest_end = the first cell of its last ring. This double sweep
 *      gives the longest path of the start's component exactly when that
 *      component has no loops (passages == reached - 1, passages counted
 *      within the component during the first flood); longest_exact says
 *      so (1), and 0 means longest is only a lower bound.
 *
 * Not a route finder: it gives figures only (no MZ_F_PATH), so sol->path
 * stays empty even when want_path is set. When the first flood reaches
 * the exit it sets found and path_steps = the exit's ring, the distance
 * from the start cell to the exit (the route's length when from is the
 * entrance).
 *
 * Trace: one `ring` step for each ring 1..rings of the first flood (step k
 * is ring k), then one `sweep` step for each ring 1..longest of the second;
 * cell = the ring's first cell, dir empty, size = the ring's cell count.
 * Ring 0, the start, has no step.
 *
 * Memory: one bit a cell plus a FIFO queue as long as the widest ring.
 * Complexity: O(cells) time, two passes.
 * Runs on every cell shape: both floods are the ring sweep of
 * src/core/ring.h (as mz_ring_sweep), on other shapes through
 * the ports 0.. in order in place of directions 0..3, with the same steps.
 */
#include "../core/ring.h"
#include "ports.h"
#include "../core/figures.h"

enum { P_FROM };

/* Both floods are the ring sweep of src/core/ring.h: its square path
 * inlined here with and without the trace, its ports path out of line. */
MZ_INLINE mz_status flood_sweep(const bool any, const mz_grid *g, mz_idx src, uint64_t *seen,
                                mz_queue *q, const char *op, mz_trace *t, mz_ring_out *o)
{
    if (any)
        return mz_ring_sweep_ports(g, src, seen, q, op, t, o);
    return t ? mz_ring_run_square(g, src, seen, q, op, t, true, o)
             : mz_ring_run_square(g, src, seen, q, op, NULL, false, o);
}

MZ_INLINE mz_status flood_solve_on(const bool any, const mz_grid *g, const mz_args *args,
                                   mz_trace *t, mz_solution *sol)
{
    mz_idx src;
    mz_status s0 = mz_solve_begin_from(g, sol, args->v[P_FROM], &src);
    if (s0 != MZ_OK)
        return s0;
    mz_queue q;
    uint64_t *seen = mz_sweep_alloc(g->mem, g->cells, &q);
    if (!seen)
        return MZ_ENOMEM;
    mz_ring_out a, b;
    mz_status s = flood_sweep(any, g, src, seen, &q, "ring", t, &a);
    if (s == MZ_OK) {
        /* The second sweep stays inside the same component: clearing the
         * bits is one pass over the bitset, cheaper than tracking them. */
        memset(seen, 0, (size_t)(g->cells / 64 + 1) * sizeof *seen);
        s = flood_sweep(any, g, a.last_first, seen, &q, "sweep", t, &b);
    }
    mz_queue_free(&q);
    mz_mem_free(g->mem, seen);
    if (s != MZ_OK)
        return s;
    sol->found = a.exit_ring >= 0;
    sol->path_steps = a.exit_ring;
    mz_extra_int(&sol->extra, "rings", (int64_t)a.rings);
    mz_extra_int(&sol->extra, "reached", (int64_t)a.reached);
    mz_extra_int(&sol->extra, "farthest_cell", (int64_t)a.last_first);
    mz_extra_int(&sol->extra, "longest", (int64_t)b.rings);
    mz_extra_int(&sol->extra, "longest_end", (int64_t)b.last_first);
    mz_extra_bool(&sol->extra, "longest_exact", a.passages + 1 == a.reached);
    return MZ_OK;
}

MZ_SOLVE_BY_SHAPE(flood)

static const mz_param_def flood_params[] = {
    {"from", MZ_P_CELL, MZ_CELL_ENTRANCE, 0, 0, NULL, "the cell the first flood starts from"},
};

static const char *const flood_columns[] = {"rings", "reached", "farthest_cell", "longest",
                                            "longest_end", "longest_exact", NULL};

static const mz_trace_op flood_trace_ops[] = {
    {"ring", "a ring of the first flood (rings 1..); cell = its first cell", MZ_DRAW_RING},
    {"sweep", "a ring of the second flood; cell = its first cell", MZ_DRAW_SWEEP},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_flood = {
    .name = "flood",
    .kind = MZ_SOLVER,
    .summary = "distance flood ring by ring, then a second flood from the farthest cell (board 05)",
    .flags = 0, /* figures only: found and path_steps, never a path (no MZ_F_PATH) */
    .params = flood_params,
    .nparams = 1,
    .columns = flood_columns,
    MZ_FIGURES_flood, /* data/shape-figures.csv */
    .solve = flood_solve,
    .trace_ops = flood_trace_ops,
    .trace_size = "the ring's cell count",
    .shapes = MZ_SHAPES_ALL,
};
