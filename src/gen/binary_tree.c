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
 * the grid; untraced with run->threads > 1, bands of rows side by side
 * (below), the same maze. Defaults: no parameters (north with probability
 * 1/2).
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
#include "../core/figures.h"

MZ_INLINE mz_status bt_run(mz_grid *g, mz_rng *rng, mz_trace *t, const bool tracing,
                           const mz_rng_kind rk)
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
                d = cl_bitk(&rb, rk) ? MZ_N : MZ_E;
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

/* ---- The untraced pass, on any number of threads ----
 * Both random sources are counters (draw j is mix(state + (j + 1) * inc),
 * mz_rngk_u32_at), so the bit of any cell is known by its index: cell (y, x) of step 3 takes
 * bit k = (y - 1) * (cols - 1) + x, bit k % 32 of draw k / 32. A cell's
 * byte depends on three choices only: its own (N or E), its west
 * neighbour's (E opens its W) and the cell below's (N opens its S). Each
 * band of rows writes its own bytes, reading the row below's bits, so the
 * bands share no byte, and 32 cells are decided a step as four masks (one
 * a side), eight bytes written at a time. The maze is the traced pass's
 * (bt_run) bit for bit. */

/* The 32 bits from bit k on: bits k % 32.. of draw k / 32, then the low
 * bits of the draw after it. */
MZ_INLINE uint32_t bt_bits32(const mz_rng *r0, uint64_t k, const mz_rng_kind rk)
{
    const uint64_t j = k / 32;
    const unsigned off = (unsigned)(k % 32);
    const uint32_t lo = mz_rngk_u32_at(r0, j, rk);
    if (off == 0)
        return lo;
    const uint32_t hi = mz_rngk_u32_at(r0, j + 1, rk);
    return (lo >> off) | (hi << (32 - off));
}

/* Eight bits to eight bytes: bit i to bit 0 of byte i. */
static inline uint64_t bt_spread8(uint64_t b)
{
    b = (b | (b << 28)) & UINT64_C(0x0000000F0000000F);
    b = (b | (b << 14)) & UINT64_C(0x0003000300030003);
    b = (b | (b << 7)) & UINT64_C(0x0101010101010101);
    return b;
}

typedef struct bt_job {
    mz_grid *g;
    mz_rng r0; /* the source before the pass's first draw */
    unsigned nbands;
} bt_job;

/* One band of rows, 32 cells a step: the open sides of the step's cells
 * as four masks (bit i for cell x0 + i), then eight bytes at a time. */
MZ_INLINE void bt_band(void *ctx, unsigned k, const mz_rng_kind rk)
{
    const bt_job *j = ctx;
    uint8_t *c = j->g->c;
    const uint64_t cols = j->g->cols, rows = j->g->rows;
    const uint64_t y0 = rows * k / j->nbands, y1 = rows * (k + 1) / j->nbands;
    const uint64_t ones = UINT64_C(0x0101010101010101);
    for (uint64_t y = y0; y < y1; y++) {
        uint8_t *row = c + y * cols;
        const bool below = y + 1 < rows;
        uint32_t carry = 0; /* the last cell of the step before opens east */
        for (uint64_t x0 = 0; x0 < cols; x0 += 32) {
            const unsigned n = cols - x0 < 32 ? (unsigned)(cols - x0) : 32u;
            const uint32_t valid = n == 32 ? UINT32_MAX : (UINT32_C(1) << n) - 1;
            const uint32_t last = x0 + n == cols ? UINT32_C(1) << (n - 1) : 0;
            uint32_t north, east, south = 0;
            if (y == 0) {
                north = 0;
                east = valid & ~last;
            } else {
                north = ((bt_bits32(&j->r0, (y - 1) * (cols - 1) + x0, rk) & ~last) | last) & valid;
                east = valid & ~north;
            }
            if (below)
                south = ((bt_bits32(&j->r0, y * (cols - 1) + x0, rk) & ~last) | last) & valid;
            const uint32_t west = ((east << 1) | carry) & valid;
            carry = east >> 31;
            for (unsigned g8 = 0; g8 < n; g8 += 8) {
                const uint64_t open = bt_spread8((north >> g8) & 0xffu) * MZ_WALL_N |
                                      bt_spread8((east >> g8) & 0xffu) * MZ_WALL_E |
                                      bt_spread8((south >> g8) & 0xffu) * MZ_WALL_S |
                                      bt_spread8((west >> g8) & 0xffu) * MZ_WALL_W;
                const uint64_t w = (ones * MZ_WALLS) & ~open;
                if (n - g8 >= 8) {
                    mz_store_le64(row + x0 + g8, w);
                } else {
                    for (unsigned i = 0; g8 + i < n; i++)
                        row[x0 + g8 + i] = (uint8_t)(w >> (8 * i));
                }
            }
        }
    }
}

