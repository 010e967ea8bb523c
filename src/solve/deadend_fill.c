/*
 * deadend_fill.c - dead-end filling, then a breadth-first search of what
 * is left. docs/catalogue-solvers.md.
 *
 *   1. Copy the walls into a work byte a cell (a blocked cell counts as
 *      filled from the start; an open wall that leads off the grid counts
 *      as closed).
 *   2. Fill every dead end: a cell that is not filled, is neither the
 *      entrance nor the exit, and has at most one open side. Filling it
 *      closes its one open side from the other side too and steps into that
 *      neighbour; if the neighbour is now a dead end (and not the entrance
 *      or the exit) it is filled as well, and so on down the corridor to a
 *      junction. The first dead ends come from a scan in index order (eight
 *      cells a word); a cell that becomes a dead end later is always taken
 *      on by the corridor that made it one. Each fill removes one side from
 *      at most one cell, so a corridor is a loop, not a stack; sixteen
 *      corridors are walked in turn (see fill()). The order of the fills
 *      does not change what is left.
 *   3. What is left holds every cell that lies on some simple walk from the
 *      entrance to the exit (a cell of a dead-end branch can lie on none,
 *      and filling never removes a cell that can), plus loops that have no
 *      dead end to start from. On a perfect maze it is exactly the route:
 *      walk it from the entrance, one way on at each cell. As soon as a
 *      cell offers two ways (a braided maze), a breadth-first search
 *      confined to the cells left picks the shortest route instead (as bfs
 *      does, distance mod 3 in two bits of the work byte). Since every
 *      simple walk survives the filling, either way the route is a shortest
 *      one of the whole maze: the entry is flagged shortest.
 *
 * Reports: filled (cells filled) and remaining (open cells not filled);
 * closed counts the cells step 3 went through (the exit included, as bfs
 * counts it): the route's cells when the walk sufficed, which is what the
 * search would have closed on a path.
 * Trace: one `fill` step a filled cell (dir = the side it opened onto, -1
 * for an isolated cell; size = cells filled so far), then, when the search
 * runs, one `close` step a cell it closes (size = the queue's length).
 *
 * Memory: one byte a cell plus the route search's queue.
 * Complexity: O(cells) time; every cell is filled at most once.
 * Runs on every cell shape, one body for all (deadend_fill_solve_on): on
 * other shapes the same three steps go through the ports (mz_port_nbr,
 * ports 0.. in order), one corridor at a time, and the filled cells and
 * the ring codes take a bit and two bits a cell beside the work byte.
 */
#include "ports.h"
#include "../core/figures.h"

#define FILLED 0x10u
#define CODE_SHIFT 5

/* The work byte of a cell is its open sides, closed as cells are filled.
 * On square cells it also holds FILLED and the search's ring code (bits 5
 * and 6); on the other shapes the byte is the cell's ports (WEAVE uses all
 * eight bits), so the filled cells are a bitset and the ring codes two
 * bits a cell of their own (filled, code: NULL on square cells). */

/* Not filled and at most one open side: a dead end (or an isolated cell). */
static const uint8_t dead_end[32] = {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 1};

MZ_INLINE bool is_dead(const bool any, const mz_grid *g, const uint8_t *w,
                       const uint64_t *filled, mz_idx j)
{
    if (!any)
        return dead_end[w[j] & 31];
    unsigned open = mz_ports_open(g, w[j]);
    return !mz_bit_get(filled, j) && (open & (open - 1)) == 0;
}

MZ_INLINE bool is_filled(const bool any, const uint8_t *w, const uint64_t *filled, mz_idx j)
{
    return any ? mz_bit_get(filled, j) : (w[j] & FILLED) != 0;
}

MZ_INLINE unsigned code2_get(const uint8_t *m, mz_idx i) { return (m[i >> 2] >> ((i & 3) * 2)) & 3u; }
MZ_INLINE void code2_set(uint8_t *m, mz_idx i, unsigned v) { m[i >> 2] |= (uint8_t)(v << ((i & 3) * 2)); }

/* The search's ring code of cell i: 0 while it is unreached. */
MZ_INLINE unsigned code_get(const bool any, const uint8_t *w, const uint8_t *code, mz_idx i)
{
    return any ? code2_get(code, i) : (w[i] >> CODE_SHIFT) & 3u;
}

MZ_INLINE void code_set(const bool any, uint8_t *w, uint8_t *code, mz_idx i, unsigned v)
{
    if (any)
        code2_set(code, i, v);
    else
        w[i] |= (uint8_t)(v << CODE_SHIFT);
}

/* Fill one dead end j: mark it, close the wall behind it from both sides.
 * Returns the neighbour it opened onto, or MZ_NONE for an isolated cell. */
