/*
 * kruskal.c - shuffled wall list with island merging (randomised Kruskal).
 * Recipe: docs/algorithms.md, board 03.
 *
 *   1. rnd = mulberry32(seed). Wall list: for a = 0..cells-1, code 2a (the
 *      east wall of a) if col < C-1, then code 2a+1 (its south wall) if
 *      row < R-1.
 *   2. Shuffle by Fisher-Yates downward: for i = n-1 down to 1,
 *      j = pick(i+1), swap codes i and j.
 *   3. Check the codes in order: a = code >> 1, east if even, south if odd,
 *      b its neighbour. If find(a) == find(b) the wall stays (a check).
 *      Else knock it (a merge): the smaller island goes under the larger
 *      one's representative (on a tie b's under a's), sizes add, one
 *      island fewer. merged_at = the check at which one island is left.
 *
 * Union-find: full path compression and union by size; a root's slot holds
 * minus its island's size, so there is no size array. Codes and parents
 * are 32-bit below 2^31 cells (12 bytes a cell), 64-bit above.
 * Bias: short corridors and many dead ends (about 30% of cells, against
 * dfs's 10%); not a uniform spanning tree (Wilson's algorithm gives that).
 * Complexity: O(cells * alpha(cells)) time. Both passes touch memory at
 * random, so they prefetch ahead: every swap target is drawn AHEAD swaps
 * early (mulberry32 is a counter, draw k is mix(seed + (k+1) * inc), read
 * where it is; splitmix64's picks, which a Lemire rejection can shift,
 * come from a copy of the source run ahead in order), and the cells of the
 * next checks are read off the shuffled list.
 *
 * Other shapes (shape_common.h): the wall list holds code a * 8 + p for
 * a = 0..cells-1 and each port p = 0..ports-1 in order whose neighbour b
 * exists and b > a (each wall once; on a weave grid the passages under a
 * cell are walls too). Shuffle and checks as above; a wall between two
 * islands that may not be opened now (mz_port_can_open: a weave crossing
 * whose middle cell is not a straight corridor across it) stays, a check.
 * Should islands remain at the end (a weave grid whose crossings had cut
 * every wall between two islands; not seen in 12,000 runs on weave grids
 * of 16 to 400 cells), the list is checked once more in order, no draw.
 * Codes and parents are 64-bit (16 bytes a wall and 8 a cell). The list's
 * length is a closed form (sh_walls), each shape has its own copy of the
 * loops (kruskal_run_SHAPE) and a check finds the far cell of its wall
 * from the near cell's coordinates (sh_at).
 */
#define _DEFAULT_SOURCE /* madvise */
#include "shape_common.h"
#include "../core/figures.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

/* Codes reach 2 * cells: 32 bits hold them below 2^31 cells. Overridable
 * at compile time only so that a test build can run the 64-bit path on
 * small grids (-DMZ_KRUSKAL_WIDE_FROM=0). */
#ifndef MZ_KRUSKAL_WIDE_FROM
#define MZ_KRUSKAL_WIDE_FROM (UINT64_C(1) << 31)
#endif

/* How many swaps or checks ahead the passes prefetch. */
#define AHEAD 32

/* The wall list and the parents are read at random, a cache miss and,
 * with 4 KiB pages, a TLB miss each. Large arrays are therefore aligned to
 * 2 MiB and offered to the kernel as transparent huge pages (on Linux,
 * where THP is often "madvise" only). Freed with mz_mem_free(). */
static void *big_array(const mz_allocator *mem, uint64_t n, size_t size)
{
    size_t bytes = mz_mul_size(n, size);
    if (bytes == 0 && n != 0)
        return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const size_t huge = (size_t)1 << 21;
    if (bytes >= 2 * huge) {
        void *p = mz_mem_alloc_aligned(mem, bytes, huge);
        if (p)
            (void)madvise(p, bytes, MADV_HUGEPAGE); /* a hint: failure is harmless */
        return p;
    }
#endif
    return mz_mem_alloc(mem, bytes);
}

