/*
 * astar.c - best-first search with a heuristic slope K (A*).
 * Recipe: docs/algorithms.md, board 06.
 *
 *   1. h(n) = the Manhattan distance from n to the exit ((R-1-row) +
 *      (C-1-col) for the default exit cells-1; on an east-west wrap grid
 *      the column distance is the shorter way round). f = g + K*h in
 *      double precision; the build has no fused multiply-add
 *      (-ffp-contract=off), so f rounds the same everywhere.
 *   2. g = infinity everywhere, g[entrance] = 0; push (K*h(entrance),
 *      entrance).
 *   3. Pop the smallest f. A closed cell is a stale entry: skip it.
 *      Otherwise close it and count it; stop if it is the exit.
 *   4. For d = 0..3 with an open wall: skip a closed neighbour n;
 *      ng = g + 1; skip if ng >= g[n]; set g[n] and parent[n]; push
 *      (ng + K*h(n), n).
 *   5. The start and the exit both count as closed; the route is the
 *      parent chain from the exit.
 *
 * The heap is the article's binary heap, exactly, because its tie-breaking
 * decides the closed counts:
 *   push: i = n++; while i > 0: p = (i-1) >> 1; stop if f[p] <= f; move
 *         the parent down; i = p.
 *   pop:  take the root; sift the last entry down from the root: l = 2i+1,
 *         r = l+1, m = (r < n && f[r] < f[l]) ? r : l; stop when m >= n or
 *         f[m] >= its f; else move the child up.
 * Stale entries mean the heap can hold more entries than there are cells,
 * so it starts small and doubles as needed; it is never sized from the
 * cell count.
 *
 * Shortest? With K <= 1, K*h is a consistent heuristic (Manhattan distance
 * never overestimates a grid walk, and scaling by K <= 1 keeps it so), so
 * the first time the exit is closed its g is the shortest route; K = 0 is
 * Dijkstra's search. With K > 1 the search is greedier and may return a
 * longer route on a maze with loops. The registry's MZ_F_SHORTEST is one
 * flag for the entry, and it is set: it holds for K <= 1 only, which
 * includes the default K = 1. tests/test_invariants.c treats astar as
 * shortest only for k <= 1; tests/test_article_rest.c shows a K > 1 run
 * that is not shortest.
 *
 * Memory: g as a 32-bit count a cell (64-bit past 2^32 cells), half a byte
 * a cell for the closed bit and the direction to the parent (walked back
 * through the grid, so no parent index is stored), and the heap at its
 * peak, 16 bytes an entry.
 * Complexity: O(pushes log pushes); pushes <= passages * 2 + 1.
 *
 * Trace: one `close` a closed cell, size = the heap's length right after
 * the pop that closed it (before the pushes), as bfs does.
 *
 * Other cell shapes: the same search, heap and tie-breaking, with the
 * ports 0.. in order (mz_port_nbr) in place of d = 0..3 in step 4 and
 * h(n) = mz_shape_distance(n, exit), a lower bound on the steps on every
 * shape (hex: the hexagonal distance; tri and 3d: the Manhattan distance;
 * weave: half the Manhattan distance rounded up, as an under-passage moves
 * two cells; polar: the ring difference). Each is consistent (one step
 * changes it by at most one), so K <= 1 is shortest there too. The parent
 * port takes three bits of the half byte.
 */
#include "ports.h"
#include "../core/figures.h"

enum { P_K };

typedef struct heap_ent {
    double f;
    mz_idx cell;
} heap_ent;

typedef struct heap {
    const mz_allocator *mem;
    heap_ent *e;
    uint64_t n, cap;
} heap;

static mz_status heap_grow(heap *h)
{
    uint64_t ncap = h->cap * 2;
    size_t bytes = mz_mul_size(ncap, sizeof *h->e);
    heap_ent *ne = bytes ? mz_mem_realloc(h->mem, h->e, bytes) : NULL;
    if (!ne)
        return MZ_ENOMEM;
    h->e = ne;
    h->cap = ncap;
    return MZ_OK;
}

