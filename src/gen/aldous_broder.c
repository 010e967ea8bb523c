/*
 * aldous_broder.c - the Aldous-Broder algorithm: one random walk over the
 * whole grid, a uniform spanning tree.
 *
 *   1. rnd = mulberry32(seed). Start at cell s = pick(cells), visited.
 *   2. Draw a direction d (two bits of a draw, below) until it leads to a
 *      cell of the grid; step to that neighbour n.
 *   3. If n was never visited, knock the wall between the two cells (a
 *      carve) and mark n visited; otherwise only move (a walk step).
 *   4. Stop when every cell is visited: cells - 1 carves.
 *   Directions come two bits at a time from each 32-bit draw, low bits
 *   first (16 a draw); a direction off the grid is drawn again, so each
 *   step goes to a uniformly chosen neighbour.
 *
 * Bias: none: the first-entrance edges of a random walk form a uniformly
 * random spanning tree (Aldous 1990, Broder 1989). Same figures as wilson
 * (dead ends near 29.45% of the cells), another tree for the same seed.
 * Complexity: the walk's cover time, O(n log^2 n) steps on a square grid;
 * nearly all of it re-walks visited cells hunting for the last unvisited
 * ones. A step is a few nanoseconds (the walk stays local), so the
 * practical limit is about 10^8 cells: 1.2e10 steps and about a minute of
 * CPU at 10000x10000, where 10^9 cells would take some 1.5e11 steps
 * (docs/catalogue-generators.md has the measured table).
 * Memory: none beyond the grid; a cell is visited when one of its walls is
 * open, the start cell carries scratch bit 7 until the end.
 * Defaults: no parameters.
 * Trace: `carve` for a step into a new cell, `walk` for a step onto a
 * visited one (cell = the cell entered, dir, size = cells visited).
 * Column walk_steps: the walk's length.
 *
 * Other shapes (shape_common.h; not the weave, whose graph changes as it
 * is carved, so no tree of it is uniform): the same walk through ports. A
 * step is one draw, pick(len) over the ports 0..ports-1, in order, that
 * lead to a cell of the grid: a uniformly chosen neighbour, as above.
 * Visited cells are a bit a cell from g->mem. Same trace, dir = the port.
 */
#include "classic.h"
#include "shape_common.h"
#include "../core/figures.h"

/* cl_bits_done for a source of known kind: only its state goes back (the
 * other fields of the copy are unchanged), so the walk's loop carries the
 * one state word it draws from and nothing else. */
MZ_INLINE void ab_bits_done(const cl_bits *b, mz_rng *r, const mz_rng_kind rk)
{
    if (rk == MZ_RNG_MULBERRY32)
        r->a = b->r.a;
    else
        r->x = b->r.x;
}

MZ_INLINE mz_status ab_square_run(mz_grid *g, mz_rng *rng, mz_trace *t, const bool tracing,
                                  const mz_rng_kind rk, uint64_t *steps_out)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, cells = g->cells;
    const int64_t step[4] = {-(int64_t)cols, 1, (int64_t)cols, -1};
    const int64_t dcol[4] = {0, 1, 0, -1};
    mz_idx cur = mz_rngk_pick(rng, cells, rk);
    const mz_idx start = cur;
    uint64_t col = cur % cols, visited = 1, steps = 0;
    cl_bits rb;
    cl_bits_init(&rb, rng);
    c[cur] |= CL_MARK;
    mz_status s = MZ_OK;
    while (visited < cells) {
        const unsigned inside = cl_inside(cur, col, cols, cells);
        unsigned d;
        do
            d = cl_two_bitsk(&rb, rk);
        while (!(inside >> d & 1u));
        const mz_idx next = (mz_idx)((int64_t)cur + step[d]);
        steps++;
        const bool fresh = c[next] == MZ_WALLS;
        if (fresh) {
            c[cur] &= (uint8_t)~(1u << d);
            c[next] = (uint8_t)(MZ_WALLS & ~(1u << mz_sq_opposite(d)));
            visited++;
        }
        cur = next;
        col = (uint64_t)((int64_t)col + dcol[d]);
        if (tracing && mz_trace_emit(t, fresh ? "carve" : "walk", cur, (int)d, visited)) {
            s = MZ_EIO;
            break;
        }
    }
    ab_bits_done(&rb, rng, rk);
    c[start] &= (uint8_t)~CL_MARK;
    *steps_out = steps;
    return s;
}

