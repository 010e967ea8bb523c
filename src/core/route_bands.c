/* route_bands.c - the route of a perfect maze on several cores.
 *
 * A perfect maze is a tree, and the route from entrance to exit is the
 * tree's path between them. The rows are cut into bands; each band is
 * walked on its own (one task a band, in parallel) and leaves a compressed
 * tree; a serial merge joins the bands' trees and measures the path.
 *
 *   1. The band's marked cells are its portals (first-row cells open to the
 *      band above, last-row cells open to the band below), the entrance and
 *      the exit. From each marked cell not yet reached, a depth-first walk
 *      that never steps back the way it came explores the cell's component
 *      within the band, counting cells.
 *   2. The walk keeps a frame only at cells with two children or more and at
 *      marked cells (corridors need none), and builds the band's compressed
 *      tree after its children: a cell becomes a node when it is marked or
 *      when a second child reports a node below it; a node's edge to the
 *      node below carries the steps between them. The walk never marks a
 *      cell: on a tree it cannot come back to one. A loop makes it walk on
 *      past the band's cell count or reach a marked cell twice; then the
 *      band reports "not a tree" and the caller takes the general path.
 *   3. The merge joins band k's last-row portals to band k+1's first-row
 *      portals (one step each) with a union-find over the bands'
 *      components: a join inside one component is a loop. The maze is one
 *      tree when no loop was found, one component is left and the walks
 *      reached every open cell; the route is then the weighted path from the
 *      entrance's node to the exit's in the joined tree.
 * Memory: no bit a cell. Each band holds a stack of frames (a branching
 * cell on the current path: a few per hundred cells of the path), a node
 * and an edge array of 4 cols + 8 entries and two portal maps of cols
 * words; a band whose walk needs more reports "full" and the caller takes
 * the general path. Nothing here allocates while the bands run: the
 * caller's allocations come before (rt_init) and after (rt_merge).
 */
#include "internal.h"

#define RT_NONE UINT32_MAX

typedef struct rt_frame {
    mz_idx cell;
    uint64_t depth;
    uint64_t first_dt; /* the depth of the first report while there is one */
    uint32_t node;     /* this cell's node, or RT_NONE */
    uint32_t first_t;  /* the first report's node */
    uint8_t mask;      /* children not yet walked */
    uint8_t nrep;      /* reports from children: 0, 1, 2 (two or more) */
} rt_frame;

typedef struct rt_edge {
    uint32_t a, b;
    uint64_t w;
} rt_edge;

static void band_fail(rt_band *b, int why)
{
    if (b->status == RT_TREE)
        b->status = why;
}

static uint32_t new_node(rt_band *b, uint32_t comp)
{
    if (b->nnodes == b->max_nodes) {
        band_fail(b, RT_FULL);
        return RT_NONE;
    }
    b->node_comp[b->nnodes] = comp;
    return b->nnodes++;
}

static bool new_edge(rt_band *b, uint32_t a, uint32_t z, uint64_t w)
{
    if (b->nedges == b->max_edges || a == RT_NONE || z == RT_NONE) {
        band_fail(b, RT_FULL);
        return false;
    }
    rt_edge *e = &((rt_edge *)b->edges)[b->nedges++];
    e->a = a;
    e->b = z;
    e->w = w;
    return true;
}

/* A child's report (node t, depth dt) reaches frame f. */
static bool add_report(rt_band *b, rt_frame *f, uint32_t comp, uint32_t t, uint64_t dt)
{
    if (f->node != RT_NONE)
        return new_edge(b, f->node, t, dt - f->depth);
    if (f->nrep == 0) {
        f->first_t = t;
        f->first_dt = dt;
        f->nrep = 1;
        return true;
    }
    f->node = new_node(b, comp);
    f->nrep = 2;
    return new_edge(b, f->node, f->first_t, f->first_dt - f->depth) &&
           new_edge(b, f->node, t, dt - f->depth);
}

/* Is cell i (in row r) marked? If so, note it reached (false when it was
 * already: a loop) and give it a node. Returns 0 unmarked, 1 marked, -1
 * when the band failed. */
