/*
 * frontier.c - frontier growth: a growing tree with three pick rules.
 * Recipe: docs/algorithms.md, board 02 (random is "Prim's algorithm, simplified",
 * newest a depth-first carve, oldest a breadth-first one).
 *
 *   1. rnd = mulberry32(seed). The centre cell (R/2)*C + C/2 joins the maze
 *      first (join number 0); its neighbours enter the frontier in
 *      direction order. A cell enters the frontier at most once.
 *   2. Each round, take a cell c out of the frontier by the pick rule:
 *        random (default): k = pick(len); c = front[k]; front[k] = the last;
 *                          drop the last
 *        newest:           the last (a stack)
 *        oldest:           the first (a queue; O(1), never a shift)
 *   3. links = c's neighbours already in the maze, in direction order;
 *      knock toward links[pick(len)]. The draw is made under every rule,
 *      even when there is one link.
 *   4. c joins with the next join number (1, 2, ...); push c's neighbours
 *      that are neither in the maze nor in the frontier, in direction order.
 *   5. Stop when the frontier is empty: cells - 1 rounds.
 *
 * Bias (measured at 101x101): random gives short branches and many dead
 * ends (35% of the cells) and a short, direct route. newest runs one
 * serpentine corridor (the corner-to-corner route is half the cells) with
 * short spurs (33% dead ends): the newest cell is always the last new
 * neighbour, in direction order, of the cell that just joined. oldest
 * grows in rings round the centre, so each cell's path to the centre is a
 * shortest grid walk and the corner-to-corner route is the Manhattan
 * distance (26% dead ends).
 *
 * Complexity: O(cells) time, O(1) a round. Memory: the in-maze and
 * in-frontier flags live in the grid's scratch bits 5 and 6 (cleared in a
 * last pass), and the frontier is a ring of 32-bit cell indices (64-bit
 * past 2^32 cells) that doubles when full, so it costs its peak length,
 * not the grid's size. A ring serves all three rules: random and newest
 * only ever touch its tail end and index k, oldest advances its head.
 * Peaks at 10000x10000, seed 1: random 67,024 entries, oldest 19,999, but
 * newest 49,989,999: half the cells wait on its stack at once. That is
 * the recipe's own frontier, not a cost of this code.
 *
 * Trace: one `join` a round (the centre's join 0 is not a round and has no
 * step, so step k is join number k when frontier opens the chain), cell =
 * the joined cell c, dir = the direction knocked from c, size = the
 * frontier's length after the round's pushes. Column frontier_peak: the
 * frontier's largest length.
 *
 * Other shapes (shape_common.h): the same rounds through ports, with the
 * in-maze and in-frontier flags as two bits a cell from g->mem. The centre
 * is mz_cell_resolve's (the polar grid's centre cell; the middle level's
 * middle cell in 3d). "Neighbours in direction order" are the ports
 * 0..ports-1 in order whose wall may be opened now (mz_port_can_open: the
 * weave's crossing rules), for the pushes and for the links alike. A
 * frontier cell with no link that may be opened would leave the frontier
 * with no draw and no step, for a later join to push it again; a link
 * listed toward a fresh cell stays openable (shape_common.h), so that is a
 * guard. Same trace, dir = the port.
 */
#include "shape_common.h"
#include "../core/figures.h"

enum { P_PICK };
enum { PICK_RANDOM = 0, PICK_NEWEST = 1, PICK_OLDEST = 2 };

#define IN_MAZE 0x20u
#define IN_FRONT 0x40u

/* The frontier ring: buf holds cap (a power of two) entries of 4 or 8
 * bytes; `wide` is a compile-time constant in every caller. */
typedef struct ring {
    const mz_allocator *mem;
    void *buf;
    uint64_t cap, head, len;
} ring;

MZ_INLINE mz_idx ring_at(const ring *r, const bool wide, uint64_t k)
{
    uint64_t pos = (r->head + k) & (r->cap - 1);
    return wide ? ((const uint64_t *)r->buf)[pos] : ((const uint32_t *)r->buf)[pos];
}

MZ_INLINE void ring_put(ring *r, const bool wide, uint64_t k, mz_idx v)
{
    uint64_t pos = (r->head + k) & (r->cap - 1);
    if (wide)
        ((uint64_t *)r->buf)[pos] = v;
    else
        ((uint32_t *)r->buf)[pos] = (uint32_t)v;
}

