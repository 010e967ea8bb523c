/*
 * growing_tree.c - the growing tree algorithm with a mixed pick rule:
 * the newest active cell with probability p, else a random one.
 *
 *   1. rnd = mulberry32(seed). Cell 0 (the entrance) is visited and is the
 *      only active cell; the active list keeps cells in the order they
 *      were added.
 *   2. Pick an active cell x: when 0 < p < 1 draw u; u < p * 2^32 takes
 *      the newest (the last added still active), otherwise a random one.
 *      p = 1 always takes the newest and p = 0 always a random one, with
 *      no draw for the choice. A random one: k = pick(len) over the list's
 *      slots, drawn again while slot k holds a removed cell.
 *   3. opts = x's unvisited neighbours, directions 0..3 in order. If there
 *      are any, d = opts[pick(len)]: knock toward d, mark the neighbour
 *      visited and add it to the list (a carve). Otherwise remove x from
 *      the list (a retire).
 *   4. Stop when the list is empty: cells - 1 carves, cells retires.
 *
 * p = 1 is the recursive backtracker (the list is its stack): step for
 * step the same draws and the same maze as dfs. p = 0 is the random rule,
 * often called simplified Prim's algorithm: a random maze cell that can
 * still grow grows into a random fresh neighbour. (prim:mode=simplified
 * is the other reading of that name, a random maze-to-fresh edge; the two
 * differ in texture: about 28% dead ends here, 32% there.)
 *
 * Removal keeps the list's order, so "newest" stays the newest: a retired
 * cell at the end is dropped (with any removed slots before it), one
 * inside becomes a hole; when the holes outnumber the active cells the
 * list is compacted in order. Random picks redraw on a hole, at most
 * half the slots, so under two draws a pick on average. O(1) amortised a
 * step.
 *
 * Bias: p sets it. p = 1: long winding corridors, about 10% dead ends;
 * p = 0: short branches fanning out from the start, about 28% dead ends;
 * between, corridors with random side branches (measured at 1000x1000:
 * p = 0.5 17%, 0.75 11.5%, 0.9 10.6%; docs/catalogue-generators.md).
 * Defaults: p = 0.5.
 * Complexity: O(cells) expected time; memory: the active list, 4 bytes an
 * entry (8 past 2^32 cells), at most the cells ever active at once (half
 * the grid for p = 1, a few times its side for p = 0) plus as many holes.
 * Trace: `carve` (cell = the cell entered, dir, size = active cells) and
 * `retire` (cell = the cell removed, dir -1, size = active cells).
 * Column active_peak: the list's largest active count.
 *
 * Other shapes (shape_common.h): the same steps through ports, visited
 * cells a bit a cell from g->mem. opts = the ports 0..ports-1, in order,
 * whose neighbour is unvisited and whose wall may be opened now
 * (mz_port_can_open: the weave's crossing rules); the same draws. Same
 * trace, dir = the port.
 */
#include "classic.h"
#include "shape_common.h"
#include "../core/figures.h"

enum { P_P };

#define HOLE32 UINT32_MAX
#define HOLE64 UINT64_MAX

typedef struct glist {
    const mz_allocator *mem;
    void *buf;
    uint64_t cap, len, live;
} glist;

MZ_INLINE mz_idx gl_at(const glist *l, const bool wide, uint64_t k)
{
    if (wide)
        return ((const uint64_t *)l->buf)[k];
    uint32_t v = ((const uint32_t *)l->buf)[k];
    return v == HOLE32 ? HOLE64 : v;
}

MZ_INLINE void gl_put(glist *l, const bool wide, uint64_t k, mz_idx v)
{
    if (wide)
        ((uint64_t *)l->buf)[k] = v;
    else
        ((uint32_t *)l->buf)[k] = v == HOLE64 ? HOLE32 : (uint32_t)v;
}

static mz_status gl_grow(glist *l, bool wide)
{
    size_t bytes = mz_mul_size(l->cap * 2, wide ? 8 : 4);
    void *nb = bytes ? mz_mem_realloc(l->mem, l->buf, bytes) : NULL;
    if (!nb)
        return MZ_ENOMEM;
    l->buf = nb;
    l->cap *= 2;
    return MZ_OK;
}

MZ_INLINE mz_status gl_push(glist *l, const bool wide, mz_idx v)
{
    if (MZ_UNLIKELY(l->len == l->cap)) {
        mz_status s = gl_grow(l, wide);
        if (s != MZ_OK)
            return s;
    }
    gl_put(l, wide, l->len++, v);
    l->live++;
    return MZ_OK;
}

/* Remove slot k, keeping the order of the rest. */
MZ_INLINE void gl_remove(glist *l, const bool wide, uint64_t k)
{
    l->live--;
    if (k + 1 == l->len) {
        l->len--;
        while (l->len && gl_at(l, wide, l->len - 1) == HOLE64)
            l->len--;
        return;
    }
    gl_put(l, wide, k, HOLE64);
    if (l->len - l->live > l->live + 64) {
        uint64_t w = 0;
        for (uint64_t r = 0; r < l->len; r++) {
            mz_idx v = gl_at(l, wide, r);
            if (v != HOLE64)
                gl_put(l, wide, w++, v);
        }
        l->len = w;
    }
}