/* pick(n) of draw u, as mz_rng_pick. */
MZ_INLINE uint64_t pick_of(uint32_t u, uint64_t n)
{
    if (n <= UINT32_MAX)
        return ((uint64_t)u * n) >> 32;
    uint64_t lo = (uint64_t)u * (uint32_t)n;
    uint64_t hi = (uint64_t)u * (n >> 32);
    return hi + (lo >> 32);
}

/* The checks open only the east or south wall of a (one random write a
 * merge instead of two, often in two cache lines); this sequential pass
 * then opens the matching west or north wall of b. On a fresh grid those
 * are the only walls opened, so the result is the same. */
static void mirror_knocks(mz_grid *g)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, cells = g->cells;
    const uint64_t ones = UINT64_C(0x0101010101010101);
    uint64_t a = 0, carry = 0;
    /* Eight cells a word: an open east wall (bit 1) of cell j opens the
     * west wall (bit 3) of cell j + 1, the next byte up, carried across
     * words; an open south wall (bit 2) of the cell above opens the north
     * wall (bit 0). A row's last cell never has an open east wall, so the
     * carry never crosses into the next row wrongly. */
    for (; a + 8 <= cells; a += 8) {
        uint64_t w, above = ~UINT64_C(0);
        w = mz_load_le64(c + a);
        if (a >= cols)
            above = mz_load_le64(c + a - cols);
        uint64_t east = (~w >> 1) & ones;
        uint64_t west_open = ((east << 8) | carry) << 3;
        uint64_t north_open = (~above >> 2) & ones;
        carry = east >> 56;
        if (a < cols) /* a word across the first row's end */
            for (uint64_t j = cols - a; j < 8; j++)
                north_open |= (uint64_t)!(c[a + j - cols] & MZ_WALL_S) << (8 * j);
        w &= ~(west_open | north_open);
        mz_store_le64(c + a, w);
    }
    for (; a < cells; a++) {
        if (a > 0 && !(c[a - 1] & MZ_WALL_E))
            c[a] &= (uint8_t)~MZ_WALL_W;
        if (a >= cols && !(c[a - cols] & MZ_WALL_S))
            c[a] &= (uint8_t)~MZ_WALL_N;
    }
}

/* One body for both widths. wide is a compile-time constant at each call
 * (as tracing is), so each of the four copies the compiler makes reads its
 * arrays at one width: codes and parents are 32-bit below 2^31 cells,
 * 64-bit above. A parent slot holds the parent's index, or minus the
 * island's size at a root. */
MZ_INLINE uint64_t code_get(const void *code, const bool wide, uint64_t k)
{
    return wide ? ((const uint64_t *)code)[k] : ((const uint32_t *)code)[k];
}

MZ_INLINE void code_set(void *code, const bool wide, uint64_t k, uint64_t v)
{
    if (wide)
        ((uint64_t *)code)[k] = v;
    else
        ((uint32_t *)code)[k] = (uint32_t)v;
}

MZ_INLINE const void *code_at(const void *code, const bool wide, uint64_t k)
{
    return wide ? (const void *)((const uint64_t *)code + k) : (const void *)((const uint32_t *)code + k);
}

MZ_INLINE int64_t par_get(const void *p, const bool wide, uint64_t k)
{
    return wide ? ((const int64_t *)p)[k] : ((const int32_t *)p)[k];
}

MZ_INLINE void par_set(void *p, const bool wide, uint64_t k, int64_t v)
{
    if (wide)
        ((int64_t *)p)[k] = v;
    else
        ((int32_t *)p)[k] = (int32_t)v;
}

MZ_INLINE const void *par_at(const void *p, const bool wide, uint64_t k)
{
    return wide ? (const void *)((const int64_t *)p + k) : (const void *)((const int32_t *)p + k);
}

MZ_INLINE uint64_t find_root(void *p, const bool wide, uint64_t x)
{
    uint64_t r = x;
    int64_t v;
    while ((v = par_get(p, wide, r)) >= 0)
        r = (uint64_t)v;
    /* Full path compression; a node already under the root is not written
     * again, so finds of shallow trees dirty no cache line. */
    while (x != r) {
        uint64_t nx = (uint64_t)par_get(p, wide, x);
        if (nx == r)
            break;
        par_set(p, wide, x, (int64_t)r);
        x = nx;
    }
    return r;
}

