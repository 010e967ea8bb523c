/*
 * dfs.c - depth-first carve (recursive backtracker, iterative).
 * Recipe: docs/algorithms.md, board 01.
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
 *
 * Other shapes (shape_common.h): the same steps through ports. opts = the
 * ports 0..ports-1, in order, whose neighbour exists, is unvisited and
 * whose wall may be opened now (mz_port_can_open: the weave's crossing
 * rules); one draw a carve, pick(len) over opts, none for a pop. The stack
 * is one byte a cell from g->mem: the port back to the parent, written
 * when the cell is entered (a cell is visited when one of its walls is
 * open, as on square cells). Same trace, dir = the port knocked. One copy
 * of the loop a shape (dfs_ports_SHAPE), with the cell's coordinates.
 */
#include "shape_common.h"
#include "../core/figures.h"

#define PARENT_SHIFT 5
#define HAS_PARENT 0x80u

/* choose[mask][sel]: the direction opts[pick(len)] for an option mask
 * (bit d set when direction d is open to carve; opts are its set bits in
 * order) and sel = the draw's picks for len 2, 3 and 4 packed as 1+2+2 bits
 * (pick(n) = (u * n) >> 32). The picks depend only on the draw, which is a
 * counter away from being known, so they are computed off the critical
 * path; the choice itself is then one table load. 16 x 32 bytes.
 * Under splitmix64 the picks are Lemire's on the 64-bit draw x, packed the
 * same way: x >> 63, floor(3x / 2^64), x >> 62 (dfs_sel). */
static const uint8_t choose[16][32] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1},
    {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2},
    {0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2},
    {1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2},
    {0, 0, 1, 1, 2, 2, 0, 0, 0, 0, 1, 1, 2, 2, 0, 0, 0, 0, 1, 1, 2, 2, 0, 0, 0, 0, 1, 1, 2, 2, 0, 0},
    {3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3},
    {0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3},
    {1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3},
    {0, 0, 1, 1, 3, 3, 0, 0, 0, 0, 1, 1, 3, 3, 0, 0, 0, 0, 1, 1, 3, 3, 0, 0, 0, 0, 1, 1, 3, 3, 0, 0},
    {2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3},
    {0, 0, 2, 2, 3, 3, 0, 0, 0, 0, 2, 2, 3, 3, 0, 0, 0, 0, 2, 2, 3, 3, 0, 0, 0, 0, 2, 2, 3, 3, 0, 0},
    {1, 1, 2, 2, 3, 3, 0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 1, 1, 2, 2, 3, 3, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3},
};

/* sel for the next draw of r (output 0 after its state), and in *zero
 * whether that draw is splitmix64's 0: the one draw Lemire's pick(3)
 * rejects (2^64 mod 3 = 1, and x * 3 = 0 mod 2^64 only for x = 0); pick(2)
 * and pick(4) never reject. mulberry32's picks never reject. */
MZ_INLINE unsigned dfs_sel(const mz_rng *r, const mz_rng_kind rk, bool *zero)
{
    if (rk == MZ_RNG_MULBERRY32) {
        const uint32_t u = mz_rngk_u32_at(r, 0, rk);
        *zero = false;
        return (u >> 31) | (unsigned)(((uint64_t)u * 3) >> 32) << 1 | (u >> 30) << 3;
    }
    const uint64_t x = mz_rng_u64_sm_at(r, 0);
    uint64_t lo;
    *zero = x == 0;
    return (unsigned)(x >> 63) | (unsigned)mz_mul64_wide(x, 3, &lo) << 1 |
           (unsigned)(x >> 62) << 3;
}

/* Take the carve's draw: one draw, the direction choose[mask][sel] found.
 * When that draw is splitmix64's 0 (zero; a chance of 2^-64 a carve), the
 * pick is made as mz_rngk_pick makes it, which for three options rejects
 * it and takes the next draw too; returns the direction. */
