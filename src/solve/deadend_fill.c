/*
 * deadend_fill.c - dead-end filling, then a breadth-first search of what
 * is left. docs/catalogue-solvers.md.
 *
 *   1. Copy the walls into a work byte a cell (a blocked cell counts as
 *      filled from the start; an open wall that leads off the grid counts
 *      as closed).
 *   2. Scan the cells in index order. A cell that is not filled, is
 *      neither the entrance nor the exit, and has at most one open side
 *      is a dead end: fill it, close its one open side from the other
 *      side too, and step into that neighbour; if the neighbour is now a
 *      dead end (and not the entrance or the exit), fill it as well, and
 *      so on down the corridor until a junction. Each fill removes one
 *      side from at most one cell, so a corridor is a loop, not a stack.
 *   3. What is left is every cell that lies on some simple walk from the
 *      entrance to the exit (a cell of a dead-end branch can lie on none,
 *      and filling never removes a cell that can): on a perfect maze
 *      exactly the route, on a braided maze the route plus the loops it
 *      could take. A breadth-first search confined to the cells left picks
 *      the shortest of them (as bfs does, distance mod 3 in two bits of the
 *      work byte), and since every simple walk survives, that is a
 *      shortest route of the whole maze: the entry is flagged shortest.
 *
 * Reports: filled (cells filled) and remaining (open cells not filled);
 * closed is the route search's closed count (the exit included, as bfs).
 * Trace: one `fill` step a filled cell (dir = the side it opened onto, -1
 * for an isolated cell; size = cells filled so far), then one `close` step
 * a cell the route search closes (size = the queue's length).
 *
 * Memory: one byte a cell plus the route search's queue.
 * Complexity: O(cells) time; every cell is filled at most once.
 */
#include "../core/internal.h"

#define FILLED 0x10u
#define CODE_SHIFT 5

/* Not filled and at most one open side: a dead end (or an isolated cell). */
static const uint8_t dead_end[32] = {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 1};

MZ_INLINE unsigned code_get(const uint8_t *w, mz_idx i) { return (w[i] >> CODE_SHIFT) & 3u; }

MZ_INLINE mz_idx step_to(const mz_grid *g, bool fast, const int64_t *delta, mz_idx i, unsigned d)
{
    return fast ? (mz_idx)((int64_t)i + delta[d]) : mz_neighbour(g, i, d);
}

MZ_INLINE mz_status fill(const mz_grid *g, bool fast, uint8_t *w, mz_trace *t, const bool tracing,
                         uint64_t *filled_out)
{
    const int64_t delta[4] = {-(int64_t)g->cols, 1, (int64_t)g->cols, -1};
    const mz_idx src = g->entrance, dst = g->exit, cells = g->cells;
    uint64_t filled = 0;
    for (mz_idx i = 0; i < cells; i++) {
        if (MZ_LIKELY(!dead_end[w[i] & 31]) || i == src || i == dst)
            continue;
        mz_idx j = i;
        for (;;) {
            w[j] |= FILLED;
            filled++;
            unsigned open = ~w[j] & MZ_WALLS;
            if (!open) {
                if (tracing && mz_trace_emit(t, "fill", j, -1, filled))
                    return MZ_EIO;
                break;
            }
            unsigned d = (unsigned)__builtin_ctz(open);
            mz_idx n = step_to(g, fast, delta, j, d);
            w[j] |= (uint8_t)(1u << d);
            w[n] |= (uint8_t)(1u << mz_opposite(d));
            if (tracing && mz_trace_emit(t, "fill", j, (int)d, filled))
                return MZ_EIO;
            if (!dead_end[w[n] & 31] || n == src || n == dst)
                break;
            j = n;
        }
    }
    *filled_out = filled;
    return MZ_OK;
}

/* Breadth-first search over the cells left, as bfs.c: a cell's code is
 * its distance mod 3, plus 1. */
MZ_INLINE mz_status route_search(const mz_grid *g, bool fast, uint8_t *w, mz_queue *q, mz_trace *t,
                                 const bool tracing, bool *found_out, int64_t *closed_out)
{
    static const unsigned next_code[4] = {0, 2, 3, 1};
    const int64_t delta[4] = {-(int64_t)g->cols, 1, (int64_t)g->cols, -1};
    const mz_idx src = g->entrance, dst = g->exit;
    int64_t closed = 0;
    bool found = src == dst;
    w[src] |= 1u << CODE_SHIFT;
    if (found)
        closed = 1;
    else if (mz_queue_push(q, src) != MZ_OK)
        return MZ_ENOMEM;
    while (q->len && !found) {
        mz_idx i = mz_queue_pop(q);
        closed++;
        if (tracing && mz_trace_emit(t, "close", i, -1, q->len))
            return MZ_EIO;
        unsigned code = next_code[code_get(w, i)];
        unsigned open = ~w[i] & MZ_WALLS;
        while (open) {
            unsigned d = (unsigned)__builtin_ctz(open);
            open &= open - 1;
            mz_idx n = step_to(g, fast, delta, i, d);
            if (code_get(w, n))
                continue;
            w[n] |= (uint8_t)(code << CODE_SHIFT);
            if (n == dst) {
                found = true;
                closed++;
                break;
            }
            if (mz_queue_push(q, n) != MZ_OK)
                return MZ_ENOMEM;
        }
    }
    *found_out = found;
    *closed_out = closed;
    return MZ_OK;
}