/* The target of the swap whose pick is pick(m), drawn ahead: under
 * mulberry32 from draw k of r0 (the source before the shuffle), under
 * splitmix64 the next pick of ahead, the source run ahead in swap order
 * (a rejected draw takes the next, exactly as the sequential shuffle). */
MZ_INLINE uint64_t swap_target(const mz_rng *r0, mz_rng *ahead, uint64_t k, uint64_t m,
                               const mz_rng_kind rk)
{
    if (rk == MZ_RNG_MULBERRY32)
        return pick_of(mz_rngk_u32_at(r0, k, rk), m);
    return mz_rngk_pick(ahead, m, rk);
}

/* Fisher-Yates downward over the n wall codes: swap k (i = n-1-k) uses
 * pick(n-k), drawn AHEAD swaps early (swap_target) so that its cache line
 * is prefetched. Leaves rng as the sequential shuffle would. */
MZ_INLINE void shuffle_codes(void *code, const bool wide, uint64_t n, mz_rng *rng,
                             const mz_rng_kind rk)
{
    if (n < 2)
        return;
    const mz_rng r0 = *rng;
    mz_rng ahead = *rng;
    const uint64_t swaps = n - 1;
    uint64_t jbuf[AHEAD];
    for (uint64_t k = 0; k < AHEAD && k < swaps; k++) {
        jbuf[k] = swap_target(&r0, &ahead, k, n - k, rk);
        MZ_PREFETCHW(code_at(code, wide, jbuf[k]));
    }
    for (uint64_t k = 0; k < swaps; k++) {
        const uint64_t i = n - 1 - k;
        const uint64_t j = jbuf[k % AHEAD];
        const uint64_t kk = k + AHEAD;
        if (kk < swaps) {
            uint64_t jn = swap_target(&r0, &ahead, kk, n - kk, rk);
            jbuf[kk % AHEAD] = jn;
            MZ_PREFETCHW(code_at(code, wide, jn));
        }
        const uint64_t tmp = code_get(code, wide, i);
        code_set(code, wide, i, code_get(code, wide, j));
        code_set(code, wide, j, tmp);
    }
    if (rk == MZ_RNG_MULBERRY32)
        mz_rngk_skip(rng, swaps, rk);
    else
        *rng = ahead;
}