MZ_INLINE unsigned dfs_take(mz_rng *r, unsigned mask, unsigned d, bool zero,
                            const mz_rng_kind rk)
{
    if (rk == MZ_RNG_MULBERRY32 || MZ_LIKELY(!zero)) {
        mz_rngk_skip(r, 1, rk);
        return d;
    }
    unsigned opts[4], n = 0;
    for (unsigned k = 0; k < 4; k++)
        if (mask >> k & 1u)
            opts[n++] = k;
    return opts[mz_rngk_pick(r, n, rk)];
}

/* The source's state back from a loop's local copy: only the kind's own
 * word, so the copy's other fields are dead in the loop. */
MZ_INLINE void dfs_rng_back(mz_rng *rng, const mz_rng *r, const mz_rng_kind rk)
{
    if (rk == MZ_RNG_MULBERRY32)
        rng->a = r->a;
    else
        rng->x = r->x;
}

MZ_INLINE mz_status dfs_carve(mz_grid *g, mz_rng *rng, mz_trace *t, const bool tracing,
                              uint64_t *max_depth_out, const mz_rng_kind rk)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, cells = g->cells;
    const int64_t step[4] = {-(int64_t)cols, 1, (int64_t)cols, -1};
    const int64_t dcol[4] = {0, 1, 0, -1};
    mz_idx cur = 0;
    uint64_t col = 0;
    uint64_t depth = 1, max_depth = 1;
    mz_rng r = *rng;
    /* The picks of the next draw, ready before the options are known. */
    bool zero;
    unsigned sel = dfs_sel(&r, rk, &zero);

    for (;;) {
        /* Unvisited = all four walls still up. Each neighbour is read at a
         * clamped index (cur itself when off the grid) and the in-grid test
         * is folded in, so gathering the options takes no branches. The
         * start cell has all walls up until its first carve, but no cell can
         * reach it as a neighbour before then. */
        const bool has_n = cur >= cols, has_s = cur + cols < cells;
        const bool has_e = col + 1 < cols, has_w = col > 0;
        const mz_idx in = has_n ? cur - cols : cur, is = has_s ? cur + cols : cur;
        const mz_idx ie = has_e ? cur + 1 : cur, iw = has_w ? cur - 1 : cur;
        unsigned mask = ((unsigned)(has_n & ((c[in] & MZ_WALLS) == MZ_WALLS)) << MZ_N) |
                        ((unsigned)(has_e & ((c[ie] & MZ_WALLS) == MZ_WALLS)) << MZ_E) |
                        ((unsigned)(has_s & ((c[is] & MZ_WALLS) == MZ_WALLS)) << MZ_S) |
                        ((unsigned)(has_w & ((c[iw] & MZ_WALLS) == MZ_WALLS)) << MZ_W);
        if (mask) {
            unsigned d = dfs_take(&r, mask, choose[mask][sel], zero, rk);
            sel = dfs_sel(&r, rk, &zero);
            unsigned back = (d + 2) & 3;
            mz_idx next = (mz_idx)((int64_t)cur + step[d]);
            c[cur] &= (uint8_t)~(1u << d);
            c[next] = (uint8_t)((MZ_WALLS & ~(1u << back)) | HAS_PARENT | (back << PARENT_SHIFT));
            cur = next;
            col = (uint64_t)((int64_t)col + dcol[d]);
            depth++;
            max_depth = depth > max_depth ? depth : max_depth;
            if (tracing && mz_trace_emit(t, "push", cur, (int)d, depth)) {
                dfs_rng_back(rng, &r, rk);
                return MZ_EIO;
            }
        } else {
            uint8_t v = c[cur];
            depth--;
            if (tracing && mz_trace_emit(t, "pop", cur, -1, depth)) {
                dfs_rng_back(rng, &r, rk);
                return MZ_EIO;
            }
            if (!(v & HAS_PARENT))
                break;
            unsigned back = (v >> PARENT_SHIFT) & 3;
            c[cur] = v & (uint8_t)~MZ_SCRATCH;
            cur = (mz_idx)((int64_t)cur + step[back]);
            col = (uint64_t)((int64_t)col + dcol[back]);
        }
    }
    dfs_rng_back(rng, &r, rk);
    *max_depth_out = max_depth;
    return MZ_OK;
}