static int visit_marked(const mz_grid *g, rt_band *b, mz_idx i, uint64_t r, uint32_t comp,
                        uint32_t *node)
{
    const uint8_t v = g->c[i];
    const uint64_t col = i - r * g->cols;
    const bool top = r == b->r0 && b->r0 > 0 && !(v & MZ_WALL_N);
    const bool bot = r + 1 == b->r1 && b->r1 < g->rows && !(v & MZ_WALL_S);
    const bool ent = i == g->entrance, ex = i == g->exit;
    if (!top && !bot && !ent && !ex)
        return 0;
    if ((top && b->top[col] != RT_NONE) || (bot && b->bot[col] != RT_NONE) ||
        (ent && b->ent_node != RT_NONE) || (ex && b->exit_node != RT_NONE)) {
        band_fail(b, RT_NOT); /* reached twice */
        return -1;
    }
    uint32_t n = new_node(b, comp);
    if (n == RT_NONE)
        return -1;
    if (top)
        b->top[col] = n;
    if (bot)
        b->bot[col] = n;
    if (ent)
        b->ent_node = n;
    if (ex)
        b->exit_node = n;
    *node = n;
    return 1;
}

/* The side opposite side bit s (N and S, E and W): the side a step
 * through s enters the next cell by. */
MZ_INLINE unsigned opposite_side(unsigned s) { return ((s << 2) | (s >> 2)) & MZ_WALLS; }

/* Walk the component of marked cell s within the band. The step along a
 * corridor is the hot loop: one byte read, one range test, no row kept (a
 * cell's row is worked out only on the band's first and last rows and at
 * the entrance and the exit, the only cells that may be marked). Cells are
 * counted by chains: a chain runs from a cell reached from a frame (or s)
 * along corridors to the cell where it stops (a dead end, a branching or a
 * marked cell), and the depth tells its length; the count is checked
 * against the band's cells at each chain's end, which every loop reaches.
 * ends_inside: the entrance or the exit lies off the band's first and last
 * rows, so every cell is compared with both (a constant at each call). */
