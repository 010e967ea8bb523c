/*
 * wilson.c - Wilson's algorithm: loop-erased random walks, a uniform
 * spanning tree.
 *
 *   1. rnd = mulberry32(seed). The root r = pick(cells) is the tree.
 *   2. Scan the cells in index order; for each cell s not yet in the tree,
 *      walk from s: at cell x draw a direction d (two bits of a draw, see
 *      below) until it leads to a cell of the grid, record d in x
 *      (overwriting what an earlier visit recorded: that erases the loop
 *      made since) and step on, until the walk enters the tree.
 *   3. Retrace from s along the recorded directions: each cell on the way
 *      knocks the wall toward the next and joins the tree. The path is the
 *      loop-erased walk; the loops' cells stay outside.
 *   4. Stop after the scan: cells - 1 joins.
 *   Directions come two bits at a time from each 32-bit draw, low bits
 *   first (16 a draw); a direction off the grid is drawn again, so each
 *   step goes to a uniformly chosen neighbour.
 *
 * Bias: none: every spanning tree of the grid is equally likely (Wilson,
 * 1996), whatever the root and the scan order. Dead ends tend to
 * 8/pi^2 (1 - 2/pi) = 29.45% of the cells on large grids; corridors of
 * all lengths, no preferred direction.
 * Complexity: expected steps of the order of the grid's mean hitting time,
 * O(cells log cells) on a square grid (1.19e9 steps at 10^8 cells, seed
 * 1: 12 a cell; 8 s).
 * Memory: none beyond the grid: the walk's directions live in scratch bits
 * 5-6 of the cells, the root's "in the tree" mark in bit 7; a cell is in
 * the tree when one of its walls is open or it carries the mark. All
 * scratch bits are zero again on return.
 * Defaults: no parameters.
 * Trace: `walk` for every step of a walk (cell = the cell entered, dir,
 * size = the walk's steps so far) and `join` for every cell added by a
 * retrace (cell, dir = the wall knocked, size = cells in the tree).
 * Column walk_steps: the steps of all walks, erased loops included.
 *
 * Other shapes (shape_common.h; not the weave, whose graph changes as it
 * is carved, so no tree of it is uniform): the same steps through ports.
 * A walk's step is one draw, pick(len) over the ports 0..ports-1, in order,
 * that lead to a cell of the grid: a uniformly chosen neighbour, as above.
 * The walk's ways are a byte a cell and the tree a bit a cell, from g->mem.
 * Same trace, dir = the port.
 */
#include "classic.h"
#include "shape_common.h"
#include "../core/figures.h"

#define DIR_SHIFT 5

/* In the tree: a wall open, or the root's mark. A cell on a walk holds all
 * four walls and its direction in bits 5-6. */
MZ_INLINE bool in_tree(uint8_t v) { return (v & (CL_MARK | MZ_WALLS)) != MZ_WALLS; }

MZ_INLINE mz_status wilson_run(mz_grid *g, mz_rng *rng, mz_trace *t, const bool tracing,
                               const mz_rng_kind rk, uint64_t *steps_out)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, cells = g->cells;
    const int64_t step[4] = {-(int64_t)cols, 1, (int64_t)cols, -1};
    const int64_t dcol[4] = {0, 1, 0, -1};
    const mz_idx root = mz_rngk_pick(rng, cells, rk);
    cl_bits rb;
    cl_bits_init(&rb, rng);
    c[root] |= CL_MARK;
    uint64_t tree = 1, steps = 0;
    uint64_t scol = 0;
    mz_status s = MZ_OK;
    for (mz_idx start = 0; start < cells; start++, scol = scol + 1 == cols ? 0 : scol + 1) {
        if (in_tree(c[start]))
            continue;
        if (cl_spent(&rb.r, rk)) {
            s = MZ_ESPENT;
            goto out;
        }
        /* 2. Walk until the tree. */
        mz_idx cur = start;
        uint64_t col = scol, walked = 0;
        uint8_t v = c[cur];
        do {
            const unsigned inside = cl_inside(cur, col, cols, cells);
            unsigned d;
            do
                d = cl_two_bitsk(&rb, rk);
            while (!(inside >> d & 1u));
            c[cur] = (uint8_t)(MZ_WALLS | d << DIR_SHIFT);
            cur = (mz_idx)((int64_t)cur + step[d]);
            col = (uint64_t)((int64_t)col + dcol[d]);
            v = c[cur];
            walked++;
            if (tracing && mz_trace_emit(t, "walk", cur, (int)d, walked)) {
                s = MZ_EIO;
                goto out;
            }
        } while (!in_tree(v));
        steps += walked;
        /* 3. Retrace the loop-erased path into the tree. */
        cur = start;
        for (;;) {
            const uint8_t cv = c[cur];
            const unsigned d = (cv >> DIR_SHIFT) & 3u;
            const mz_idx next = (mz_idx)((int64_t)cur + step[d]);
            const uint8_t nv = c[next];
            c[cur] = (uint8_t)(cv & MZ_WALLS & ~(1u << d));
            c[next] = (uint8_t)(nv & ~(1u << mz_sq_opposite(d)));
            tree++;
            if (tracing && mz_trace_emit(t, "join", cur, (int)d, tree)) {
                s = MZ_EIO;
                goto out;
            }
            if (in_tree(nv))
                break;
            cur = next;
        }
    }