MZ_INLINE mz_idx fill_one(const bool any, const mz_grid *g, bool fast, const int64_t *delta,
                          uint8_t *w, uint64_t *filled, mz_idx j, int *dir)
{
    if (any)
        mz_bit_set(filled, j);
    else
        w[j] |= FILLED;
    unsigned open = mz_side_open(g, any, w[j]);
    if (!open) {
        *dir = -1;
        return MZ_NONE;
    }
    unsigned d = (unsigned)__builtin_ctz(open);
    mz_idx n = mz_side_step(g, any, fast, delta, j, d);
    w[j] |= (uint8_t)(1u << d);
    w[n] |= (uint8_t)(1u << mz_side_back(g, any, j, d));
    *dir = (int)d;
    return n;
}

/* The corridors are walked LANES at a time, one cell each in turn: a
 * corridor is a chain of dependent loads (the next cell is known only once
 * this one is read), and on a large maze each load misses the cache, so
 * one corridor at a time would wait on every cell. Each lane prefetches
 * the byte its next fill will write; the misses of the lanes overlap.
 * Filling order does not change what is left (removing dead ends in any
 * order ends at the same cells); the order here is fixed, so the trace is
 * the same on every run. Other shapes walk one lane: each dead end of the
 * scan is followed down its corridor before the scan goes on. */
#define LANES 16

#define ONES UINT64_C(0x0101010101010101)

/* Bit 7 of byte k set when cell k of the word is a dead end (three or four
 * walls, not filled): the walls are counted a byte at a time, and a count
 * of 3 or 4 plus 125 reaches bit 7 without carrying into the next byte. */
MZ_INLINE uint64_t dead_mask(uint64_t v)
{
    uint64_t x = v & (ONES * 15);
    x = x - ((x >> 1) & (ONES * 5));
    x = (x & (ONES * 3)) + ((x >> 2) & (ONES * 3));
    return (x + ONES * 125) & ~(v << 3) & (ONES * 0x80);
}

MZ_INLINE mz_status fill(const bool any, const mz_grid *g, const bool fast, uint8_t *w,
                         uint64_t *filled_bits, mz_trace *t, const bool tracing,
                         uint64_t *filled_out)
{
    int64_t delta[4];
    mz_dir_deltas(g, delta);
    const mz_idx src = g->entrance, dst = g->exit, cells = g->cells;
    const unsigned lanes = any ? 1 : LANES;
    uint64_t filled = 0;
    mz_idx lane[LANES];
    unsigned active = 0;
    mz_idx i = 0, base = 0;
    uint64_t pending = 0; /* dead ends of the word at base not yet in a lane */
    for (;;) {
        /* Refill free lanes from the scan: the dead ends of the maze as it
         * was, in index order. A cell that becomes a dead end later is
         * taken on by the corridor that made it one. The scan reads eight
         * cells a word; a word read a while ago may name a cell filled
         * since, which its lane finds and lets go. */
        while (active < lanes) {
            if (pending) {
                mz_idx j = base + ((unsigned)__builtin_ctzll(pending) >> 3);
                pending &= pending - 1;
                if (j != src && j != dst)
                    lane[active++] = j;
            } else if (i >= cells) {
                break;
            } else if (fast && i + 8 <= cells) {
                pending = dead_mask(mz_load_le64(w + i));
                base = i;
                i += 8;
            } else {
                if (is_dead(any, g, w, filled_bits, i) && i != src && i != dst)
                    lane[active++] = i;
                i++;
            }
        }
        if (active == 0)
            break;
        /* One fill in each lane. */
        for (unsigned k = 0; k < active;) {
            mz_idx j = lane[k];
            if (!is_dead(any, g, w, filled_bits, j)) {
                lane[k] = lane[--active];
                continue;
            }
            int d;
            mz_idx n = fill_one(any, g, fast, delta, w, filled_bits, j, &d);
            filled++;
            if (tracing && mz_trace_emit(t, "fill", j, d, filled))
                return MZ_EIO;
            if (n == MZ_NONE || n == src || n == dst || !is_dead(any, g, w, filled_bits, n)) {
                lane[k] = lane[--active];
                continue;
            }
            /* n is the lane's next fill; fetch the byte that fill writes. */
            unsigned open = ~w[n] & MZ_WALLS;
            if (fast && open)
                MZ_PREFETCHW(&w[(mz_idx)((int64_t)n + delta[__builtin_ctz(open)])]);
            lane[k++] = n;
        }
    }
    *filled_out = filled;
    return MZ_OK;
}

/* On a perfect maze what is left is the route itself: walk it from the
 * entrance, each cell having one way on besides the way back. Returns
 * false, with nothing pushed, as soon as a cell offers two ways (loops
 * are left: the search below decides) or the walk runs too long (walls
 * that disagree); *found says whether the walk reached the exit. */
