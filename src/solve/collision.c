/*
 * collision.c - the collision solver: flood from the entrance down every
 * passage at once, then keep every shortest route. docs/catalogue-solvers.md.
 *
 *   1. Flood from the entrance ring by ring (a breadth-first search,
 *      directions 0..3 in order), a cell keeping its distance mod 3 plus
 *      1, until the exit is reached. Where two floods arrive at one cell in
 *      the same ring, or meet head-on in a passage, they collide: no route
 *      through that meeting is shorter than the ring it happened in, and
 *      the passages the later arrivals used carry no shortest route.
 *   2. From the exit, walk the flood back: a cell one ring nearer the
 *      entrance through an open wall is a predecessor, and every
 *      predecessor of a kept cell is kept. The kept cells are exactly the
 *      cells that lie on some shortest route (distance from the entrance
 *      plus distance to the exit equal to the route), which is what the
 *      collision walls leave open: all the shortest solutions at once.
 *   3. The route returned is the kept walk that takes the lowest direction
 *      at each fork, back from the exit (as bfs), reversed.
 * Shortest by construction; the entry is flagged shortest.
 *
 * Reports: closed (cells the flood took from its queue, the exit included,
 * as bfs), shortest_cells (cells on some shortest route) and forks (kept
 * cells with two or more kept predecessors: where shortest routes part,
 * seen from the exit). On a perfect maze shortest_cells = route + 1 and
 * forks = 0.
 * Trace: `close` for each cell the flood takes from its queue (size = the
 * queue's length), then `keep` for each kept cell (size = cells kept so
 * far).
 * Memory: half a byte a cell plus the flood's queue.
 * Runs on every cell shape: the same flood and walk back through the
 * ports 0.. in order (mz_port_nbr); a keep step's dir is then the port of
 * the kept cell toward the exit.
 */
#include "ports.h"
#include "../core/figures.h"

#define KEPT 4u

MZ_INLINE unsigned nib_get(const uint8_t *m, mz_idx i) { return (m[i >> 1] >> ((i & 1) * 4)) & 15u; }
MZ_INLINE void nib_or(uint8_t *m, mz_idx i, unsigned v) { m[i >> 1] |= (uint8_t)(v << ((i & 1) * 4)); }


static const unsigned next_code[4] = MZ_RING_NEXT;
static const unsigned prev_code[4] = MZ_RING_PREV;

MZ_INLINE mz_status flood(const mz_grid *g, const bool any, bool fast, uint8_t *m, mz_queue *q,
                          mz_trace *t, const bool tracing, bool *found, int64_t *closed_out)
{
    int64_t delta[4];
    mz_dir_deltas(g, delta);
    const mz_idx src = g->entrance, dst = g->exit;
    int64_t closed = 0;
    *found = src == dst;
    nib_or(m, src, 1);
    if (*found)
        closed = 1;
    else if (mz_queue_push(q, src) != MZ_OK)
        return MZ_ENOMEM;
    while (q->len && !*found) {
        mz_idx i = mz_queue_pop(q);
        closed++;
        if (tracing && mz_trace_emit(t, "close", i, -1, q->len))
            return MZ_EIO;
        unsigned code = next_code[nib_get(m, i) & 3];
        unsigned open = mz_side_open(g, any, g->c[i]);
        while (open) {
            unsigned d = (unsigned)__builtin_ctz(open);
            open &= open - 1;
            mz_idx n = mz_side_step(g, any, fast, delta, i, d);
            if (n == MZ_NONE || (nib_get(m, n) & 3))
                continue;
            nib_or(m, n, code);
            if (n == dst) {
                *found = true;
                closed++;
                break;
            }
            if (mz_queue_push(q, n) != MZ_OK)
                return MZ_ENOMEM;
        }
    }
    *closed_out = closed;
    return MZ_OK;
}

/* Keep the exit and every predecessor of a kept cell, ring by ring back
 * to the entrance, through the queue. */
