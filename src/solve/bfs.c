/*
 * bfs.c - breadth-first search: the shortest route and its path.
 *
 *   1. Queue the entrance at distance 0.
 *   2. Take cells in queue order; queue each unreached neighbour behind an
 *      open wall (directions 0..3 in order; on other cell shapes the ports
 *      0.. in order) at distance + 1.
 *   3. Stop when the exit is reached. Walk back from the exit to a
 *      neighbour one step nearer, down to the entrance.
 *
 * Only the route and path are wanted, so a cell keeps its distance modulo
 * 3 in two bits (0 = unreached, 1..3 = distance mod 3, plus 1): adjacent
 * cells differ by at most one step, so "one step nearer" is the neighbour
 * whose code is one less, mod 3. A quarter byte a cell plus the queue,
 * whose length is the widest ring.
 * Complexity: O(cells) time.
 * Runs on every cell shape: the same search through mz_port_nbr.
 */
#include "ports.h"
#include "../core/figures.h"

MZ_INLINE unsigned code_get(const uint8_t *m, mz_idx i) { return (m[i >> 2] >> ((i & 3) * 2)) & 3u; }

static unsigned mark_of(const void *m, mz_idx i) { return code_get(m, i); }
MZ_INLINE void code_set(uint8_t *m, mz_idx i, unsigned v) { m[i >> 2] |= (uint8_t)(v << ((i & 3) * 2)); }

/* How far ahead in the queue the search prefetches a cell's walls and
 * marks: on a large maze each queued cell lies in its own cache line. */
#define LOOKAHEAD 16

MZ_INLINE mz_status bfs_search(const mz_grid *g, const mz_shape S, bool fast, uint8_t *mark,
                               mz_queue *q, mz_trace *t, const bool tracing, mz_solution *sol)
{
    const bool any = S != MZ_SHAPE_ORTHO;
    static const unsigned next_code[4] = MZ_RING_NEXT;
    const mz_idx src = g->entrance, dst = g->exit;
    const uint8_t *c = g->c;
    int64_t delta[4];
    mz_dir_deltas(g, delta);
    const uint64_t cols = g->cols;
    int64_t closed = 0;
    code_set(mark, src, 1);
    if (src != dst)
        mz_queue_push(q, src);
    else
        closed = 1;
    bool found = src == dst;
    while (q->len && !found) {
        if (!tracing && !any && q->len > LOOKAHEAD) {
            mz_idx ahead = q->buf[(q->head + LOOKAHEAD) & (q->cap - 1)];
            MZ_PREFETCH(c + ahead);
            MZ_PREFETCHW(mark + (ahead >> 2));
            MZ_PREFETCHW(mark + ((ahead >= cols ? ahead - cols : 0) >> 2));
            MZ_PREFETCHW(mark + ((ahead + cols) >> 2));
        }
        mz_idx i = mz_queue_pop(q);
        closed++;
        unsigned code = next_code[code_get(mark, i)];
        unsigned open = mz_side_open_s(g, S, c[i]);
        if (tracing && mz_trace_emit(t, "close", i, -1, q->len))
            return MZ_EIO;
        const sh_at at = sh_at_of(g, S, i); /* only read on other shapes */
        while (open) {
            unsigned d = (unsigned)__builtin_ctz(open); /* directions in order */
            open &= open - 1;
            mz_idx n = any ? sh_at_nbr(g, S, &at, d) : mz_dir_step(g, fast, delta, i, d);
            if (n == MZ_NONE || code_get(mark, n))
                continue;
            code_set(mark, n, code);
            if (MZ_UNLIKELY(n == dst)) {
                found = true;
                closed++; /* the exit counts as closed, as in A* */
                break;
            }
            if (mz_queue_push(q, n) != MZ_OK)
                return MZ_ENOMEM;
        }
    }
    sol->found = found;
    sol->closed = closed;
    return MZ_OK;
}

/* The search on another cell shape, kept apart from the square one: an
 * untraced copy a shape (its port arithmetic folded in, sh_at), one traced
 * copy for all. */
#define BFS_PORTS(S, NAME)                                                                     \
    MZ_NOINLINE static mz_status bfs_ports_##NAME(const mz_grid *g, uint8_t *mark, mz_queue *q, \
                                                  mz_solution *sol)                           \
    {                                                                                         \
        return bfs_search(g, S, false, mark, q, NULL, false, sol);                            \
    }
#define BFS_PORTS_X(ID, name) BFS_PORTS(MZ_SHAPE_##ID, name)
MZ_SHAPES_BUT_SQUARE(BFS_PORTS_X)
#undef BFS_PORTS_X

MZ_NOINLINE static mz_status bfs_ports(const mz_grid *g, uint8_t *mark, mz_queue *q, mz_trace *t,
                                       mz_solution *sol)
{
    if (t)
        return bfs_search(g, SH_ANY, false, mark, q, t, true, sol);
    switch (g->shape) {
#define BFS_CASE(ID, name) case MZ_SHAPE_##ID: return bfs_ports_##name(g, mark, q, sol);
        MZ_SHAPES_BUT_SQUARE(BFS_CASE)
#undef BFS_CASE
    case MZ_SHAPE_ORTHO:
    case MZ_SHAPE_COUNT: break;
    }
    return bfs_search(g, SH_ANY, false, mark, q, NULL, false, sol);
}

static mz_status bfs_solve(const mz_grid *g, const mz_args *args, mz_trace *t, mz_solution *sol)
{
    (void)args;
    mz_status s0 = mz_solve_begin(g, sol);
    if (s0 != MZ_OK)
        return s0;
    uint8_t *mark = mz_mem_calloc(g->mem, g->cells / 4 + 1, 1);
    mz_queue q;
    if (!mark || mz_queue_init(&q, g->mem, 1024) != MZ_OK) {
        mz_mem_free(g->mem, mark);
        return MZ_ENOMEM;
    }
    const bool fast = g->shape == MZ_SHAPE_ORTHO && mz_grid_border_closed(g);
    mz_status s;
    if (g->shape != MZ_SHAPE_ORTHO)
        s = bfs_ports(g, mark, &q, t, sol);
    else
        s = t ? bfs_search(g, MZ_SHAPE_ORTHO, fast, mark, &q, t, true, sol)
              : bfs_search(g, MZ_SHAPE_ORTHO, fast, mark, &q, NULL, false, sol);
    mz_queue_free(&q);
    /* Walk back from the exit, one ring nearer each time. */
    if (s == MZ_OK && sol->found)
        s = mz_route_back(g, g->c, fast, mark_of, mark, sol);
    mz_mem_free(g->mem, mark);
    return s;
}

static const mz_trace_op bfs_trace_ops[] = {
    {"close", "a cell leaves the queue", MZ_DRAW_CLOSE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_bfs = {
    .name = "bfs",
    .kind = MZ_SOLVER,
    .summary = "breadth-first search: shortest route and path, 2 bits a cell",
    .flags = MZ_F_SHORTEST | MZ_F_PATH,
    .params = NULL,
    .nparams = 0,
    .columns = NULL,
    MZ_FIGURES_bfs, /* data/shape-figures.csv */
    .solve = bfs_solve,
    .trace_ops = bfs_trace_ops,
    .trace_size = "queue length",
    .shapes = MZ_SHAPES_ALL,
};