MZ_INLINE bool walk_route(const bool any, const mz_grid *g, bool fast, const uint8_t *w,
                          mz_solution *sol, bool *found, mz_status *s)
{
    int64_t delta[4];
    mz_dir_deltas(g, delta);
    const mz_idx dst = g->exit;
    mz_idx cur = g->entrance;
    unsigned back = 0; /* the wall bit of the way back; none at the start */
    int64_t steps = 0;
    *found = false;
    *s = MZ_OK;
    while (cur != dst) {
        unsigned open = mz_side_open(g, any, (uint8_t)(w[cur] | back));
        if (open == 0)
            return true; /* the entrance alone: the exit is not reachable */
        if ((open & (open - 1)) || (uint64_t)steps >= g->cells)
            return false;
        unsigned d = (unsigned)__builtin_ctz(open);
        const mz_idx from = cur;
        cur = mz_side_step(g, any, fast, delta, cur, d);
        back = 1u << mz_side_back(g, any, from, d);
        steps++;
    }
    /* It is a plain path: walk it again to record it. */
    if (sol->want_path) {
        cur = g->entrance;
        back = 0;
        *s = mz_solution_push(sol, cur);
        while (cur != dst && *s == MZ_OK) {
            unsigned d = (unsigned)__builtin_ctz(mz_side_open(g, any, (uint8_t)(w[cur] | back)));
            const mz_idx from = cur;
            cur = mz_side_step(g, any, fast, delta, cur, d);
            back = 1u << mz_side_back(g, any, from, d);
            *s = mz_solution_push(sol, cur);
        }
    }
    sol->path_steps = steps;
    *found = true;
    return true;
}

/* walk_route for each path, out of line: it runs once a solve, and the
 * fill's loop compiles best alone. */
MZ_NOINLINE static bool walk_route_square(const mz_grid *g, bool fast, const uint8_t *w,
                                          mz_solution *sol, bool *found, mz_status *s)
{
    return walk_route(false, g, fast, w, sol, found, s);
}

MZ_NOINLINE static bool walk_route_ports(const mz_grid *g, const uint8_t *w, mz_solution *sol,
                                         bool *found, mz_status *s)
{
    return walk_route(true, g, false, w, sol, found, s);
}

/* Breadth-first search over the cells left, as bfs.c: a cell's code is
 * its distance mod 3, plus 1. */
