/*
 * sidewinder.c - the sidewinder algorithm: runs along each row, each run
 * closed by one passage north.
 *
 *   1. rnd = mulberry32(seed). Row 0: knock every east wall (one corridor).
 *   2. Each later row, west to east, keeps a run that starts at the row's
 *      first cell. At each cell, draw a bit (one bit of a draw, below),
 *      except at the row's last cell, where the run always closes:
 *        bit 1: knock the east wall; the run goes on (a carve);
 *        bit 0: close the run: k = pick(run length); knock the north wall
 *               of the run's cell k (a join); the next run starts at the
 *               next cell.
 *   3. Stop after the last row: (rows - 1) joins to the row above in
 *      every row but the first, cells - 1 passages in all.
 *   Bits come from 32-bit draws, low bit first, 32 a draw; a pick takes the
 *   next whole draw for itself, and the bits go on from the older draw
 *   where they left off (docs/catalogue-generators.md, "Random fields").
 *
 * Bias: the top row is one corridor, and no passage ever turns back
 * south-to-north-to-south within a row's run, so the way up from any cell
 * is monotone (a solver heading north never backtracks); vertical
 * passages are short. About 27% of the cells are dead ends.
 * Complexity: O(cells) time, one pass over the grid in index order;
 * O(1) memory beyond the grid. Defaults: no parameters (east with
 * probability 1/2).
 * Trace: `carve` for an east wall (cell, dir 1, size = the run's length
 * after it), `join` for a run's passage north (cell = the run's cell,
 * dir 0, size = the run's length).
 *
 * Polar grids (the polar sidewinder of Buck's Mazes for Programmers):
 * clockwise plays east and inward plays north. Rings 1, 2, ... in turn
 * (the centre is the top row's counterpart: it has no run of its own),
 * each from its cell at angle 0 clockwise, a run starting at the ring's
 * first cell; at each cell, draw a bit, except at the ring's last cell,
 * where the run always closes: 1 knocks clockwise (port 0; a carve), 0
 * closes the run: k = pick(run length), the run's cell k knocks inward
 * (port 2; a join) and the next run starts at the next cell. Each run is
 * a path joined to the ring inside by one passage, so the maze is a
 * spanning tree. Same draws as above (bits, a pick a close), same trace
 * with dir = the port (0 for a carve, 2 for a join).
 */
#include "classic.h"
#include "../core/figures.h"

MZ_INLINE mz_status sw_run(mz_grid *g, mz_rng *rng, mz_trace *t, const bool tracing,
                           const mz_rng_kind rk)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, rows = g->rows;
    cl_bits rb;
    cl_bits_init(&rb, rng);
    mz_status s = MZ_OK;
    /* 1. The top row. */
    for (uint64_t x = 0; x + 1 < cols; x++) {
        c[x] &= (uint8_t)~MZ_WALL_E;
        c[x + 1] &= (uint8_t)~MZ_WALL_W;
        if (tracing && mz_trace_emit(t, "carve", x, MZ_E, x + 2)) {
            s = MZ_EIO;
            goto out;
        }
    }
    /* 2. Runs. */
    for (uint64_t y = 1; y < rows; y++) {
        uint8_t *row = c + y * cols, *up = row - cols;
        uint64_t run = 0; /* the run's first column */
        for (uint64_t x = 0; x < cols; x++) {
            if (x + 1 < cols && cl_bitk(&rb, rk)) {
                row[x] &= (uint8_t)~MZ_WALL_E;
                row[x + 1] &= (uint8_t)~MZ_WALL_W;
                if (tracing && mz_trace_emit(t, "carve", y * cols + x, MZ_E, x + 2 - run)) {
                    s = MZ_EIO;
                    goto out;
                }
            } else {
                uint64_t k = run + cl_pickk(&rb, x + 1 - run, rk);
                row[k] &= (uint8_t)~MZ_WALL_N;
                up[k] &= (uint8_t)~MZ_WALL_S;
                if (tracing && mz_trace_emit(t, "join", y * cols + k, MZ_N, x + 1 - run)) {
                    s = MZ_EIO;
                    goto out;
                }
                run = x + 1;
            }
        }
    }
