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
 */
#include "classic.h"

MZ_INLINE mz_status sw_run(mz_grid *g, mz_rng *rng, mz_trace *t, const bool tracing)
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
            if (x + 1 < cols && cl_bit(&rb)) {
                row[x] &= (uint8_t)~MZ_WALL_E;
                row[x + 1] &= (uint8_t)~MZ_WALL_W;
                if (tracing && mz_trace_emit(t, "carve", y * cols + x, MZ_E, x + 2 - run)) {
                    s = MZ_EIO;
                    goto out;
                }
            } else {
                uint64_t k = run + cl_pick(&rb, x + 1 - run);
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

/* The untraced pass: the same bits, picks and maze as sw_run, without a
 * branch on the coin. Each cell computes the pick its run would make
 * (from the draw after the current one) and applies either the east knock
 * or the north knock through masks; the draw is consumed only when the
 * run closes. */
static void sw_fast(mz_grid *g, mz_rng *rng)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, rows = g->rows;
    cl_bits rb;
    cl_bits_init(&rb, rng);
    for (uint64_t x = 0; x + 1 < cols; x++) {
        c[x] &= (uint8_t)~MZ_WALL_E;
        c[x + 1] &= (uint8_t)~MZ_WALL_W;
    }
    for (uint64_t y = 1; y < rows; y++) {
        uint8_t *row = c + y * cols, *up = row - cols;
        uint64_t run = 0;
        for (uint64_t x = 0; x < cols; x++) {
            unsigned east = 0;
            if (x + 1 < cols) {
                if (MZ_UNLIKELY(rb.left == 0)) {
                    rb.a += MZ_MULBERRY32_INC;
                    rb.bits = mz_mulberry32_mix(rb.a);
                    rb.left = 32;
                }
                east = rb.bits & 1u;
                rb.bits >>= 1;
                rb.left--;
            }
            const uint32_t u = mz_mulberry32_mix(rb.a + MZ_MULBERRY32_INC);
            const uint64_t len = x + 1 - run;
            const uint64_t k = run + (len <= UINT32_MAX ? ((uint64_t)u * len) >> 32
                                                        : (((uint64_t)u * (uint32_t)len) >> 32) +
                                                              (uint64_t)u * (len >> 32));
            /* Masks from the coin by arithmetic: a conditional here
             * compiles to a branch that misses half the time. */
            const unsigned close = east ^ 1u;
            row[k] &= (uint8_t)~(close * MZ_WALL_N);
            up[k] &= (uint8_t)~(close * MZ_WALL_S);
            row[x] &= (uint8_t)~(east * MZ_WALL_E);
            if (x + 1 < cols)
                row[x + 1] &= (uint8_t)~(east * MZ_WALL_W);
            rb.a += close * MZ_MULBERRY32_INC;
            run += close * (x + 1 - run);
        }
    }
    cl_bits_done(&rb, rng);
}

static mz_status sw_gen(mz_grid *g, const mz_args *args, mz_run *run)
{
    (void)args;
    if (g->flags || g->tiles)
        return MZ_EUNSUPPORTED;
    if (run->trace)
        return sw_run(g, run->rng, run->trace, true);
    sw_fast(g, run->rng);
    return MZ_OK;
}

static const mz_trace_op sidewinder_trace_ops[] = {
    {"carve", "the run grows east; cell = the run's west cell of the knocked wall, dir 1 (east)"},
    {"join", "the run joins the row above through one of its cells, dir 0 (north)"},
    {NULL, NULL},
};

const mz_algo mz_algo_sidewinder = {
    .name = "sidewinder",
    .kind = MZ_GEN,
    .summary = "row runs east, each closed by one random passage north; the top row a corridor",
    .flags = MZ_F_PERFECT,
    .params = NULL,
    .nparams = 0,
    .columns = NULL,
    .bytes_per_cell = 0,
    .gen = sw_gen,
    .trace_ops = sidewinder_trace_ops,
    .trace_size = "the run's length",
};
