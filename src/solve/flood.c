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
 * Not a route finder (flags 0, no path), but when the first flood reaches
 * the exit it sets found and path_steps = the exit's ring, the distance
 * from the start cell to the exit (the route when from is the entrance).
 *
 * Trace: one `ring` step for each ring 1..rings of the first flood (step k
 * is ring k), then one `sweep` step for each ring 1..longest of the second;
 * cell = the ring's first cell, dir empty, size = the ring's cell count.
 * Ring 0, the start, has no step.
 *
 * Memory: one bit a cell plus a FIFO queue as long as the widest ring.
 * Complexity: O(cells) time, two passes.
 * Runs on every cell shape: on other shapes than square cells both floods
 * are mz_topo_ring_sweep's (src/core/topo_metrics.c), through the ports 0..
 * in order in place of directions 0..3, with the same steps.
 */
#include "ports.h"

enum { P_FROM };

#define FLOOD_AHEAD 16

MZ_INLINE mz_status flood_run(const mz_grid *g, mz_idx src, uint64_t *seen, mz_queue *q,
                              const char *op, mz_trace *t, const bool tracing, mz_ring_out *o)
{
    const mz_idx exit = g->exit;
    uint64_t ring = 0, reached = 1, open_sides = 0;
    mz_idx last_first = src;
    int64_t exit_ring = src == exit ? 0 : -1;
    q->head = q->len = 0;
    mz_bit_set(seen, src);
    if (mz_queue_push(q, src) != MZ_OK)
        return MZ_ENOMEM;
    /* The queue holds exactly the current ring when a ring starts. */
    while (q->len) {
        uint64_t width = q->len, next = 0;
        mz_idx next_first = MZ_NONE;
        for (uint64_t k = 0; k < width; k++) {
            /* The queue is the flood's future: fetch the grid byte and the
             * seen words of a cell a few places ahead, so that the misses
             * of a maze scattered over memory overlap. */
            if (q->len > FLOOD_AHEAD) {
                mz_idx a = q->buf[(q->head + FLOOD_AHEAD) & (q->cap - 1)];
                MZ_PREFETCH(&g->c[a]);
                MZ_PREFETCHW(&seen[a >> 6]);
                if (a >= g->cols)
                    MZ_PREFETCHW(&seen[(a - g->cols) >> 6]);
                if (a + g->cols < g->cells)
                    MZ_PREFETCHW(&seen[(a + g->cols) >> 6]);
            }
            mz_idx i = mz_queue_pop(q);
            unsigned open = ~g->c[i] & MZ_WALLS;
            for (unsigned d = 0; d < 4; d++) {
                if (!(open & (1u << d)))
                    continue;
                mz_idx n = mz_neighbour(g, i, d);
                if (n == MZ_NONE)
                    continue;
                open_sides++;
                if (mz_bit_get(seen, n))
                    continue;
                mz_bit_set(seen, n);
                if (next == 0)
                    next_first = n;
                next++;
                if (n == exit)
                    exit_ring = (int64_t)ring + 1;
                if (mz_queue_push(q, n) != MZ_OK)
                    return MZ_ENOMEM;
            }
        }
        if (next == 0)
            break;
        ring++;
        reached += next;
        last_first = next_first;
        if (tracing && mz_trace_emit(t, op, next_first, -1, next))
            return MZ_EIO;
    }
    o->rings = ring;
    o->reached = reached;
    o->passages = open_sides / 2; /* each passage was seen from both ends */
    o->last_first = last_first;
    o->exit_ring = exit_ring;
    return MZ_OK;
}

mz_status mz_ring_sweep(const mz_grid *g, mz_idx src, uint64_t *seen, mz_queue *q,
                        mz_ring_out *o)
{
    if (g->shape != MZ_SHAPE_ORTHO)
        return mz_topo_ring_sweep(g, src, seen, q, o);
    return flood_run(g, src, seen, q, NULL, NULL, false, o);
}

MZ_INLINE mz_status flood_solve_on(const bool any, const mz_grid *g, const mz_args *args,
                                   mz_trace *t, mz_solution *sol)
{
    mz_idx src;
    mz_status s0 = mz_solve_begin_from(g, sol, args->v[P_FROM], &src);
    if (s0 != MZ_OK)
        return s0;
    uint64_t *seen = mz_bits_new(g->mem, g->cells);
    mz_queue q;
    if (!seen || mz_queue_init(&q, g->mem, 1024) != MZ_OK) {
        mz_mem_free(g->mem, seen);
        return MZ_ENOMEM;
    }
    mz_ring_out a, b;
    mz_status s;
    if (any)
        s = mz_topo_ring_sweep_traced(g, src, seen, &q, "ring", t, &a);
    else
        s = t ? flood_run(g, src, seen, &q, "ring", t, true, &a)
              : flood_run(g, src, seen, &q, "ring", NULL, false, &a);
    if (s == MZ_OK) {
        /* The second sweep stays inside the same component: clearing the
         * bits is one pass over the bitset, cheaper than tracking them. */
        memset(seen, 0, (size_t)(g->cells / 64 + 1) * sizeof *seen);
        if (any)
            s = mz_topo_ring_sweep_traced(g, a.last_first, seen, &q, "sweep", t, &b);
        else
            s = t ? flood_run(g, a.last_first, seen, &q, "sweep", t, true, &b)
                  : flood_run(g, a.last_first, seen, &q, "sweep", NULL, false, &b);
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
    .flags = 0,
    .params = flood_params,
    .nparams = 1,
    .columns = flood_columns,
    /* measured: docs/shapes.md, "Memory" */
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 0.25, [MZ_SHAPE_HEX] = 0.25, [MZ_SHAPE_TRI] = 0.25,
                       [MZ_SHAPE_POLAR] = 0.25, [MZ_SHAPE_CUBE] = 0.25, [MZ_SHAPE_WEAVE] = 0.25},
    .solve = flood_solve,
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 2.5, [MZ_SHAPE_HEX] = 2.5, [MZ_SHAPE_TRI] = 2.5,
                             [MZ_SHAPE_POLAR] = 2.5, [MZ_SHAPE_CUBE] = 2.5, [MZ_SHAPE_WEAVE] = 2.5},
    .trace_ops = flood_trace_ops,
    .trace_size = "the ring's cell count",
    .shapes = MZ_SHAPES_ALL,
};
