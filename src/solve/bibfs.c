/*
 * bibfs.c - bidirectional breadth-first search. docs/catalogue-solvers.md.
 *
 *   1. Label the entrance (forward side) and the exit (backward side) at
 *      distance 0; each side has its own FIFO queue.
 *   2. Expand one whole ring of the side whose queue is shorter (forward
 *      on a tie): take each of its cells in queue order and look through
 *      its open walls (directions 0..3 in order). An unlabelled neighbour
 *      gets the side's label at distance + 1 and is queued; a neighbour
 *      labelled by the other side is the meeting: stop.
 *   3. A side whose queue runs dry has filled its component without
 *      meeting the other: the exit is unreachable.
 *   4. The route is the forward walk back from the meeting's forward cell
 *      to the entrance, reversed, then the backward walk from its backward
 *      cell to the exit, each stepping to a neighbour of the same side one
 *      ring nearer.
 *
 * Shortest: with the forward side labelled out to ring a (ring a not yet
 * expanded) and the backward side to ring b, no meeting so far means no
 * route of a + b steps or fewer. Expanding ring a, a meeting neighbour n
 * is at backward distance b exactly (had it been nearer, its own expansion
 * would have labelled or met the forward cell first), so the first meeting
 * gives a + 1 + b, the shortest route. The entry is flagged shortest.
 *
 * A cell keeps half a byte: its side and its distance mod 3 plus 1 (as
 * bfs, adjacent cells differ by at most one ring, so the neighbour one
 * ring nearer has the code one less, mod 3).
 * Reports closed (cells taken from the queues, both sides), closed_fwd and
 * closed_bwd. On a maze whose route is long compared with its width the
 * two searches meet after about half of bfs's work; in an open braided
 * maze, far less.
 * Trace: one `close` step a cell taken from a queue, dir 1 for the forward
 * side and 3 for the backward one, size = that side's queue length.
 * Memory: half a byte a cell plus the two queues.
 * Runs on every cell shape: the same search through the ports 0.. in
 * order (mz_port_nbr) in place of directions 0..3.
 */
#include "ports.h"
#include "../core/figures.h"

#define SIDE_BWD 4u

MZ_INLINE unsigned nib_get(const uint8_t *m, mz_idx i) { return (m[i >> 1] >> ((i & 1) * 4)) & 15u; }
MZ_INLINE void nib_set(uint8_t *m, mz_idx i, unsigned v) { m[i >> 1] |= (uint8_t)(v << ((i & 1) * 4)); }

typedef struct meet {
    bool found;
    mz_idx a, b; /* the forward and the backward cell of the meeting */
    int64_t closed[2];
} meet;

MZ_INLINE mz_status search(const mz_grid *g, const bool any, bool fast, uint8_t *m, mz_queue q[2],
                           mz_trace *t, const bool tracing, meet *o)
{
    static const unsigned next_code[4] = MZ_RING_NEXT;
    int64_t delta[4];
    mz_dir_deltas(g, delta);
    const uint8_t *c = g->c;
    nib_set(m, g->entrance, 1);
    nib_set(m, g->exit, 1 | SIDE_BWD);
    if (mz_queue_push(&q[0], g->entrance) != MZ_OK || mz_queue_push(&q[1], g->exit) != MZ_OK)
        return MZ_ENOMEM;
    while (q[0].len && q[1].len) {
        const unsigned side = q[1].len < q[0].len;
        const unsigned label = side ? SIDE_BWD : 0;
        mz_queue *qs = &q[side];
        for (uint64_t width = qs->len; width; width--) {
            mz_idx i = mz_queue_pop(qs);
            o->closed[side]++;
            if (tracing && mz_trace_emit(t, "close", i, side ? 3 : 1, qs->len))
                return MZ_EIO;
            unsigned code = next_code[nib_get(m, i) & 3];
            unsigned open = mz_side_open(g, any, c[i]);
            while (open) {
                unsigned d = (unsigned)__builtin_ctz(open);
                open &= open - 1;
                mz_idx n = mz_side_step(g, any, fast, delta, i, d);
                if (n == MZ_NONE)
                    continue;
                unsigned v = nib_get(m, n);
                if (v) {
                    if ((v & SIDE_BWD) != label) {
                        o->found = true;
                        o->a = side ? n : i;
                        o->b = side ? i : n;
                        return MZ_OK;
                    }
                    continue;
                }
                nib_set(m, n, code | label);
                if (mz_queue_push(qs, n) != MZ_OK)
                    return MZ_ENOMEM;
            }
        }
    }
    return MZ_OK;
}