MZ_INLINE mz_status gt_square_grow(mz_grid *g, mz_rng *rng, uint64_t newest_below,
                                   bool always_newest, bool never_newest, glist *l, const bool wide,
                                   mz_trace *t, const bool tracing, const mz_rng_kind rk,
                                   uint64_t *peak_out)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, cells = g->cells;
    const int64_t step[4] = {-(int64_t)cols, 1, (int64_t)cols, -1};
    uint64_t peak = 1;
    c[0] |= CL_MARK;
    if (gl_push(l, wide, 0) != MZ_OK)
        return MZ_ENOMEM;
    while (l->live) {
        /* 2. Pick. */
        bool newest = always_newest;
        if (!always_newest && !never_newest)
            newest = mz_rngk_u32(rng, rk) < newest_below;
        uint64_t k;
        mz_idx x;
        if (newest) {
            k = l->len - 1;
            x = gl_at(l, wide, k);
        } else {
            do {
                k = mz_rngk_pick(rng, l->len, rk);
                x = gl_at(l, wide, k);
            } while (x == HOLE64);
        }
        /* 3. Grow or retire. Off-grid neighbours read as x (visited). */
        const uint64_t col = x % cols;
        const mz_idx in = x >= cols ? x - cols : x;
        const mz_idx is = x + cols < cells ? x + cols : x;
        const mz_idx ie = col + 1 < cols ? x + 1 : x;
        const mz_idx iw = col > 0 ? x - 1 : x;
        const unsigned mask = (unsigned)(c[in] == MZ_WALLS) | (unsigned)(c[ie] == MZ_WALLS) << 1 |
                              (unsigned)(c[is] == MZ_WALLS) << 2 |
                              (unsigned)(c[iw] == MZ_WALLS) << 3;
        if (mask) {
            const unsigned d =
                cl_nth_dir(mask, (unsigned)mz_rngk_pick(rng, cl_popcount4(mask), rk));
            const mz_idx n = (mz_idx)((int64_t)x + step[d]);
            c[x] &= (uint8_t)~(1u << d);
            c[n] = (uint8_t)(MZ_WALLS & ~(1u << mz_sq_opposite(d)));
            if (gl_push(l, wide, n) != MZ_OK)
                return MZ_ENOMEM;
            if (l->live > peak)
                peak = l->live;
            if (tracing && mz_trace_emit(t, "carve", n, (int)d, l->live))
                return MZ_EIO;
        } else {
            gl_remove(l, wide, k);
            if (tracing && mz_trace_emit(t, "retire", x, -1, l->live))
                return MZ_EIO;
        }
    }
    *peak_out = peak;
    return MZ_OK;
}

MZ_INLINE mz_status gt_ports_grow(mz_grid *g, mz_rng *rng, uint64_t newest_below,
                                  bool always_newest, bool never_newest, glist *l, const bool wide,
                                  uint64_t *in, mz_trace *t, const bool tracing,
                                  const mz_rng_kind rk, uint64_t *peak_out)
{
    uint64_t peak = 1;
    mz_bit_set(in, 0);
    if (gl_push(l, wide, 0) != MZ_OK)
        return MZ_ENOMEM;
    while (l->live) {
        bool newest = always_newest;
        if (!always_newest && !never_newest)
            newest = mz_rngk_u32(rng, rk) < newest_below;
        uint64_t k;
        mz_idx x;
        if (newest) {
            k = l->len - 1;
            x = gl_at(l, wide, k);
        } else {
            do {
                k = mz_rngk_pick(rng, l->len, rk);
                x = gl_at(l, wide, k);
            } while (x == HOLE64);
        }
        unsigned opts[SH_MAX_PORTS];
        const unsigned n = sh_ports_where(g, in, x, false, opts);
        if (n) {
            const unsigned p = opts[mz_rngk_pick(rng, n, rk)];
            const mz_idx y = mz_port_nbr(g, x, p);
            mz_port_knock(g, x, p);
            mz_bit_set(in, y);
            if (gl_push(l, wide, y) != MZ_OK)
                return MZ_ENOMEM;
            if (l->live > peak)
                peak = l->live;
            if (tracing && mz_trace_emit(t, "carve", y, (int)p, l->live))
                return MZ_EIO;
        } else {
            gl_remove(l, wide, k);
            if (tracing && mz_trace_emit(t, "retire", x, -1, l->live))
                return MZ_EIO;
        }
    }
    *peak_out = peak;
    return MZ_OK;
}

