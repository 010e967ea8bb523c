/*
 * hunt_and_kill.c - hunt-and-kill: a random walk into fresh cells, and a
 * scan for a new start when it is stuck.
 *
 *   1. rnd = mulberry32(seed). Start at cell 0 (the entrance), visited.
 *   2. Kill: opts = the directions 0..3, in order, whose neighbour exists
 *      and is unvisited. If there are any, d = opts[pick(len)]: knock
 *      toward d and move there (a carve); repeat.
 *   3. Hunt: scan the cells in index order for the first unvisited cell
 *      h next to a visited one. links = h's visited neighbours in
 *      direction order; knock toward links[pick(len)] (a hunt step), mark
 *      h visited and go on killing from h.
 *   4. Stop when the scan finds no unvisited cell: cells - 1 passages.
 *
 * The scan never rescans: every cell before the first unvisited one is
 * visited, so that first unvisited cell always has a visited neighbour
 * (north or west of it) and is the one the hunt wants. A pointer to it
 * only moves forward, so all hunts together cost O(cells) - the naive
 * hunt from the top each time is quadratic.
 *
 * Bias: long winding corridors like the depth-first carve (about 11% dead
 * ends), but no backtracking stack: the hunt restarts near the top, so
 * the maze fills roughly from north to south and its corridors are a
 * little less straight than a depth-first carve's.
 * Complexity: O(cells) time; O(1) memory beyond the grid (the start cell
 * carries scratch bit 7 until the end). Defaults: no parameters.
 * Trace: `carve` for a kill step (cell = the cell entered, dir, size =
 * cells visited), `hunt` for the link a hunt makes (cell = h, dir = the
 * wall knocked from h, size = cells visited).
 *
 * Other shapes (shape_common.h): the same steps through ports, a bit a
 * cell from g->mem for the visited cells. Kill: opts = the ports 0..ports-1,
 * in order, whose neighbour is unvisited and whose wall may be opened now
 * (mz_port_can_open: the weave's crossing rules). Hunt: h = the first
 * unvisited cell, in index order, with links, the ports toward visited
 * neighbours that may be opened now; on square cells that is the first
 * unvisited cell, on some shapes (a triangle pointing up at the start of
 * a row) the first may have none yet, and the scan goes on past it (a
 * pointer to the first unvisited cell still only moves forward; the scan
 * past it is short). Same draws: pick(len) over opts or links. Same
 * trace, dir = the port.
 */
#include "classic.h"
#include "shape_common.h"
#include "../core/figures.h"

MZ_INLINE mz_status hk_square_run(mz_grid *g, mz_rng *rng, mz_trace *t, const bool tracing,
                                  const mz_rng_kind rk, uint64_t *hunts_out)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, cells = g->cells;
    const int64_t step[4] = {-(int64_t)cols, 1, (int64_t)cols, -1};
    const int64_t dcol[4] = {0, 1, 0, -1};
    mz_idx cur = 0, hunt = 0;
    uint64_t col = 0, hcol = 0, visited = 1, hunts = 0;
    c[0] |= CL_MARK;
    for (;;) {
        /* 2. Kill. Off-grid neighbours are read as the current cell
         * (visited), so the option mask needs no in-grid flags. */
        const mz_idx in = cur >= cols ? cur - cols : cur;
        const mz_idx is = cur + cols < cells ? cur + cols : cur;
        const mz_idx ie = col + 1 < cols ? cur + 1 : cur;
        const mz_idx iw = col > 0 ? cur - 1 : cur;
        const unsigned mask = (unsigned)(c[in] == MZ_WALLS) | (unsigned)(c[ie] == MZ_WALLS) << 1 |
                              (unsigned)(c[is] == MZ_WALLS) << 2 |
                              (unsigned)(c[iw] == MZ_WALLS) << 3;
        if (mask) {
            const unsigned d =
                cl_nth_dir(mask, (unsigned)mz_rngk_pick(rng, cl_popcount4(mask), rk));
            const mz_idx next = (mz_idx)((int64_t)cur + step[d]);
            c[cur] &= (uint8_t)~(1u << d);
            c[next] = (uint8_t)(MZ_WALLS & ~(1u << mz_sq_opposite(d)));
            cur = next;
            col = (uint64_t)((int64_t)col + dcol[d]);
            visited++;
            if (tracing && mz_trace_emit(t, "carve", cur, (int)d, visited))
                goto eio;
            continue;
        }
        /* 3. Hunt: the first unvisited cell. */
        while (hunt < cells && c[hunt] != MZ_WALLS) {
            hunt++;
            hcol = hcol + 1 == cols ? 0 : hcol + 1;
        }
        if (hunt == cells)
            break;
        cur = hunt;
        col = hcol;
        const unsigned inside = cl_inside(cur, col, cols, cells);
        unsigned links = 0;
        for (unsigned d = 0; d < 4; d++)
            if ((inside >> d & 1u) && c[(mz_idx)((int64_t)cur + step[d])] != MZ_WALLS)
                links |= 1u << d;
        const unsigned d =
            cl_nth_dir(links, (unsigned)mz_rngk_pick(rng, cl_popcount4(links), rk));
        c[cur] = (uint8_t)(MZ_WALLS & ~(1u << d));
        c[(mz_idx)((int64_t)cur + step[d])] &= (uint8_t)~(1u << mz_sq_opposite(d));
        visited++;
        hunts++;
        if (tracing && mz_trace_emit(t, "hunt", cur, (int)d, visited))
            goto eio;
    }
    c[0] &= (uint8_t)~CL_MARK;
    *hunts_out = hunts;
    return MZ_OK;
