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
 * Runs on every cell shape: see "Other cell shapes" below.
 */
#include "ports.h"

#define FILLED 0x10u
#define CODE_SHIFT 5

/* Not filled and at most one open side: a dead end (or an isolated cell). */
static const uint8_t dead_end[32] = {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 1};

MZ_INLINE unsigned code_get(const uint8_t *w, mz_idx i) { return (w[i] >> CODE_SHIFT) & 3u; }


/* Fill one dead end j: mark it, close the wall behind it from both sides.
 * Returns the neighbour it opened onto, or MZ_NONE for an isolated cell. */
MZ_INLINE mz_idx fill_one(const mz_grid *g, bool fast, const int64_t *delta, uint8_t *w, mz_idx j,
                          int *dir)
{
    w[j] |= FILLED;
    unsigned open = ~w[j] & MZ_WALLS;
    if (!open) {
        *dir = -1;
        return MZ_NONE;
    }
    unsigned d = (unsigned)__builtin_ctz(open);
    mz_idx n = mz_dir_step(g, fast, delta, j, d);
    w[j] |= (uint8_t)(1u << d);
    w[n] |= (uint8_t)(1u << mz_opposite(d));
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
 * the same on every run. */
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

MZ_INLINE mz_status fill(const mz_grid *g, const bool fast, uint8_t *w, mz_trace *t,
                         const bool tracing, uint64_t *filled_out)
{
    int64_t delta[4];
    mz_dir_deltas(g, delta);
    const mz_idx src = g->entrance, dst = g->exit, cells = g->cells;
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
        while (active < LANES) {
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
                if (dead_end[w[i] & 31] && i != src && i != dst)
                    lane[active++] = i;
                i++;
            }
        }
        if (active == 0)
            break;
        /* One fill in each lane. */
        for (unsigned k = 0; k < active;) {
            mz_idx j = lane[k];
            if (!dead_end[w[j] & 31]) {
                lane[k] = lane[--active];
                continue;
            }
            int d;
            mz_idx n = fill_one(g, fast, delta, w, j, &d);
            filled++;
            if (tracing && mz_trace_emit(t, "fill", j, d, filled))
                return MZ_EIO;
            if (n == MZ_NONE || n == src || n == dst || !dead_end[w[n] & 31]) {
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
static bool walk_route(const mz_grid *g, bool fast, const uint8_t *w, mz_solution *sol,
                       bool *found, mz_status *s)
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
        unsigned open = ~w[cur] & MZ_WALLS & ~back;
        if (open == 0)
            return true; /* the entrance alone: the exit is not reachable */
        if ((open & (open - 1)) || (uint64_t)steps >= g->cells)
            goto fallback;
        unsigned d = (unsigned)__builtin_ctz(open);
        cur = mz_dir_step(g, fast, delta, cur, d);
        back = 1u << mz_opposite(d);
        steps++;
    }
    /* It is a plain path: walk it again to record it. */
    if (sol->want_path) {
        cur = g->entrance;
        back = 0;
        *s = mz_solution_push(sol, cur);
        while (cur != dst && *s == MZ_OK) {
            unsigned d = (unsigned)__builtin_ctz(~w[cur] & MZ_WALLS & ~back);
            cur = mz_dir_step(g, fast, delta, cur, d);
            back = 1u << mz_opposite(d);
            *s = mz_solution_push(sol, cur);
        }
    }
    sol->path_steps = steps;
    *found = true;
    return true;
fallback:
    return false;
}

/* Breadth-first search over the cells left, as bfs.c: a cell's code is
 * its distance mod 3, plus 1. */
MZ_INLINE mz_status route_search(const mz_grid *g, bool fast, uint8_t *w, mz_queue *q, mz_trace *t,
                                 const bool tracing, bool *found_out, int64_t *closed_out)
{
    static const unsigned next_code[4] = MZ_RING_NEXT;
    int64_t delta[4];
    mz_dir_deltas(g, delta);
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
            mz_idx n = mz_dir_step(g, fast, delta, i, d);
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

static unsigned mark_of(const void *w, mz_idx i) { return code_get(w, i); }

/* ---- Other cell shapes ----
 * The same three steps through the ports (mz_port_nbr, ports 0.. in
 * order). The work byte is the cell's ports (WEAVE uses all eight bits),
 * so the filled cells are a bitset and the ring codes two bits a cell of
 * their own. The dead ends are found by a scan in index order, each
 * followed down its corridor before the scan goes on; what is left is the
 * same as with any other order. One byte, a bit and two bits a cell. */

MZ_INLINE unsigned code2_get(const uint8_t *m, mz_idx i) { return (m[i >> 2] >> ((i & 3) * 2)) & 3u; }
MZ_INLINE void code2_set(uint8_t *m, mz_idx i, unsigned v) { m[i >> 2] |= (uint8_t)(v << ((i & 3) * 2)); }
static unsigned code2_of(const void *m, mz_idx i) { return code2_get(m, i); }

typedef struct ports_work {
    uint8_t *w;       /* open ports, closed as cells are filled */
    uint64_t *filled; /* one bit a cell */
    uint8_t *code;    /* the search's ring codes, two bits a cell */
} ports_work;

MZ_INLINE bool ports_dead(const mz_grid *g, const ports_work *pw, mz_idx j)
{
    unsigned open = mz_ports_open(g, pw->w[j]);
    return !mz_bit_get(pw->filled, j) && (open & (open - 1)) == 0 && j != g->entrance &&
           j != g->exit;
}

MZ_INLINE mz_status ports_fill(const mz_grid *g, ports_work *pw, mz_trace *t, const bool tracing,
                               uint64_t *filled_out)
{
    uint64_t filled = 0;
    for (mz_idx i = 0; i < g->cells; i++) {
        mz_idx j = i;
        while (ports_dead(g, pw, j)) {
            unsigned open = mz_ports_open(g, pw->w[j]);
            mz_bit_set(pw->filled, j);
            filled++;
            mz_idx n = MZ_NONE;
            int dir = -1;
            if (open) {
                unsigned p = (unsigned)__builtin_ctz(open);
                n = mz_port_nbr(g, j, p);
                pw->w[j] |= (uint8_t)(1u << p);
                pw->w[n] |= (uint8_t)(1u << mz_port_back(g, j, p));
                dir = (int)p;
            }
            if (tracing && mz_trace_emit(t, "fill", j, dir, filled))
                return MZ_EIO;
            if (n == MZ_NONE)
                break;
            j = n;
        }
    }
    *filled_out = filled;
    return MZ_OK;
}

/* walk_route on ports: the cells left from the entrance, one way on at
 * each; false as soon as one offers two. */
static bool ports_walk_route(const mz_grid *g, const ports_work *pw, mz_solution *sol, bool *found,
                             mz_status *s)
{
    const mz_idx dst = g->exit;
    *found = false;
    *s = MZ_OK;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1 && !sol->want_path)
            break;
        mz_idx cur = g->entrance;
        unsigned back = 0;
        int64_t steps = 0;
        if (pass == 1)
            *s = mz_solution_push(sol, cur);
        while (cur != dst && *s == MZ_OK) {
            unsigned open = mz_ports_open(g, pw->w[cur]) & ~back;
            if (open == 0)
                return true; /* the entrance alone: the exit is not reachable */
            if ((open & (open - 1)) || (uint64_t)steps >= g->cells)
                return false;
            unsigned p = (unsigned)__builtin_ctz(open);
            mz_idx n = mz_port_nbr(g, cur, p);
            back = 1u << mz_port_back(g, cur, p);
            cur = n;
            steps++;
            if (pass == 1)
                *s = mz_solution_push(sol, cur);
        }
        sol->path_steps = steps;
    }
    *found = *s == MZ_OK;
    return true;
}