/* The band function for each source, its kind a constant. */
static void bt_band_mulberry32(void *ctx, unsigned k) { bt_band(ctx, k, MZ_RNG_MULBERRY32); }
static void bt_band_splitmix64(void *ctx, unsigned k) { bt_band(ctx, k, MZ_RNG_SPLITMIX64); }

static void bt_bands(mz_grid *g, mz_rng *rng, unsigned threads)
{
    const uint64_t rows = g->rows, cols = g->cols;
    uint64_t nb = threads == 1 ? 1 : (uint64_t)threads * 4;
    if (nb > rows)
        nb = rows;
    bt_job j = {g, *rng, (unsigned)nb};
    const mz_rng_kind rk = (mz_rng_kind)rng->kind;
    mz_par_tasks(threads, j.nbands,
                 rk == MZ_RNG_MULBERRY32 ? bt_band_mulberry32 : bt_band_splitmix64, &j);
    /* Where the traced pass leaves the source: past every draw it took
     * (bits only, never a pick, so no draw is ever rejected). */
    const uint64_t bits = (rows - 1) * (cols - 1);
    mz_rngk_skip(rng, (bits + 31) / 32, rk);
}

enum { POLAR_CW = 0, POLAR_IN = 2 };

MZ_INLINE mz_status bt_polar(mz_grid *g, mz_rng *rng, mz_trace *t, const bool tracing,
                             const mz_rng_kind rk)
{
    cl_bits rb;
    cl_bits_init(&rb, rng);
    mz_status s = MZ_OK;
    uint64_t made = 0;
    for (uint64_t ring = 1; ring < g->rows; ring++) {
        const uint64_t first = mz_polar_ring_first(ring), n = mz_polar_ring_cells(ring);
        for (uint64_t pos = 0; pos < n; pos++) {
            const unsigned p = pos + 1 == n || cl_bitk(&rb, rk) ? POLAR_IN : POLAR_CW;
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
    const bool mb = run->rng->kind == MZ_RNG_MULBERRY32;
    if (g->shape == MZ_SHAPE_POLAR) {
        if (mb)
            return run->trace ? bt_polar(g, run->rng, run->trace, true, MZ_RNG_MULBERRY32)
                              : bt_polar(g, run->rng, NULL, false, MZ_RNG_MULBERRY32);
        return run->trace ? bt_polar(g, run->rng, run->trace, true, MZ_RNG_SPLITMIX64)
                          : bt_polar(g, run->rng, NULL, false, MZ_RNG_SPLITMIX64);
    }
    if (g->shape != MZ_SHAPE_ORTHO)
        return MZ_EUNSUPPORTED; /* not reached: the registry refuses other shapes */
    if (run->trace)
        return mb ? bt_run(g, run->rng, run->trace, true, MZ_RNG_MULBERRY32)
                  : bt_run(g, run->rng, run->trace, true, MZ_RNG_SPLITMIX64);
    bt_bands(g, run->rng, run->threads > 1 ? run->threads : 1);
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
    MZ_FIGURES_binary_tree, /* data/shape-figures.csv */
    .gen = bt_gen,
    .shapes = MZ_SHAPE_BIT(MZ_SHAPE_POLAR),
    .trace_ops = binary_tree_trace_ops,
    .trace_size = "cells carved so far",
};