/* The untraced loop: the same steps, draws and maze as dfs_carve with
 * fewer instructions a step, which is what bounds it (the walk stays in
 * cache; a branch-free variant was slower). On a fresh grid an unvisited
 * cell is exactly the byte 15; the start cell is marked with a scratch bit
 * until the end, so it never looks unvisited, and an off-grid neighbour is
 * read as the current cell (visited), so no in-grid flags are needed. */
MZ_INLINE void dfs_carve_fast(mz_grid *g, mz_rng *rng, uint64_t *max_depth_out,
                              const mz_rng_kind rk)
{
    /* A cell entered in direction d: every wall but the one behind it,
     * and the way back in its scratch bits. */
    static const uint8_t entered[4] = {
        (MZ_WALLS & ~MZ_WALL_S) | HAS_PARENT | (MZ_S << PARENT_SHIFT),
        (MZ_WALLS & ~MZ_WALL_W) | HAS_PARENT | (MZ_W << PARENT_SHIFT),
        (MZ_WALLS & ~MZ_WALL_N) | HAS_PARENT | (MZ_N << PARENT_SHIFT),
        (MZ_WALLS & ~MZ_WALL_E) | HAS_PARENT | (MZ_E << PARENT_SHIFT),
    };
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, cells = g->cells, last_col = cols - 1;
    const int64_t step[4] = {-(int64_t)cols, 1, (int64_t)cols, -1};
    const int64_t dcol[4] = {0, 1, 0, -1};
    mz_idx cur = 0;
    uint64_t col = 0;
    uint64_t depth = 1, max_depth = 1;
    mz_rng r = *rng;
    bool zero;
    unsigned sel = dfs_sel(&r, rk, &zero);

    /* The index step of each choice, so the next cell is one load away
     * from the option mask (the direction itself is off that path). */
    int64_t jump[16 * 32];
    for (unsigned k = 0; k < 16 * 32; k++)
        jump[k] = step[choose[k / 32][k % 32]];

    c[0] |= 0x20u; /* visited, without HAS_PARENT */
    for (;;) {
        const mz_idx in = cur >= cols ? cur - cols : cur;
        const mz_idx is = cur + cols < cells ? cur + cols : cur;
        const mz_idx ie = col < last_col ? cur + 1 : cur;
        const mz_idx iw = col > 0 ? cur - 1 : cur;
        unsigned mask = (unsigned)(c[in] == MZ_WALLS) | (unsigned)(c[ie] == MZ_WALLS) << 1 |
                        (unsigned)(c[is] == MZ_WALLS) << 2 | (unsigned)(c[iw] == MZ_WALLS) << 3;
        if (mask) {
            unsigned d = choose[mask][sel];
            int64_t jmp = jump[mask * 32 + sel];
            if (rk == MZ_RNG_MULBERRY32 || MZ_LIKELY(!zero)) {
                mz_rngk_skip(&r, 1, rk);
            } else {
                d = dfs_take(&r, mask, d, zero, rk);
                jmp = step[d];
            }
            sel = dfs_sel(&r, rk, &zero);
            c[cur] &= (uint8_t)~(1u << d);
            cur = (mz_idx)((int64_t)cur + jmp);
            c[cur] = entered[d];
            col = (uint64_t)((int64_t)col + dcol[d]);
            depth++;
        } else {
            const unsigned v = c[cur];
            if (!(v & HAS_PARENT))
                break;
            /* A pop after a carve: the depth was a local maximum. */
            max_depth = depth > max_depth ? depth : max_depth;
            depth--;
            const unsigned back = (v >> PARENT_SHIFT) & 3;
            c[cur] = (uint8_t)(v & ~MZ_SCRATCH);
            cur = (mz_idx)((int64_t)cur + step[back]);
            col = (uint64_t)((int64_t)col + dcol[back]);
        }
    }
    c[0] &= (uint8_t)~MZ_SCRATCH;
    dfs_rng_back(rng, &r, rk);
    *max_depth_out = max_depth;
}

