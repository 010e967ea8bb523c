/*
 * recursive_division.c - recursive division, without recursion: walls are
 * added to an open field, each with one gap, until every room is one
 * cell wide.
 *
 *   1. rnd = mulberry32(seed). Open every wall inside the grid (the border
 *      stays closed). The whole grid is the first room on the stack.
 *   2. Pop a room w columns x h rows. If w < 2 or h < 2 it is a corridor:
 *      nothing to do. Otherwise choose the wall's orientation:
 *        orient=weighted (default): horizontal when pick(w + h) < h, so a
 *          room twice as tall as wide is cut across two times in three;
 *        orient=longer: across the longer side (horizontal when h > w,
 *          vertical when w > h); a square room draws (u < 2^31:
 *          horizontal).
 *   3. Horizontal: the wall runs under row k = pick(h - 1) of the room,
 *      its gap at column pick(w); close the wall except the gap (a
 *      divide). Vertical: the wall east of column k = pick(w - 1), gap at
 *      row pick(h). Draws in that order: orientation (weighted: always;
 *      longer: squares only), position, gap.
 *   4. Push the two rooms, the larger (by cells; the first on a tie)
 *      first, so the smaller is divided next.
 *   5. Stop when the stack is empty.
 *
 * Why a tree: each wall splits a room that is connected into two
 * connected rooms joined only through the gap, so every room stays a tree
 * of its parts; a room one cell wide is a straight corridor.
 * No recursion: the stack holds rooms waiting their turn. Taking the
 * smaller room first means every waiting room is the larger half of one
 * room on the way down, and each step down at least halves the room, so
 * at most 1 + log2(cells) rooms wait: 64 entries cover 2^40 cells.
 *
 * Bias: long straight walls that cut the maze into rectangular blocks,
 * with a single gap between the two sides of each: a solver crossing the
 * first wall must find its gap. The corridors are straight, the dead ends
 * short and many: about 23% of the cells with orient=weighted, the
 * published figure for this algorithm; orient=longer (always cutting the
 * longer side, as some descriptions have it) makes rooms nearly square and
 * gives about 27%.
 * Complexity: O(cells) time (every wall segment is placed once; one room
 * a division), O(1) memory beyond the grid (the 64-room stack).
 * Defaults: orient=weighted.
 * Trace: `divide` for each wall (cell = the gap's cell on the north or west
 * side, dir = 2 for a horizontal wall (its south side), 1 for a vertical
 * one (east), size = rooms waiting on the stack).
 */
#include "classic.h"
#include "../core/figures.h"

typedef struct room {
    uint64_t x, y, w, h;
} room;

#define STACK_MAX 64

enum { P_ORIENT };
enum { ORIENT_WEIGHTED = 0, ORIENT_LONGER = 1 };

MZ_INLINE mz_status rd_run(mz_grid *g, unsigned orient, mz_rng *rng, mz_trace *t,
                           const bool tracing, const mz_rng_kind rk)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, rows = g->rows;
    /* 1. An open field. */
    for (uint64_t y = 0; y < rows; y++) {
        uint8_t *row = c + y * cols;
        const unsigned ns = (y == 0 ? MZ_WALL_N : 0u) | (y + 1 == rows ? MZ_WALL_S : 0u);
        for (uint64_t x = 0; x < cols; x++)
            row[x] = (uint8_t)(ns | (x == 0 ? MZ_WALL_W : 0u) | (x + 1 == cols ? MZ_WALL_E : 0u));
    }
    room stack[STACK_MAX];
    unsigned top = 0;
    stack[top++] = (room){0, 0, cols, rows};
    while (top) {
        const room r = stack[--top];
        if (r.w < 2 || r.h < 2)
            continue;
        bool horizontal;
        if (orient == ORIENT_WEIGHTED) {
            horizontal = mz_rngk_pick(rng, r.w + r.h, rk) < r.h;
        } else {
            horizontal = r.h > r.w;
            if (r.h == r.w)
                horizontal = mz_rngk_u32(rng, rk) < UINT32_C(0x80000000);
        }
        room a, b;
        mz_idx gapcell;
        if (horizontal) {
            const uint64_t k = mz_rngk_pick(rng, r.h - 1, rk), gap = mz_rngk_pick(rng, r.w, rk);
            uint8_t *above = c + (r.y + k) * cols + r.x, *below = above + cols;
            for (uint64_t x = 0; x < r.w; x++) {
                if (x == gap)
                    continue;
                above[x] |= MZ_WALL_S;
                below[x] |= MZ_WALL_N;
            }
            gapcell = (r.y + k) * cols + r.x + gap;
            a = (room){r.x, r.y, r.w, k + 1};
            b = (room){r.x, r.y + k + 1, r.w, r.h - k - 1};
        } else {
            const uint64_t k = mz_rngk_pick(rng, r.w - 1, rk), gap = mz_rngk_pick(rng, r.h, rk);
            uint8_t *west = c + r.y * cols + r.x + k;
            for (uint64_t y = 0; y < r.h; y++, west += cols) {
                if (y == gap)
                    continue;
                west[0] |= MZ_WALL_E;
                west[1] |= MZ_WALL_W;
            }
            gapcell = (r.y + gap) * cols + r.x + k;
            a = (room){r.x, r.y, k + 1, r.h};
            b = (room){r.x + k + 1, r.y, r.w - k - 1, r.h};
        }
        /* 4. The larger waits; the smaller is next. */
        if (a.w * a.h >= b.w * b.h) {
            stack[top++] = a;
            stack[top++] = b;
        } else {
            stack[top++] = b;
            stack[top++] = a;
        }
        if (tracing && mz_trace_emit(t, "divide", gapcell, horizontal ? MZ_S : MZ_E, top))
            return MZ_EIO;
    }
    return MZ_OK;
}

static mz_status rd_gen(mz_grid *g, const mz_args *args, mz_run *run)
{
    const unsigned orient = (unsigned)args->v[P_ORIENT];
    /* Untraced runs are specialised on the source's kind; a traced run
     * reads it as it goes. */
    if (run->trace)
        return rd_run(g, orient, run->rng, run->trace, true, (mz_rng_kind)run->rng->kind);
    return run->rng->kind == MZ_RNG_MULBERRY32
               ? rd_run(g, orient, run->rng, NULL, false, MZ_RNG_MULBERRY32)
               : rd_run(g, orient, run->rng, NULL, false, MZ_RNG_SPLITMIX64);
}

static const mz_param_def rd_params[] = {
    {"orient", MZ_P_ENUM, 0.0, 0, 0, "weighted|longer",
     "a wall's orientation: random, weighted by the room's shape, or across its longer side"},
};

static const mz_trace_op rd_trace_ops[] = {
    {"divide", "a wall splits a room; cell = the gap's cell on the north or west side, dir = 2 (wall south of it) or 1 (east of it)", MZ_DRAW_MARK},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_recursive_division = {
    .name = "recursive-division",
    .kind = MZ_GEN,
    .summary = "walls with one gap each split an open field until every room is a corridor",
    .flags = MZ_F_PERFECT,
    .params = rd_params,
    .nparams = 1,
    .columns = NULL,
    MZ_FIGURES_recursive_division, /* data/shape-figures.csv */
    .gen = rd_gen,
    .refuses = NULL,
    .trace_ops = rd_trace_ops,
    .trace_size = "rooms waiting on the stack after the split",
};