MZ_INLINE bool walk_body(const mz_grid *g, rt_band *b, const uint8_t *cb, mz_idx s,
                         uint32_t comp, const bool ends_inside)
{
    const mz_idx off = b->r0 * g->cols; /* cb[cell - off]: cell's walls in the band */
    const uint64_t cols = g->cols, nrows = b->r1 - b->r0, limit = nrows * cols;
    /* The step through an open side, by the side's wall bit (1 N, 2 E, 4 S,
     * 8 W): one load from the side mask, no bit scan on the chain from one
     * cell's byte to the next. */
    const int64_t step[9] = {0, -(int64_t)cols, 1, 0, (int64_t)cols, 0, 0, 0, -1};
    /* Cells in [inner_lo, inner_lo + inner) are off the band's first and
     * last rows. */
    const mz_idx inner_lo = b->r0 * cols + cols;
    const uint64_t inner = nrows >= 2 ? (nrows - 2) * cols : 0;
    const mz_idx e1 = g->entrance, e2 = g->exit;
    rt_frame *stack = b->stack;
    uint64_t sp = 0, visited = b->visited, depth = 0, base = 0, rep_dt = 0;
    mz_idx cell = s;
    unsigned back = 0; /* the side of cell the walk came in by, as a wall bit */
    uint32_t rep_t = RT_NONE;
    bool ok = false;
    for (;;) {
        /* Along the corridor from cell: its children within the band, never
         * back. */
        unsigned m;
        uint32_t node = RT_NONE;
        for (;;) {
            m = ~(unsigned)cb[cell - off] & MZ_WALLS & ~back;
            if (MZ_UNLIKELY(cell - inner_lo >= inner) ||
                (ends_inside && MZ_UNLIKELY(cell == e1 || cell == e2)))
                break;
            if ((m & (m - 1)) != 0 || m == 0)
                break;
            if (MZ_UNLIKELY(depth - base >= limit))
                break; /* only walls that disagree make a corridor go round */
            cell = (mz_idx)((int64_t)cell + step[m]);
            depth++;
            back = opposite_side(m);
        }
        /* The chain ends at cell. */
        visited += depth - base + 1;
        if (MZ_UNLIKELY(visited > limit)) {
            band_fail(b, RT_NOT);
            goto out;
        }
        int mk = 0;
        if (MZ_UNLIKELY(cell - inner_lo >= inner || cell == e1 || cell == e2)) {
            const uint64_t row = cell / cols;
            if (row == b->r0)
                m &= ~(unsigned)MZ_WALL_N;
            if (row + 1 == b->r1)
                m &= ~(unsigned)MZ_WALL_S;
            mk = visit_marked(g, b, cell, row, comp, &node);
            if (mk < 0)
                goto out;
        }
        if (!mk && (m & (m - 1)) != 0) {
            /* A branching cell: children that are unmarked dead ends (their
             * one open side faces back here) are counted, not walked. Such a
             * child is no portal (a portal's side out of the band is open
             * too), so only the entrance and the exit need a look. */
            for (unsigned rest = m; rest; rest &= rest - 1) {
                const unsigned bit = rest & (0u - rest);
                const mz_idx ch = (mz_idx)((int64_t)cell + step[bit]);
                if ((~(unsigned)cb[ch - off] & MZ_WALLS) == opposite_side(bit) && ch != e1 &&
                    ch != e2) {
                    visited++;
                    m &= ~bit;
                }
            }
        }
        if (!mk && (m & (m - 1)) == 0) {
            if (m) { /* a corridor on: a cell of the first or last row, or a
                      * branching cell whose other children were dead ends */
                cell = (mz_idx)((int64_t)cell + step[m]);
                base = ++depth;
                back = opposite_side(m);
                continue;
            }
            rep_t = RT_NONE; /* an unmarked dead end reports nothing */
        } else {
            if (MZ_UNLIKELY(sp == b->cap)) {
                band_fail(b, RT_FULL);
                goto out;
            }
            rt_frame *f = &stack[sp++];
            f->cell = cell;
            f->depth = depth;
            f->node = node;
            f->nrep = 0;
            rep_t = RT_NONE;
            if (m) { /* the first child: the lowest side bit */
                const unsigned bit = m & (0u - m);
                f->mask = (uint8_t)(m & ~bit);
                cell = (mz_idx)((int64_t)cell + step[bit]);
                base = ++depth;
                back = opposite_side(bit);
                continue;
            }
            f->mask = 0; /* a marked dead end: its frame finishes at once below */
        }
        /* Back up to the nearest frame with children left, finishing the
         * frames on the way: each reports to the frame under it. */
        bool descended = false;
        while (sp > 0) {
            rt_frame *f = &stack[sp - 1];
            if (rep_t != RT_NONE && !add_report(b, f, comp, rep_t, rep_dt))
                goto out;
            rep_t = RT_NONE;
            if (f->mask) {
                const unsigned bit = f->mask & (0u - f->mask);
                f->mask &= (uint8_t)~bit;
                cell = (mz_idx)((int64_t)f->cell + step[bit]);
                depth = base = f->depth + 1;
                back = opposite_side(bit);
                descended = true;
                break;
            }
            if (f->node != RT_NONE) {
                rep_t = f->node;
                rep_dt = f->depth;
            } else if (f->nrep == 1) {
                rep_t = f->first_t;
                rep_dt = f->first_dt;
            }
            sp--;
        }
        if (!descended) {
            ok = true;
            goto out;
        }
    }
out:
    b->visited = visited;
    return ok;
}

static bool walk(const mz_grid *g, rt_band *b, const uint8_t *cb, mz_idx s, uint32_t comp)
{
    const mz_idx lo = b->r0 * g->cols + g->cols, hi = (b->r1 - 1) * g->cols;
    const bool inside = (g->entrance >= lo && g->entrance < hi) || (g->exit >= lo && g->exit < hi);
    return inside ? walk_body(g, b, cb, s, comp, true) : walk_body(g, b, cb, s, comp, false);
}