static mz_status ring_grow(ring *r, bool wide)
{
    /* Grow, then move the wrapped part (entries before head) up past the
     * old end: on the C library's allocator a large realloc can remap
     * pages instead of copying. */
    size_t w = wide ? 8 : 4;
    uint64_t cap = r->cap;
    size_t bytes = mz_mul_size(cap * 2, w);
    unsigned char *nb = bytes ? mz_mem_realloc(r->mem, r->buf, bytes) : NULL;
    if (!nb)
        return MZ_ENOMEM;
    uint64_t wrapped = r->head + r->len > cap ? r->head + r->len - cap : 0;
    memcpy(nb + cap * w, nb, (size_t)(wrapped * w));
    r->buf = nb;
    r->cap = cap * 2;
    return MZ_OK;
}

MZ_INLINE mz_status ring_push(ring *r, const bool wide, mz_idx v)
{
    if (MZ_UNLIKELY(r->len == r->cap)) {
        mz_status s = ring_grow(r, wide);
        if (s != MZ_OK)
            return s;
    }
    ring_put(r, wide, r->len, v);
    r->len++;
    return MZ_OK;
}

/* Push the neighbours of cell i that are in neither set, in direction
 * order, flagging them in-frontier. */
MZ_INLINE mz_status push_new_square(mz_grid *g, ring *r, const bool wide, mz_idx i, uint64_t row,
                                    uint64_t col)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols;
    mz_idx n[4];
    unsigned k = 0;
    if (row > 0)
        n[k++] = i - cols;
    if (col + 1 < cols)
        n[k++] = i + 1;
    if (row + 1 < g->rows)
        n[k++] = i + cols;
    if (col > 0)
        n[k++] = i - 1;
    for (unsigned j = 0; j < k; j++) {
        if (c[n[j]] & (IN_MAZE | IN_FRONT))
            continue;
        c[n[j]] |= IN_FRONT;
        if (ring_push(r, wide, n[j]) != MZ_OK)
            return MZ_ENOMEM;
    }
    return MZ_OK;
}

/* The random rule reads the grid round a random cell each round, a cache
 * miss or three on a large grid, and nothing predicts that cell far ahead.
 * One round ahead is possible: the next round's pick(len') uses a known
 * output of the source (two draws a round, so output 1 after the state
 * this round's pick left), and len' is this round's len - 1 plus 0..3
 * pushes. The candidates are at most four consecutive entries; fetch their
 * rows now so their misses overlap this round's work. A guess that turns
 * out wrong (an entry this round moves, or under splitmix64 a rejected
 * draw shifts the next pick) costs a wasted fetch, never a wrong maze. */
MZ_INLINE void prefetch_next(const mz_grid *g, const ring *r, const bool wide, const mz_rng *rng,
                             uint64_t len, const mz_rng_kind rk)
{
    uint64_t lo, hi;
    if (rk == MZ_RNG_MULBERRY32) {
        const uint32_t u = mz_rngk_u32_at(rng, 1, rk);
        lo = ((uint64_t)u * (len - 1)) >> 32;
        hi = ((uint64_t)u * (len + 2)) >> 32;
    } else {
        const uint64_t x = mz_rng_u64_sm_at(rng, 1);
        uint64_t low;
        lo = mz_mul64_wide(x, len - 1, &low);
        hi = mz_mul64_wide(x, len + 2, &low);
    }
    for (uint64_t j = lo; j <= hi && j < len; j++) {
        mz_idx p = ring_at(r, wide, j);
        MZ_PREFETCH(&g->c[p]);
        if (p >= g->cols)
            MZ_PREFETCH(&g->c[p - g->cols]);
        if (p + g->cols < g->cells)
            MZ_PREFETCH(&g->c[p + g->cols]);
    }
}