MZ_INLINE mz_status kruskal_run(mz_grid *g, mz_rng *rng, mz_trace *t, const bool tracing,
                                const bool wide, void *code, void *p, uint64_t *merged_at,
                                const mz_rng_kind rk)
{
    const uint64_t rows = g->rows, cols = g->cols, cells = g->cells;
    uint8_t *c = g->c;
    uint64_t n = 0;
    for (uint64_t r = 0, a = 0; r < rows; r++) {
        for (uint64_t col = 0; col < cols; col++, a++) {
            if (col + 1 < cols)
                code_set(code, wide, n++, 2 * a);
            if (r + 1 < rows)
                code_set(code, wide, n++, 2 * a + 1);
        }
    }
    shuffle_codes(code, wide, n, rng, rk);
    for (uint64_t a = 0; a < cells; a++)
        par_set(p, wide, a, -1);
    /* Checks, prefetching in two stages: the two cells of the check 2*AHEAD
     * later, then the parents of the check AHEAD later (by then its cells
     * are in cache); after compression most parents are roots, so two
     * levels cover nearly every find. */
    uint64_t islands = cells;
    *merged_at = 0;
    for (uint64_t k = 0; k < n; k++) {
        if (!tracing && islands == 1)
            break; /* every wall left stands */
        if (k + 2 * AHEAD < n) {
            const uint64_t far = code_get(code, wide, k + 2 * AHEAD);
            const uint64_t fa = far >> 1;
            MZ_PREFETCHW(par_at(p, wide, fa));
            MZ_PREFETCHW(par_at(p, wide, fa + ((far & 1) ? cols : 1)));
            MZ_PREFETCHW(c + fa);
        }
        if (k + AHEAD < n) {
            const uint64_t near = code_get(code, wide, k + AHEAD);
            const uint64_t na = near >> 1, nb = na + ((near & 1) ? cols : 1);
            const int64_t pa = par_get(p, wide, na), pb = par_get(p, wide, nb);
            MZ_PREFETCHW(par_at(p, wide, pa >= 0 ? (uint64_t)pa : na));
            MZ_PREFETCHW(par_at(p, wide, pb >= 0 ? (uint64_t)pb : nb));
        }
        const uint64_t w = code_get(code, wide, k);
        const uint64_t a = w >> 1;
        const unsigned d = (w & 1) ? MZ_S : MZ_E;
        const uint64_t b = a + ((w & 1) ? cols : 1);
        const uint64_t ra = find_root(p, wide, a), rb = find_root(p, wide, b);
        if (ra == rb) {
            if (tracing && mz_trace_emit(t, "check", a, (int)d, islands))
                return MZ_EIO;
            continue;
        }
        /* Only a's side now; b's is mirrored in one pass at the end. */
        c[a] &= (uint8_t)~(1u << d);
        /* Sizes are negative: -p[ra] >= -p[rb] when p[ra] <= p[rb]. */
        const int64_t sa = par_get(p, wide, ra), sb = par_get(p, wide, rb);
        if (sa <= sb) {
            par_set(p, wide, ra, sa + sb);
            par_set(p, wide, rb, (int64_t)ra);
        } else {
            par_set(p, wide, rb, sa + sb);
            par_set(p, wide, ra, (int64_t)rb);
        }
        islands--;
        if (islands == 1)
            *merged_at = k + 1;
        if (tracing && mz_trace_emit(t, "merge", a, (int)d, islands))
            return MZ_EIO;
    }
    mirror_knocks(g);
    return MZ_OK;
}

/* The arrays at the width the size needs, then the run with tracing and
 * width as constants. */
static mz_status kruskal_arrays(mz_grid *g, mz_run *run, const bool wide, uint64_t *merged_at)
{
    const uint64_t walls = g->rows * (g->cols - 1) + (g->rows - 1) * g->cols;
    const size_t width = wide ? 8 : 4;
    void *code = big_array(g->mem, walls, width);
    void *p = big_array(g->mem, g->cells, width);
    mz_status s = MZ_ENOMEM;
    if (code && p) {
        if (run->rng->kind == MZ_RNG_MULBERRY32)
            s = run->trace ? kruskal_run(g, run->rng, run->trace, true, wide, code, p, merged_at,
                                         MZ_RNG_MULBERRY32)
                           : kruskal_run(g, run->rng, NULL, false, wide, code, p, merged_at,
                                         MZ_RNG_MULBERRY32);
        else
            s = run->trace ? kruskal_run(g, run->rng, run->trace, true, wide, code, p, merged_at,
                                         MZ_RNG_SPLITMIX64)
                           : kruskal_run(g, run->rng, NULL, false, wide, code, p, merged_at,
                                         MZ_RNG_SPLITMIX64);
    }
    mz_mem_free(g->mem, code);
    mz_mem_free(g->mem, p);
    return s;
}

/* ---- Other shapes ---- */

/* One pass of checks over code[0..n): merges and checks as on square
 * cells. Each check finds its wall's far cell from the near cell's
 * coordinates (sh_at: S is a constant but in the traced run). A wall
 * between two islands can always be opened on a shape other than the
 * weave (it is closed: an open wall joins its two cells' islands), so
 * only the weave asks its crossing rules. */