out:
    cl_bits_done(&rb, rng);
    if (s != MZ_OK) {
        cl_clear_scratch(g);
        return s;
    }
    c[root] &= (uint8_t)~CL_MARK;
    *steps_out = steps;
    return MZ_OK;
}

/* The walks through ports, compiled once per shape S (a constant but in
 * the traced run): the walk holds its cell's coordinates (sh_at), so the
 * ports that lead into the grid are a mask from bounds tests and only the
 * chosen port's neighbour is computed. A retraced cell is fresh, so its
 * wall toward the next cell can always be opened (no weave here). */
MZ_INLINE mz_status wilson_ports_run(mz_grid *g, mz_rng *rng, uint64_t *in, uint8_t *way,
                                     mz_trace *t, const bool tracing, const mz_rng_kind rk,
                                     const mz_shape S, uint64_t *steps_out)
{
    uint8_t *c = g->c;
    const uint64_t cells = g->cells;
    mz_rng r = *rng;
    mz_status s = MZ_OK;
    const mz_idx root = mz_rngk_pick(&r, cells, rk);
    mz_bit_set(in, root);
    uint64_t tree = 1, steps = 0;
    for (mz_idx start = 0; start < cells; start++) {
        if (mz_bit_get(in, start))
            continue;
        if (cl_spent(&r, rk)) {
            s = MZ_ESPENT;
            goto out;
        }
        const sh_at at0 = sh_at_of(g, S, start);
        sh_at cur = at0;
        uint64_t walked = 0;
        mz_idx y;
        do {
            /* pick(len) over the ports inside, in order; most cells have
             * ports 0..len-1 inside, and then the pick is the port */
            const unsigned inside = sh_at_inside(g, S, &cur);
            const bool low = (inside & (inside + 1)) == 0;
            const unsigned len = low ? (unsigned)__builtin_ctz(inside + 1) : sh_popcount8(inside);
            const unsigned k = (unsigned)mz_rngk_pick(&r, len, rk);
            const unsigned p = low ? k : sh_nth_bit(inside, k);
            way[cur.i] = (uint8_t)p;
            y = sh_at_nbr_in(g, S, &cur, p);
            cur = sh_at_step(g, S, &cur, p, y);
            walked++;
            if (tracing && mz_trace_emit(t, "walk", y, (int)p, walked)) {
                s = MZ_EIO;
                goto out;
            }
        } while (!mz_bit_get(in, y));
        steps += walked;
        for (cur = at0;;) {
            const unsigned p = way[cur.i];
            const mz_idx next = sh_at_nbr_in(g, S, &cur, p);
            c[cur.i] &= (uint8_t)~(1u << p);
            c[next] &= (uint8_t)~(1u << sh_at_back(g, S, &cur, p));
            mz_bit_set(in, cur.i);
            tree++;
            if (tracing && mz_trace_emit(t, "join", cur.i, (int)p, tree)) {
                s = MZ_EIO;
                goto out;
            }
            if (mz_bit_get(in, next))
                break;
            cur = sh_at_step(g, S, &cur, p, next);
        }
    }
    *steps_out = steps;
out:
    *rng = r;
    return s;
}

