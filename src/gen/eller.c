/*
 * eller.c - Eller's algorithm: the maze one row at a time, keeping only
 * which cells of the current row are already connected (by the rows
 * above). In memory on a grid, or streamed row by row for a grid of any
 * height (mz_eller_stream) in memory proportional to the width.
 *
 *   1. rnd = mulberry32(seed). Every cell of the first row is a set of its
 *      own. Each row, west to east:
 *   2. Joins: for each pair of neighbours x, x+1 in different sets, draw a
 *      bit; 1 knocks the wall between them and merges the two sets (on the
 *      last row every such pair is joined, with no draw).
 *   3. Downs (all rows but the last): for each cell x, west to east: if x
 *      is the last cell of its set not yet decided (every other member has
 *      left), knock its south wall; otherwise draw a bit: 1 knocks south
 *      (the cell below stays in the set), 0 leaves the wall and x leaves
 *      the set (the cell below starts a set of its own). So every set goes
 *      on downward through at least one cell.
 *   4. Stop after the last row: cells - 1 passages.
 *   Bits come from 32-bit draws, low bit first, 32 a draw, in the order
 *   the steps ask for them.
 *
 * Sets as circular lists: L[x] and R[x] are the previous and next column
 * of x's set, in column order round the circle (R of the easternmost is
 * the westernmost). The sets of a row never cross (two paths above the
 * row cannot cross each other), so x and x+1 share a set exactly when
 * R[x] == x + 1; a merge is four stores and a cell leaving its set two
 * more; "alone" is L[x] == x. Columns are 32-bit (a grid has at most 2^32
 * columns), so the state is 8 bytes a column.
 *
 * Bias: a solver's view is unremarkable (no long corridors or direction,
 * both coin flips at 1/2); it has many short dead ends, about 28% of the
 * cells. Defaults: no parameters.
 * Complexity: O(cells) time; O(cols) memory for the state; streamed, two
 * rows of bytes more and nothing per row. The in-memory maze and the
 * stream are the same code on the same draws: the streamed figures
 * (dead ends, degrees, passages, digest, and the route and longest path
 * from a compressed tree of the rows so far, src/core/rowtree.c) are those
 * of the in-memory maze.
 * Trace: `join` for a merge (cell = the west cell, dir 1, size = the sets
 * in the row after it), `carve` for a south wall knocked (cell, dir 2,
 * size = the sets).
 */
#include "classic.h"
#include "../core/rowtree.h"
#include "../core/figures.h"

typedef struct eller {
    uint64_t cols;
    uint32_t *L, *R;
    uint64_t sets;
    cl_bits rb;
} eller;

static mz_status eller_init(eller *e, const mz_allocator *mem, uint64_t cols, const mz_rng *rng)
{
    e->cols = cols;
    e->L = mz_alloc_array(mem, cols, 4);
    e->R = e->L ? mz_alloc_array(mem, cols, 4) : NULL;
    if (!e->R) {
        mz_mem_free(mem, e->L);
        e->L = NULL;
        return MZ_ENOMEM;
    }
    for (uint64_t x = 0; x < cols; x++)
        e->L[x] = e->R[x] = (uint32_t)x;
    e->sets = cols;
    cl_bits_init(&e->rb, rng);
    return MZ_OK;
}

static void eller_free(eller *e, const mz_allocator *mem)
{
    mz_mem_free(mem, e->L);
    mz_mem_free(mem, e->R);
}

/* Make one row: row[0..cols) gets its final bytes. prev is the row above
 * (NULL for the first); y is the row's number, for the trace. */