MZ_INLINE mz_status kruskal_ports_pass(mz_grid *g, const mz_shape S, const uint64_t *code,
                                       int64_t *p, uint64_t n, uint64_t *islands,
                                       uint64_t *checked, mz_trace *t, const bool tracing,
                                       uint64_t *merged_at)
{
    uint8_t *c = g->c;
    for (uint64_t k = 0; k < n; k++) {
        if (!tracing && *islands == 1)
            break;
        if (k + AHEAD < n)
            MZ_PREFETCHW(p + (code[k + AHEAD] >> 3));
        const uint64_t a = code[k] >> 3;
        const unsigned d = (unsigned)(code[k] & 7u);
        const sh_at at = sh_at_of(g, S, a);
        const uint64_t b = sh_at_nbr_in(g, S, &at, d);
        const uint64_t ra = find_root(p, true, a), rb = find_root(p, true, b);
        ++*checked;
        if (ra == rb ||
            ((S == MZ_SHAPE_WEAVE || (S == SH_ANY && g->shape == MZ_SHAPE_WEAVE)) &&
             !((c[a] >> d & 1u) && sh_weave_can_open(g, &at, d, b)))) {
            if (tracing && mz_trace_emit(t, "check", a, (int)d, *islands))
                return MZ_EIO;
            continue;
        }
        c[a] &= (uint8_t)~(1u << d);
        c[b] &= (uint8_t)~(1u << sh_at_back(g, S, &at, d));
        const int64_t sa = p[ra], sb = p[rb];
        if (sa <= sb) {
            p[ra] = sa + sb;
            p[rb] = (int64_t)ra;
        } else {
            p[rb] = sa + sb;
            p[ra] = (int64_t)rb;
        }
        --*islands;
        if (*islands == 1)
            *merged_at = *checked;
        if (tracing && mz_trace_emit(t, "merge", a, (int)d, *islands))
            return MZ_EIO;
    }
    return MZ_OK;
}

/* The wall list of another shape in code[0..cap): code a * 8 + p for
 * each cell a in order and each port p in order whose neighbour b exists
 * and b > a. The walls' count (cap when the list is complete). */
MZ_INLINE uint64_t kruskal_ports_list(const mz_grid *g, const mz_shape S, uint64_t *code,
                                      uint64_t cap)
{
    const unsigned ports = S == SH_ANY ? mz_shape_ports(g->shape) : mz_sp_ports(S);
    const uint64_t cells = g->cells;
    uint64_t n = 0;
    sh_at x = sh_at_of(g, S, 0);
    for (mz_idx a = 0; a < cells; a++) {
        SH_UNROLL
        for (unsigned d = 0; d < ports; d++) {
            if (sh_port_backward(S, &x, d))
                continue;
            const mz_idx b = sh_at_nbr(g, S, &x, d);
            if (b != MZ_NONE && b > a) {
                if (MZ_LIKELY(n < cap))
                    code[n] = a << 3 | d;
                n++;
            }
        }
        if (a + 1 < cells)
            x = sh_at_next(g, S, &x);
    }
    return n;
}

MZ_INLINE mz_status kruskal_ports_run(mz_grid *g, mz_rng *rng, uint64_t *code, uint64_t n,
                                      int64_t *p, mz_trace *t, const bool tracing,
                                      uint64_t *merged_at, const mz_rng_kind rk, const mz_shape S)
{
    const uint64_t cells = g->cells;
    if (kruskal_ports_list(g, S, code, n) != n)
        return MZ_EINVAL; /* not the count sh_walls gave: never */
    shuffle_codes(code, true, n, rng, rk);
    for (mz_idx a = 0; a < cells; a++)
        p[a] = -1;
    uint64_t islands = cells, checked = 0;
    *merged_at = 0;
    mz_status s = kruskal_ports_pass(g, S, code, p, n, &islands, &checked, t, tracing, merged_at);
    if (s == MZ_OK && islands > 1)
        s = kruskal_ports_pass(g, S, code, p, n, &islands, &checked, t, tracing, merged_at);
    return s;
}

/* One untraced copy a shape and source; the traced run for all. */
#define KRUSKAL_PORTS(S, NAME)                                                                 \
    static mz_status kruskal_run_##NAME(mz_grid *g, mz_rng *rng, uint64_t *code, uint64_t n,  \
                                        int64_t *p, uint64_t *merged_at)                      \
    {                                                                                         \
        if (rng->kind == MZ_RNG_MULBERRY32)                                                   \
            return kruskal_ports_run(g, rng, code, n, p, NULL, false, merged_at,              \
                                     MZ_RNG_MULBERRY32, S);                                   \
        return kruskal_ports_run(g, rng, code, n, p, NULL, false, merged_at,                  \
                                 MZ_RNG_SPLITMIX64, S);                                       \
    }
