/*
 * dfs.c - depth-first carve (recursive backtracker, iterative).
 * Source: article.md, board 01.
 *
 *   1. rnd = mulberry32(seed); start at the entrance (cell 0), visited.
 *   2. cur = top of the stack; opts = directions 0..3, in order, whose
 *      neighbour exists and is unvisited.
 *   3. opts non-empty: d = opts[pick(len)]; knock; push the neighbour
 *      (a carve step). Otherwise pop (a backtrack step).
 *   4. Stop when the stack is empty: cells pushes... 2*cells - 1 steps.
 *
 * Bias: long winding corridors, few dead ends (about 10% of cells).
 * Complexity: O(cells) time; one byte a cell in all.
 *
 * The stack is not an array: on a fresh grid a cell is visited exactly when
 * one of its walls is open, and each pushed cell keeps the direction back to
 * its parent in its scratch bits (bits 5-6, bit 7 = "has a parent"). A pop
 * follows that direction and clears the bits. This is the same stack,
 * walked the same way, so the maze is the recipe's bit for bit, without
 * 8 bytes a cell of stack.
 */
#include "../core/internal.h"

#define PARENT_SHIFT 5
#define HAS_PARENT 0x80u

MZ_INLINE mz_status dfs_carve(mz_grid *g, mz_rng *rng, mz_trace *t, const bool tracing,
                              uint64_t *max_depth_out)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, rows = g->rows;
    const int64_t step[4] = {-(int64_t)cols, 1, (int64_t)cols, -1};
    mz_idx cur = 0;
    uint64_t row = 0, col = 0;
    uint64_t depth = 1, max_depth = 1;
    uint32_t a = rng->a;

    for (;;) {
        unsigned opts[4], n = 0;
        /* Unvisited = all four walls still up. */
        if (row > 0 && (c[cur - cols] & MZ_WALLS) == MZ_WALLS)
            opts[n++] = MZ_N;
        if (col + 1 < cols && (c[cur + 1] & MZ_WALLS) == MZ_WALLS)
            opts[n++] = MZ_E;
        if (row + 1 < rows && (c[cur + cols] & MZ_WALLS) == MZ_WALLS)
            opts[n++] = MZ_S;
        if (col > 0 && (c[cur - 1] & MZ_WALLS) == MZ_WALLS)
            opts[n++] = MZ_W;
        /* The start cell has all walls up until its first carve, but no cell
         * can reach it as a neighbour before then. */
        if (n) {
            a += MZ_MULBERRY32_INC;
            uint32_t u = mz_mulberry32_mix(a);
            unsigned d = opts[((uint64_t)u * n) >> 32];
            mz_idx next = (mz_idx)((int64_t)cur + step[d]);
            c[cur] &= (uint8_t)~(1u << d);
            c[next] = (uint8_t)((MZ_WALLS & ~(1u << ((d + 2) & 3))) | HAS_PARENT |
                                (((d + 2) & 3) << PARENT_SHIFT));
            cur = next;
            if (d == MZ_N) row--;
            else if (d == MZ_S) row++;
            else if (d == MZ_E) col++;
            else col--;
            depth++;
            if (depth > max_depth)
                max_depth = depth;
            if (tracing && mz_trace_emit(t, "push", cur, (int)d, depth)) {
                rng->a = a;
                return MZ_EIO;
            }
        } else {
            uint8_t v = c[cur];
            depth--;
            if (tracing && mz_trace_emit(t, "pop", cur, -1, depth)) {
                rng->a = a;
                return MZ_EIO;
            }
            if (!(v & HAS_PARENT))
                break;
            unsigned back = (v >> PARENT_SHIFT) & 3;
            c[cur] = v & (uint8_t)~MZ_SCRATCH;
            cur = (mz_idx)((int64_t)cur + step[back]);
            if (back == MZ_N) row--;
            else if (back == MZ_S) row++;
            else if (back == MZ_E) col++;
            else col--;
        }
    }
    rng->a = a;
    *max_depth_out = max_depth;
    return MZ_OK;
}

static mz_status dfs_gen(mz_grid *g, const mz_args *args, mz_run *run)
{
    (void)args;
    if (g->flags || g->tiles)
        return MZ_EUNSUPPORTED;
    uint64_t max_depth = 0;
    mz_status s = run->trace ? dfs_carve(g, run->rng, run->trace, true, &max_depth)
                             : dfs_carve(g, run->rng, NULL, false, &max_depth);
    if (s == MZ_OK)
        mz_extra_int(run->extra, "max_depth", (int64_t)max_depth);
    return s;
}

static const char *const dfs_columns[] = {"max_depth", NULL};

const mz_algo mz_algo_dfs = {
    .name = "dfs",
    .kind = MZ_GEN,
    .summary = "depth-first carve from the entrance (recursive backtracker, board 01)",
    .flags = MZ_F_PERFECT,
    .params = NULL,
    .nparams = 0,
    .columns = dfs_columns,
    .bytes_per_cell = 0,
    .gen = dfs_gen,
};