MZ_INLINE mz_status heap_push(heap *h, double f, mz_idx cell)
{
    if (MZ_UNLIKELY(h->n == h->cap)) {
        mz_status s = heap_grow(h);
        if (s != MZ_OK)
            return s;
    }
    heap_ent *e = h->e;
    uint64_t i = h->n++;
    while (i > 0) {
        uint64_t p = (i - 1) >> 1;
        if (e[p].f <= f)
            break;
        e[i] = e[p];
        i = p;
    }
    e[i].f = f;
    e[i].cell = cell;
    return MZ_OK;
}

/* The heap is not empty. */
MZ_INLINE heap_ent heap_pop(heap *h)
{
    heap_ent *e = h->e;
    heap_ent top = e[0];
    uint64_t n = --h->n;
    if (n == 0)
        return top;
    heap_ent mv = e[n];
    uint64_t i = 0;
    for (;;) {
        uint64_t l = 2 * i + 1, r = l + 1;
        uint64_t m = (r < n && e[r].f < e[l].f) ? r : l;
        if (m >= n || e[m].f >= mv.f)
            break;
        e[i] = e[m];
        i = m;
    }
    e[i] = mv;
    return top;
}

/* Per-cell state, half a byte: bit 3 closed, bits 0-1 the direction from
 * the cell to its parent (bits 0-2 its port on other shapes). */
#define ST_CLOSED 8u

MZ_INLINE unsigned st_get(const uint8_t *st, mz_idx i) { return (st[i >> 1] >> ((i & 1) * 4)) & 15u; }
MZ_INLINE void st_put(uint8_t *st, mz_idx i, unsigned v)
{
    unsigned sh = (unsigned)(i & 1) * 4;
    st[i >> 1] = (uint8_t)((st[i >> 1] & ~(15u << sh)) | (v << sh));
}

MZ_INLINE uint64_t g_get(const void *g, const bool wide, mz_idx i)
{
    if (wide)
        return ((const uint64_t *)g)[i];
    uint32_t v = ((const uint32_t *)g)[i];
    return v == UINT32_MAX ? UINT64_MAX : v;
}

MZ_INLINE void g_put(void *g, const bool wide, mz_idx i, uint64_t v)
{
    if (wide)
        ((uint64_t *)g)[i] = v;
    else
        ((uint32_t *)g)[i] = (uint32_t)v;
}

/* Manhattan distance to the exit, (erow, ecol). */
MZ_INLINE uint64_t astar_h(const mz_grid *gr, mz_idx i, uint64_t erow, uint64_t ecol, bool wrap)
{
    uint64_t row = i / gr->cols, col = i % gr->cols;
    uint64_t dr = row > erow ? row - erow : erow - row;
    uint64_t dc = col > ecol ? col - ecol : ecol - col;
    if (wrap && gr->cols - dc < dc)
        dc = gr->cols - dc;
    return dr + dc;
}

/* Step 4 for open side d of i: the neighbour's g, parent way and heap
 * entry. MZ_ENOMEM when the heap cannot grow. */
MZ_INLINE mz_status astar_side(const mz_grid *gr, const mz_shape S, double k, void *gv,
                               const bool wide, uint8_t *st, heap *hp, mz_idx i, const sh_at *at,
                               const sh_at *at_dst, uint64_t erow, uint64_t ecol, bool wrap,
                               uint64_t ng, unsigned d)
{
    const bool any = S != MZ_SHAPE_ORTHO;
    mz_idx n = any ? sh_at_nbr(gr, S, at, d) : mz_sq_neighbour(gr, i, d);
    if (n == MZ_NONE || (st_get(st, n) & ST_CLOSED))
        return MZ_OK;
    if (ng >= g_get(gv, wide, n))
        return MZ_OK;
    g_put(gv, wide, n, ng);
    /* not closed; the way to the parent */
    st_put(st, n, any ? sh_at_back(gr, S, at, d) : mz_sq_opposite(d));
    uint64_t h;
    if (any) {
        const sh_at at_n = sh_at_step(gr, S, at, d, n);
        h = mz_at_distance(gr, S, &at_n, at_dst);
    } else {
        h = astar_h(gr, n, erow, ecol, wrap);
    }
    double f = (double)ng + k * (double)h;
    return heap_push(hp, f, n);
}