out:
    cl_bits_done(&rb, rng);
    return s;
}

/* The untraced pass: the same bits, picks and maze as sw_run, a chunk of
 * bits at a time. A row's cells but its last each take one bit, so a
 * chunk is the bits left in the current draw, cut at the row's end.
 * Within a chunk:
 *   - the east knocks are a plain loop over the chunk's bits (a 1 opens
 *     E of the cell and W of the next), with no branch on the coin;
 *   - the runs it closes are its 0 bits, visited in order with a
 *     count-trailing-zeros loop: one iteration a run, so no per-cell
 *     branch that misses half the time, and a pick (one draw) only where
 *     a run closes, not at every cell.
 * The order of draws is sw_run's: the picks take whole draws as they come
 * while the chunk's bits stay from the older draw, and the next chunk's
 * draw follows the last pick. The row's last cell closes its run with no
 * bit. */
MZ_INLINE unsigned sw_ctz32(uint32_t v)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_ctz(v);
#else
    unsigned n = 0;
    while (!(v & 1u)) {
        v >>= 1;
        n++;
    }
    return n;
#endif
}

/* Close the run [run, x]: knock the north wall of a cell picked from it
 * (mz_rngk_pick's draw; for mulberry32 written out, as len <= 2^32 (a row
 * has at most 2^32 cells) so u * len fits 64 bits and no branch on the
 * size is needed). */
MZ_INLINE void sw_close(uint8_t *row, uint8_t *up, mz_rng *r, uint64_t run, uint64_t x,
                        const mz_rng_kind rk)
{
    const uint64_t k = run + (rk == MZ_RNG_MULBERRY32
                                  ? ((uint64_t)mz_rngk_u32(r, rk) * (x + 1 - run)) >> 32
                                  : mz_rngk_pick(r, x + 1 - run, rk));
    row[k] &= (uint8_t)~MZ_WALL_N;
    up[k] &= (uint8_t)~MZ_WALL_S;
}

MZ_INLINE void sw_fast(mz_grid *g, mz_rng *rng, const mz_rng_kind rk)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, rows = g->rows;
    mz_rng r = *rng;     /* the source, in a local */
    uint32_t bits = 0;   /* unused bits of the last draw, low first */
    unsigned left = 0;   /* how many */
    for (uint64_t x = 0; x + 1 < cols; x++) {
        c[x] &= (uint8_t)~MZ_WALL_E;
        c[x + 1] &= (uint8_t)~MZ_WALL_W;
    }
    for (uint64_t y = 1; y < rows; y++) {
        uint8_t *row = c + y * cols, *up = row - cols;
        uint64_t run = 0, x = 0;
        unsigned west_in = 0; /* did the cell west of x open east? */
        while (x + 1 < cols) {
            if (left == 0) {
                bits = mz_rngk_u32(&r, rk);
                left = 32;
            }
            const unsigned n = cols - 1 - x < left ? (unsigned)(cols - 1 - x) : left;
            /* The chunk's n bits (n <= 32: shift in 64 bits). */
            const uint32_t chunk = (uint32_t)(bits & ((UINT64_C(1) << n) - 1));
            bits = (uint32_t)((uint64_t)bits >> n);
            left -= n;
            /* Bit i of west: the coin of the cell to the west of cell
             * x + i (carried over from the last chunk for i = 0), so each
             * cell's byte is written once. */
            const uint64_t west = (uint64_t)chunk << 1 | west_in;
            uint8_t *cell = row + x;
            for (unsigned i = 0; i < n; i++)
                cell[i] &= (uint8_t)~((chunk >> i & 1u) * MZ_WALL_E |
                                      (unsigned)(west >> i & 1u) * MZ_WALL_W);
            west_in = chunk >> (n - 1) & 1u;
            /* The 0 bits of the chunk: the runs it closes, west to east. */
            uint32_t closes = ~chunk & (uint32_t)((UINT64_C(1) << n) - 1);
            while (closes) {
                const uint64_t xc = x + sw_ctz32(closes);
                closes &= closes - 1;
                sw_close(row, up, &r, run, xc, rk);
                run = xc + 1;
            }
            x += n;
        }
        row[cols - 1] &= (uint8_t)~(west_in * MZ_WALL_W);
        sw_close(row, up, &r, run, cols - 1, rk);
    }
    *rng = r;
}