/* One untraced copy a shape and source; the traced run for all. */
#define WILSON_PORTS(S, NAME)                                                                  \
    static mz_status wilson_ports_##NAME(mz_grid *g, mz_rng *rng, uint64_t *in, uint8_t *way, \
                                         uint64_t *steps)                                     \
    {                                                                                         \
        if (rng->kind == MZ_RNG_MULBERRY32)                                                   \
            return wilson_ports_run(g, rng, in, way, NULL, false, MZ_RNG_MULBERRY32, S,       \
                                    steps);                                                   \
        return wilson_ports_run(g, rng, in, way, NULL, false, MZ_RNG_SPLITMIX64, S, steps);   \
    }
#define WILSON_PORTS_X(ID, name) WILSON_PORTS(MZ_SHAPE_##ID, name)
MZ_SHAPES_BUT_SQUARE(WILSON_PORTS_X)
#undef WILSON_PORTS_X

/* Every shape but square cells (and the weave, which wilson refuses). */
MZ_NOINLINE static mz_status wilson_ports(mz_grid *g, mz_run *run, uint64_t *steps)
{
    uint64_t *in = mz_bits_new(g->mem, g->cells);
    uint8_t *way = in ? mz_alloc_array(g->mem, g->cells, 1) : NULL;
    mz_status s = MZ_ENOMEM;
    mz_rng *rng = run->rng;
    if (way && run->trace) {
        s = wilson_ports_run(g, rng, in, way, run->trace, true, (mz_rng_kind)rng->kind, SH_ANY,
                             steps);
    } else if (way && g->shape == MZ_SHAPE_WEAVE) {
        s = MZ_EUNSUPPORTED;
    } else if (way) {
        switch (g->shape) {
#define WILSON_CASE(ID, name)                                                                  \
    case MZ_SHAPE_##ID: s = wilson_ports_##name(g, rng, in, way, steps); break;
            MZ_SHAPES_BUT_SQUARE(WILSON_CASE)
#undef WILSON_CASE
        case MZ_SHAPE_ORTHO:
        case MZ_SHAPE_COUNT: s = MZ_EUNSUPPORTED; break;
        }
    }
    mz_mem_free(g->mem, way);
    mz_mem_free(g->mem, in);
    return s;
}

/* Square cells: the traced loop (reading the source's kind as it goes),
 * or the untraced one for each source. */
MZ_INLINE mz_status wilson_square(mz_grid *g, mz_run *run, uint64_t *steps)
{
    if (run->trace)
        return wilson_run(g, run->rng, run->trace, true, (mz_rng_kind)run->rng->kind, steps);
    if (run->rng->kind == MZ_RNG_MULBERRY32)
        return wilson_run(g, run->rng, NULL, false, MZ_RNG_MULBERRY32, steps);
    return wilson_run(g, run->rng, NULL, false, MZ_RNG_SPLITMIX64, steps);
}

static mz_status wilson_gen(mz_grid *g, const mz_args *args, mz_run *run)
{
    (void)args;
    uint64_t steps = 0;
    const mz_status s = g->shape == MZ_SHAPE_ORTHO ? wilson_square(g, run, &steps)
                                                   : wilson_ports(g, run, &steps);
    if (s == MZ_OK)
        mz_extra_int(run->extra, "walk_steps", (int64_t)steps);
    return s;
}

static const char *const wilson_columns[] = {"walk_steps", NULL};

static const mz_trace_op wilson_trace_ops[] = {
    {"walk", "the loop-erased random walk steps into a cell; dir = its move", MZ_DRAW_MARK},
    {"join", "a cell of the erased walk joins the tree; dir = the wall knocked", MZ_DRAW_CARVE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_wilson = {
    .name = "wilson",
    .kind = MZ_GEN,
    .summary = "loop-erased random walks into a growing tree (Wilson): a uniform spanning tree",
    .flags = MZ_F_PERFECT | MZ_F_TWINS_DIFFER, /* a walk: another order of ports */
    .params = NULL,
    .nparams = 0,
    .columns = wilson_columns,
    MZ_FIGURES_wilson, /* data/shape-figures.csv */
    .gen = wilson_gen,
    .shapes = SH_FIXED_GRAPHS,
    .trace_ops = wilson_trace_ops,
    .trace_size = "steps of the current walk (walk), cells in the tree (join)",
};