/* The whole nibble: the ring code and the side (a walk stays on its side). */
static unsigned mark_of(const void *m, mz_idx i) { return nib_get(m, i); }

MZ_INLINE mz_status bibfs_solve_on(const bool any, const mz_grid *g, const mz_args *args, mz_trace *t, mz_solution *sol)
{
    (void)args;
    mz_status s0 = mz_solve_begin(g, sol);
    if (s0 != MZ_OK)
        return s0;
    const bool fast = !any && mz_grid_border_closed(g);
    meet o;
    memset(&o, 0, sizeof o);
    if (g->entrance == g->exit) {
        sol->found = true;
        sol->closed = 1;
        sol->path_steps = 0;
        o.closed[0] = 1;
        mz_status s = sol->want_path ? mz_solution_push(sol, g->entrance) : MZ_OK;
        if (s != MZ_OK)
            return s;
    } else {
        uint8_t *m = mz_mem_calloc(g->mem, g->cells / 2 + 1, 1);
        mz_queue q[2];
        memset(q, 0, sizeof q);
        if (!m || mz_queue_init(&q[0], g->mem, 1024) != MZ_OK ||
            mz_queue_init(&q[1], g->mem, 1024) != MZ_OK) {
            mz_queue_free(&q[0]);
            mz_mem_free(g->mem, m);
            return MZ_ENOMEM;
        }
        mz_status s = t ? search(g, any, fast, m, q, t, true, &o)
                        : search(g, any, fast, m, q, NULL, false, &o);
        mz_queue_free(&q[0]);
        mz_queue_free(&q[1]);
        if (s == MZ_OK && o.found) {
            /* The forward half is walked back from the meeting, so it is
             * pushed first and reversed in place. */
            if (sol->want_path)
                s = mz_solution_push(sol, o.a);
            int64_t fa = mz_walk_rings(g, g->c, fast, o.a, g->entrance, mark_of, m,
                                       sol->want_path, sol, &s);
            if (s == MZ_OK && sol->want_path) {
                mz_path_reverse(sol);
                s = mz_solution_push(sol, o.b);
            }
            int64_t fb = s == MZ_OK ? mz_walk_rings(g, g->c, fast, o.b, g->exit, mark_of, m,
                                                    sol->want_path, sol, &s)
                                    : 0;
            if (s == MZ_OK && (fa < 0 || fb < 0))
                s = MZ_EINVAL; /* walls that disagree: no way back */
            sol->path_steps = fa + 1 + fb;
        }
        mz_mem_free(g->mem, m);
        if (s != MZ_OK)
            return s;
        sol->found = o.found;
        sol->closed = o.closed[0] + o.closed[1];
    }
    mz_extra_int(&sol->extra, "closed_fwd", o.closed[0]);
    mz_extra_int(&sol->extra, "closed_bwd", o.closed[1]);
    return MZ_OK;
}

MZ_SOLVE_BY_SHAPE(bibfs)

static const char *const bibfs_columns[] = {"closed_fwd", "closed_bwd", NULL};

static const mz_trace_op bibfs_trace_ops[] = {
    {"close", "a cell leaves its side's queue; dir 1 for the entrance side, 3 for the exit side", MZ_DRAW_CLOSE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_bibfs = {
    .name = "bibfs",
    .kind = MZ_SOLVER,
    .summary = "bidirectional breadth-first search: shortest route, both ends meet halfway",
    .flags = MZ_F_SHORTEST | MZ_F_PATH,
    .params = NULL,
    .nparams = 0,
    .columns = bibfs_columns,
    MZ_FIGURES_bibfs, /* data/shape-figures.csv */
    .solve = bibfs_solve,
    .trace_ops = bibfs_trace_ops,
    .trace_size = "that side's queue length after the pop",
    .shapes = MZ_SHAPES_ALL,
};
