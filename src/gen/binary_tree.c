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

/* ---- On several threads ----
 * The random source is a counter (draw j is mix(a0 + (j + 1) * inc)), so
 * the bit of any cell is known by its index: cell (y, x) of step 3 takes
 * bit k = (y - 1) * (cols - 1) + x, bit k % 32 of draw k / 32. A cell's
 * byte depends on three choices only: its own (N or E), its west
 * neighbour's (E opens its W) and the cell below's (N opens its S). Each
 * band of rows writes its own bytes, reading the row below's bits, so the
 * bands share no byte and the maze is bt_fast's bit for bit. */

/* The bits of one row, read from draw k / 32 on. */
typedef struct bt_reader {
    uint32_t a0, bits;
    uint64_t next_draw;
    unsigned left;
} bt_reader;

static void bt_reader_at(bt_reader *r, uint32_t a0, uint64_t k)
{
    r->a0 = a0;
    r->next_draw = k / 32 + 1;
    r->bits = mz_mulberry32_mix(a0 + (uint32_t)(k / 32 + 1) * MZ_MULBERRY32_INC) >> (k % 32);
    r->left = 32 - (unsigned)(k % 32);
}

MZ_INLINE unsigned bt_read(bt_reader *r)
{
    if (MZ_UNLIKELY(r->left == 0)) {
        r->next_draw++;
        r->bits = mz_mulberry32_mix(r->a0 + (uint32_t)r->next_draw * MZ_MULBERRY32_INC);
        r->left = 32;
    }
    const unsigned v = r->bits & 1u;
    r->bits >>= 1;
    r->left--;
    return v;
}

typedef struct bt_job {
    mz_grid *g;
    uint32_t a0;
    unsigned nbands;
} bt_job;

static void bt_band(void *ctx, unsigned k)
{
    const bt_job *j = ctx;
    uint8_t *c = j->g->c;
    const uint64_t cols = j->g->cols, rows = j->g->rows;
    const uint64_t y0 = rows * k / j->nbands, y1 = rows * (k + 1) / j->nbands;
    for (uint64_t y = y0; y < y1; y++) {
        uint8_t *row = c + y * cols;
        const bool below = y + 1 < rows;
        bt_reader own = {0, 0, 0, 0}, down = {0, 0, 0, 0};
        if (y > 0)
            bt_reader_at(&own, j->a0, (y - 1) * (cols - 1));
        if (below)
            bt_reader_at(&down, j->a0, y * (cols - 1));
        unsigned west_open = 0;
        for (uint64_t x = 0; x < cols; x++) {
            const bool last = x + 1 == cols;
            /* its own choice: row 0 east (the north-east corner none),
             * the last column north, the others their bit */
            const unsigned north = y == 0 ? 0u : last ? 1u : bt_read(&own);
            const unsigned open_own = y == 0 ? (last ? 0u : MZ_WALL_E)
                                             : (north ? MZ_WALL_N : MZ_WALL_E);
            const unsigned south = below ? (last ? 1u : bt_read(&down)) : 0u;
            row[x] = (uint8_t)(MZ_WALLS & ~open_own & ~west_open & ~(south * MZ_WALL_S));
            west_open = (open_own == MZ_WALL_E) ? MZ_WALL_W : 0u;
        }
    }
}

static void bt_par(mz_grid *g, mz_rng *rng, unsigned threads)
{
    const uint64_t rows = g->rows, cols = g->cols;
    uint64_t nb = (uint64_t)threads * 4;
    if (nb > rows)
        nb = rows;
    bt_job j = {g, rng->a, (unsigned)nb};
    mz_par_tasks(threads, j.nbands, bt_band, &j);
    /* Where the one-thread pass leaves the source: past every draw it took. */
    const uint64_t bits = (rows - 1) * (cols - 1);
    rng->a += (uint32_t)((bits + 31) / 32) * MZ_MULBERRY32_INC;
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
    if (run->threads > 1 && g->rows > 1)
        bt_par(g, run->rng, run->threads);
    else
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