void rt_band_run(const mz_grid *g, rt_band *b)
{
    const uint64_t cols = g->cols;
    b->status = RT_TREE;
    b->visited = b->nnodes = b->nedges = b->ncomps = 0;
    b->ent_node = b->exit_node = RT_NONE;
    for (uint64_t k = 0; k < cols; k++)
        b->top[k] = b->bot[k] = RT_NONE;
    const uint8_t *cb = g->c + b->r0 * cols;
    /* The entrance and the exit first, then the portals. */
    const mz_idx first = b->r0 * cols, end = b->r1 * cols;
    mz_idx ends[2] = {g->entrance, g->exit};
    const uint8_t *c = g->c;
    for (int k = 0; k < 2; k++) {
        mz_idx s = ends[k];
        if (s < first || s >= end || (k == 0 && b->ent_node != RT_NONE) ||
            (k == 1 && b->exit_node != RT_NONE))
            continue;
        if (!walk(g, b, cb, s, b->ncomps++))
            return;
    }
    for (uint64_t k = 0; k < cols && b->r0 > 0; k++)
        if (!(c[first + k] & MZ_WALL_N) && b->top[k] == RT_NONE &&
            !walk(g, b, cb, first + k, b->ncomps++))
            return;
    for (uint64_t k = 0; k < cols && b->r1 < g->rows; k++)
        if (!(c[end - cols + k] & MZ_WALL_S) && b->bot[k] == RT_NONE &&
            !walk(g, b, cb, end - cols + k, b->ncomps++))
            return;
}

mz_status rt_init(const mz_grid *g, rt_band *bands, unsigned nbands)
{
    const uint64_t cols = g->cols;
    for (unsigned k = 0; k < nbands; k++) {
        rt_band *b = &bands[k];
        b->max_nodes = b->max_edges = (uint32_t)(4 * cols + 8);
        b->cap = 4 * cols + 4096;
        b->stack = mz_alloc_array(g->mem, b->cap, sizeof(rt_frame));
        b->edges = mz_alloc_array(g->mem, b->max_edges, sizeof(rt_edge));
        b->node_comp = mz_alloc_array(g->mem, (uint64_t)b->max_nodes + 2 * cols, sizeof(uint32_t));
        if (!b->stack || !b->edges || !b->node_comp)
            return MZ_ENOMEM;
        b->top = b->node_comp + b->max_nodes;
        b->bot = b->top + cols;
    }
    return MZ_OK;
}

void rt_free(const mz_grid *g, rt_band *bands, unsigned nbands)
{
    for (unsigned k = 0; k < nbands; k++) {
        mz_mem_free(g->mem, bands[k].stack);
        mz_mem_free(g->mem, bands[k].edges);
        mz_mem_free(g->mem, bands[k].node_comp);
    }
}