MZ_INLINE mz_status route_search(const bool any, const mz_grid *g, bool fast, uint8_t *w,
                                 uint8_t *code, mz_queue *q, mz_trace *t, const bool tracing,
                                 bool *found_out, int64_t *closed_out)
{
    static const unsigned next_code[4] = MZ_RING_NEXT;
    int64_t delta[4];
    mz_dir_deltas(g, delta);
    const mz_idx src = g->entrance, dst = g->exit;
    int64_t closed = 0;
    bool found = src == dst;
    code_set(any, w, code, src, 1);
    if (found)
        closed = 1;
    else if (mz_queue_push(q, src) != MZ_OK)
        return MZ_ENOMEM;
    while (q->len && !found) {
        mz_idx i = mz_queue_pop(q);
        closed++;
        if (tracing && mz_trace_emit(t, "close", i, -1, q->len))
            return MZ_EIO;
        unsigned next = next_code[code_get(any, w, code, i)];
        unsigned open = mz_side_open(g, any, w[i]);
        while (open) {
            unsigned d = (unsigned)__builtin_ctz(open);
            open &= open - 1;
            mz_idx n = mz_side_step(g, any, fast, delta, i, d);
            if (code_get(any, w, code, n))
                continue;
            code_set(any, w, code, n, next);
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

/* The ring code as mz_route_back reads it: from the work byte (square
 * cells) or from the two bits a cell of the other shapes. */
static unsigned mark_of(const void *w, mz_idx i) { return code_get(false, w, NULL, i); }
static unsigned code2_of(const void *m, mz_idx i) { return code2_get(m, i); }

/* The work bytes from the walls: a blocked cell counts as filled from the
 * start, an open side that leads off the grid as closed. Returns the
 * blocked cells (square cells only). */
MZ_INLINE uint64_t work_init(const bool any, const mz_grid *g, bool fast, uint8_t *w)
{
    uint64_t blocked = 0;
    mz_idx i = 0;
    if (any) {
        const unsigned ports = mz_shape_ports(g->shape);
        for (; i < g->cells; i++) {
            uint8_t v = g->c[i] | (uint8_t)~mz_shape_walls(g->shape);
            for (unsigned p = 0; p < ports; p++)
                if (!(v & (1u << p)) && mz_port_nbr(g, i, p) == MZ_NONE)
                    v |= (uint8_t)(1u << p);
            w[i] = v;
        }
        return 0;
    }
    if (fast) {
        /* Walls and blocked bit, eight cells a word; byte for byte, so
         * the byte order does not matter. */
        for (; i + 8 <= g->cells; i += 8) {
            uint64_t v;
            memcpy(&v, g->c + i, 8);
            v &= ONES * (MZ_WALLS | MZ_BLOCKED);
            blocked += (uint64_t)__builtin_popcountll(v & (ONES * MZ_BLOCKED));
            memcpy(w + i, &v, 8);
        }
    }
    for (; i < g->cells; i++) {
        uint8_t v = g->c[i] & (MZ_WALLS | MZ_BLOCKED);
        blocked += v >> 4;
        if (!fast) {
            for (unsigned d = 0; d < 4; d++)
                if (!(v & (1u << d)) && mz_sq_neighbour(g, i, d) == MZ_NONE)
                    v |= (uint8_t)(1u << d);
        }
        w[i] = v;
    }
    return blocked;
}

MZ_INLINE mz_status deadend_fill_solve_on(const bool any, const mz_grid *g, const mz_args *args,
                                          mz_trace *t, mz_solution *sol)
{
    (void)args;
    mz_status s0 = mz_solve_begin(g, sol);
    if (s0 != MZ_OK)
        return s0;
    uint8_t *w = mz_alloc_array(g->mem, g->cells, 1);
    uint64_t *filled_bits = any ? mz_bits_new(g->mem, g->cells) : NULL;
    uint8_t *code = any ? mz_mem_calloc(g->mem, g->cells / 4 + 1, 1) : NULL;
    mz_queue q;
    if (!w || (any && (!filled_bits || !code)) || mz_queue_init(&q, g->mem, 1024) != MZ_OK) {
        mz_mem_free(g->mem, w);
        mz_mem_free(g->mem, filled_bits);
        mz_mem_free(g->mem, code);
        return MZ_ENOMEM;
    }
    const bool fast = !any && mz_grid_border_closed(g);
    const uint64_t blocked = work_init(any, g, fast, w);
    uint64_t filled = 0;
    mz_status s;
    if (t)
        s = fill(any, g, fast, w, filled_bits, t, true, &filled);
    else if (fast)
        s = fill(any, g, true, w, filled_bits, NULL, false, &filled);
    else
        s = fill(any, g, false, w, filled_bits, NULL, false, &filled);
    bool found = false;
    int64_t closed = 0;
    bool walked = false;
    if (s == MZ_OK && !is_filled(any, w, filled_bits, g->entrance) &&
        !is_filled(any, w, filled_bits, g->exit)) {
        walked = any ? walk_route_ports(g, w, sol, &found, &s)
                     : walk_route_square(g, fast, w, sol, &found, &s);
        if (walked)
            closed = found ? sol->path_steps + 1 : 1; /* the cells the walk went through */
        else
            s = t ? route_search(any, g, fast, w, code, &q, t, true, &found, &closed)
                  : route_search(any, g, fast, w, code, &q, NULL, false, &found, &closed);
    }
    mz_queue_free(&q);
    if (s == MZ_OK && found && !walked)
        s = any ? mz_route_back(g, w, false, code2_of, code, sol)
                : mz_route_back(g, w, fast, mark_of, w, sol);
    mz_mem_free(g->mem, w);
    mz_mem_free(g->mem, filled_bits);
    mz_mem_free(g->mem, code);
    if (s != MZ_OK)
        return s;
    sol->found = found;
    sol->closed = closed;
    mz_extra_int(&sol->extra, "filled", (int64_t)filled);
    mz_extra_int(&sol->extra, "remaining", (int64_t)(g->cells - blocked - filled));
    return MZ_OK;
}

MZ_SOLVE_BY_SHAPE(deadend_fill)

static const char *const deadend_fill_columns[] = {"filled", "remaining", NULL};

static const mz_trace_op deadend_fill_trace_ops[] = {
    {"fill", "a dead-end cell is filled; dir = the wall closed behind it, empty when it had no open side", MZ_DRAW_FILL},
    {"close", "the search of what is left closes a cell", MZ_DRAW_CLOSE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_deadend_fill = {
    .name = "deadend-fill",
    .kind = MZ_SOLVER,
    .summary = "fill dead ends down to the junctions, then search what is left (shortest)",
    .flags = MZ_F_SHORTEST | MZ_F_PATH,
    .params = NULL,
    .nparams = 0,
    .columns = deadend_fill_columns,
    MZ_FIGURES_deadend_fill, /* data/shape-figures.csv */
    .solve = deadend_fill_solve,
    .trace_ops = deadend_fill_trace_ops,
    .trace_size = "cells filled so far (fill), queue length (close)",
    .shapes = MZ_SHAPES_ALL,
};