MZ_INLINE mz_status keep(const mz_grid *g, const bool any, bool fast, uint8_t *m, mz_queue *q,
                         mz_trace *t, const bool tracing, uint64_t *kept_out, uint64_t *forks_out)
{
    int64_t delta[4];
    mz_dir_deltas(g, delta);
    uint64_t kept = 1, forks = 0;
    q->head = q->len = 0;
    nib_or(m, g->exit, KEPT);
    if (tracing && mz_trace_emit(t, "keep", g->exit, -1, kept))
        return MZ_EIO;
    if (mz_queue_push(q, g->exit) != MZ_OK)
        return MZ_ENOMEM;
    while (q->len) {
        mz_idx i = mz_queue_pop(q);
        if (i == g->entrance)
            continue;
        unsigned want = prev_code[nib_get(m, i) & 3];
        unsigned open = mz_side_open(g, any, g->c[i]), preds = 0;
        while (open) {
            unsigned d = (unsigned)__builtin_ctz(open);
            open &= open - 1;
            mz_idx n = mz_side_step(g, any, fast, delta, i, d);
            if (n == MZ_NONE)
                continue;
            unsigned v = nib_get(m, n);
            if ((v & 3) != want)
                continue;
            preds++;
            if (v & KEPT)
                continue;
            nib_or(m, n, KEPT);
            kept++;
            int back = any ? (int)mz_port_back(g, i, d) : (int)mz_sq_opposite(d);
            if (tracing && mz_trace_emit(t, "keep", n, back, kept))
                return MZ_EIO;
            if (mz_queue_push(q, n) != MZ_OK)
                return MZ_ENOMEM;
        }
        forks += preds >= 2;
    }
    *kept_out = kept;
    *forks_out = forks;
    return MZ_OK;
}

/* The whole nibble: the ring code and the kept flag (the route is kept). */
static unsigned mark_of(const void *m, mz_idx i) { return nib_get(m, i); }

MZ_INLINE mz_status collision_solve_on(const bool any, const mz_grid *g, const mz_args *args,
                                       mz_trace *t, mz_solution *sol)
{
    (void)args;
    mz_status s0 = mz_solve_begin(g, sol);
    if (s0 != MZ_OK)
        return s0;
    uint8_t *m = mz_mem_calloc(g->mem, g->cells / 2 + 1, 1);
    mz_queue q;
    if (!m || mz_queue_init(&q, g->mem, 1024) != MZ_OK) {
        mz_mem_free(g->mem, m);
        return MZ_ENOMEM;
    }
    const bool fast = !any && mz_grid_border_closed(g);
    bool found = false;
    int64_t closed = 0;
    uint64_t kept = 0, forks = 0;
    mz_status s = t ? flood(g, any, fast, m, &q, t, true, &found, &closed)
                    : flood(g, any, fast, m, &q, NULL, false, &found, &closed);
    if (s == MZ_OK && found)
        s = t ? keep(g, any, fast, m, &q, t, true, &kept, &forks)
              : keep(g, any, fast, m, &q, NULL, false, &kept, &forks);
    mz_queue_free(&q);
    if (s == MZ_OK && found)
        s = mz_route_back(g, g->c, fast, mark_of, m, sol);
    mz_mem_free(g->mem, m);
    if (s != MZ_OK)
        return s;
    sol->found = found;
    sol->closed = closed;
    mz_extra_int(&sol->extra, "shortest_cells", (int64_t)kept);
    mz_extra_int(&sol->extra, "forks", (int64_t)forks);
    return MZ_OK;
}

MZ_SOLVE_BY_SHAPE(collision)

static const char *const collision_columns[] = {"shortest_cells", "forks", NULL};

static const mz_trace_op collision_trace_ops[] = {
    {"close", "the flood from the entrance takes a cell from its queue", MZ_DRAW_CLOSE},
    {"keep", "a cell on some shortest route is kept, walking back from the exit; dir = the way "
             "toward the exit", MZ_DRAW_MARK},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_collision = {
    .name = "collision",
    .kind = MZ_SOLVER,
    .summary = "collision solver: flood from the entrance, keep every shortest route (shortest)",
    .flags = MZ_F_SHORTEST | MZ_F_PATH,
    .params = NULL,
    .nparams = 0,
    .columns = collision_columns,
    MZ_FIGURES_collision, /* data/shape-figures.csv */
    .solve = collision_solve,
    .trace_ops = collision_trace_ops,
    .trace_size = "queue length (close), cells kept so far (keep)",
    .shapes = MZ_SHAPES_ALL,
};