int rt_merge(const mz_grid *g, rt_band *bands, unsigned nbands, uint64_t open_cells,
             int64_t *route)
{
    const uint64_t cols = g->cols;
    uint64_t visited = 0, ncomp = 0, nnode = 0, nedge = 0;
    for (unsigned k = 0; k < nbands; k++) {
        if (bands[k].status != RT_TREE)
            return 0;
        visited += bands[k].visited;
        ncomp += bands[k].ncomps;
        nnode += bands[k].nnodes;
        nedge += bands[k].nedges;
    }
    if (visited != open_cells)
        return 0; /* a component no walk reached */
    uint64_t *coff = mz_alloc_array(g->mem, 2 * ((uint64_t)nbands + 1), sizeof *coff);
    uint64_t *p = mz_alloc_array(g->mem, ncomp + 1, sizeof *p);
    if (!coff || !p) {
        mz_mem_free(g->mem, coff);
        mz_mem_free(g->mem, p);
        return -1;
    }
    uint64_t *noff = coff + nbands + 1;
    coff[0] = noff[0] = 0;
    for (unsigned k = 0; k < nbands; k++) {
        coff[k + 1] = coff[k] + bands[k].ncomps;
        noff[k + 1] = noff[k] + bands[k].nnodes;
    }
    for (uint64_t x = 0; x < ncomp; x++)
        p[x] = x;
    int rc = 1;
    uint64_t links = 0;
    for (unsigned k = 0; k + 1 < nbands && rc == 1; k++) {
        const rt_band *a = &bands[k], *z = &bands[k + 1];
        for (uint64_t i = 0; i < cols; i++) {
            if ((a->bot[i] == RT_NONE) != (z->top[i] == RT_NONE)) {
                rc = 0; /* the two sides of a wall disagree */
                break;
            }
            if (a->bot[i] == RT_NONE)
                continue;
            uint64_t x = mz_uf_root(p, coff[k] + a->node_comp[a->bot[i]]);
            uint64_t y = mz_uf_root(p, coff[k + 1] + z->node_comp[z->top[i]]);
            if (x == y) {
                rc = 0; /* a loop through the bands */
                break;
            }
            p[x] = y;
            links++;
        }
    }
    mz_mem_free(g->mem, p);
    /* one component, and both ends in it */
    uint64_t ent = UINT64_MAX, ex = UINT64_MAX;
    for (unsigned k = 0; k < nbands; k++) {
        if (bands[k].ent_node != RT_NONE)
            ent = noff[k] + bands[k].ent_node;
        if (bands[k].exit_node != RT_NONE)
            ex = noff[k] + bands[k].exit_node;
    }
    if (rc == 1 && (ncomp - links != 1 || ent == UINT64_MAX || ex == UINT64_MAX))
        rc = 0;
    if (rc != 1) {
        mz_mem_free(g->mem, coff);
        return rc;
    }
    /* The joined tree as adjacency lists, then one walk from the entrance. */
    const uint64_t nadj = 2 * (nedge + links);
    uint64_t *start = mz_mem_calloc(g->mem, nnode + 1, sizeof *start);
    uint64_t *adj = mz_alloc_array(g->mem, nadj, sizeof *adj);
    uint64_t *wt = mz_alloc_array(g->mem, nadj, sizeof *wt);
    uint64_t *stk = mz_alloc_array(g->mem, 3 * nnode, sizeof *stk);
    if (!start || !adj || !wt || !stk) {
        rc = -1;
        goto out;
    }
#define RT_EACH_EDGE(BODY)                                                                    \
    for (unsigned k = 0; k < nbands; k++) {                                                   \
        const rt_edge *e = bands[k].edges;                                                    \
        for (uint32_t t = 0; t < bands[k].nedges; t++) {                                      \
            uint64_t u = noff[k] + e[t].a, v = noff[k] + e[t].b, w = e[t].w;                  \
            BODY                                                                              \
        }                                                                                     \
        if (k + 1 < nbands)                                                                   \
            for (uint64_t i = 0; i < cols; i++) {                                             \
                if (bands[k].bot[i] == RT_NONE)                                               \
                    continue;                                                                 \
                uint64_t u = noff[k] + bands[k].bot[i], v = noff[k + 1] + bands[k + 1].top[i], \
                         w = 1;                                                               \
                BODY                                                                          \
            }                                                                                 \
    }
    RT_EACH_EDGE({
        (void)w;
        start[u + 1]++;
        start[v + 1]++;
    })
    for (uint64_t x = 0; x < nnode; x++)
        start[x + 1] += start[x];
    RT_EACH_EDGE({
        adj[start[u]] = v;
        wt[start[u]++] = w;
        adj[start[v]] = u;
        wt[start[v]++] = w;
    })
#undef RT_EACH_EDGE
    /* start[x] now ends x's list; x's list begins at start[x - 1] */
    {
        uint64_t sp = 0;
        stk[sp++] = ent;
        stk[sp++] = UINT64_MAX;
        stk[sp++] = 0;
        *route = -1;
        while (sp) {
            uint64_t dist = stk[--sp], parent = stk[--sp], x = stk[--sp];
            if (x == ex) {
                *route = (int64_t)dist;
                break;
            }
            for (uint64_t a = x ? start[x - 1] : 0; a < start[x]; a++) {
                if (adj[a] == parent)
                    continue;
                stk[sp++] = adj[a];
                stk[sp++] = x;
                stk[sp++] = dist + wt[a];
            }
        }
        if (*route < 0)
            rc = 0;
    }
out:
    mz_mem_free(g->mem, start);
    mz_mem_free(g->mem, adj);
    mz_mem_free(g->mem, wt);
    mz_mem_free(g->mem, stk);
    mz_mem_free(g->mem, coff);
    return rc;
}