enum { POLAR_CW = 0, POLAR_IN = 2 };

MZ_INLINE mz_status sw_polar(mz_grid *g, mz_rng *rng, mz_trace *t, const bool tracing,
                             const mz_rng_kind rk)
{
    cl_bits rb;
    cl_bits_init(&rb, rng);
    mz_status s = MZ_OK;
    for (uint64_t ring = 1; ring < g->rows; ring++) {
        const uint64_t first = mz_polar_ring_first(ring), n = mz_polar_ring_cells(ring);
        uint64_t run = 0; /* the run's first position */
        for (uint64_t x = 0; x < n; x++) {
            if (x + 1 < n && cl_bitk(&rb, rk)) {
                mz_port_knock(g, first + x, POLAR_CW);
                if (tracing && mz_trace_emit(t, "carve", first + x, POLAR_CW, x + 2 - run)) {
                    s = MZ_EIO;
                    goto out;
                }
            } else {
                const uint64_t k = run + cl_pickk(&rb, x + 1 - run, rk);
                mz_port_knock(g, first + k, POLAR_IN);
                if (tracing && mz_trace_emit(t, "join", first + k, POLAR_IN, x + 1 - run)) {
                    s = MZ_EIO;
                    goto out;
                }
                run = x + 1;
            }
        }
    }
out:
    cl_bits_done(&rb, rng);
    return s;
}

static mz_status sw_gen(mz_grid *g, const mz_args *args, mz_run *run)
{
    (void)args;
    /* Every loop specialised on the source: its kind a constant in each. */
    const bool mb = run->rng->kind == MZ_RNG_MULBERRY32;
    if (g->shape == MZ_SHAPE_POLAR) {
        if (mb)
            return run->trace ? sw_polar(g, run->rng, run->trace, true, MZ_RNG_MULBERRY32)
                              : sw_polar(g, run->rng, NULL, false, MZ_RNG_MULBERRY32);
        return run->trace ? sw_polar(g, run->rng, run->trace, true, MZ_RNG_SPLITMIX64)
                          : sw_polar(g, run->rng, NULL, false, MZ_RNG_SPLITMIX64);
    }
    if (g->shape != MZ_SHAPE_ORTHO)
        return MZ_EUNSUPPORTED; /* not reached: the registry refuses other shapes */
    if (run->trace)
        return mb ? sw_run(g, run->rng, run->trace, true, MZ_RNG_MULBERRY32)
                  : sw_run(g, run->rng, run->trace, true, MZ_RNG_SPLITMIX64);
    if (mb)
        sw_fast(g, run->rng, MZ_RNG_MULBERRY32);
    else
        sw_fast(g, run->rng, MZ_RNG_SPLITMIX64);
    return MZ_OK;
}

static const mz_trace_op sidewinder_trace_ops[] = {
    {"carve", "the run grows east; cell = the run's west cell of the knocked wall, dir 1 (east)", MZ_DRAW_CARVE},
    {"join", "the run joins the row above through one of its cells, dir 0 (north)", MZ_DRAW_CARVE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_sidewinder = {
    .name = "sidewinder",
    .kind = MZ_GEN,
    .summary = "row runs east, each closed by one random passage north; the top row a corridor",
    .flags = MZ_F_PERFECT,
    .params = NULL,
    .nparams = 0,
    .columns = NULL,
    MZ_FIGURES_sidewinder, /* data/shape-figures.csv */
    .gen = sw_gen,
    .shapes = MZ_SHAPE_BIT(MZ_SHAPE_POLAR),
    .trace_ops = sidewinder_trace_ops,
    .trace_size = "the run's length",
};