MZ_INLINE mz_status eller_row(eller *e, uint8_t *restrict row, const uint8_t *restrict prev,
                              bool last, uint64_t y, mz_trace *t, const bool tracing,
                              const mz_rng_kind rk)
{
    const uint64_t cols = e->cols;
    uint32_t *restrict L = e->L, *restrict R = e->R;
    /* The draw state and the set count in locals: the row's byte stores
     * could otherwise alias them and force a reload every cell. */
    cl_bits rb = e->rb;
    uint64_t sets = e->sets;
    mz_status s = MZ_OK;
    if (prev)
        for (uint64_t x = 0; x < cols; x++)
            row[x] = (uint8_t)(MZ_WALLS & ~(~prev[x] >> 2 & MZ_WALL_N));
    else
        memset(row, MZ_WALLS, (size_t)cols);
    /* 2. Joins. Branch-free: the splice's stores are made either way,
     * writing back what they read when there is no join, and a bit is
     * taken (and the buffer refilled) only for cells in different sets. */
    for (uint64_t x = 0; x + 1 < cols; x++) {
        const uint32_t nx = (uint32_t)(x + 1);
        const uint32_t rx = R[x], lnx = L[nx];
        const unsigned diff = rx != nx;
        unsigned j = diff;
        if (!last) {
            if (MZ_UNLIKELY(rb.left == 0) && diff) {
                rb.bits = mz_rngk_u32(&rb.r, rk);
                rb.left = 32;
            }
            j = diff & rb.bits;
            rb.bits >>= diff;
            rb.left -= diff;
        }
        /* Selects by mask (m is all ones on a join): a conditional
         * compiles to a branch that misses half the time. */
        const uint32_t m = 0u - (uint32_t)j;
        const uint32_t t1 = R[lnx];
        R[lnx] = t1 ^ ((t1 ^ rx) & m);
        const uint32_t t2 = L[rx];
        L[rx] = t2 ^ ((t2 ^ lnx) & m);
        R[x] = rx ^ ((rx ^ nx) & m);
        const uint32_t t3 = L[nx];
        L[nx] = t3 ^ ((t3 ^ (uint32_t)x) & m);
        row[x] &= (uint8_t)~(j * MZ_WALL_E);
        row[x + 1] &= (uint8_t)~(j * MZ_WALL_W);
        sets -= j;
        if (tracing && j && mz_trace_emit(t, "join", y * cols + x, MZ_E, sets)) {
            s = MZ_EIO;
            goto out;
        }
    }
    if (last)
        goto out;
    /* 3. Downs, branch-free the same way: a bit only for a cell that is
     * not alone in its set. */
    for (uint64_t x = 0; x < cols; x++) {
        const uint32_t lx = L[x], rx = R[x];
        const unsigned shared = lx != x;
        if (MZ_UNLIKELY(rb.left == 0) && shared) {
            rb.bits = mz_rngk_u32(&rb.r, rk);
            rb.left = 32;
        }
        /* leave: x leaves its set; the cell below starts a new one. */
        const unsigned leave = shared & ~rb.bits & 1u;
        rb.bits >>= shared;
        rb.left -= shared;
        const uint32_t m = 0u - (uint32_t)leave;
        const uint32_t t1 = R[lx];
        R[lx] = t1 ^ ((t1 ^ rx) & m);
        const uint32_t t2 = L[rx];
        L[rx] = t2 ^ ((t2 ^ lx) & m);
        const uint32_t t3 = L[x];
        L[x] = t3 ^ ((t3 ^ (uint32_t)x) & m);
        const uint32_t t4 = R[x];
        R[x] = t4 ^ ((t4 ^ (uint32_t)x) & m);
        sets += leave;
        row[x] &= (uint8_t)~((leave ^ 1u) * MZ_WALL_S);
        if (tracing && !leave && mz_trace_emit(t, "carve", y * cols + x, MZ_S, sets)) {
            s = MZ_EIO;
            goto out;
        }
    }
out:
    e->rb = rb;
    e->sets = sets;
    return s;
}

MZ_INLINE mz_status eller_grid(mz_grid *g, eller *e, mz_trace *t, const bool tracing,
                               const mz_rng_kind rk)
{
    const uint64_t cols = g->cols, rows = g->rows;
    for (uint64_t y = 0; y < rows; y++) {
        uint8_t *row = g->c + y * cols;
        mz_status s =
            eller_row(e, row, y ? row - cols : NULL, y + 1 == rows, y, t, tracing, rk);
        if (s != MZ_OK)
            return s;
    }
    return MZ_OK;
}

static mz_status eller_gen(mz_grid *g, const mz_args *args, mz_run *run)
{
    (void)args;
    eller e;
    if (eller_init(&e, g->mem, g->cols, run->rng) != MZ_OK)
        return MZ_ENOMEM;
    /* The loops specialised on the source: its kind a constant in each. */
    mz_status s;
    if (run->rng->kind == MZ_RNG_MULBERRY32)
        s = run->trace ? eller_grid(g, &e, run->trace, true, MZ_RNG_MULBERRY32)
                       : eller_grid(g, &e, NULL, false, MZ_RNG_MULBERRY32);
    else
        s = run->trace ? eller_grid(g, &e, run->trace, true, MZ_RNG_SPLITMIX64)
                       : eller_grid(g, &e, NULL, false, MZ_RNG_SPLITMIX64);
    cl_bits_done(&e.rb, run->rng);
    eller_free(&e, g->mem);
    return s;
}

/* ---- the stream ---- */

static inline uint64_t digest_step(uint64_t h, uint64_t w)
{
    h = (h ^ w) * UINT64_C(0x9e3779b97f4a7c15);
    return h ^ (h >> 32);
}

/* The stream with the rows' loops specialised on the source (rk, a
 * constant at each call); its arguments checked by mz_eller_stream. */
