/*
 * rowtree.c - the route and the longest path of a perfect maze seen one row
 * at a time (mz_eller_stream), in memory proportional to the width.
 *
 * After rows 0..y the cells seen form a forest; only the cells of row y
 * (the front) can still gain passages. What is kept is the forest
 * compressed around the front:
 *
 *   - a node for every cell of the front, for the entrance (the first cell
 *     of the first row, kept to the end for the route), and for every other
 *     cell where three or four kept branches meet;
 *   - an edge for every chain of cells between two kept nodes, with its
 *     length in steps and, from each end, how far the farthest cell inside
 *     it reaches (in[]: the chain's own cells and whatever was folded into
 *     them; 0 when the chain has no cell inside);
 *   - for each node, hang: how far the farthest cell folded into it reaches
 *     (0: none);
 *   - best: the longest path lying wholly inside what was folded away.
 *
 * When a cell leaves the front (the next row is fed), it is reduced: a cell
 * with one kept edge is a dead end of the kept forest and is folded into
 * its neighbour (whose hang grows, and which may then be reduced in turn),
 * a cell with two is folded into one longer edge; three or four stay. A
 * node is folded only when it is neither on the front nor the entrance, so
 * every leaf of the kept forest is one of those and every other node off
 * the front has three or four kept edges: they number fewer than the
 * leaves, and the forest holds at most twice the columns plus two nodes,
 * whatever the height (about 1.2 a column measured on Eller's mazes, from
 * 1,000 to 316,228 columns). A cell is reduced as soon as the cell below
 * it is placed: nothing else of the new row can reach it.
 *
 * Each fold records in best the paths it closes (a folded piece joined to
 * another across the cell folded), so at the end the longest path is either
 * in best or passes through a kept node: one walk of the final kept tree
 * from the entrance adds those (at each node, its two deepest branches:
 * hang, the chain of each edge, a child's depth past its edge) and gives
 * the route as the entrance's distance to the last cell.
 *
 * A cell whose previous-row node has at most one kept edge and goes on
 * downward takes that node over (the edge grows by one step): no node is
 * made or freed, the common case of a long corridor.
 *
 * Lengths are 64-bit and every figure is integer arithmetic: the same on
 * every machine. Nodes are 32 bytes, edges 32; the pools grow by half,
 * their free lists are last-in first-out, and every 16 rows the live
 * entries are renumbered in front order (compact), which keeps a row's
 * work on neighbouring memory: at 316,228 columns the pools are 25 MB,
 * and without it nearly every step missed the caches (2.9 times slower).
 *
 * The row's loop asks for the node of the cell RT_AHEAD columns on before
 * it is needed (a prefetch: its address depends only on front[], so the
 * load runs beside the updates of the cells before it); at 316,228
 * columns, where the pools no longer fit the second-level cache, that
 * took 11% off the row tree's time, measured side by side.
 *
 * Cost: a few node and edge updates a cell (about 35 to 45 ns a cell on the
 * reference machine, three times Eller's own row), O(columns) memory.
 */
#include "rowtree.h"

#define RT_NONE UINT32_MAX
#define RT_AHEAD 16
#if defined(__GNUC__) || defined(__clang__)
#define RT_PREFETCH(p) __builtin_prefetch(p)
#else
#define RT_PREFETCH(p) ((void)(p))
#endif
#define RT_FRONT 1u
#define RT_PINNED 2u

/* info: the sides that hold an edge (bits 0..3, bit d for side d) and the
 * flags (RT_FRONT, RT_PINNED, from bit 4). A 32-bit word, not bytes: a store
 * to a byte may alias anything, and would make the compiler reload the pools'
 * addresses after every update. */
struct mz_rt_node {
    uint32_t e[4]; /* kept edge leaving through each side (RT_NONE); e[0]: free-list link */
    uint64_t hang;
    uint32_t info;
};

#define RT_SIDES 15u
#define RT_FLAG(f) ((uint32_t)(f) << 4)