MZ_INLINE mz_status frontier_square_grow(mz_grid *g, unsigned rule, mz_rng *rng, ring *r,
                                         const bool wide, mz_trace *t, const bool tracing,
                                         uint64_t *peak_out, const mz_rng_kind rk)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, rows = g->rows;
    const mz_idx centre = (rows / 2) * cols + cols / 2;
    c[centre] |= IN_MAZE;
    if (push_new_square(g, r, wide, centre, rows / 2, cols / 2) != MZ_OK)
        return MZ_ENOMEM;
    uint64_t peak = r->len;
    while (r->len) {
        /* 1. Take c out by the rule. */
        mz_idx cur;
        if (rule == PICK_RANDOM) {
            const uint64_t len = r->len;
            uint64_t k = mz_rngk_pick(rng, len, rk);
            cur = ring_at(r, wide, k);
            ring_put(r, wide, k, ring_at(r, wide, len - 1));
            r->len--;
            if (len + 2 <= UINT32_MAX)
                prefetch_next(g, r, wide, rng, len, rk);
        } else if (rule == PICK_NEWEST) {
            cur = ring_at(r, wide, r->len - 1);
            r->len--;
        } else {
            cur = ring_at(r, wide, 0);
            r->head = (r->head + 1) & (r->cap - 1);
            r->len--;
        }
        /* 2. Link it to a neighbour already in the maze. */
        const uint64_t row = cur / cols, col = cur % cols;
        unsigned links[4], nl = 0;
        if (row > 0 && (c[cur - cols] & IN_MAZE))
            links[nl++] = MZ_N;
        if (col + 1 < cols && (c[cur + 1] & IN_MAZE))
            links[nl++] = MZ_E;
        if (row + 1 < rows && (c[cur + cols] & IN_MAZE))
            links[nl++] = MZ_S;
        if (col > 0 && (c[cur - 1] & IN_MAZE))
            links[nl++] = MZ_W;
        /* A frontier cell was pushed by a maze cell, so nl >= 1. */
        unsigned d = links[mz_rngk_pick(rng, nl, rk)];
        mz_sq_knock(g, cur, d);
        /* 3, 4. Join; grow the frontier. */
        c[cur] = (uint8_t)((c[cur] & ~IN_FRONT) | IN_MAZE);
        if (push_new_square(g, r, wide, cur, row, col) != MZ_OK)
            return MZ_ENOMEM;
        if (r->len > peak)
            peak = r->len;
        if (tracing && mz_trace_emit(t, "join", cur, (int)d, r->len))
            return MZ_EIO;
    }
    *peak_out = peak;
    return MZ_OK;
}

/* ---- Other shapes ---- */

MZ_INLINE mz_status push_new_ports(const mz_grid *g, ring *r, const bool wide, const uint64_t *in,
                                   uint64_t *front, mz_idx i)
{
    const unsigned ports = mz_shape_ports(g->shape);
    for (unsigned p = 0; p < ports; p++) {
        const mz_idx n = mz_port_nbr(g, i, p);
        if (n == MZ_NONE || mz_bit_get(in, n) || mz_bit_get(front, n) ||
            !mz_port_can_open(g, i, p))
            continue;
        mz_bit_set(front, n);
        if (ring_push(r, wide, n) != MZ_OK)
            return MZ_ENOMEM;
    }
    return MZ_OK;
}

MZ_INLINE mz_status frontier_ports_grow(mz_grid *g, unsigned rule, mz_rng *rng, ring *r,
                                        const bool wide, uint64_t *in, uint64_t *front, mz_trace *t,
                                        const bool tracing, uint64_t *peak_out,
                                        const mz_rng_kind rk)
{
    const mz_idx centre = mz_cell_resolve(g, MZ_CELL_CENTRE);
    mz_bit_set(in, centre);
    if (push_new_ports(g, r, wide, in, front, centre) != MZ_OK)
        return MZ_ENOMEM;
    uint64_t peak = r->len;
    while (r->len) {
        mz_idx cur;
        if (rule == PICK_RANDOM) {
            const uint64_t len = r->len;
            uint64_t k = mz_rngk_pick(rng, len, rk);
            cur = ring_at(r, wide, k);
            ring_put(r, wide, k, ring_at(r, wide, len - 1));
            r->len--;
        } else if (rule == PICK_NEWEST) {
            cur = ring_at(r, wide, r->len - 1);
            r->len--;
        } else {
            cur = ring_at(r, wide, 0);
            r->head = (r->head + 1) & (r->cap - 1);
            r->len--;
        }
        front[cur >> 6] &= ~(UINT64_C(1) << (cur & 63));
        unsigned links[SH_MAX_PORTS];
        const unsigned nl = sh_ports_where(g, in, cur, true, links);
        if (nl == 0)
            continue; /* weave only: pushed through a passage no longer allowed */
        const unsigned d = links[mz_rngk_pick(rng, nl, rk)];
        mz_port_knock(g, cur, d);
        mz_bit_set(in, cur);
        if (push_new_ports(g, r, wide, in, front, cur) != MZ_OK)
            return MZ_ENOMEM;
        if (r->len > peak)
            peak = r->len;
        if (tracing && mz_trace_emit(t, "join", cur, (int)d, r->len))
            return MZ_EIO;
    }
    *peak_out = peak;
    return MZ_OK;
}

/* frontier_square_grow compiled for one source: with wide or narrow ring
 * entries, traced or not. */
MZ_INLINE mz_status frontier_square_of(mz_grid *g, unsigned rule, mz_rng *rng, ring *r,
                                       const bool wide, mz_trace *t, uint64_t *peak,
                                       const mz_rng_kind rk)
{
    if (wide)
        return t ? frontier_square_grow(g, rule, rng, r, true, t, true, peak, rk)
                 : frontier_square_grow(g, rule, rng, r, true, NULL, false, peak, rk);
    return t ? frontier_square_grow(g, rule, rng, r, false, t, true, peak, rk)
             : frontier_square_grow(g, rule, rng, r, false, NULL, false, peak, rk);
}