MZ_INLINE mz_status ab_ports_run(mz_grid *g, mz_rng *rng, uint64_t *in, mz_trace *t,
                                 const bool tracing, const mz_rng_kind rk, uint64_t *steps_out)
{
    const uint64_t cells = g->cells;
    mz_idx cur = mz_rngk_pick(rng, cells, rk);
    uint64_t visited = 1, steps = 0;
    mz_bit_set(in, cur);
    while (visited < cells) {
        unsigned opts[SH_MAX_PORTS];
        const unsigned n = sh_ports_inside(g, cur, opts);
        const unsigned p = opts[mz_rngk_pick(rng, n, rk)];
        const mz_idx next = mz_port_nbr(g, cur, p);
        steps++;
        const bool fresh = !mz_bit_get(in, next);
        if (fresh && mz_port_can_open(g, cur, p)) { /* always, next being fresh */
            mz_port_knock(g, cur, p);
            mz_bit_set(in, next);
            visited++;
            if (cl_spent(rng, rk))
                return MZ_ESPENT;
        }
        cur = next;
        if (tracing && mz_trace_emit(t, fresh ? "carve" : "walk", cur, (int)p, visited))
            return MZ_EIO;
    }
    *steps_out = steps;
    return MZ_OK;
}

static mz_status ab_ports(mz_grid *g, mz_run *run, uint64_t *steps)
{
    uint64_t *in = mz_bits_new(g->mem, g->cells);
    if (!in)
        return MZ_ENOMEM;
    mz_rng *rng = run->rng;
    mz_status s;
    if (run->trace)
        s = ab_ports_run(g, rng, in, run->trace, true, (mz_rng_kind)rng->kind, steps);
    else if (rng->kind == MZ_RNG_MULBERRY32)
        s = ab_ports_run(g, rng, in, NULL, false, MZ_RNG_MULBERRY32, steps);
    else
        s = ab_ports_run(g, rng, in, NULL, false, MZ_RNG_SPLITMIX64, steps);
    mz_mem_free(g->mem, in);
    return s;
}

static mz_status ab_gen(mz_grid *g, const mz_args *args, mz_run *run)
{
    (void)args;
    uint64_t steps = 0;
    mz_status s;
    if (g->shape != MZ_SHAPE_ORTHO)
        s = ab_ports(g, run, &steps);
    else if (run->trace) /* a traced run reads the source's kind as it goes */
        s = ab_square_run(g, run->rng, run->trace, true, (mz_rng_kind)run->rng->kind, &steps);
    else if (run->rng->kind == MZ_RNG_MULBERRY32)
        s = ab_square_run(g, run->rng, NULL, false, MZ_RNG_MULBERRY32, &steps);
    else
        s = ab_square_run(g, run->rng, NULL, false, MZ_RNG_SPLITMIX64, &steps);
    if (s == MZ_OK)
        mz_extra_int(run->extra, "walk_steps", (int64_t)steps);
    return s;
}

static const char *const ab_columns[] = {"walk_steps", NULL};

static const mz_trace_op aldous_broder_trace_ops[] = {
    {"carve", "the walk enters a cell for the first time and knocks the wall it came through (dir)", MZ_DRAW_GROW},
    {"walk", "the walk crosses into a cell already in the maze", MZ_DRAW_VISIT},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_aldous_broder = {
    .name = "aldous-broder",
    .kind = MZ_GEN,
    .summary = "one random walk, knocking into every cell it enters first (Aldous-Broder): uniform",
    .flags = MZ_F_PERFECT | MZ_F_TWINS_DIFFER, /* a walk: another order of ports */
    .params = NULL,
    .nparams = 0,
    .columns = ab_columns,
    MZ_FIGURES_aldous_broder, /* data/shape-figures.csv */
    .gen = ab_gen,
    .shapes = SH_FIXED_GRAPHS,
    .trace_ops = aldous_broder_trace_ops,
    .trace_size = "cells visited so far",
};
