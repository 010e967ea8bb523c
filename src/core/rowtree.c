/*
 * rowtree.c - the route and the longest path of a perfect maze seen one row
 * at a time (mz_eller_stream), in memory proportional to the width.
 *
 * After rows 0..y the cells seen form a forest; only the cells of row y
 * (the front) can still gain passages. What is kept is the forest
 * compressed around the front:
 *
 *   - for each cell of the front, in arrays indexed by its column: the
 *     chain going up from it (up[], an edge or none) and how far the cells
 *     folded into it reach (hang[]); its links to its neighbours in the row
 *     are the row's own wall bits (walls[]), kept as they were fed;
 *   - a node (in a pool) for every cell off the front where three or four
 *     kept branches meet, and for the entrance (the first cell of the
 *     first row, kept to the end for the route), with its hang;
 *   - an edge (in a pool) for every chain of cells between two kept cells,
 *     with its length in steps and, from each end, how far the farthest
 *     cell inside it reaches (in[]: the chain's own cells and whatever was
 *     folded into them; 0 when the chain has no cell inside);
 *   - best: the longest path lying wholly inside what was folded away.
 *
 * An edge's end is a pool node, a front cell (RT_FRONT | column) or, while
 * the row is being passed, RT_OPEN: the east end of the chain being carried
 * along the old row (pend below).
 *
 * When row y+1 is fed, row y leaves the front. One pass west to east
 * decides each of its cells from its kept branches: the chain up, the
 * chain or folded piece coming from the west along the row (carried from
 * the cell before: pend, an edge whose east end is RT_OPEN, or prx, the
 * reach of a piece folded away), the link east and the link down to row
 * y+1. A cell with three or four kept branches (or the entrance) becomes a
 * pool node; a cell with two is folded into one longer chain (the chain up
 * goes on down, the chain from the west goes on east or down, or the two
 * are joined); a cell with one is a dead end, folded into the kept cell at
 * the far end of its chain (whose hang grows, and which, a pool node left
 * with two or one branches, is folded in turn); a cell with none is a
 * piece no row can reach (not one tree). Front cells to the east of the
 * pass are still row y's; to the west of it they are row y+1's already: an
 * edge's end RT_FRONT | c is whichever of the two is there at the time.
 *
 * Each fold records in best the paths it closes (a folded piece joined to
 * another across the cell folded), so at the end the longest path is either
 * in best or passes through a kept node. mz_rowtree_finish passes the last
 * row the same way with no row below and the exit (the last cell) kept as a
 * node, then walks the kept tree from the entrance (at each node, its two
 * deepest branches: hang, the chain of each edge, a child's depth past its
 * edge) and gives the route as the entrance's distance to the exit.
 *
 * Every pool node has three or four kept edges or is the entrance or the
 * exit, and every leaf of the kept forest is a front cell or one of those
 * two, so the pool holds at most the columns plus two nodes (tree_nodes,
 * the columns plus the most pool nodes at once, is under twice the columns
 * plus two); about 0.22 of a node and 0.5 of an edge a column are measured
 * on Eller's mazes at 100,000 columns.
 *
 * A row's pass reads and writes the front's arrays in column order; the
 * chains up are reached by index, so the pass asks for the chain of the
 * cell RT_AHEAD columns on before it needs it (a prefetch), and every
 * RT_COMPACT rows the live edges are renumbered in column order and the
 * nodes in the order those edges reach them (compact), to keep both on
 * neighbouring memory (the nodes' renumbering took 7% to 12% off the
 * stream at 100,000 to 316,228 columns, measured side by side). The cases
 * of a cell are one switch on its four branches, not a chain of tests.
 *
 * Against the earlier form of this file (a pool node for every front cell
 * too, the row's own links made as edges and folded again a row later):
 * the same figures; the whole stream (Eller's row included) took 11% to
 * 16% less CPU time at 3,000, 100,000 and 316,228 columns, measured side
 * by side, and its peak memory went from 16.4 MB to 10.9 MB at 100,000
 * columns and from 42 MB to 25 MB at 316,228.
 *
 * Lengths are 64-bit and every figure is integer arithmetic: the same on
 * every machine. Nodes are 32 bytes and edges 32, each with 4 for its
 * renumbering map, 13 bytes a column for the front; the pools grow by half and their
 * free lists are last-in first-out.
 */