/* Kept edges of a node (the sides set in info) and its first side. */
static const uint8_t rt_deg[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
static const uint8_t rt_first[16] = {0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0};
static inline unsigned deg_of(const mz_rt_node *n) { return rt_deg[n->info & RT_SIDES]; }

struct mz_rt_edge {
    uint32_t end[2]; /* nodes; end[0]: free-list link when free */
    uint64_t len;
    uint64_t in[2]; /* farthest cell inside the chain, seen from end k */
};

static inline uint64_t mx(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* The side of node n that holds edge e. */
static inline unsigned side_of(const mz_rt_node *n, uint32_t e)
{
    return n->e[0] == e ? 0 : n->e[1] == e ? 1 : n->e[2] == e ? 2 : 3;
}

mz_status mz_rowtree_init(mz_rowtree *t, const mz_allocator *mem, uint64_t cols)
{
    memset(t, 0, sizeof *t);
    if (cols == 0 || cols >= (UINT64_C(1) << 31))
        return MZ_EINVAL;
    t->mem = mem;
    t->cols = cols;
    t->nfree = t->efree = RT_NONE;
    t->front = mz_alloc_array(mem, cols, sizeof *t->front);
    if (!t->front) {
        mz_rowtree_free(t);
        return MZ_ENOMEM;
    }
    return MZ_OK;
}

void mz_rowtree_free(mz_rowtree *t)
{
    mz_mem_free(t->mem, t->node);
    mz_mem_free(t->mem, t->edge);
    mz_mem_free(t->mem, t->front);
    t->node = NULL;
    t->edge = NULL;
    t->front = NULL;
}

static mz_status grow(mz_rowtree *t, bool nodes)
{
    uint32_t cap = nodes ? t->ncap : t->ecap;
    /* Half as much again: the pools stay within a third of their use. */
    uint64_t want = cap ? (uint64_t)cap + cap / 2 : mx(64, t->cols + t->cols / 4);
    if (want > UINT32_MAX - 1)
        want = UINT32_MAX - 1;
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
        for (uint64_t k = want; k-- > cap;) {
            t->node[k].e[0] = t->nfree;
            t->nfree = (uint32_t)k;
        }
        t->ncap = (uint32_t)want;
    } else {
        t->edge = p;
        for (uint64_t k = want; k-- > cap;) {
            t->edge[k].end[0] = t->efree;
            t->efree = (uint32_t)k;
        }
        t->ecap = (uint32_t)want;
    }
    return MZ_OK;
}

static inline uint32_t node_new(mz_rowtree *t, uint32_t flags)
{
    if (MZ_UNLIKELY(t->nfree == RT_NONE) && grow(t, true) != MZ_OK)
        return RT_NONE;
    uint32_t v = t->nfree;
    mz_rt_node *n = &t->node[v];
    t->nfree = n->e[0];
    n->e[0] = n->e[1] = n->e[2] = n->e[3] = RT_NONE;
    n->hang = 0;
    n->info = RT_FLAG(flags);
    if (++t->nlive > t->npeak)
        t->npeak = t->nlive;
    return v;
}

static inline void node_free(mz_rowtree *t, uint32_t v)
{
    t->node[v].e[0] = t->nfree;
    t->node[v].info = 0;
    t->nfree = v;
    t->nlive--;
}

static inline void edge_free(mz_rowtree *t, uint32_t e)
{
    t->edge[e].end[0] = t->efree;
    t->efree = e;
    t->elive--;
}

/* A passage of one step between a (leaving by side da) and b (by db). */
static inline mz_status link(mz_rowtree *t, uint32_t a, unsigned da, uint32_t b, unsigned db)
{
    if (MZ_UNLIKELY(t->efree == RT_NONE) && grow(t, false) != MZ_OK)
        return MZ_ENOMEM;
    uint32_t e = t->efree;
    mz_rt_edge *ed = &t->edge[e];
    t->efree = ed->end[0];
    t->elive++;
    ed->end[0] = a;
    ed->end[1] = b;
    ed->len = 1;
    ed->in[0] = ed->in[1] = 0;
    t->node[a].e[da] = e;
    t->node[a].info |= 1u << da;
    t->node[b].e[db] = e;
    t->node[b].info |= 1u << db;
    return MZ_OK;
}

/* Fold v, off the front, while it has at most two kept edges. */
static void reduce(mz_rowtree *t, uint32_t v)
{
    for (;;) {
        mz_rt_node *n = &t->node[v];
        if (n->info & RT_FLAG(RT_FRONT | RT_PINNED))
            return;
        const unsigned deg = deg_of(n);
        if (deg == 0) {
            /* A piece no row can reach any more: not one tree. */
            t->bad = true;
            return;
        }
        if (deg > 2)
            return;
        const unsigned s1 = rt_first[n->info & RT_SIDES];
        const uint32_t e1 = n->e[s1];
        mz_rt_edge *a = &t->edge[e1];
        const unsigned k1 = a->end[0] == v ? 0 : 1;
        const uint64_t h = n->hang;
        if (deg == 1) {
            /* A dead end of the kept forest: into its neighbour u. */
            const uint32_t u = a->end[1 - k1];
            mz_rt_node *un = &t->node[u];
            const uint64_t d = mx(a->in[1 - k1], a->len + h);
            t->best = mx(t->best, mx(a->in[k1] + h, un->hang + d));
            un->hang = mx(un->hang, d);
            const unsigned su = side_of(un, e1);
            un->e[su] = RT_NONE;
            un->info &= ~(1u << su);
            edge_free(t, e1);
            node_free(t, v);
            v = u;
            continue;
        }
        /* Two: u -e1- v -e2- w becomes u -e1- w. */
        const unsigned s2 = rt_first[n->info & RT_SIDES & ~(1u << s1)];
        const uint32_t e2 = n->e[s2];
        mz_rt_edge *b = &t->edge[e2];
        const unsigned k2 = b->end[0] == v ? 0 : 1;
        const uint32_t u = a->end[1 - k1], w = b->end[1 - k2];
        if (u == w || e1 == e2) {
            t->bad = true; /* a loop */
            return;
        }
        const uint64_t a1 = a->in[k1], a2 = b->in[k2];
        t->best = mx(t->best, mx(mx(a1, a2) + h, a1 + a2));
        const uint64_t in_u = mx(a->in[1 - k1], a->len + mx(h, a2));
        const uint64_t in_w = mx(b->in[1 - k2], b->len + mx(h, a1));
        const unsigned dw = side_of(&t->node[w], e2);
        a->end[k1] = w;
        a->in[1 - k1] = in_u;
        a->in[k1] = in_w;
        a->len += b->len;
        t->node[w].e[dw] = e1;
        edge_free(t, e2);
        node_free(t, v);
        return;
    }
}

/* Renumber the live nodes and edges in the order of the front: the nodes
 * of column 0 and what hangs above them first, then column 1's, and so
 * on, each edge where its first node is. The pools' free lists, last in
 * first out, reuse a number where it was freed, so a row keeps touching
 * the nodes of the row before it, neighbours in memory; the folds of
 * many rows mix the numbers, and this puts them back, every
 * RT_COMPACT rows. Memory: 4 bytes a node and an edge for the maps, 4 a
 * node for the stack; the pools are permuted in place. */
#define RT_COMPACT 16

static mz_status compact(mz_rowtree *t)
{
    const uint32_t nc = t->ncap, ec = t->ecap;
    uint32_t *nmap = mz_alloc_array(t->mem, nc, sizeof *nmap);
    uint32_t *emap = mz_alloc_array(t->mem, ec, sizeof *emap);
    uint32_t *stack = mz_alloc_array(t->mem, t->nlive ? t->nlive : 1, sizeof *stack);
    if (!nmap || !emap || !stack) {
        mz_mem_free(t->mem, nmap);
        mz_mem_free(t->mem, emap);
        mz_mem_free(t->mem, stack);
        return MZ_ENOMEM;
    }
    for (uint32_t k = 0; k < nc; k++)
        nmap[k] = RT_NONE;
    for (uint32_t k = 0; k < ec; k++)
        emap[k] = RT_NONE;
    uint32_t nn = 0, ne = 0;
    for (uint64_t x = 0; x <= t->cols; x++) {
        const uint32_t v = x < t->cols ? t->front[x] : t->entrance;
        if (nmap[v] != RT_NONE)
            continue;
        uint32_t sp = 0;
        nmap[v] = nn++;
        stack[sp++] = v;
        while (sp) {
            const uint32_t u = stack[--sp];
            for (unsigned d = 0; d < 4; d++) {
                const uint32_t e = t->node[u].e[d];
                if (e == RT_NONE || emap[e] != RT_NONE)
                    continue;
                emap[e] = ne++;
                const mz_rt_edge *ed = &t->edge[e];
                const uint32_t c = ed->end[0] == u ? ed->end[1] : ed->end[0];
                /* A front node waits for its own column. */
                if (nmap[c] != RT_NONE || (t->node[c].info & RT_FLAG(RT_FRONT)))
                    continue;
                if (nn == t->nlive) { /* more than live: a loop */
                    t->bad = true;
                    break;
                }
                nmap[c] = nn++;
                stack[sp++] = c;
            }
        }
    }
    if (nn != t->nlive || ne != t->elive)
        t->bad = true; /* a piece that reaches no front cell */
    mz_status s = MZ_OK;
    if (t->bad)
        goto out;
    /* The contents first (every live entry), then the places. */
    for (uint32_t k = 0; k < nc; k++) {
        if (nmap[k] == RT_NONE)
            continue;
        for (unsigned d = 0; d < 4; d++)
            if (t->node[k].e[d] != RT_NONE)
                t->node[k].e[d] = emap[t->node[k].e[d]];
    }
    for (uint32_t k = 0; k < ec; k++) {
        if (emap[k] == RT_NONE)
            continue;
        t->edge[k].end[0] = nmap[t->edge[k].end[0]];
        t->edge[k].end[1] = nmap[t->edge[k].end[1]];
    }
    for (uint64_t x = 0; x < t->cols; x++)
        t->front[x] = nmap[t->front[x]];
    t->entrance = nmap[t->entrance];
    /* Free entries take the numbers after the live ones: a permutation. */
    for (uint32_t k = 0; k < nc; k++)
        if (nmap[k] == RT_NONE)
            nmap[k] = nn++;
    for (uint32_t k = 0; k < ec; k++)
        if (emap[k] == RT_NONE)
            emap[k] = ne++;
    for (uint32_t k = 0; k < nc; k++)
        while (nmap[k] != k) {
            const uint32_t j = nmap[k];
            const mz_rt_node tmp = t->node[j];
            t->node[j] = t->node[k];
            t->node[k] = tmp;
            nmap[k] = nmap[j];
            nmap[j] = j;
        }
    for (uint32_t k = 0; k < ec; k++)
        while (emap[k] != k) {
            const uint32_t j = emap[k];
            const mz_rt_edge tmp = t->edge[j];
            t->edge[j] = t->edge[k];
            t->edge[k] = tmp;
            emap[k] = emap[j];
            emap[j] = j;
        }
    /* The free lists: the numbers after the live ones, lowest first out. */
    t->nfree = t->efree = RT_NONE;
    for (uint32_t k = nc; k-- > t->nlive;) {
        t->node[k].e[0] = t->nfree;
        t->nfree = k;
    }
    for (uint32_t k = ec; k-- > t->elive;) {
        t->edge[k].end[0] = t->efree;
        t->efree = k;
    }
out:
    mz_mem_free(t->mem, nmap);
    mz_mem_free(t->mem, emap);
    mz_mem_free(t->mem, stack);
    return s;
}

mz_status mz_rowtree_row(mz_rowtree *t, const uint8_t *cells)
{
    const uint64_t cols = t->cols;
    uint32_t *front = t->front;
    if (t->bad)
        return MZ_EINVAL;
    if (t->rows == 0) {
        for (uint64_t x = 0; x < cols; x++) {
            uint32_t v = node_new(t, x ? RT_FRONT : RT_FRONT | RT_PINNED);
            if (v == RT_NONE)
                return MZ_ENOMEM;
            front[x] = v;
            if (x == 0)
                t->entrance = v;
            if (x && !(cells[x] & MZ_WALL_W) && link(t, front[x - 1], MZ_E, v, MZ_W) != MZ_OK)
                return MZ_ENOMEM;
        }
        t->rows = 1;
        return MZ_OK;
    }
    for (uint64_t x = 0; x < cols; x++) {
        /* The loads ahead, which the updates of this cell do not wait on:
         * the node of a cell RT_AHEAD columns on and the edges of the
         * node half as far on. */
        if (x + RT_AHEAD < cols) {
            RT_PREFETCH(&t->node[front[x + RT_AHEAD]]);
        }
        const uint32_t o = front[x];
        mz_rt_node *on = &t->node[o];
        const bool down = !(cells[x] & MZ_WALL_N);
        const uint32_t oi = on->info;
        if (down && rt_deg[oi & RT_SIDES] <= 1 && !(oi & RT_FLAG(RT_PINNED))) {
            /* The cell below takes the node over. */
            if (!(oi & RT_SIDES)) {
                on->hang++;
                t->best = mx(t->best, on->hang);
            } else {
                const unsigned s = rt_first[oi & RT_SIDES];
                const uint32_t e = on->e[s];
                mz_rt_edge *ed = &t->edge[e];
                const unsigned k = ed->end[0] == o ? 0 : 1;
                const uint64_t h = on->hang;
                t->best = mx(t->best, ed->in[k] + h);
                ed->in[1 - k] = mx(ed->in[1 - k], ed->len + h);
                ed->in[k] = 1 + mx(h, ed->in[k]);
                ed->len++;
                on->e[s] = RT_NONE;
                on->e[MZ_N] = e;
                on->info = (oi & ~RT_SIDES) | (1u << MZ_N);
                on->hang = 0;
            }
        } else {
            const uint32_t v = node_new(t, RT_FRONT);
            if (v == RT_NONE)
                return MZ_ENOMEM;
            front[x] = v;
            if (down && link(t, o, MZ_S, v, MZ_N) != MZ_OK)
                return MZ_ENOMEM;
            /* o leaves the front: nothing of the new row but v can reach
             * it, so it is reduced now. A fold that reaches a cell of the
             * old row further east stops there (still on the front); its
             * own turn comes. */
            t->node[o].info &= ~RT_FLAG(RT_FRONT);
            reduce(t, o);
        }
        if (x && !(cells[x] & MZ_WALL_W) && link(t, front[x - 1], MZ_E, front[x], MZ_W) != MZ_OK)
            return MZ_ENOMEM;
    }
    t->rows++;
    if (t->rows % RT_COMPACT == 0 && !t->bad && compact(t) != MZ_OK)
        return MZ_ENOMEM;
    return t->bad ? MZ_EINVAL : MZ_OK;
}

mz_status mz_rowtree_finish(mz_rowtree *t, int64_t *route, uint64_t *longest)
{
    if (t->bad || t->rows == 0)
        return MZ_EINVAL;
    /* The kept tree: a walk from the entrance (node of cell 0, pinned),
     * parents before children in order[]; then children before parents. */
    const uint32_t n = t->ncap, live = t->nlive;
    uint32_t *order = mz_alloc_array(t->mem, live ? live : 1, sizeof *order);
    uint32_t *pedge = mz_alloc_array(t->mem, n ? n : 1, sizeof *pedge);
    uint64_t *dist = mz_alloc_array(t->mem, n ? n : 1, sizeof *dist);
    uint64_t *depth = mz_alloc_array(t->mem, n ? n : 1, sizeof *depth);
    mz_status s = MZ_OK;
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
            if (len == live) { /* more than the live nodes: a loop */
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
        for (unsigned d = 0; d < 4; d++) {
            const uint32_t e = nv->e[d];
            if (e == RT_NONE)
                continue;
            const mz_rt_edge *ed = &t->edge[e];
            const unsigned kv = ed->end[0] == v ? 0 : 1;
            uint64_t br = ed->in[kv];
            if (e != pedge[v])
                br = mx(br, ed->len + depth[ed->end[1 - kv]]);
            if (br > b1) {
                b2 = b1;
                b1 = br;
            } else if (br > b2) {
                b2 = br;
            }
        }
        best = mx(best, b1 + b2);
        /* Depth below v: every branch but the parent's chain. */
        uint64_t dv = nv->hang;
        for (unsigned d = 0; d < 4; d++) {
            const uint32_t e = nv->e[d];
            if (e == RT_NONE || e == pedge[v])
                continue;
            const mz_rt_edge *ed = &t->edge[e];
            const unsigned kv = ed->end[0] == v ? 0 : 1;
            dv = mx(dv, mx(ed->in[kv], ed->len + depth[ed->end[1 - kv]]));
        }
        depth[v] = dv;
    }
    *route = (int64_t)dist[t->front[t->cols - 1]];
    *longest = best;
out:
    mz_mem_free(t->mem, order);
    mz_mem_free(t->mem, pedge);
    mz_mem_free(t->mem, dist);
    mz_mem_free(t->mem, depth);
    return s;
}