/* route_search on ports. */
MZ_INLINE mz_status ports_search(const mz_grid *g, ports_work *pw, mz_queue *q, mz_trace *t,
                                 const bool tracing, bool *found_out, int64_t *closed_out)
{
    static const unsigned next_code[4] = MZ_RING_NEXT;
    const mz_idx src = g->entrance, dst = g->exit;
    int64_t closed = 0;
    bool found = src == dst;
    code2_set(pw->code, src, 1);
    if (found)
        closed = 1;
    else if (mz_queue_push(q, src) != MZ_OK)
        return MZ_ENOMEM;
    while (q->len && !found) {
        mz_idx i = mz_queue_pop(q);
        closed++;
        if (tracing && mz_trace_emit(t, "close", i, -1, q->len))
            return MZ_EIO;
        unsigned code = next_code[code2_get(pw->code, i)];
        unsigned open = mz_ports_open(g, pw->w[i]);
        while (open) {
            unsigned p = (unsigned)__builtin_ctz(open);
            open &= open - 1;
            mz_idx n = mz_port_nbr(g, i, p);
            if (code2_get(pw->code, n))
                continue;
            code2_set(pw->code, n, code);
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

MZ_NOINLINE static mz_status ports_solve(const mz_grid *g, mz_trace *t, mz_solution *sol)
{
    ports_work pw;
    pw.w = mz_alloc_array(g->mem, g->cells, 1);
    pw.filled = mz_bits_new(g->mem, g->cells);
    pw.code = mz_mem_calloc(g->mem, g->cells / 4 + 1, 1);
    mz_queue q;
    if (!pw.w || !pw.filled || !pw.code || mz_queue_init(&q, g->mem, 1024) != MZ_OK) {
        mz_mem_free(g->mem, pw.w);
        mz_mem_free(g->mem, pw.filled);
        mz_mem_free(g->mem, pw.code);
        return MZ_ENOMEM;
    }
    /* An open port that leads off the grid counts as closed. */
    const unsigned ports = mz_shape_ports(g->shape);
    for (mz_idx i = 0; i < g->cells; i++) {
        uint8_t v = g->c[i] | (uint8_t)~mz_shape_walls(g->shape);
        for (unsigned p = 0; p < ports; p++)
            if (!(v & (1u << p)) && mz_port_nbr(g, i, p) == MZ_NONE)
                v |= (uint8_t)(1u << p);
        pw.w[i] = v;
    }
    uint64_t filled = 0;
    mz_status s = t ? ports_fill(g, &pw, t, true, &filled) : ports_fill(g, &pw, NULL, false, &filled);
    bool found = false, walked = false;
    int64_t closed = 0;
    if (s == MZ_OK && !mz_bit_get(pw.filled, g->entrance) && !mz_bit_get(pw.filled, g->exit)) {
        walked = ports_walk_route(g, &pw, sol, &found, &s);
        if (walked)
            closed = found ? sol->path_steps + 1 : 1;
        else
            s = t ? ports_search(g, &pw, &q, t, true, &found, &closed)
                  : ports_search(g, &pw, &q, NULL, false, &found, &closed);
    }
    mz_queue_free(&q);
    if (s == MZ_OK && found && !walked)
        s = mz_route_back(g, pw.w, false, code2_of, pw.code, sol);
    mz_mem_free(g->mem, pw.w);
    mz_mem_free(g->mem, pw.filled);
    mz_mem_free(g->mem, pw.code);
    if (s != MZ_OK)
        return s;
    sol->found = found;
    sol->closed = closed;
    mz_extra_int(&sol->extra, "filled", (int64_t)filled);
    mz_extra_int(&sol->extra, "remaining", (int64_t)(g->cells - filled));
    return MZ_OK;
}

static mz_status deadend_fill_solve(const mz_grid *g, const mz_args *args, mz_trace *t,
                                    mz_solution *sol)
{
    (void)args;
    mz_status s0 = mz_solve_begin(g, sol);
    if (s0 != MZ_OK)
        return s0;
    if (g->shape != MZ_SHAPE_ORTHO)
        return ports_solve(g, t, sol);
    uint8_t *w = mz_alloc_array(g->mem, g->cells, 1);
    mz_queue q;
    if (!w || mz_queue_init(&q, g->mem, 1024) != MZ_OK) {
        mz_mem_free(g->mem, w);
        return MZ_ENOMEM;
    }
    const bool fast = g->shape == MZ_SHAPE_ORTHO && mz_grid_border_closed(g);
    uint64_t blocked = 0;
    mz_idx i = 0;
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
                if (!(v & (1u << d)) && mz_neighbour(g, i, d) == MZ_NONE)
                    v |= (uint8_t)(1u << d);
        }
        w[i] = v;
    }
    uint64_t filled = 0;
    mz_status s;
    if (t)
        s = fill(g, fast, w, t, true, &filled);
    else if (fast)
        s = fill(g, true, w, NULL, false, &filled);
    else
        s = fill(g, false, w, NULL, false, &filled);
    bool found = false;
    int64_t closed = 0;
    bool walked = false;
    if (s == MZ_OK && !(w[g->entrance] & FILLED) && !(w[g->exit] & FILLED)) {
        walked = walk_route(g, fast, w, sol, &found, &s);
        if (walked)
            closed = found ? sol->path_steps + 1 : 1; /* the cells the walk went through */
        else
            s = t ? route_search(g, fast, w, &q, t, true, &found, &closed)
                  : route_search(g, fast, w, &q, NULL, false, &found, &closed);
    }
    mz_queue_free(&q);
    if (s == MZ_OK && found && !walked)
        s = mz_route_back(g, w, fast, mark_of, w, sol);
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
    {"fill", "a dead-end cell is filled; dir = the wall closed behind it, empty when it had no open side", MZ_DRAW_FILL},
    {"close", "the search of what is left closes a cell", MZ_DRAW_CLOSE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_deadend_fill = {
    .name = "deadend-fill",
    .kind = MZ_SOLVER,
    .summary = "fill dead ends down to the junctions, then search what is left (shortest)",
    .flags = MZ_F_SHORTEST,
    .params = NULL,
    .nparams = 0,
    .columns = deadend_fill_columns,
    /* measured: docs/shapes.md, "Memory" */
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 1.125, [MZ_SHAPE_HEX] = 1.5, [MZ_SHAPE_TRI] = 1.5,
                       [MZ_SHAPE_POLAR] = 1.5, [MZ_SHAPE_CUBE] = 1.5, [MZ_SHAPE_WEAVE] = 1.5},
    .solve = deadend_fill_solve,
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 1.5, [MZ_SHAPE_HEX] = 1.5, [MZ_SHAPE_TRI] = 1.5,
                             [MZ_SHAPE_POLAR] = 1.5, [MZ_SHAPE_CUBE] = 1.5, [MZ_SHAPE_WEAVE] = 1.5},
    .trace_ops = deadend_fill_trace_ops,
    .trace_size = "cells filled so far (fill), queue length (close)",
    .shapes = MZ_SHAPES_ALL,
};