#include "rowtree.h"

#define RT_NONE UINT32_MAX
#define RT_FRONT 0x80000000u /* an edge's end: the front cell of the column in the low bits */
#define RT_OPEN 0x7fffffffu  /* an edge's end: the carried chain's east end */
#define RT_PINNED 16u        /* info: the entrance or the exit, never folded */
#define RT_SIDES 15u         /* info: the sides that hold an edge, bit d for side d */
#define RT_AHEAD 16

struct mz_rt_node {
    uint32_t e[4]; /* kept edge leaving through each side (RT_NONE); e[0]: free-list link */
    uint64_t hang;
    uint32_t info; /* RT_SIDES bits, RT_PINNED; a 32-bit word: a byte store may alias anything */
};

struct mz_rt_edge {
    uint32_t end[2]; /* pool node, RT_FRONT | column or RT_OPEN; end[0]: free-list link when free */
    uint64_t len;
    uint64_t in[2]; /* farthest cell inside the chain, seen from end k */
};

static const uint8_t rt_deg[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
static const uint8_t rt_first[16] = {0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0};

static inline uint64_t mx(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* The side of node n that holds edge e. */
static inline unsigned side_of(const mz_rt_node *n, uint32_t e)
{
    return n->e[0] == e ? 0 : n->e[1] == e ? 1 : n->e[2] == e ? 2 : 3;
}

/* The end of edge ed that is r. */
static inline unsigned end_of(const mz_rt_edge *ed, uint32_t r) { return ed->end[0] == r ? 0 : 1; }

mz_status mz_rowtree_init(mz_rowtree *t, const mz_allocator *mem, uint64_t cols)
{
    memset(t, 0, sizeof *t);
    if (cols == 0 || cols >= (UINT64_C(1) << 31))
        return MZ_EINVAL;
    t->mem = mem;
    t->cols = cols;
    t->nfree = t->efree = RT_NONE;
    t->entrance = RT_NONE;
    t->up = mz_alloc_array(mem, cols + RT_AHEAD, sizeof *t->up);
    t->hang = mz_alloc_array(mem, cols, sizeof *t->hang);
    t->walls = mz_alloc_array(mem, cols + 1, 1);
    if (!t->up || !t->hang || !t->walls) {
        mz_rowtree_free(t);
        return MZ_ENOMEM;
    }
    t->walls[cols] = MZ_WALLS; /* no link east of the last cell */
    for (uint64_t x = 0; x < cols + RT_AHEAD; x++)
        t->up[x] = RT_NONE; /* past the last column: none, for the look-ahead */
    return MZ_OK;
}

void mz_rowtree_free(mz_rowtree *t)
{
    mz_mem_free(t->mem, t->node);
    mz_mem_free(t->mem, t->edge);
    mz_mem_free(t->mem, t->up);
    mz_mem_free(t->mem, t->hang);
    mz_mem_free(t->mem, t->walls);
    mz_mem_free(t->mem, t->emap);
    mz_mem_free(t->mem, t->nmap);
    t->emap = NULL;
    t->nmap = NULL;
    t->node = NULL;
    t->edge = NULL;
    t->up = NULL;
    t->hang = NULL;
    t->walls = NULL;
}

static mz_status grow(mz_rowtree *t, bool nodes)
{
    uint32_t cap = nodes ? t->ncap : t->ecap;
    /* Half as much again: the pools stay within a third of their use. */
    uint64_t want = cap ? (uint64_t)cap + cap / 2 : mx(64, t->cols / 2);
    if (want > RT_OPEN - 1)
        want = RT_OPEN - 1; /* a node's number stays below RT_OPEN */
    if (want <= cap)
        return MZ_ENOMEM;
    size_t sz = nodes ? sizeof(mz_rt_node) : sizeof(mz_rt_edge);
    if (want > SIZE_MAX / sz)
        return MZ_ENOMEM; /* a 32-bit machine */
    void *p = mz_mem_realloc(t->mem, nodes ? (void *)t->node : (void *)t->edge, (size_t)want * sz);
    if (!p)
        return MZ_ENOMEM;
    /* The new entries go on the free list, lowest first out. */
    if (nodes) {
        t->node = p;
        uint32_t *m = mz_mem_realloc(t->mem, t->nmap, (size_t)want * sizeof *m);
        if (!m)
            return MZ_ENOMEM;
        t->nmap = m;
        for (uint64_t k = want; k-- > cap;) {
            t->node[k].e[0] = t->nfree;
            t->node[k].info = 0; /* free (compact skips it) */
            t->nfree = (uint32_t)k;
        }
        t->ncap = (uint32_t)want;
    } else {
        t->edge = p;
        uint32_t *m = mz_mem_realloc(t->mem, t->emap, (size_t)want * sizeof *m);
        if (!m)
            return MZ_ENOMEM; /* the pool is grown, its new entries not yet in use */
        t->emap = m;
        for (uint64_t k = want; k-- > cap;) {
            t->edge[k].end[0] = t->efree;
            t->efree = (uint32_t)k;
        }
        t->ecap = (uint32_t)want;
    }
    return MZ_OK;
}

static inline uint32_t node_new(mz_rowtree *t, uint32_t info, uint64_t hang)
{
    if (MZ_UNLIKELY(t->nfree == RT_NONE) && grow(t, true) != MZ_OK)
        return RT_NONE;
    uint32_t v = t->nfree;
    mz_rt_node *n = &t->node[v];
    t->nfree = n->e[0];
    n->e[0] = n->e[1] = n->e[2] = n->e[3] = RT_NONE;
    n->hang = hang;
    n->info = info;
    t->nlive++;
    if (t->cols + t->nlive > t->npeak)
        t->npeak = (uint32_t)(t->cols + t->nlive);
    return v;
}

static inline void node_free(mz_rowtree *t, uint32_t v)
{
    t->node[v].e[0] = t->nfree;
    t->node[v].info = 0;
    t->nfree = v;
    t->nlive--;
}

/* A chain of one step from a to b, no cell inside. */
static inline uint32_t edge_new(mz_rowtree *t, uint32_t a, uint32_t b)
{
    if (MZ_UNLIKELY(t->efree == RT_NONE) && grow(t, false) != MZ_OK)
        return RT_NONE;
    uint32_t e = t->efree;
    mz_rt_edge *ed = &t->edge[e];
    t->efree = ed->end[0];
    t->elive++;
    ed->end[0] = a;
    ed->end[1] = b;
    ed->len = 1;
    ed->in[0] = ed->in[1] = 0;
    return e;
}

static inline void edge_free(mz_rowtree *t, uint32_t e)
{
    t->edge[e].end[0] = t->efree;
    t->efree = e;
    t->elive--;
}

/* Node p gets edge e on side d. */
static inline void attach(mz_rowtree *t, uint32_t p, unsigned d, uint32_t e)
{
    t->node[p].e[d] = e;
    t->node[p].info |= 1u << d;
}

static inline uint64_t hang_of(const mz_rowtree *t, uint32_t r)
{
    return (r & RT_FRONT) ? t->hang[r & ~RT_FRONT] : t->node[r].hang;
}

/* r's link to edge e becomes edge f. */
static inline void relink(mz_rowtree *t, uint32_t r, uint32_t e, uint32_t f, uint32_t *pend)
{
    if (r == RT_OPEN) {
        *pend = f;
    } else if (r & RT_FRONT) {
        t->up[r & ~RT_FRONT] = f;
    } else {
        mz_rt_node *n = &t->node[r];
        n->e[side_of(n, e)] = f;
    }
}

/* The chain ed goes one step on past its end k, through a cell of hang h
 * (which moves inside the chain). */
static inline void extend(mz_rowtree *t, mz_rt_edge *ed, unsigned k, uint64_t h)
{
    t->best = mx(t->best, ed->in[k] + h);
    ed->in[1 - k] = mx(ed->in[1 - k], ed->len + h);
    ed->in[k] = 1 + mx(h, ed->in[k]);
    ed->len++;
}

static void reduce(mz_rowtree *t, uint32_t v, uint32_t *pend);

/* Edge e (already freed) ended at r, which takes in a folded piece reaching
 * d from it: r's hang grows and it loses the edge. */
static void drop(mz_rowtree *t, uint32_t r, uint32_t e, uint64_t d, uint32_t *pend)
{
    if (r == RT_OPEN) {
        t->bad = true; /* the carried chain folded into itself: a loop */
        return;
    }
    if (r & RT_FRONT) {
        const uint32_t c = r & ~RT_FRONT;
        t->hang[c] = mx(t->hang[c], d);
        t->up[c] = RT_NONE;
        return;
    }
    mz_rt_node *n = &t->node[r];
    n->hang = mx(n->hang, d);
    const unsigned s = side_of(n, e);
    n->e[s] = RT_NONE;
    n->info &= ~(1u << s);
    reduce(t, r, pend);
}

/* Fold pool node v while it has at most two kept edges. */
static void reduce(mz_rowtree *t, uint32_t v, uint32_t *pend)
{
    for (;;) {
        mz_rt_node *n = &t->node[v];
        if (n->info & RT_PINNED)
            return;
        const unsigned deg = rt_deg[n->info & RT_SIDES];
        if (deg == 0) {
            t->bad = true; /* a piece no row can reach any more */
            return;
        }
        if (deg > 2)
            return;
        const unsigned s1 = rt_first[n->info & RT_SIDES];
        uint32_t e1 = n->e[s1];
        mz_rt_edge *a = &t->edge[e1];
        unsigned k1 = end_of(a, v);
        const uint64_t h = n->hang;
        if (deg == 1) {
            /* A dead end of the kept forest: into its neighbour u. */
            const uint32_t u = a->end[1 - k1];
            if (u == RT_OPEN) {
                t->bad = true;
                return;
            }
            const uint64_t d = mx(a->in[1 - k1], a->len + h);
            t->best = mx(t->best, mx(a->in[k1] + h, hang_of(t, u) + d));
            edge_free(t, e1);
            node_free(t, v);
            if (u & RT_FRONT) {
                drop(t, u, e1, d, pend);
                return;
            }
            mz_rt_node *un = &t->node[u];
            un->hang = mx(un->hang, d);
            const unsigned su = side_of(un, e1);
            un->e[su] = RT_NONE;
            un->info &= ~(1u << su);
            v = u;
            continue;
        }
        /* Two: u -e1- v -e2- w becomes u -e1- w; the carried chain's edge
         * is the one kept. */
        uint32_t e2 = n->e[rt_first[n->info & RT_SIDES & ~(1u << s1)]];
        mz_rt_edge *b = &t->edge[e2];
        unsigned k2 = end_of(b, v);
        if (e2 == *pend) {
            const uint32_t te = e1;
            e1 = e2;
            e2 = te;
            mz_rt_edge *tb = a;
            a = b;
            b = tb;
            const unsigned tk = k1;
            k1 = k2;
            k2 = tk;
        }
        const uint32_t u = a->end[1 - k1], w = b->end[1 - k2];
        if (u == w || e1 == e2) {
            t->bad = true; /* a loop */
            return;
        }
        const uint64_t a1 = a->in[k1], a2 = b->in[k2];
        t->best = mx(t->best, mx(mx(a1, a2) + h, a1 + a2));
        const uint64_t in_u = mx(a->in[1 - k1], a->len + mx(h, a2));
        const uint64_t in_w = mx(b->in[1 - k2], b->len + mx(h, a1));
        a->end[k1] = w;
        a->in[1 - k1] = in_u;
        a->in[k1] = in_w;
        a->len += b->len;
        relink(t, w, e2, e1, pend);
        edge_free(t, e2);
        node_free(t, v);
        return;
    }
}

/* Fold a dead end (hang h) into the far end u of its one chain e, whose
 * end kk is the dead end. */
static void fold_end(mz_rowtree *t, uint32_t e, unsigned kk, uint64_t h)
{
    mz_rt_edge *ed = &t->edge[e];
    const uint32_t u = ed->end[1 - kk];
    if (u == ed->end[kk] || u == RT_OPEN) {
        t->bad = true; /* the chain comes back to the cell: a loop */
        return;
    }
    const uint64_t d = mx(ed->in[1 - kk], ed->len + h);
    t->best = mx(t->best, mx(ed->in[kk] + h, hang_of(t, u) + d));
    edge_free(t, e);
    uint32_t none = RT_NONE;
    drop(t, u, e, d, &none);
}

/* The kept cases of a cell leaving the front, by its branches. */
enum { RT_J = 1, RT_W = 2, RT_E = 4, RT_S = 8, RT_PIN = 16 };

/* The front row leaves: cells (the row below; all walls at the end) links
 * each front cell down; the cells at columns pin_a and pin_b (or none:
 * UINT64_MAX) are kept as nodes whatever their branches, their nodes in
 * *node_a and *node_b. */
MZ_INLINE mz_status pass(mz_rowtree *t, const uint8_t *cells, const bool pins, uint64_t pin_a,
                         uint64_t pin_b, uint32_t *node_a, uint32_t *node_b)
{
    const uint64_t cols = t->cols;
    const uint8_t *walls = t->walls; /* walls[0] and walls[cols] closed to the west */
    uint32_t *up = t->up;
    uint64_t *hang = t->hang;
    uint32_t pend = RT_NONE; /* the chain carried east, its end RT_OPEN */
    uint64_t prx = 0;        /* or the reach of the piece folded on the way */
    for (uint64_t x = 0; x < cols; x++) {
        {
            /* The chain up of the cell RT_AHEAD columns on, loaded ahead
             * (up[] has RT_AHEAD entries past the last column, none). */
            const uint32_t ja = up[x + RT_AHEAD];
            /* As an integer: before the first edge the pool is NULL, and
             * a prefetch, which never faults, needs no valid object. */
            MZ_PREFETCH((const void *)((uintptr_t)t->edge +
                                       (uintptr_t)(ja != RT_NONE ? ja : 0) * sizeof *t->edge));
        }
        const uint32_t fx = RT_FRONT | (uint32_t)x;
        const unsigned hw = !(walls[x] & MZ_WALL_W);
        const unsigned he = !(walls[x + 1] & MZ_WALL_W);
        const unsigned hs = !(cells[x] & MZ_WALL_N);
        uint64_t h = hang[x];
        const uint32_t j = up[x];
        const unsigned wc = hw & (pend != RT_NONE);
        if (hw & !wc) {
            /* The piece folded on the way west joins this cell's. */
            t->best = mx(t->best, h + prx);
            h = mx(h, prx);
        }
        unsigned code = (j != RT_NONE) * RT_J + wc * RT_W + he * RT_E + hs * RT_S;
        if (pins && (x == pin_a || x == pin_b))
            code = RT_PIN; /* three or four branches go to the default case too */
        /* The new row's cell below: nothing up, nothing folded, unless set. */
        up[x] = RT_NONE;
        hang[x] = 0;
        switch (code) {
        case RT_J | RT_S: { /* the chain up goes on down */
            mz_rt_edge *ed = &t->edge[j];
            if (ed->end[0] == ed->end[1])
                goto loop;
            extend(t, ed, end_of(ed, fx), h);
            up[x] = j;
            break;
        }
        case RT_J | RT_E: { /* the chain up turns east */
            mz_rt_edge *ed = &t->edge[j];
            if (ed->end[0] == ed->end[1])
                goto loop;
            const unsigned kk = end_of(ed, fx);
            extend(t, ed, kk, h);
            ed->end[kk] = RT_OPEN;
            pend = j;
            break;
        }
        case RT_J | RT_W: { /* the chain from the west and the chain up join */
            if (j == pend)
                goto loop;
            mz_rt_edge *a = &t->edge[j], *b = &t->edge[pend];
            const unsigned k1 = end_of(a, fx), k2 = end_of(b, RT_OPEN);
            const uint32_t u = a->end[1 - k1], w = b->end[1 - k2];
            if (u == w || u == fx)
                goto loop;
            const uint64_t a1 = a->in[k1], a2 = b->in[k2];
            t->best = mx(t->best, mx(mx(a1, a2) + h, a1 + a2));
            const uint64_t in_u = mx(a->in[1 - k1], a->len + mx(h, a2));
            const uint64_t in_w = mx(b->in[1 - k2], b->len + mx(h, a1));
            a->end[k1] = w;
            a->in[1 - k1] = in_u;
            a->in[k1] = in_w;
            a->len += b->len;
            uint32_t none = RT_NONE;
            relink(t, w, pend, j, &none);
            edge_free(t, pend);
            pend = RT_NONE;
            break;
        }
        case RT_W | RT_S: { /* the chain from the west goes on down */
            mz_rt_edge *ed = &t->edge[pend];
            const unsigned kk = end_of(ed, RT_OPEN);
            extend(t, ed, kk, h);
            ed->end[kk] = fx;
            up[x] = pend;
            pend = RT_NONE;
            break;
        }
        case RT_W | RT_E: { /* the chain from the west goes on east */
            mz_rt_edge *ed = &t->edge[pend];
            extend(t, ed, end_of(ed, RT_OPEN), h);
            break;
        }
        case RT_E | RT_S: { /* a chain from the cell below, carried east */
            const uint32_t f = edge_new(t, fx, RT_OPEN);
            if (f == RT_NONE)
                return MZ_ENOMEM;
            extend(t, &t->edge[f], 1, h);
            up[x] = f;
            pend = f;
            break;
        }
        case RT_J: /* a dead end: into the far end of its chain */
            if (j == pend)
                goto loop;
            fold_end(t, j, end_of(&t->edge[j], fx), h);
            if (t->bad)
                return MZ_EINVAL;
            break;
        case RT_W: {
            const uint32_t e = pend;
            pend = RT_NONE;
            fold_end(t, e, end_of(&t->edge[e], RT_OPEN), h);
            if (t->bad)
                return MZ_EINVAL;
            break;
        }
        case RT_S: /* the cell below carries the folded piece */
            hang[x] = h + 1;
            t->best = mx(t->best, h + 1);
            break;
        case RT_E: /* the cell east does */
            prx = h + 1;
            break;
        case 0:
            t->bad = true; /* a piece no row can reach */
            return MZ_EINVAL;
        default: { /* three or four branches, or pinned: a node */
            if (j != RT_NONE && (j == pend || t->edge[j].end[0] == t->edge[j].end[1]))
                goto loop;
            const uint32_t p = node_new(t, x == pin_a || x == pin_b ? RT_PINNED : 0, h);
            if (p == RT_NONE)
                return MZ_ENOMEM;
            if (j != RT_NONE) {
                mz_rt_edge *ed = &t->edge[j];
                ed->end[end_of(ed, fx)] = p;
                attach(t, p, MZ_N, j);
            }
            if (wc) {
                mz_rt_edge *ed = &t->edge[pend];
                ed->end[end_of(ed, RT_OPEN)] = p;
                attach(t, p, MZ_W, pend);
                pend = RT_NONE;
            }
            if (hs) {
                const uint32_t f = edge_new(t, p, fx);
                if (f == RT_NONE)
                    return MZ_ENOMEM;
                attach(t, p, MZ_S, f);
                up[x] = f;
            }
            if (he) {
                const uint32_t f = edge_new(t, p, RT_OPEN);
                if (f == RT_NONE)
                    return MZ_ENOMEM;
                attach(t, p, MZ_E, f);
                pend = f;
            }
            if (x == pin_a)
                *node_a = p;
            if (x == pin_b)
                *node_b = p;
            break;
        }
        }
    }
    return MZ_OK;
loop:
    t->bad = true; /* a chain that comes back to its own cell: a loop */
    return MZ_EINVAL;
}

/* Renumber the live edges in the order of the front: the chain up from
 * column 0 first, then column 1's, and so on, then the chains between
 * nodes off the front; then the live nodes in the order those edges reach
 * them. The pools' free lists, last in first out, mix the numbers row
 * after row; a row's pass reads the chains up in column order (and a dead
 * end reaches the node at the top of its chain), so this puts them on
 * neighbouring memory again, every RT_COMPACT rows. The pools are
 * permuted in place (emap, nmap: 4 bytes an edge and a node). */
#define RT_COMPACT 16

_Static_assert(sizeof(mz_rt_node) <= 32 && sizeof(mz_rt_edge) <= 32, "renumber's buffer holds an entry");

/* Move the n entries of pool (size bytes each) to their new numbers:
 * map[k] is entry k's new number, RT_NONE for a free entry, and the live
 * entries hold 0..live-1; the free ones take the numbers after the live
 * ones, in order, which makes map a permutation, applied in place by
 * cycles. map ends as the identity. */
static inline void renumber(void *pool, size_t size, uint32_t *map, uint32_t n, uint32_t live)
{
    unsigned char *p = pool, tmp[32];
    for (uint32_t k = 0; k < n; k++)
        if (map[k] == RT_NONE)
            map[k] = live++;
    for (uint32_t k = 0; k < n; k++)
        while (map[k] != k) {
            const uint32_t j = map[k];
            memcpy(tmp, p + (size_t)j * size, size);
            memcpy(p + (size_t)j * size, p + (size_t)k * size, size);
            memcpy(p + (size_t)k * size, tmp, size);
            map[k] = map[j];
            map[j] = j;
        }
}

static void compact(mz_rowtree *t)
{
    const uint32_t ec = t->ecap;
    uint32_t *emap = t->emap, ne = 0;
    if (!ec)
        return;
    memset(emap, 0xff, (size_t)ec * sizeof *emap);
    for (uint64_t x = 0; x < t->cols; x++) {
        const uint32_t e = t->up[x];
        if (e != RT_NONE && emap[e] == RT_NONE)
            emap[e] = ne++;
    }
    for (uint32_t v = 0; v < t->ncap; v++) {
        const mz_rt_node *n = &t->node[v];
        if (!n->info)
            continue; /* free */
        for (unsigned d = 0; d < 4; d++)
            if (n->e[d] != RT_NONE && emap[n->e[d]] == RT_NONE)
                emap[n->e[d]] = ne++;
    }
    if (ne != t->elive) {
        t->bad = true; /* an edge reached from no kept cell */
        return;
    }
    for (uint64_t x = 0; x < t->cols; x++)
        if (t->up[x] != RT_NONE)
            t->up[x] = emap[t->up[x]];
    for (uint32_t v = 0; v < t->ncap; v++) {
        mz_rt_node *n = &t->node[v];
        if (!n->info)
            continue;
        for (unsigned d = 0; d < 4; d++)
            if (n->e[d] != RT_NONE)
                n->e[d] = emap[n->e[d]];
    }
    renumber(t->edge, sizeof *t->edge, emap, ec, ne);
    t->efree = RT_NONE;
    for (uint32_t k = ec; k-- > t->elive;) {
        t->edge[k].end[0] = t->efree;
        t->efree = k;
    }
    /* The nodes: in the order the edges (now in column order) reach them. */
    const uint32_t nc = t->ncap;
    uint32_t *nmap = t->nmap, nn = 0;
    if (!nc)
        return;
    memset(nmap, 0xff, (size_t)nc * sizeof *nmap);
    for (uint32_t k = 0; k < t->elive; k++)
        for (unsigned i = 0; i < 2; i++) {
            const uint32_t v = t->edge[k].end[i];
            if (!(v & RT_FRONT) && v < nc && nmap[v] == RT_NONE)
                nmap[v] = nn++;
        }
    for (uint32_t v = 0; v < nc; v++)
        if (t->node[v].info && nmap[v] == RT_NONE)
            nmap[v] = nn++; /* an edgeless pinned node */
    if (nn != t->nlive) {
        t->bad = true;
        return;
    }
    for (uint32_t k = 0; k < t->elive; k++)
        for (unsigned i = 0; i < 2; i++) {
            const uint32_t v = t->edge[k].end[i];
            if (!(v & RT_FRONT))
                t->edge[k].end[i] = nmap[v];
        }
    if (t->entrance != RT_NONE)
        t->entrance = nmap[t->entrance];
    renumber(t->node, sizeof *t->node, nmap, nc, nn);
    t->nfree = RT_NONE;
    for (uint32_t k = nc; k-- > t->nlive;) {
        t->node[k].e[0] = t->nfree;
        t->node[k].info = 0;
        t->nfree = k;
    }
}

mz_status mz_rowtree_row(mz_rowtree *t, const uint8_t *cells)
{
    if (t->bad)
        return MZ_EINVAL;
    if (t->rows > 0) {
        /* The first row leaves with its first cell, the entrance, kept. */
        uint32_t none = RT_NONE;
        mz_status s = t->rows == 1 ? pass(t, cells, true, 0, UINT64_MAX, &t->entrance, &none)
                                   : pass(t, cells, false, UINT64_MAX, UINT64_MAX, NULL, NULL);
        if (s != MZ_OK)
            return s;
    } else {
        for (uint64_t x = 0; x < t->cols; x++) {
            t->up[x] = RT_NONE;
            t->hang[x] = 0;
        }
        t->npeak = (uint32_t)t->cols;
    }
    memcpy(t->walls, cells, (size_t)t->cols);
    t->walls[0] |= MZ_WALL_W;
    t->rows++;
    if (t->rows % RT_COMPACT == 0) {
        compact(t);
        if (t->bad)
            return MZ_EINVAL;
    }
    return MZ_OK;
}

mz_status mz_rowtree_finish(mz_rowtree *t, int64_t *route, uint64_t *longest)
{
    if (t->bad || t->rows == 0)
        return MZ_EINVAL;
    /* The last row leaves with nothing below (a row of walls), its last
     * cell, the exit, kept as a node, and its first when it is the
     * entrance (one row). */
    uint8_t *closed = mz_alloc_array(t->mem, t->cols, 1);
    if (!closed)
        return MZ_ENOMEM;
    memset(closed, MZ_WALLS, (size_t)t->cols);
    uint32_t exit = RT_NONE;
    mz_status s = pass(t, closed, true, t->rows == 1 ? 0 : UINT64_MAX, t->cols - 1, &t->entrance,
                       &exit);
    mz_mem_free(t->mem, closed);
    if (s != MZ_OK)
        return s;
    if (t->entrance == RT_NONE || exit == RT_NONE)
        return MZ_EINVAL;
    /* The kept tree: a walk from the entrance, parents before children in
     * order[]; then children before parents. */
    const uint32_t n = t->ncap, live = t->nlive;
    s = MZ_OK;
    uint32_t *order = mz_alloc_array(t->mem, live ? live : 1, sizeof *order);
    uint32_t *pedge = mz_alloc_array(t->mem, n ? n : 1, sizeof *pedge);
    uint64_t *dist = mz_alloc_array(t->mem, n ? n : 1, sizeof *dist);
    uint64_t *depth = mz_alloc_array(t->mem, n ? n : 1, sizeof *depth);
    if (!order || !pedge || !dist || !depth) {
        s = MZ_ENOMEM;
        goto out;
    }
    const uint32_t root = t->entrance;
    uint32_t len = 0;
    order[len++] = root;
    pedge[root] = RT_NONE;
    dist[root] = 0;
    for (uint32_t k = 0; k < len; k++) {
        const uint32_t v = order[k];
        for (unsigned d = 0; d < 4; d++) {
            const uint32_t e = t->node[v].e[d];
            if (e == RT_NONE || e == pedge[v])
                continue;
            const mz_rt_edge *ed = &t->edge[e];
            const uint32_t c = ed->end[0] == v ? ed->end[1] : ed->end[0];
            if (len == live || c >= n) { /* more than the live nodes: a loop */
                s = MZ_EINVAL;
                goto out;
            }
            order[len++] = c;
            pedge[c] = e;
            dist[c] = dist[v] + ed->len;
        }
    }
    if (len != live || t->elive + 1 != live) {
        s = MZ_EINVAL; /* not one tree */
        goto out;
    }
    uint64_t best = t->best;
    for (uint32_t k = len; k-- > 0;) {
        const uint32_t v = order[k];
        const mz_rt_node *nv = &t->node[v];
        uint64_t b1 = nv->hang, b2 = 0;
        uint64_t dv = nv->hang; /* depth below v: every branch but the parent's chain */
        for (unsigned d = 0; d < 4; d++) {
            const uint32_t e = nv->e[d];
            if (e == RT_NONE)
                continue;
            const mz_rt_edge *ed = &t->edge[e];
            const unsigned kv = ed->end[0] == v ? 0 : 1;
            uint64_t br = ed->in[kv];
            if (e != pedge[v]) {
                br = mx(br, ed->len + depth[ed->end[1 - kv]]);
                dv = mx(dv, br);
            }
            if (br > b1) {
                b2 = b1;
                b1 = br;
            } else if (br > b2) {
                b2 = br;
            }
        }
        best = mx(best, b1 + b2);
        depth[v] = dv;
    }
    *route = (int64_t)dist[exit];
    *longest = best;
out:
    mz_mem_free(t->mem, order);
    mz_mem_free(t->mem, pedge);
    mz_mem_free(t->mem, dist);
    mz_mem_free(t->mem, depth);
    return s;
}