eio:
    c[0] &= (uint8_t)~CL_MARK;
    return MZ_EIO;
}

MZ_INLINE mz_status hk_ports_run(mz_grid *g, mz_rng *rng, uint64_t *in, mz_trace *t,
                                 const bool tracing, const mz_rng_kind rk, uint64_t *hunts_out)
{
    const uint64_t cells = g->cells;
    mz_idx cur = 0, first = 0;
    uint64_t visited = 1, hunts = 0;
    mz_bit_set(in, 0);
    for (;;) {
        unsigned opts[SH_MAX_PORTS];
        unsigned n = sh_ports_where(g, in, cur, false, opts);
        if (n) {
            const unsigned p = opts[mz_rngk_pick(rng, n, rk)];
            const mz_idx next = mz_port_nbr(g, cur, p);
            mz_port_knock(g, cur, p);
            mz_bit_set(in, next);
            cur = next;
            visited++;
            if (tracing && mz_trace_emit(t, "carve", cur, (int)p, visited))
                return MZ_EIO;
            continue;
        }
        while (first < cells && mz_bit_get(in, first))
            first++;
        if (first == cells)
            break;
        /* The first unvisited cell that can link to the maze. Some
         * unvisited cell touches a visited one (the grid is connected), and
         * a plain wall between them can always be opened. */
        for (cur = first;; cur++) {
            if (cur == cells)
                return MZ_EINVAL; /* not reached: the grid is connected */
            if (mz_bit_get(in, cur))
                continue;
            n = sh_ports_where(g, in, cur, true, opts);
            if (n)
                break;
        }
        const unsigned p = opts[mz_rngk_pick(rng, n, rk)];
        mz_port_knock(g, cur, p);
        mz_bit_set(in, cur);
        visited++;
        hunts++;
        if (tracing && mz_trace_emit(t, "hunt", cur, (int)p, visited))
            return MZ_EIO;
    }
    *hunts_out = hunts;
    return MZ_OK;
}

static mz_status hk_ports(mz_grid *g, mz_run *run, uint64_t *hunts)
{
    uint64_t *in = mz_bits_new(g->mem, g->cells);
    if (!in)
        return MZ_ENOMEM;
    mz_status s;
    if (run->trace)
        s = hk_ports_run(g, run->rng, in, run->trace, true, (mz_rng_kind)run->rng->kind, hunts);
    else if (run->rng->kind == MZ_RNG_MULBERRY32)
        s = hk_ports_run(g, run->rng, in, NULL, false, MZ_RNG_MULBERRY32, hunts);
    else
        s = hk_ports_run(g, run->rng, in, NULL, false, MZ_RNG_SPLITMIX64, hunts);
    mz_mem_free(g->mem, in);
    return s;
}

static mz_status hk_gen(mz_grid *g, const mz_args *args, mz_run *run)
{
    (void)args;
    uint64_t hunts = 0;
    mz_status s;
    if (g->shape != MZ_SHAPE_ORTHO)
        s = hk_ports(g, run, &hunts);
    else if (run->trace) /* a traced run reads the source's kind as it goes */
        s = hk_square_run(g, run->rng, run->trace, true, (mz_rng_kind)run->rng->kind, &hunts);
    else if (run->rng->kind == MZ_RNG_MULBERRY32)
        s = hk_square_run(g, run->rng, NULL, false, MZ_RNG_MULBERRY32, &hunts);
    else
        s = hk_square_run(g, run->rng, NULL, false, MZ_RNG_SPLITMIX64, &hunts);
    if (s == MZ_OK)
        mz_extra_int(run->extra, "hunts", (int64_t)hunts);
    return s;
}

static const char *const hk_columns[] = {"hunts", NULL};

static const mz_trace_op hunt_and_kill_trace_ops[] = {
    {"carve", "the walk carves into a new cell; dir = its move", MZ_DRAW_GROW},
    {"hunt", "a hunt finds a new cell beside the maze and joins it; dir = the wall knocked", MZ_DRAW_CARVE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_hunt_and_kill = {
    .name = "hunt-and-kill",
    .kind = MZ_GEN,
    .summary = "random walk into fresh cells; when stuck, link the first unvisited cell and go on",
    .flags = MZ_F_PERFECT,
    .params = NULL,
    .nparams = 0,
    .columns = hk_columns,
    MZ_FIGURES_hunt_and_kill, /* data/shape-figures.csv */
    .gen = hk_gen,
    .shapes = SH_ALL_BUT_SQUARE,
    .trace_ops = hunt_and_kill_trace_ops,
    .trace_size = "cells visited so far",
};