MZ_INLINE mz_status astar_search(const mz_grid *gr, const mz_shape S, double k, void *gv,
                                 const bool wide, uint8_t *st, heap *hp, mz_trace *t,
                                 const bool tracing, mz_solution *sol)
{
    const bool any = S != MZ_SHAPE_ORTHO;
    const mz_idx src = gr->entrance, dst = gr->exit;
    const sh_at at_dst = sh_at_of(gr, S, dst); /* only read on other shapes */
    const uint64_t erow = dst / gr->cols, ecol = dst % gr->cols;
    const bool wrap = (gr->flags & MZ_GRID_WRAP_EW) != 0;
    int64_t closed = 0;
    bool found = false;
    g_put(gv, wide, src, 0);
    const sh_at at_src = sh_at_of(gr, S, src);
    const uint64_t h0 = any ? mz_at_distance(gr, S, &at_src, &at_dst)
                            : astar_h(gr, src, erow, ecol, wrap);
    if (heap_push(hp, k * (double)h0, src) != MZ_OK)
        return MZ_ENOMEM;
    while (hp->n) {
        heap_ent top = heap_pop(hp);
        mz_idx i = top.cell;
        if (st_get(st, i) & ST_CLOSED)
            continue; /* a stale entry */
        st_put(st, i, st_get(st, i) | ST_CLOSED);
        closed++;
        if (tracing && mz_trace_emit(t, "close", i, -1, hp->n))
            return MZ_EIO;
        if (i == dst) {
            found = true;
            break;
        }
        uint64_t ng = g_get(gv, wide, i) + 1;
        unsigned open = mz_side_open_s(gr, S, gr->c[i]);
        const unsigned sides = S == SH_ANY ? mz_shape_ports(gr->shape) : mz_sp_ports(S);
        const sh_at at = sh_at_of(gr, S, i); /* only read on other shapes */
        if (any) {
            SH_UNROLL
            for (unsigned d = 0; d < sides; d++)
                if ((open >> d & 1u) && astar_side(gr, S, k, gv, wide, st, hp, i, &at, &at_dst,
                                                   erow, ecol, wrap, ng, d) != MZ_OK)
                    return MZ_ENOMEM;
        } else {
            for (unsigned d = 0; d < sides; d++) {
                if (!(open & (1u << d)))
                    continue;
                if (astar_side(gr, S, k, gv, wide, st, hp, i, &at, &at_dst, erow, ecol, wrap, ng,
                               d) != MZ_OK)
                    return MZ_ENOMEM;
            }
        }
    }
    sol->found = found;
    sol->closed = closed;
    if (found)
        sol->path_steps = (int64_t)g_get(gv, wide, dst);
    return MZ_OK;
}

/* The search on another cell shape, kept apart from the square one: an
 * untraced copy a shape and width (its port arithmetic folded in, sh_at),
 * the traced run for all. */
#define ASTAR_PORTS(S, NAME)                                                                  \
    MZ_NOINLINE static mz_status astar_ports_##NAME(const mz_grid *g, double k, void *gv,    \
                                                    bool wide, uint8_t *st, heap *hp,        \
                                                    mz_solution *sol)                        \
    {                                                                                        \
        return wide ? astar_search(g, S, k, gv, true, st, hp, NULL, false, sol)              \
                    : astar_search(g, S, k, gv, false, st, hp, NULL, false, sol);            \
    }
#define ASTAR_PORTS_X(ID, name) ASTAR_PORTS(MZ_SHAPE_##ID, name)
MZ_SHAPES_BUT_SQUARE(ASTAR_PORTS_X)
#undef ASTAR_PORTS_X