/* The untraced loop for each source, each its own function. */
static void dfs_fast_mulberry32(mz_grid *g, mz_rng *rng, uint64_t *max_depth)
{
    dfs_carve_fast(g, rng, max_depth, MZ_RNG_MULBERRY32);
}

static void dfs_fast_splitmix64(mz_grid *g, mz_rng *rng, uint64_t *max_depth)
{
    dfs_carve_fast(g, rng, max_depth, MZ_RNG_SPLITMIX64);
}

/* The back-port byte of the start on other shapes (a visited cell's is
 * the port back to its parent; back[] is written as cells are entered). */
#define BACK_ROOT 0xFFu

/* The walk through ports, compiled once per shape S (a constant: the port
 * arithmetic folds to that shape's, sh_at), each source and tracing. The
 * cell walked holds its coordinates, so its neighbours take no division.
 * On a fresh grid a cell is unvisited exactly when all its walls are up
 * (a knock opens a wall of two cells it visits), so back[] is read only
 * to backtrack. A port toward an unvisited neighbour can always be opened
 * on a shape other than the weave (its wall is closed, and two ports of a
 * cell never share a neighbour), so only the weave asks its crossing
 * rules, for a fresh neighbour (sh_weave_can_open_fresh). */
MZ_INLINE mz_status dfs_ports_run(mz_grid *g, mz_rng *rng, uint8_t *back, mz_trace *t,
                                  const bool tracing, uint64_t *max_depth_out,
                                  const mz_rng_kind rk, const mz_shape S)
{
    const unsigned ports = mz_sp_ports(S);
    const uint8_t fresh = mz_sp_walls(S);
    uint8_t *c = g->c;
    sh_at cur = sh_at_of(g, S, 0);
    uint64_t depth = 1, max_depth = 1;
    mz_rng r = *rng;
    mz_status s = MZ_OK;
    back[0] = BACK_ROOT;
    for (;;) {
        /* The options: an unvisited cell is a fresh one, every wall up. */
        unsigned opts[SH_MAX_PORTS], n = 0;
        SH_UNROLL
        for (unsigned p = 0; p < ports; p++) {
            const mz_idx y = sh_at_nbr(g, S, &cur, p);
            if (y != MZ_NONE && c[y] == fresh &&
                (S != MZ_SHAPE_WEAVE || sh_weave_can_open_fresh(g, &cur, p)))
                opts[n++] = p;
        }
        if (n) {
            const unsigned k = (unsigned)mz_rngk_pick(&r, n, rk);
            const unsigned p = opts[k];
            const mz_idx y = sh_at_nbr_in(g, S, &cur, p);
            const unsigned bp = sh_at_back(g, S, &cur, p);
            c[cur.i] &= (uint8_t)~(1u << p);
            c[y] &= (uint8_t)~(1u << bp);
            back[y] = (uint8_t)bp;
            cur = sh_at_step(g, S, &cur, p, y);
            depth++;
            max_depth = depth > max_depth ? depth : max_depth;
            if (tracing && mz_trace_emit(t, "push", cur.i, (int)p, depth)) {
                s = MZ_EIO;
                break;
            }
        } else {
            depth--;
            if (tracing && mz_trace_emit(t, "pop", cur.i, -1, depth)) {
                s = MZ_EIO;
                break;
            }
            const unsigned bp = back[cur.i];
            if (bp == BACK_ROOT)
                break;
            cur = sh_at_step(g, S, &cur, bp, sh_at_nbr_in(g, S, &cur, bp));
        }
    }
    dfs_rng_back(rng, &r, rk);
    *max_depth_out = max_depth;
    return s;
}