/* Walk back from the exit to a neighbour one step nearer, then reverse. */
static mz_status walk_back(const mz_grid *g, bool fast, const uint8_t *w, mz_solution *sol)
{
    static const unsigned prev_code[4] = {0, 3, 1, 2};
    const int64_t delta[4] = {-(int64_t)g->cols, 1, (int64_t)g->cols, -1};
    mz_status s = MZ_OK;
    int64_t steps = 0;
    mz_idx i = g->exit;
    if (sol->want_path)
        s = mz_solution_push(sol, i);
    while (i != g->entrance && s == MZ_OK) {
        unsigned want = prev_code[code_get(w, i)];
        unsigned open = ~w[i] & MZ_WALLS;
        mz_idx next = MZ_NONE;
        for (unsigned d = 0; d < 4 && next == MZ_NONE; d++) {
            if (!(open & (1u << d)))
                continue;
            mz_idx n = step_to(g, fast, delta, i, d);
            if (code_get(w, n) == want)
                next = n;
        }
        if (next == MZ_NONE)
            return MZ_EINVAL; /* walls that disagree: no way back */
        i = next;
        steps++;
        if (sol->want_path)
            s = mz_solution_push(sol, i);
    }
    sol->path_steps = steps;
    if (s == MZ_OK && sol->want_path) {
        for (uint64_t a = 0, b = sol->path_len - 1; a < b; a++, b--) {
            mz_idx tmp = sol->path[a];
            sol->path[a] = sol->path[b];
            sol->path[b] = tmp;
        }
    }
    return s;
}

static mz_status deadend_fill_solve(const mz_grid *g, const mz_args *args, mz_trace *t,
                                    mz_solution *sol)
{
    (void)args;
    mz_solution_clear(sol);
    if (g->entrance >= g->cells || g->exit >= g->cells)
        return MZ_EINVAL;
    uint8_t *w = mz_alloc_array(g->mem, g->cells, 1);
    mz_queue q;
    if (!w || mz_queue_init(&q, g->mem, 1024) != MZ_OK) {
        mz_mem_free(g->mem, w);
        return MZ_ENOMEM;
    }
    const bool fast = mz_grid_border_closed(g);
    uint64_t blocked = 0;
    for (mz_idx i = 0; i < g->cells; i++) {
        uint8_t v = g->c[i] & (MZ_WALLS | MZ_BLOCKED);
        blocked += v >> 4;
        if (!fast) {
            for (unsigned d = 0; d < 4; d++)
                if (!(v & (1u << d)) && mz_neighbour(g, i, d) == MZ_NONE)
                    v |= (uint8_t)(1u << d);
        }
        w[i] = v;
    }
    uint64_t filled = 0;
    mz_status s = t ? fill(g, fast, w, t, true, &filled) : fill(g, fast, w, NULL, false, &filled);
    bool found = false;
    int64_t closed = 0;
    if (s == MZ_OK && !(w[g->entrance] & FILLED) && !(w[g->exit] & FILLED))
        s = t ? route_search(g, fast, w, &q, t, true, &found, &closed)
              : route_search(g, fast, w, &q, NULL, false, &found, &closed);
    mz_queue_free(&q);
    if (s == MZ_OK && found)
        s = walk_back(g, fast, w, sol);
    mz_mem_free(g->mem, w);
    if (s != MZ_OK)
        return s;
    sol->found = found;
    sol->closed = closed;
    mz_extra_int(&sol->extra, "filled", (int64_t)filled);
    mz_extra_int(&sol->extra, "remaining", (int64_t)(g->cells - blocked - filled));
    return MZ_OK;
}

static const char *const deadend_fill_columns[] = {"filled", "remaining", NULL};

static const mz_trace_op deadend_fill_trace_ops[] = {
    {"fill", "a dead-end cell is filled; dir = the wall closed behind it, empty when it had no open side"},
    {"close", "the search of what is left closes a cell"},
    {NULL, NULL},
};

const mz_algo mz_algo_deadend_fill = {
    .name = "deadend-fill",
    .kind = MZ_SOLVER,
    .summary = "fill dead ends down to the junctions, then search what is left (shortest)",
    .flags = MZ_F_SHORTEST,
    .params = NULL,
    .nparams = 0,
    .columns = deadend_fill_columns,
    .bytes_per_cell = 1.0,
    .solve = deadend_fill_solve,
    .trace_ops = deadend_fill_trace_ops,
    .trace_size = "cells filled so far (fill), queue length (close)",
};