/* frontier_ports_grow compiled for one source: with wide or narrow ring
 * entries, traced or not. */
MZ_INLINE mz_status frontier_ports_of(mz_grid *g, unsigned rule, mz_rng *rng, ring *r,
                                      const bool wide, uint64_t *in, uint64_t *front, mz_trace *t,
                                      uint64_t *peak, const mz_rng_kind rk)
{
    if (wide)
        return t ? frontier_ports_grow(g, rule, rng, r, true, in, front, t, true, peak, rk)
                 : frontier_ports_grow(g, rule, rng, r, true, in, front, NULL, false, peak, rk);
    return t ? frontier_ports_grow(g, rule, rng, r, false, in, front, t, true, peak, rk)
             : frontier_ports_grow(g, rule, rng, r, false, in, front, NULL, false, peak, rk);
}

static mz_status frontier_ports(mz_grid *g, unsigned rule, mz_run *run, uint64_t *peak)
{
    const bool wide = g->cells > UINT32_MAX;
    uint64_t *in = mz_bits_new(g->mem, g->cells);
    uint64_t *front = in ? mz_bits_new(g->mem, g->cells) : NULL;
    ring r = {g->mem, NULL, 256, 0, 0};
    r.buf = front ? mz_alloc_array(g->mem, r.cap, wide ? 8 : 4) : NULL;
    mz_status s = MZ_ENOMEM;
    mz_trace *t = run->trace;
    if (r.buf) {
        mz_rng *rng = run->rng;
        s = rng->kind == MZ_RNG_MULBERRY32
                ? frontier_ports_of(g, rule, rng, &r, wide, in, front, t, peak, MZ_RNG_MULBERRY32)
                : frontier_ports_of(g, rule, rng, &r, wide, in, front, t, peak, MZ_RNG_SPLITMIX64);
    }
    mz_mem_free(g->mem, r.buf);
    mz_mem_free(g->mem, front);
    mz_mem_free(g->mem, in);
    return s;
}

static mz_status frontier_gen(mz_grid *g, const mz_args *args, mz_run *run)
{
    unsigned rule = (unsigned)args->v[P_PICK];
    uint64_t peak = 0;
    mz_status s;
    if (g->shape != MZ_SHAPE_ORTHO) {
        s = frontier_ports(g, rule, run, &peak);
        if (s == MZ_OK)
            mz_extra_int(run->extra, "frontier_peak", (int64_t)peak);
        return s;
    }
    const bool wide = g->cells > UINT32_MAX;
    ring r = {g->mem, NULL, 256, 0, 0};
    r.buf = mz_alloc_array(g->mem, r.cap, wide ? 8 : 4);
    if (!r.buf)
        return MZ_ENOMEM;
    mz_trace *t = run->trace;
    mz_rng *rng = run->rng;
    s = rng->kind == MZ_RNG_MULBERRY32
            ? frontier_square_of(g, rule, rng, &r, wide, t, &peak, MZ_RNG_MULBERRY32)
            : frontier_square_of(g, rule, rng, &r, wide, t, &peak, MZ_RNG_SPLITMIX64);
    mz_mem_free(g->mem, r.buf);
    /* Leave the scratch bits zero, also after a failure. */
    for (mz_idx i = 0; i < g->cells; i++)
        g->c[i] &= (uint8_t)~MZ_SCRATCH;
    if (s == MZ_OK)
        mz_extra_int(run->extra, "frontier_peak", (int64_t)peak);
    return s;
}

static const mz_param_def frontier_params[] = {
    {"pick", MZ_P_ENUM, 0.0, 0, 0, "random|newest|oldest",
     "which frontier cell joins next: a random one, the newest or the oldest"},
};

static const char *const frontier_columns[] = {"frontier_peak", NULL};

static const mz_trace_op frontier_trace_ops[] = {
    {"join", "a frontier cell joins the maze, one a round; dir = the wall knocked from the joined cell", MZ_DRAW_CARVE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_frontier = {
    .name = "frontier",
    .kind = MZ_GEN,
    .summary = "frontier growth from the centre, pick=random|newest|oldest (growing tree, board 02)",
    .flags = MZ_F_PERFECT,
    .params = frontier_params,
    .nparams = 1,
    .columns = frontier_columns,
    MZ_FIGURES_frontier, /* data/shape-figures.csv */
    .gen = frontier_gen,
    .shapes = SH_ALL_BUT_SQUARE,
    .trace_ops = frontier_trace_ops,
    .trace_size = "frontier length after the round's pushes",
};