MZ_INLINE mz_status eller_stream_run(uint64_t rows, uint64_t cols, uint64_t seed,
                                     mz_eller_row_fn fn, void *user, const mz_allocator *mem,
                                     mz_stream_stats *st, const mz_rng_kind rk)
{
    static const uint8_t open_count[16] = {4, 3, 3, 2, 3, 2, 2, 1, 3, 2, 2, 1, 2, 1, 1, 0};
    memset(st, 0, sizeof *st);
    mz_rng rng;
    mz_rng_init(&rng, rk, seed);
    eller e;
    if (eller_init(&e, mem, cols, &rng) != MZ_OK)
        return MZ_ENOMEM;
    uint8_t *buf = mz_alloc_array(mem, cols, 2);
    mz_rowtree rt;
    if (!buf || mz_rowtree_init(&rt, mem, cols) != MZ_OK) {
        mz_mem_free(mem, buf);
        eller_free(&e, mem);
        return MZ_ENOMEM;
    }
    uint8_t *cur = buf, *prev = buf + cols;
    uint64_t deg[5] = {0, 0, 0, 0, 0};
    /* The digest of mz_digest: rows, cols, then the cells eight to a word,
     * cell 8k + j in byte j, carried across rows. */
    uint64_t h = UINT64_C(0x6a09e667f3bcc908);
    h = digest_step(h, rows);
    h = digest_step(h, cols);
    uint64_t word = 0;
    unsigned fill = 0;
    mz_status s = MZ_OK;
    for (uint64_t y = 0; y < rows; y++) {
        s = eller_row(&e, cur, y ? prev : NULL, y + 1 == rows, y, NULL, false, rk);
        if (s != MZ_OK)
            break;
        uint64_t x = 0;
        if (fill) /* finish the word the last row began */
            for (; x < cols && fill < 8; x++, fill++) {
                word |= (uint64_t)(cur[x] & 0x1Fu) << (8 * fill);
                deg[open_count[cur[x] & MZ_WALLS]]++;
            }
        if (fill == 8) {
            h = digest_step(h, word);
            word = 0;
            fill = 0;
        }
        for (; x + 8 <= cols; x += 8) {
            uint64_t w = 0;
            for (unsigned j = 0; j < 8; j++) {
                w |= (uint64_t)(cur[x + j] & 0x1Fu) << (8 * j);
                deg[open_count[cur[x + j] & MZ_WALLS]]++;
            }
            h = digest_step(h, w);
        }
        for (; x < cols; x++, fill++) {
            word |= (uint64_t)(cur[x] & 0x1Fu) << (8 * fill);
            deg[open_count[cur[x] & MZ_WALLS]]++;
        }
        /* The route and the longest path: rowtree.c. */
        s = mz_rowtree_row(&rt, cur);
        if (s != MZ_OK)
            break;
        if (fn && fn(user, y, cur, cols) != 0) {
            s = MZ_EIO;
            break;
        }
        uint8_t *tmp = prev;
        prev = cur;
        cur = tmp;
    }
    if (s == MZ_OK)
        s = mz_rowtree_finish(&rt, &st->route, &st->longest);
    if (s == MZ_OK) {
        st->tree_nodes = rt.npeak;
        if (fill)
            h = digest_step(h, word);
        h ^= h >> 29;
        h *= UINT64_C(0xbf58476d1ce4e5b9);
        h ^= h >> 32;
        st->rows = rows;
        st->cols = cols;
        st->cells = rows * cols;
        for (unsigned k = 0; k < 5; k++)
            st->degree[k] = deg[k];
        st->dead_ends = deg[1];
        st->passages = (deg[1] + 2 * deg[2] + 3 * deg[3] + 4 * deg[4]) / 2;
        st->digest = h;
        st->draws = mz_rng_draws(&e.rb.r);
    }
    mz_rowtree_free(&rt);
    mz_mem_free(mem, buf);
    eller_free(&e, mem);
    return s;
}

mz_status mz_eller_stream(uint64_t rows, uint64_t cols, mz_rng_kind kind, uint64_t seed,
                          mz_eller_row_fn fn, void *user, const mz_allocator *mem,
                          mz_stream_stats *st)
{
    /* The rows' loops are compiled for each source. */
    if (!st || rows == 0 || cols == 0 || (unsigned)kind >= MZ_RNG_KIND_COUNT ||
        (kind == MZ_RNG_MULBERRY32 && seed > UINT32_MAX))
        return MZ_EINVAL;
    if (cols >= (UINT64_C(1) << 31) || rows > UINT64_MAX / cols)
        return MZ_ETOOBIG;
    return kind == MZ_RNG_MULBERRY32
               ? eller_stream_run(rows, cols, seed, fn, user, mem, st, MZ_RNG_MULBERRY32)
               : eller_stream_run(rows, cols, seed, fn, user, mem, st, MZ_RNG_SPLITMIX64);
}

static const mz_trace_op eller_trace_ops[] = {
    {"join", "merge two sets: knock the east wall of cell", MZ_DRAW_CARVE},
    {"carve", "a set goes on downward: knock the south wall of cell", MZ_DRAW_CARVE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_eller = {
    .name = "eller",
    .kind = MZ_GEN,
    .summary = "one row at a time with the connected sets of the row (Eller); streams any height",
    .flags = MZ_F_PERFECT,
    .params = NULL,
    .nparams = 0,
    .columns = NULL,
    MZ_FIGURES_eller, /* data/shape-figures.csv */
    .gen = eller_gen,
    .refuses = NULL,
    .trace_ops = eller_trace_ops,
    .trace_size = "sets in the current row after the step",
};