/* One untraced copy a shape and source; the traced run by shape. */
#define DFS_PORTS(S, NAME)                                                                      \
    static mz_status dfs_ports_##NAME(mz_grid *g, mz_rng *rng, uint8_t *back, mz_trace *t,     \
                                      uint64_t *max_depth)                                     \
    {                                                                                          \
        if (t)                                                                                 \
            return dfs_ports_run(g, rng, back, t, true, max_depth, (mz_rng_kind)rng->kind, S); \
        if (rng->kind == MZ_RNG_MULBERRY32)                                                    \
            return dfs_ports_run(g, rng, back, NULL, false, max_depth, MZ_RNG_MULBERRY32, S);  \
        return dfs_ports_run(g, rng, back, NULL, false, max_depth, MZ_RNG_SPLITMIX64, S);      \
    }
#define DFS_PORTS_X(ID, name) DFS_PORTS(MZ_SHAPE_##ID, name)
MZ_SHAPES_BUT_SQUARE(DFS_PORTS_X)
#undef DFS_PORTS_X

/* Every shape but square cells. */
static mz_status dfs_ports(mz_grid *g, mz_run *run, uint64_t *max_depth)
{
    uint8_t *back = mz_alloc_array(g->mem, g->cells, 1);
    if (!back)
        return MZ_ENOMEM;
    mz_status s = MZ_EUNSUPPORTED;
    switch (g->shape) {
#define DFS_CASE(ID, name)                                                                     \
    case MZ_SHAPE_##ID: s = dfs_ports_##name(g, run->rng, back, run->trace, max_depth); break;
        MZ_SHAPES_BUT_SQUARE(DFS_CASE)
#undef DFS_CASE
    case MZ_SHAPE_ORTHO:
    case MZ_SHAPE_COUNT: break;
    }
    mz_mem_free(g->mem, back);
    return s;
}

/* Square cells: the traced loop, or the untraced one for each source. */
static mz_status dfs_square(mz_grid *g, mz_run *run, uint64_t *max_depth)
{
    const bool mb = run->rng->kind == MZ_RNG_MULBERRY32;
    if (run->trace)
        return mb ? dfs_carve(g, run->rng, run->trace, true, max_depth, MZ_RNG_MULBERRY32)
                  : dfs_carve(g, run->rng, run->trace, true, max_depth, MZ_RNG_SPLITMIX64);
    if (mb)
        dfs_fast_mulberry32(g, run->rng, max_depth);
    else
        dfs_fast_splitmix64(g, run->rng, max_depth);
    return MZ_OK;
}

static mz_status dfs_gen(mz_grid *g, const mz_args *args, mz_run *run)
{
    (void)args;
    uint64_t max_depth = 0;
    const mz_status s = g->shape == MZ_SHAPE_ORTHO ? dfs_square(g, run, &max_depth)
                                                   : dfs_ports(g, run, &max_depth);
    if (s == MZ_OK)
        mz_extra_int(run->extra, "max_depth", (int64_t)max_depth);
    return s;
}

static const char *const dfs_columns[] = {"max_depth", NULL};

static const mz_trace_op dfs_trace_ops[] = {
    {"push", "carve into a new cell; cell = the new cell, dir = the wall knocked", MZ_DRAW_ENTER},
    {"pop", "backtrack out of cell", MZ_DRAW_DONE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_dfs = {
    .name = "dfs",
    .kind = MZ_GEN,
    .summary = "depth-first carve from the entrance (recursive backtracker, board 01)",
    .flags = MZ_F_PERFECT,
    .params = NULL,
    .nparams = 0,
    .columns = dfs_columns,
    MZ_FIGURES_dfs, /* data/shape-figures.csv */
    .gen = dfs_gen,
    .shapes = SH_ALL_BUT_SQUARE,
    .trace_ops = dfs_trace_ops,
    .trace_size = "stack depth after the step",
};