MZ_NOINLINE static mz_status astar_ports(const mz_grid *g, double k, void *gv, bool wide,
                                         uint8_t *st, heap *hp, mz_trace *t, mz_solution *sol)
{
    if (t)
        return wide ? astar_search(g, SH_ANY, k, gv, true, st, hp, t, true, sol)
                    : astar_search(g, SH_ANY, k, gv, false, st, hp, t, true, sol);
    switch (g->shape) {
#define ASTAR_CASE(ID, name)                                                                   \
    case MZ_SHAPE_##ID: return astar_ports_##name(g, k, gv, wide, st, hp, sol);
        MZ_SHAPES_BUT_SQUARE(ASTAR_CASE)
#undef ASTAR_CASE
    case MZ_SHAPE_ORTHO:
    case MZ_SHAPE_COUNT: break;
    }
    return wide ? astar_search(g, SH_ANY, k, gv, true, st, hp, NULL, false, sol)
                : astar_search(g, SH_ANY, k, gv, false, st, hp, NULL, false, sol);
}

static mz_status astar_solve(const mz_grid *g, const mz_args *args, mz_trace *t,
                             mz_solution *sol)
{
    mz_status s0 = mz_solve_begin(g, sol);
    if (s0 != MZ_OK)
        return s0;
    const bool wide = g->cells >= UINT32_MAX; /* UINT32_MAX is infinity */
    const double k = args->v[P_K];
    void *gv = mz_alloc_array(g->mem, g->cells, wide ? 8 : 4);
    uint8_t *st = mz_mem_calloc(g->mem, g->cells / 2 + 1, 1);
    heap hp = {g->mem, NULL, 0, 256};
    hp.e = mz_alloc_array(g->mem, hp.cap, sizeof *hp.e);
    if (!gv || !st || !hp.e) {
        mz_mem_free(g->mem, gv);
        mz_mem_free(g->mem, st);
        mz_mem_free(g->mem, hp.e);
        return MZ_ENOMEM;
    }
    memset(gv, 0xff, mz_mul_size(g->cells, wide ? 8 : 4)); /* infinity */
    mz_status s;
    const bool any = g->shape != MZ_SHAPE_ORTHO;
    if (any)
        s = astar_ports(g, k, gv, wide, st, &hp, t, sol);
    else if (wide)
        s = t ? astar_search(g, MZ_SHAPE_ORTHO, k, gv, true, st, &hp, t, true, sol)
              : astar_search(g, MZ_SHAPE_ORTHO, k, gv, true, st, &hp, NULL, false, sol);
    else
        s = t ? astar_search(g, MZ_SHAPE_ORTHO, k, gv, false, st, &hp, t, true, sol)
              : astar_search(g, MZ_SHAPE_ORTHO, k, gv, false, st, &hp, NULL, false, sol);
    mz_mem_free(g->mem, hp.e);
    mz_mem_free(g->mem, gv);
    if (s == MZ_OK && sol->found && sol->want_path) {
        /* Walk the parent directions back from the exit, then reverse. */
        mz_idx i = g->exit;
        s = mz_solution_push(sol, i);
        while (i != g->entrance && s == MZ_OK) {
            i = any ? mz_port_nbr(g, i, st_get(st, i) & 7u) : mz_sq_neighbour(g, i, st_get(st,
                                                                                           i) & 3u);
            s = mz_solution_push(sol, i);
        }
        if (s == MZ_OK)
            mz_path_reverse(sol);
    }
    mz_mem_free(g->mem, st);
    return s;
}

static const mz_param_def astar_params[] = {
    {"k", MZ_P_REAL, 1.0, 0.0, 100.0, NULL,
     "heuristic slope K in f = g + K*h (shortest for K <= 1; 0 is Dijkstra)"},
};

static const mz_trace_op astar_trace_ops[] = {
    {"close", "a cell is popped from the heap and closed", MZ_DRAW_CLOSE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_astar = {
    .name = "astar",
    .kind = MZ_SOLVER,
    .summary = "A* with the shape's distance (Manhattan on squares) and slope k, the article's heap (board 06)",
    /* MZ_F_SHORTEST holds for k <= 1 only (the default is 1); see the
     * header comment. Tests that rely on it must use k <= 1. */
    .flags = MZ_F_SHORTEST | MZ_F_PATH,
    .params = astar_params,
    .nparams = 1,
    .columns = NULL,
    MZ_FIGURES_astar, /* data/shape-figures.csv */
    .solve = astar_solve,
    .trace_ops = astar_trace_ops,
    .trace_size = "heap length after the pop",
    .shapes = MZ_SHAPES_ALL,
};