/* The other shapes: as growing_tree below, with a visited bitset. */
static mz_status gt_ports(mz_grid *g, uint64_t below, bool always, bool never, mz_run *run,
                          uint64_t *peak)
{
    const bool wide = g->cells >= UINT32_MAX;
    uint64_t *in = mz_bits_new(g->mem, g->cells);
    if (!in)
        return MZ_ENOMEM;
    glist l = {g->mem, NULL, 256, 0, 0};
    l.buf = mz_alloc_array(g->mem, l.cap, wide ? 8 : 4);
    if (!l.buf) {
        mz_mem_free(g->mem, in);
        return MZ_ENOMEM;
    }
    mz_trace *t = run->trace;
    mz_rng *rng = run->rng;
    const mz_rng_kind kind = (mz_rng_kind)rng->kind;
    mz_status s;
    /* Untraced runs are specialised on the source's kind; a traced run
     * reads it as it goes. */
    if (t)
        s = wide ? gt_ports_grow(g, rng, below, always, never, &l, true, in, t, true, kind, peak)
                 : gt_ports_grow(g, rng, below, always, never, &l, false, in, t, true, kind, peak);
    else if (kind == MZ_RNG_MULBERRY32)
        s = wide ? gt_ports_grow(g, rng, below, always, never, &l, true, in, NULL, false,
                                 MZ_RNG_MULBERRY32, peak)
                 : gt_ports_grow(g, rng, below, always, never, &l, false, in, NULL, false,
                                 MZ_RNG_MULBERRY32, peak);
    else
        s = wide ? gt_ports_grow(g, rng, below, always, never, &l, true, in, NULL, false,
                                 MZ_RNG_SPLITMIX64, peak)
                 : gt_ports_grow(g, rng, below, always, never, &l, false, in, NULL, false,
                                 MZ_RNG_SPLITMIX64, peak);
    mz_mem_free(g->mem, l.buf);
    mz_mem_free(g->mem, in);
    return s;
}

/* The growing tree with newest-probability p in [0, 1]. */
static mz_status growing_tree(mz_grid *g, double p, mz_run *run, uint64_t *peak)
{
    const bool wide = g->cells >= UINT32_MAX; /* UINT32_MAX marks a hole */
    const bool always = p >= 1.0, never = p <= 0.0;
    /* p * 2^32 is exact in a double for every p; u < it takes the newest. */
    const uint64_t below = never ? 0 : always ? UINT64_C(1) << 32 : (uint64_t)(p * 4294967296.0);
    if (g->shape != MZ_SHAPE_ORTHO)
        return gt_ports(g, below, always, never, run, peak);
    glist l = {g->mem, NULL, 256, 0, 0};
    l.buf = mz_alloc_array(g->mem, l.cap, wide ? 8 : 4);
    if (!l.buf)
        return MZ_ENOMEM;
    mz_trace *t = run->trace;
    mz_rng *rng = run->rng;
    const mz_rng_kind kind = (mz_rng_kind)rng->kind;
    mz_status s;
    /* As in gt_ports: specialised on the kind when untraced. */
    if (t)
        s = wide ? gt_square_grow(g, rng, below, always, never, &l, true, t, true, kind, peak)
                 : gt_square_grow(g, rng, below, always, never, &l, false, t, true, kind, peak);
    else if (kind == MZ_RNG_MULBERRY32)
        s = wide ? gt_square_grow(g, rng, below, always, never, &l, true, NULL, false,
                                  MZ_RNG_MULBERRY32, peak)
                 : gt_square_grow(g, rng, below, always, never, &l, false, NULL, false,
                                  MZ_RNG_MULBERRY32, peak);
    else
        s = wide ? gt_square_grow(g, rng, below, always, never, &l, true, NULL, false,
                                  MZ_RNG_SPLITMIX64, peak)
                 : gt_square_grow(g, rng, below, always, never, &l, false, NULL, false,
                                  MZ_RNG_SPLITMIX64, peak);
    mz_mem_free(g->mem, l.buf);
    g->c[0] &= (uint8_t)~CL_MARK;
    return s;
}

static mz_status gt_gen(mz_grid *g, const mz_args *args, mz_run *run)
{
    uint64_t peak = 0;
    mz_status s = growing_tree(g, args->v[P_P], run, &peak);
    if (s == MZ_OK)
        mz_extra_int(run->extra, "active_peak", (int64_t)peak);
    return s;
}

static const mz_param_def gt_params[] = {
    {"p", MZ_P_REAL, 0.5, 0.0, 1.0, NULL,
     "probability of growing from the newest active cell (1: backtracker, 0: random)"},
};

static const char *const gt_columns[] = {"active_peak", NULL};

static const mz_trace_op gt_trace_ops[] = {
    {"carve", "grow from an active cell into a fresh neighbour; cell = the new cell, dir = the wall knocked", MZ_DRAW_ENTER},
    {"retire", "an active cell with no fresh neighbour leaves the list", MZ_DRAW_DONE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_growing_tree = {
    .name = "growing-tree",
    .kind = MZ_GEN,
    .summary = "growing tree from the entrance: newest active cell with probability p, else random",
    .flags = MZ_F_PERFECT,
    .params = gt_params,
    .nparams = 1,
    .columns = gt_columns,
    MZ_FIGURES_growing_tree, /* data/shape-figures.csv */
    .gen = gt_gen,
    .refuses = NULL,
    .shapes = SH_ALL_BUT_SQUARE,
    .trace_ops = gt_trace_ops,
    .trace_size = "active cells after the step",
};