#define KRUSKAL_PORTS_X(ID, name) KRUSKAL_PORTS(MZ_SHAPE_##ID, name)
MZ_SHAPES_BUT_SQUARE(KRUSKAL_PORTS_X)
#undef KRUSKAL_PORTS_X

/* Every shape but square cells. */
static mz_status kruskal_ports(mz_grid *g, mz_run *run, uint64_t *merged_at)
{
    const uint64_t walls = sh_walls(g, g->shape);
    uint64_t *code = big_array(g->mem, walls ? walls : 1, 8);
    int64_t *p = code ? big_array(g->mem, g->cells, 8) : NULL;
    mz_status s = MZ_ENOMEM;
    if (p && run->trace) {
        s = kruskal_ports_run(g, run->rng, code, walls, p, run->trace, true, merged_at,
                              (mz_rng_kind)run->rng->kind, SH_ANY);
    } else if (p) {
        switch (g->shape) {
#define KRUSKAL_CASE(ID, name)                                                                 \
    case MZ_SHAPE_##ID: s = kruskal_run_##name(g, run->rng, code, walls, p, merged_at); break;
            MZ_SHAPES_BUT_SQUARE(KRUSKAL_CASE)
#undef KRUSKAL_CASE
        case MZ_SHAPE_ORTHO:
        case MZ_SHAPE_COUNT: s = MZ_EUNSUPPORTED; break;
        }
    }
    mz_mem_free(g->mem, code);
    mz_mem_free(g->mem, p);
    return s;
}

/* Square cells: the grid on huge pages when large, then the arrays at
 * the width the size needs. */
static mz_status kruskal_square(mz_grid *g, mz_run *run, uint64_t *merged_at)
{
    /* The checks write the grid at random too: move its cells (a fresh
     * grid, every wall up) onto huge pages as well, as a fixed-size
     * generator re-allocates them. Without the memory, keep them where
     * they are. */
    if (g->cells >= ((uint64_t)1 << 22)) {
        uint8_t *nc = big_array(g->mem, g->cells, 1);
        if (nc) {
            memset(nc, MZ_WALLS, (size_t)g->cells);
            mz_mem_free(g->mem, g->c);
            g->c = nc;
        }
    }
    return g->cells < MZ_KRUSKAL_WIDE_FROM ? kruskal_arrays(g, run, false, merged_at)
                                           : kruskal_arrays(g, run, true, merged_at);
}

static mz_status kruskal_gen(mz_grid *g, const mz_args *args, mz_run *run)
{
    (void)args;
    uint64_t merged_at = 0;
    const mz_status s = g->shape == MZ_SHAPE_ORTHO ? kruskal_square(g, run, &merged_at)
                                                   : kruskal_ports(g, run, &merged_at);
    if (s == MZ_OK)
        mz_extra_int(run->extra, "merged_at", (int64_t)merged_at);
    return s;
}

static const char *const kruskal_columns[] = {"merged_at", NULL};

static const mz_trace_op kruskal_trace_ops[] = {
    {"check", "the wall stays (its two cells are one island already); cell = the wall's "
              "west or north cell, dir 1 (east) or 2 (south)", MZ_DRAW_WALL},
    {"merge", "the wall is removed, two islands become one; cell and dir as for check", MZ_DRAW_MERGE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_kruskal = {
    .name = "kruskal",
    .kind = MZ_GEN,
    .summary = "shuffled wall list with island merging (randomised Kruskal, board 03)",
    .flags = MZ_F_PERFECT,
    .params = NULL,
    .nparams = 0,
    .columns = kruskal_columns,
    MZ_FIGURES_kruskal, /* data/shape-figures.csv */
    .gen = kruskal_gen,
    .shapes = SH_ALL_BUT_SQUARE,
    .trace_ops = kruskal_trace_ops,
    .trace_size = "islands after the step",
};
