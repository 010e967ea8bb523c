/*
 * binary_tree.c - the binary tree algorithm: every cell links north or
 * east.
 *
 *   1. rnd = mulberry32(seed). Visit the cells in index order.
 *   2. In row 0 every cell but the last knocks its east wall; in the last
 *      column every cell but the top one knocks its north wall; the
 *      north-east corner knocks nothing (it is the tree's root).
 *   3. Every other cell draws a bit (one bit of a draw, below): 1 knocks
 *      north, 0 knocks east.
 *   4. Stop after the last cell: cells - 1 passages, one a cell.
 *   Bits come from 32-bit draws, low bit first, 32 a draw, only for the
 *   cells of step 3.
 *
 * Bias: the strongest of the classics: the north row and the east column
 * are unbroken corridors, every cell's way to the north-east corner runs
 * only north and east (a diagonal texture), and a dead end can face only
 * south or west. About 25% of the cells are dead ends.
 * Complexity: O(cells) time, one pass in index order; O(1) memory beyond
 * the grid. Defaults: no parameters (north with probability 1/2).
 * Trace: `carve` for each passage (cell = the cell, dir, size = passages
 * so far).
 *
 * Polar grids (the polar binary tree of Buck's Mazes for Programmers):
 * inward plays north and clockwise plays east. Cells in index order (ring
 * by ring, each clockwise from angle 0); the centre knocks nothing (the
 * root); the last cell of each ring knocks inward (port 2), as the last
 * column knocks north, so no ring closes into a loop; every other cell
 * draws a bit as above: 1 knocks inward, 0 clockwise (port 0). Each cell
 * but the centre knocks one wall toward a cell nearer the root (inward,
 * or clockwise toward its ring's last cell), so the passages form a
 * spanning tree. Bias: every way to the centre runs only inward and
 * clockwise. Same trace, dir = the port.
 */
#include "classic.h"

MZ_INLINE mz_status bt_run(mz_grid *g, mz_rng *rng, mz_trace *t, const bool tracing)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, rows = g->rows;
    cl_bits rb;
    cl_bits_init(&rb, rng);
    mz_status s = MZ_OK;
    uint64_t made = 0;
    for (uint64_t y = 0; y < rows; y++) {
        uint8_t *row = c + y * cols;
        for (uint64_t x = 0; x < cols; x++) {
            unsigned d;
            if (y == 0) {
                if (x + 1 == cols)
                    continue;
                d = MZ_E;
            } else if (x + 1 == cols) {
                d = MZ_N;
            } else {
                d = cl_bit(&rb) ? MZ_N : MZ_E;
            }
            if (d == MZ_N) {
                row[x] &= (uint8_t)~MZ_WALL_N;
                row[x - cols] &= (uint8_t)~MZ_WALL_S;
            } else {
                row[x] &= (uint8_t)~MZ_WALL_E;
                row[x + 1] &= (uint8_t)~MZ_WALL_W;
            }
            made++;
            if (tracing && mz_trace_emit(t, "carve", y * cols + x, (int)d, made)) {
                s = MZ_EIO;
                goto out;
            }
        }
    }
out:
    cl_bits_done(&rb, rng);
    return s;
}

/* The untraced pass: the same bits and maze, a row at a time. A cell's
 * byte is written once: its own choice opens N or E, the choice of the
 * cell to its west opens W (carried along the row), and the choices of the
 * row below open S (written when that row is made, as a store to the
 * previous row's cell). */
static void bt_fast(mz_grid *g, mz_rng *rng)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, rows = g->rows;
    cl_bits rb;
    cl_bits_init(&rb, rng);
    /* Row 0: a corridor. */
    for (uint64_t x = 0; x < cols; x++)
        c[x] = (uint8_t)(MZ_WALLS & ~(x + 1 < cols ? MZ_WALL_E : 0u) & ~(x > 0 ? MZ_WALL_W : 0u));
    for (uint64_t y = 1; y < rows; y++) {
        uint8_t *row = c + y * cols, *up = row - cols;
        unsigned west_open = 0;
        uint64_t x = 0;
        for (; x + 1 < cols; x++) {
            if (MZ_UNLIKELY(rb.left == 0)) {
                rb.a += MZ_MULBERRY32_INC;
                rb.bits = mz_mulberry32_mix(rb.a);
                rb.left = 32;
            }
            const unsigned north = rb.bits & 1u;
            rb.bits >>= 1;
            rb.left--;
            /* north: open N here and S above; east: open E here. */
            row[x] = (uint8_t)(MZ_WALLS & ~(north ? MZ_WALL_N : MZ_WALL_E) & ~west_open);
            up[x] &= (uint8_t)~(north << 2);
            west_open = north ? 0u : MZ_WALL_W;
        }
        row[x] = (uint8_t)(MZ_WALLS & ~MZ_WALL_N & ~west_open);
        up[x] &= (uint8_t)~MZ_WALL_S;
    }
    cl_bits_done(&rb, rng);
}

enum { POLAR_CW = 0, POLAR_IN = 2 };

MZ_INLINE mz_status bt_polar(mz_grid *g, mz_rng *rng, mz_trace *t, const bool tracing)
{
    cl_bits rb;
    cl_bits_init(&rb, rng);
    mz_status s = MZ_OK;
    uint64_t made = 0;
    for (uint64_t ring = 1; ring < g->rows; ring++) {
        const uint64_t first = mz_polar_ring_first(ring), n = mz_polar_ring_cells(ring);
        for (uint64_t pos = 0; pos < n; pos++) {
            const unsigned p = pos + 1 == n || cl_bit(&rb) ? POLAR_IN : POLAR_CW;
            mz_port_knock(g, first + pos, p);
            made++;
            if (tracing && mz_trace_emit(t, "carve", first + pos, (int)p, made)) {
                s = MZ_EIO;
                goto out;
            }
        }
    }
out:
    cl_bits_done(&rb, rng);
    return s;
}

static mz_status bt_gen(mz_grid *g, const mz_args *args, mz_run *run)
{
    (void)args;
    if (g->flags || g->tiles)
        return MZ_EUNSUPPORTED;
    if (g->shape == MZ_SHAPE_POLAR)
        return run->trace ? bt_polar(g, run->rng, run->trace, true)
                          : bt_polar(g, run->rng, NULL, false);
    if (g->shape != MZ_SHAPE_ORTHO)
        return MZ_EUNSUPPORTED; /* not reached: the registry refuses other shapes */
    if (run->trace)
        return bt_run(g, run->rng, run->trace, true);
    bt_fast(g, run->rng);
    return MZ_OK;
}

static const mz_trace_op binary_tree_trace_ops[] = {
    {"carve", "a cell knocks its north or east wall (dir)", MZ_DRAW_CARVE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_binary_tree = {
    .name = "binary-tree",
    .kind = MZ_GEN,
    .summary = "every cell links north or east at random; north row and east column corridors",
    .flags = MZ_F_PERFECT,
    .params = NULL,
    .nparams = 0,
    .columns = NULL,
    .bytes_per_cell = 0,
    .gen = bt_gen,
    .shapes = MZ_SHAPE_BIT(MZ_SHAPE_POLAR),
    .trace_ops = binary_tree_trace_ops,
    .trace_size = "cells carved so far",
};
